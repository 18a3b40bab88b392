package urlspec_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/resolve"
)

func ExampleParseRef() {
	r, _ := urlspec.ParseRef(`..\a/./b?q`, urlspec.ModeWeb)
	fmt.Println(r.Href(), r.HasScheme())
	g, _ := urlspec.ParseRef(`..\a/./b?q`, urlspec.ModeGeneric)
	fmt.Println(g.Href())
	// Output:
	// ../a/./b?q false
	// ..%5Ca/./b?q
}

func ExampleRef_Href() {
	r, _ := urlspec.ParseRef("//h/a b", urlspec.ModeWeb)
	fmt.Println(r.Href(), r.String())
	// Output:
	// //h/a%20b //h/a%20b
}

func ExampleRef_Model() {
	r, _ := urlspec.ParseRef("../x?y", urlspec.ModeWeb)
	m := r.Model()
	fmt.Println(m.String())
	// Output:
	// (dir ..)・(file x)・(query y)
}

func ExampleRef_HasScheme() {
	for _, s := range []string{"http://h/", "//h/", "x:y", "x"} {
		r, _ := urlspec.ParseRef(s, urlspec.ModeWeb)
		fmt.Printf("%s %v %q\n", s, r.HasScheme(), r.Scheme())
	}
	// Output:
	// http://h/ true "http"
	// //h/ false ""
	// x:y true "x"
	// x false ""
}

func ExampleRef_Protocol() {
	r, _ := urlspec.ParseRef("HTTP://user:pw@h:81/p?q#f", urlspec.ModeWeb)
	fmt.Println(r.Protocol(), r.Username(), r.Password(), r.Host(), r.Hostname(), r.Port())
	fmt.Println(r.Pathname(), r.Search(), r.Hash())
	rel, _ := urlspec.ParseRef("//h/p", urlspec.ModeWeb)
	fmt.Printf("%q\n", rel.Protocol())
	// Output:
	// HTTP: user pw h:81 h 81
	// /p ?q #f
	// ""
}

func ExampleFromModel() {
	r, _ := urlspec.ParseRef("a/b", urlspec.ModeGeneric)
	m := r.Model()
	back, err := urlspec.FromModel(m)
	fmt.Println(back, err)
	// Output:
	// a/b <nil>
}

// The spec's resolutions live in package resolve and work on models;
// FromModel makes their results Refs again.
func ExampleFromModel_resolve() {
	base, _ := urlspec.ParseRef("http://h/a/b", urlspec.ModeWeb)
	ref, _ := urlspec.ParseRef("http:c", urlspec.ModeWeb)
	bm, rm := base.Model(), ref.Model()
	w, forced, err := resolve.WHATWGResolve(&rm, &bm)
	r, _ := urlspec.FromModel(w)
	fmt.Println(r, forced, err)
	gm, _ := resolve.GenericResolve(&rm, &bm)
	lm, _ := resolve.LegacyResolve(&rm, &bm)
	g, _ := urlspec.FromModel(gm)
	l, _ := urlspec.FromModel(lm)
	fmt.Println(g, l)
	// Output:
	// http://h/a/c false <nil>
	// http:c http://h/a/c
}

// The spec's normalisation is package normalize's, on a Ref's model.
func ExampleFromModel_normalize() {
	r, _ := urlspec.ParseRef("HTTP://h:80/a/./b/../c", urlspec.ModeWeb)
	n, _ := urlspec.FromModel(normalize.Normalize(r.Model()))
	fmt.Println(n)
	// Output:
	// http://h/a/c
}

func ExampleDecodedForm() {
	r, _ := urlspec.ParseRef("http://h/%7euser/%2f", urlspec.ModeWeb)
	fmt.Println(urlspec.DecodedForm(r))
	// Output:
	// http://h/~user/%2F
}
