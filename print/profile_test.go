package print

import (
	"fmt"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/race"
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

// TestDotPrinted: the "/." that the printer writes itself
// (normalize.DotForPrinting) is what printing normalize.ForPrinting's model
// writes: DotForPrinting holds where the spec's rule applies, as the rule
// reads, which is where ForPrinting inserts a "." dir, and the URL-string
// is the same, with the pathname after the "/." — on every WPT input
// parsed in every mode, as it is and normalised, and with "/.", "/..//"
// and "//" put before its path; and AppendASCII writes it without
// allocating.
func TestDotPrinted(t *testing.T) {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	n, dots := 0, 0
	check := func(u *model.URL) {
		t.Helper()
		v := normalize.ForPrinting(*u)
		// The spec's rule, as it reads: no drive nor authority, and an
		// empty first dir.
		rule := !u.Has(model.AuthorityType) && !u.Has(model.DriveType) && u.NumDirs() > 0 && u.Dir(0) == ""
		if inserted := v.NumDirs() > u.NumDirs(); normalize.DotForPrinting(u) != rule || inserted != rule {
			t.Fatalf("%v: DotForPrinting %v, ForPrinting inserted a dir: %v, the rule applies: %v", u, normalize.DotForPrinting(u), inserted, rule)
		}
		if !normalize.DotForPrinting(u) {
			return
		}
		dots++
		var want CompactOffsets
		s := print(&v, encodeprofile.For(&v), false, false, &want)
		want.PathStart += 2
		got, off := asciiOffsets(u)
		if got != s || off != want.Expand() {
			t.Fatalf("%v: ASCIIOffsets = %q %+v, want %q %+v", u, got, off, s, want.Expand())
		}
		b := AppendASCII(make([]byte, 0, LenBound(u)), u, false, nil)
		if string(b) != s {
			t.Fatalf("%v: AppendASCII = %q, want %q", u, b, s)
		}
	}
	for _, c := range cases {
		for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
			in, _ := grammar.Preprocess(c.Input)
			for _, pre := range []string{"", "/.", "/..//", "//"} {
				x := in
				if pre != "" {
					i := grammar.SchemeLen(in)
					if i > 0 {
						i++
					}
					x = in[:i] + pre + in[i:]
				}
				u, err := grammar.Parse(x, m)
				if err != nil {
					continue
				}
				check(&u)
				u = normalize.Normalize(u)
				check(&u)
				n++
			}
		}
	}
	if n < 4000 || dots < 100 {
		t.Fatalf("only %d cases, %d with a dot", n, dots)
	}
	u, _ := grammar.Parse("non-spec:/a/..//path", grammar.Generic)
	u = normalize.Normalize(u)
	if !race.Enabled {
		b := make([]byte, 0, LenBound(&u))
		if allocs := testing.AllocsPerRun(100, func() { b = AppendASCII(b[:0], &u, true, nil) }); allocs != 0 {
			t.Errorf("AppendASCII of %q: %v allocs, want 0", b, allocs)
		}
	}
}
