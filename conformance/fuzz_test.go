package conformance_test

import (
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// FuzzParse parses any string in every mode and through the WHATWG pipeline,
// with and without a base, and checks the pipeline's invariants: no panic;
// every parsed, resolved and normalised URL satisfies model.Validate;
// normalisation is idempotent; the href of a WHATWG result parses back to
// itself with the same getters. Seeds: every input and base of WPT's
// urltestdata.json.
func FuzzParse(f *testing.F) {
	for _, c := range loadURLTestData(f) {
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		f.Add(c.Input, base)
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
			s, _ := grammar.Preprocess(input)
			u, err := grammar.Parse(s, m)
			if err != nil {
				var e *model.Error
				if !asError(err, &e) || e.Code == "" {
					t.Fatalf("Parse(%q, %v): error without a code: %v", s, m, err)
				}
				continue
			}
			if err := model.Validate(&u); err != nil {
				t.Fatalf("Parse(%q, %v) = %v: %v", s, m, u, err)
			}
			n := normalize.Normalize(u)
			if err := model.Validate(&n); err != nil {
				t.Fatalf("Normalize(%v) = %v: %v", u, n, err)
			}
			if again := normalize.Normalize(n); !again.Equal(&n) {
				t.Fatalf("Normalize not idempotent on %q: %v then %v", s, n, again)
			}
			_ = print.ASCII(&n)
		}
		var b *urlspec.URL
		if base != "" {
			bu, err := urlspec.Parse(base)
			if err == nil {
				b = &bu
			}
		}
		u, err := refops.Parse(input, b)
		if err != nil {
			return
		}
		m := u.Model()
		if err := model.Validate(&m); err != nil {
			t.Fatalf("Parse(%q): %v", input, err)
		}
		v, err := urlspec.Parse(u.Href())
		if err != nil {
			t.Fatalf("href %q of %q does not reparse: %v", u.Href(), input, err)
		}
		if v.Href() != u.Href() || v.Pathname() != u.Pathname() || v.Host() != u.Host() || v.Search() != u.Search() || v.Hash() != u.Hash() {
			t.Fatalf("href %q of %q reparses to %q (pathname %q vs %q)", u.Href(), input, v.Href(), v.Pathname(), u.Pathname())
		}
	})
}
