package urlspectest

import (
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
)

// The component sequences that URL builds parse in every mode, so URL's
// retries and its last resort (simplest) are not what its values are made
// of.
func TestModelURL(t *testing.T) {
	const cases = 10000
	for _, mode := range modes {
		failed := 0
		for i := range cases {
			if _, err := parseModel(gen.CaseSource(1, i), mode); err != nil {
				failed++
				if failed <= 3 {
					t.Errorf("mode %v, case %d: %v", mode, i, err)
				}
			}
		}
		if failed > 0 {
			t.Errorf("mode %v: %d of %d generated URLs do not parse", mode, failed, cases)
		}
	}
}

// The simplest URL, from all-zero choices, is the one URL's documentation
// names, and it is what URL falls back on.
func TestSimplest(t *testing.T) {
	if got := simplest().Href(); got != "http://h/" {
		t.Errorf("simplest URL = %q, want http://h/", got)
	}
	u, err := parseModel(gen.FromBytes(nil), grammar.Web)
	if err != nil || u != simplest() {
		t.Errorf("parseModel(zeros) = %v, %v; want %v", u, err, simplest())
	}
	if v, err := urlspec.Parse(simplest().Href()); err != nil || v != simplest() {
		t.Errorf("Parse(%q) = %v, %v", simplest().Href(), v, err)
	}
}
