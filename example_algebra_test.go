package urlspec_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

// The spec's goto operation lives in package resolve and works on models;
// FromModel makes its result a Ref again.
func ExampleFromModel_goto() {
	host, _ := urlspec.ParseRef("//host", urlspec.ModeGeneric)
	path, _ := urlspec.ParseRef("foo/bar", urlspec.ModeGeneric)
	hm, pm := host.Model(), path.Model()
	r, err := urlspec.FromModel(resolve.Goto(&hm, &pm))
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Href())
	m := r.Model()
	fmt.Println(m.String())
	// Output:
	// //host/foo/bar
	// (authority (host host))・(path-root /)・(dir foo)・(file bar)
}

func ExampleRelativize() {
	base, _ := urlspec.Parse("http://example.com/a/b/c?q")
	for _, s := range []string{"http://example.com/a/x", "http://example.com/a/b/c?r", "http://example.com/a/b/c?q#f", "https://example.com/"} {
		target, _ := urlspec.Parse(s)
		r, err := urlspec.Relativize(base.Ref(), target.Ref())
		fmt.Printf("%q %v\n", r.Href(), err)
	}
	// Output:
	// "../x" <nil>
	// "?r" <nil>
	// "#f" <nil>
	// "https://example.com/" <nil>
}

func ExampleEquivalent() {
	a, _ := urlspec.ParseRef("HTTP://h:80/a/./%7Ex", urlspec.ModeWeb)
	b, _ := urlspec.ParseRef("http://h/a/~x", urlspec.ModeWeb)
	for _, l := range levels {
		fmt.Println(l, urlspec.Equivalent(a, b, l))
	}
	// Output:
	// identical false
	// normal false
	// encoded false
	// decoded true
	// whatwg false
}

// The URL specification's strict grammar, per parser mode, is
// grammar.Valid (the root's Valid is the WHATWG standard's valid URL
// string).
func ExampleMode_strictGrammar() {
	fmt.Println(grammar.Valid("https://example.com/a?b#c", urlspec.ModeWeb))
	fmt.Println(grammar.Valid("https://example.com/a b", urlspec.ModeWeb))
	fmt.Println(grammar.Valid("https://user@example.com/", urlspec.ModeWeb))
	// Output:
	// <nil>
	// invalid-URL-unit: u+20 in dir and file: F (invalid and fixed by percent-encoding) (at byte 21 of "https://example.com/a b")
	// invalid-credentials: a valid URL has no credentials (username or password) (at byte 12 of "https://user@example.com/")
}

// Normalisation, step by step, is package normalize's Trace on a Ref's
// model.
func ExampleRef_Model_normalizeTrace() {
	u, _ := urlspec.ParseRef("HTTP://h:80/a/./b/../c", urlspec.ModeWeb)
	m, steps := normalize.Trace(u.Model())
	for _, s := range steps {
		fmt.Printf("%-12s %s\n", s.Rule, s.After.String())
	}
	n, _ := urlspec.FromModel(m)
	fmt.Println(n.Href())
	// Output:
	// scheme-case  (scheme http)・(authority (host h)・(port 80))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)
	// default-port (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)
	// dot          (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir b)・(dir ..)・(file c)
	// dir-dots     (scheme http)・(authority (host h))・(path-root /)・(dir a)・(file c)
	// http://h/a/c
}

func ExampleURL_Unicode() {
	u, _ := urlspec.Parse("https://xn--bcher-kva.example/%C3%A9/ü?x=ß")
	fmt.Println(u.Href())
	fmt.Println(u.Unicode())
	// Output:
	// https://xn--bcher-kva.example/%C3%A9/%C3%BC?x=%C3%9F
	// https://bücher.example/é/ü?x=ß
}
