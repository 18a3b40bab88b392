package whatif

import (
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// TestZeroOps: the stages of the zero Variant and of the no-op variants
// are the library's, on every WPT input in every mode.
func TestZeroOps(t *testing.T) {
	cases := wptCases(t)
	for _, text := range noOps {
		if text == "scheme -file" {
			continue
		}
		ops := MustParse(text).Ops()
		n := 0
		for _, c := range cases {
			want, _ := grammar.Preprocess(c.Input)
			in := ops.Preprocess(c.Input)
			if in != want {
				t.Fatalf("%q: Preprocess(%q) = %q; want %q", text, c.Input, in, want)
			}
			for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
				u, err := ops.Parse(in, m)
				w, werr := grammar.Parse(in, m)
				if (err == nil) != (werr == nil) || err == nil && u.String() != w.String() {
					t.Fatalf("%q: Parse(%q, %v) = %v, %v; want %v, %v", text, in, m, &u, err, &w, werr)
				}
				if err != nil {
					continue
				}
				nu, nw := ops.Normalize(u), normalize.Normalize(w)
				if nu.String() != nw.String() {
					t.Fatalf("%q: Normalize(%v) = %v; want %v", text, &u, &nu, &nw)
				}
				if got, want := ops.Print(&nu), print.ASCII(&nw); got != want {
					t.Fatalf("%q: Print(%v) = %q; want %q", text, &nu, got, want)
				}
				n++
			}
			r, err := ops.WHATWG(c.Input, nil)
			if lib, lerr := library(c.Input, ""); (err == nil) != (lerr == nil) || err == nil && ops.Print(&r) != lib.Href {
				t.Fatalf("%q: WHATWG(%q) = %v, %v; library %q, %v", text, c.Input, &r, err, lib.Href, lerr)
			}
		}
		if n < 1000 {
			t.Fatalf("only %d cases", n)
		}
	}
}

// TestOpsConcurrent: one Ops is used by several goroutines (run with -race).
func TestOpsConcurrent(t *testing.T) {
	ops := MustParse("scheme +foo:99; ipv4 -hex; encode path -^; rule -dot; preprocess strip +U+00A0").Ops()
	cases := wptCases(t)
	done := make(chan string, 4)
	for g := 0; g < 4; g++ {
		go func() {
			s := ""
			for _, c := range cases {
				if u, err := ops.WHATWG(c.Input, nil); err == nil {
					s += ops.Print(&u)
				}
			}
			done <- s
		}()
	}
	first := <-done
	for g := 1; g < 4; g++ {
		if s := <-done; s != first {
			t.Fatal("goroutines disagree")
		}
	}
}
