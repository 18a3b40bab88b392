package grammar_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
)

// TestOptionsZero: the zero Options parse exactly as Parse, and so do
// Options whose hooks are the defaults spelled out, on every WPT input in
// every mode.
func TestOptionsZero(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	spelled := grammar.Options{
		ModeOf: grammar.ModeOf,
		Host: func(s string, m grammar.Mode) (model.Host, error) {
			if m == grammar.Generic {
				return host.ParseOpaque(s)
			}
			return host.Parse(s, m == grammar.File)
		},
	}
	extra := []string{"http://u:p@h:8080/a", "http://h:/", "http://h:x/", "http://h:99999/", "http://@h/", "http://u@:1/", "file://C|/x", "sc://[::1]:2/"}
	n := 0
	for _, c := range cases {
		for _, in := range append([]string{c.Input}, extra...) {
			in, _ := grammar.Preprocess(in)
			for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
				want, werr := grammar.Parse(in, m)
				for _, o := range []grammar.Options{{}, spelled} {
					got, gerr := o.Parse(in, m)
					if (werr == nil) != (gerr == nil) || werr == nil && got.String() != want.String() ||
						werr != nil && werr.Error() != gerr.Error() {
						t.Fatalf("Options.Parse(%q, %v) = %v, %v; Parse: %v, %v", in, m, &got, gerr, &want, werr)
					}
					n++
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no cases")
	}
}

// A variant of the standard in which "foo" is a special (web) scheme and
// hosts are read in upper case.
func ExampleOptions() {
	o := grammar.Options{
		ModeOf: func(scheme string) grammar.Mode {
			if strings.EqualFold(scheme, "foo") {
				return grammar.Web
			}
			return grammar.ModeOf(scheme)
		},
		Host: func(s string, m grammar.Mode) (model.Host, error) {
			return model.Host{Kind: model.Opaque, Name: strings.ToUpper(s)}, nil
		},
	}
	for _, in := range []string{`foo:\\h\p`, "bar:\\\\h\\p"} {
		u, err := o.Parse(in, grammar.Web)
		fmt.Println(&u, err)
	}
	// Output:
	// (scheme foo)・(authority (host H))・(path-root /)・(file p) <nil>
	// (scheme bar)・(file \\h\p) <nil>
}
