package model_test

import (
	"fmt"

	"github.com/urlspec/urlspec/model"
)

func ExampleRebase() {
	// An error about the host "a b" of "http://a b/", which starts at byte 7.
	err := model.NewError(model.Code("domain-invalid-code-point"), "a b", 1, "a space")
	fmt.Println(model.Rebase(err, "http://a b/", 7).(*model.Error).Offset)
	// Output: 8
}

func ExampleRebaseOwned() {
	// The caller made err and holds it alone: it is moved in place.
	err := model.NewError(model.Code("domain-invalid-code-point"), "a b", 1, "a space")
	r := model.RebaseOwned(err, "http://a b/", 7)
	fmt.Println(r == error(err), err.Offset, err.Input)
	// Output: true 8 http://a b/
}

func ExampleAuthority_HostRef() {
	var a model.Authority
	a.SetHost(model.Host{Kind: model.Domain, Name: "example.com"})
	h := a.HostRef() // the host in place: reading it copies nothing
	fmt.Println(h.Kind == model.Domain, h.Name)
	h.Name = "example.org" // a change made through it is the authority's
	fmt.Println(a.Host().Name)
	// Output:
	// true example.com
	// example.org
}
