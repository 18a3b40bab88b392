package normalize_test

import (
	"fmt"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Apply the equations in another order than Normalize: rightmost first.
func ExampleRewrite() {
	u, _ := grammar.Parse("HTTP://h:80/a/./b/..", grammar.Web)
	for {
		rs := normalize.Redexes(u)
		if len(rs) == 0 {
			break
		}
		r := rs[len(rs)-1]
		u, _ = normalize.Rewrite(u, r)
		fmt.Printf("%-14v %v\n", r, &u)
	}
	// Output:
	// dir-dots@2     (scheme HTTP)・(authority (host h)・(port 80))・(path-root /)・(dir a)・(dir .)
	// dot@1          (scheme HTTP)・(authority (host h)・(port 80))・(path-root /)・(dir a)
	// default-port@0 (scheme HTTP)・(authority (host h))・(path-root /)・(dir a)
	// scheme-case@0  (scheme http)・(authority (host h))・(path-root /)・(dir a)
}

// A long run of path steps is summarised in one Step.
func ExampleTrace() {
	u, _ := grammar.Parse("http://h/"+strings.Repeat("a/../", 50000), grammar.Web)
	_, steps := normalize.Trace(u)
	last := steps[len(steps)-1]
	fmt.Println(len(steps) < 100, last.Count, last.Counts)
	// Output:
	// true 50000 [{dir-dots 50000}]
}

func ExampleRemoveLiteralDotSegments() {
	u, _ := grammar.Parse("http://h/a/./b/../%2e%2e/c", grammar.Web)
	normalize.RemoveLiteralDotSegments(&u)
	fmt.Println(u)
	// Output: (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir %2e%2e)・(file c)
}

// DotRule tells which path rule applies to a segment after the dirs
// before it: a dot segment goes; a dots segment takes the dir before it
// with it, or goes at the root; otherwise the segment stays.
func ExampleDotRule() {
	for _, c := range []struct {
		d, prev       string
		hasPrev, root bool
	}{
		{".", "a", true, true},
		{"%2E%2e", "a", true, true},
		{"..", "", false, true},
		{"..", "", false, false},
		{"..", "..", true, false},
		{"a", "b", true, true},
	} {
		r, ok := normalize.DotRule(c.d, c.prev, c.hasPrev, c.root)
		if !ok {
			fmt.Printf("%q after %q: stays\n", c.d, c.prev)
			continue
		}
		fmt.Printf("%q after %q: %v\n", c.d, c.prev, r)
	}
	// Output:
	// "." after "a": dot
	// "%2E%2e" after "a": dir-dots
	// ".." after "": root-dots
	// ".." after "": stays
	// ".." after "..": stays
	// "a" after "b": stays
}

// Normalise for printing inserts (dir .) before an empty first dir when
// there is no authority nor drive to stand before it, so that the
// URL-string is not read as a host; DotForPrinting tells a printer that
// this is all it changes.
func ExampleDotForPrinting() {
	u, _ := grammar.Parse("sc:/a/..//foo", grammar.Generic)
	u = normalize.Normalize(u)
	fmt.Printf("%q %v\n", u.Dirs(), normalize.DotForPrinting(&u))
	v := normalize.ForPrinting(u)
	fmt.Printf("%q %s\n", v.Dirs(), print.ASCII(&u))
	// Output:
	// [""] true
	// ["." ""] sc:/.//foo
}
