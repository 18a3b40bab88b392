package resolve_test

import (
	"fmt"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Resolve in place against a base model made for this one resolution,
// whose span slice has room for the joined dirs: the join needs no new
// memory, and the reference becomes the result.
func ExampleWHATWGResolveOwned() {
	ref, _ := grammar.Parse("c/d", grammar.Web)
	var base model.URL
	base.Set(model.SchemeType, "http")
	base.SetAuthority(model.Authority{})
	base.AuthorityRef().SetHost(model.Host{Kind: model.Domain, Name: "h"})
	base.Set(model.PathRootType, "/")
	base.SetDirSpans("a/b/", append(make([]uint32, 0, 16), 0, 1, 2, 3))
	_, err := resolve.WHATWGResolveOwned(&ref, &base)
	fmt.Println(print.ASCII(&ref), ref.Dirs(), err)
	// Output: http://h/a/b/c/d [a b c] <nil>
}

// BaseOrder tells how much of a base a reference reads: a network-path
// reference keeps only the base's scheme, "HTTP:?q" (the base's scheme,
// which legacy resolution removes) the path too.
func ExampleBaseOrder() {
	for _, in := range []string{"//h/x", "HTTP:?q", "?q", "#f"} {
		ref, _ := grammar.Parse(in, grammar.Web)
		fmt.Println(in, resolve.BaseOrder(&ref, "http"))
	}
	// Output:
	// //h/x authority
	// HTTP:?q query
	// ?q query
	// #f fragment
}
