package print

import (
	"fmt"
	"testing"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/normalize"
)

// TestWithProfileOffsets: with the profile For gives, WithProfileOffsets
// is ASCIIOffsets, on every WPT input parsed and normalised.
func TestWithProfileOffsets(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
			in, _ := grammar.Preprocess(c.Input)
			u, err := grammar.Parse(in, m)
			if err != nil {
				continue
			}
			u = normalize.Normalize(u)
			s, off := asciiOffsets(&u)
			s2, off2 := WithProfileOffsets(&u, encodeprofile.For(&u))
			if s != s2 || off != off2 {
				t.Fatalf("%q: WithProfileOffsets = %q %+v, ASCIIOffsets = %q %+v", in, s2, off2, s, off)
			}
			n++
		}
	}
	if n < 1000 {
		t.Fatalf("only %d cases", n)
	}
}

// The pathname of an URL printed with the generic profile: the "/." that
// printing inserts is not part of it.
func ExampleWithProfileOffsets() {
	u, _ := grammar.Parse("web+demo:/.//not-a-host/a b", grammar.Generic)
	u = normalize.Normalize(u)
	s, off := WithProfileOffsets(&u, encodeprofile.Generic())
	fmt.Println(s, s[off.PathStart:off.PathEnd])
	// Output:
	// web+demo:/.//not-a-host/a%20b //not-a-host/a%20b
}
