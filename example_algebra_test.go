package urlspec_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
)

func ExampleGoto() {
	host, _ := urlspec.ParseRef("//host", urlspec.ModeGeneric)
	path, _ := urlspec.ParseRef("foo/bar", urlspec.ModeGeneric)
	r := urlspec.Goto(host, path)
	fmt.Println(r.Href())
	m := r.Model()
	fmt.Println(m.String())
	// Output:
	// //host/foo/bar
	// (authority (host host))・(path-root /)・(dir foo)・(file bar)
}

func ExampleRelativize() {
	base, _ := urlspec.Parse("http://example.com/a/b/c?q", nil)
	for _, s := range []string{"http://example.com/a/x", "http://example.com/a/b/c?r", "http://example.com/a/b/c?q#f", "https://example.com/"} {
		target, _ := urlspec.Parse(s, nil)
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
	for _, l := range urlspec.Levels() {
		fmt.Println(l, urlspec.Equivalent(a, b, l))
	}
	// Output:
	// identical false
	// normal false
	// encoded false
	// decoded true
	// whatwg false
}

func ExampleValid() {
	fmt.Println(urlspec.Valid("https://example.com/a?b#c", urlspec.ModeWeb))
	fmt.Println(urlspec.Valid("https://example.com/a b", urlspec.ModeWeb))
	fmt.Println(urlspec.Valid("https://user@example.com/", urlspec.ModeWeb))
	// Output:
	// <nil>
	// invalid-URL-unit: u+20 in dir and file: F (invalid and fixed by percent-encoding) (at byte 21 of "https://example.com/a b")
	// invalid-credentials: a valid URL has no credentials (username or password) (at byte 12 of "https://user@example.com/")
}

func ExampleNormalizeTrace() {
	u, _ := urlspec.ParseRef("HTTP://h:80/a/./b/../c", urlspec.ModeWeb)
	n, steps := urlspec.NormalizeTrace(u)
	for _, s := range steps {
		fmt.Printf("%-12s %s\n", s.Rule, s.After.String())
	}
	fmt.Println(n.Href())
	// Output:
	// scheme-case  (scheme http)・(authority (host h)・(port 80))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)
	// default-port (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)
	// dot          (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir b)・(dir ..)・(file c)
	// dir-dots     (scheme http)・(authority (host h))・(path-root /)・(dir a)・(file c)
	// http://h/a/c
}

func ExampleURL_Unicode() {
	u, _ := urlspec.Parse("https://xn--bcher-kva.example/%C3%A9/ü?x=ß", nil)
	fmt.Println(u.Href())
	fmt.Println(u.Unicode())
	// Output:
	// https://xn--bcher-kva.example/%C3%A9/%C3%BC?x=%C3%9F
	// https://bücher.example/é/ü?x=ß
}
