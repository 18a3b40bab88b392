package normalize

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/wpt"
)

// The path pass runs with a tracer (Trace, which records each step and
// sets the URL to each step's result as it goes) and without one
// (Normalize, NormalizeInPlace, which write the stack over the spans).
// They give the same URL on every WPT input and on random paths of dirs,
// dots and dots spelled with %2e, in every mode.
func TestTracedPathAgrees(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var inputs []string
	for _, c := range cases {
		inputs = append(inputs, c.Input)
	}
	rng := rand.New(rand.NewSource(22))
	segs := []string{"a", "b", ".", "..", "%2e", "%2E%2e", ".%2e", "", "c:", "C|", "x y"}
	for k := 0; k < 20000; k++ {
		var b strings.Builder
		b.WriteString([]string{"http://h/", "file:///", "sc://h/", "sc:/", "/", "", "../", "file:C:/"}[rng.Intn(8)])
		for j := rng.Intn(12); j > 0; j-- {
			b.WriteString(segs[rng.Intn(len(segs))])
			b.WriteByte("//\\"[rng.Intn(3)])
		}
		b.WriteString(segs[rng.Intn(len(segs))])
		inputs = append(inputs, b.String())
	}
	n := 0
	for _, in := range inputs {
		for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
			s, _ := grammar.Preprocess(in)
			u, err := grammar.Parse(s, m)
			if err != nil {
				continue
			}
			want, _ := Trace(u)
			got := Normalize(u)
			v := u
			text, spans := u.DirSpans()
			v.SetDirSpans(text, append([]uint32(nil), spans...)) // spans of its own, for in place
			NormalizeInPlace(&v)
			if got.String() != want.String() || v.String() != want.String() {
				t.Fatalf("%q in %v mode: Normalize %v, NormalizeInPlace %v, Trace %v", in, m, got, v, want)
			}
			n++
		}
	}
	if n < 20000 {
		t.Fatalf("only %d cases", n)
	}
}
