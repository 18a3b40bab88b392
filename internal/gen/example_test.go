package gen_test

import (
	"fmt"
	"testing/quick"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Generate URLs in each parser mode from a seeded source: valid by
// construction, with hosts of the kind the mode parses.
func ExampleURL() {
	src := gen.NewSource(4)
	for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
		u := gen.URL(src, m)
		fmt.Println(m, model.Validate(&u) == nil, u)
	}
	// Output:
	// web true (scheme FTP)・(path-root /)・(dir 日本)・(dir "\x00")・(file " ")・(query %)
	// file true (authority (username %40)・(host example.com)・(port ε))・(path-root /)・(dir .%2e)・(dir a)・(dir /)
	// generic true (scheme z9)・(path-root /)・(file %4)・(query #)
}

// Check a property on generated URLs and get a shrunk counterexample.
// Here the (false) property says that normalising never removes the
// last component: the smallest counterexample is a lone dot segment.
func ExampleCheck() {
	out := gen.Check(func(src gen.Source) error {
		u := gen.AnyURL(src)
		n := normalize.Normalize(u)
		if !u.IsEmpty() && n.IsEmpty() {
			return fmt.Errorf("%v normalises to ε", u)
		}
		return nil
	}, 10000, 1)
	fmt.Println(out.Err)
	// Output: (dir .) normalises to ε
}

// The generators as testing/quick arguments.
func Example_quick() {
	roundTrip := func(u gen.Web) bool {
		n := normalize.Normalize(u.URL)
		back, err := grammar.Parse(print.ASCII(&n), grammar.Web)
		want := print.Encoded(&n)
		back, want = normalize.Normalize(back), normalize.Normalize(want)
		return err == nil && back.Equal(&want)
	}
	fmt.Println(quick.Check(roundTrip, &quick.Config{MaxCount: 1000}))
	// Output: <nil>
}

// Drive a generator with a function of your own: here one that always
// takes the last option. With pgregory.net/rapid the function draws from
// rapid (rapid.IntRange(0, n-1).Draw(t, "choice")), which then shrinks
// counterexamples by shrinking the choices; the nested module integration/
// runs that (rapid_test.go), so that rapid stays out of this module's
// dependencies.
func ExampleSourceFunc() {
	calls := 0
	last := gen.SourceFunc(func(n int) int { calls++; return n - 1 })
	s := gen.Seed(last)
	fmt.Println(s != "", calls)
	// Output: true 1
}

// Mutate real URLs into parser inputs.
func ExampleMutate() {
	src := gen.NewSource(2)
	for range 3 {
		fmt.Printf("%q\n", gen.Mutate(src, "http://example.com/a/b?q#f"))
	}
	// Output:
	// "http://exa/example.com/a/b?q"
	// "http:/ple.com/a/b?q#f"
	// "httß://example.com/a/b?.com/a/b?q#f"
}
