package print

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
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

// TestAppendASCIIParsed: AppendASCII with the promise that the model is as
// parsing makes it prints what ASCIIOffsets prints, with the same offsets,
// on every WPT input (and each with invalid UTF-8, a tab and a dir of
// percent-encoded bytes added) parsed in every mode, as it is and
// normalised; and it writes into the room LenBound gives without growing it.
func TestAppendASCIIParsed(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		for _, input := range []string{c.Input, c.Input + "/x\xff\ty/%2F\xe2\x82/é?\xc0ü#\xed\xa0\x80", c.Input + "/" + strings.Repeat("ü", 40) + "/" + strings.Repeat("<€", 20)} {
			for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
				in, _ := grammar.Preprocess(input)
				u, err := grammar.Parse(in, m)
				if err != nil {
					continue
				}
				for _, v := range []model.URL{u, normalize.Normalize(u)} {
					want, wantOff := asciiOffsets(&v)
					var c CompactOffsets
					buf := make([]byte, 3, 3+LenBound(&v))
					b := AppendASCII(buf, &v, true, &c)
					if got := string(b[3:]); got != want || c.Expand() != wantOff {
						t.Fatalf("%q in %v mode: AppendASCII(parsed) = %q %+v, ASCIIOffsets = %q %+v", input, m, got, c.Expand(), want, wantOff)
					}
					if cap(b) != cap(buf) {
						t.Fatalf("%q in %v mode: AppendASCII grew the room LenBound gave (%d bytes for %q)", input, m, cap(buf)-3, want)
					}
					n++
				}
			}
		}
	}
	if n < 2000 {
		t.Fatalf("only %d cases", n)
	}
}
