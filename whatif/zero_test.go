package whatif

import (
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
)

func wptCases(t testing.TB) []wpt.URLTestCase {
	cases, err := wpt.URLTestData("../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// noOps are variants whose changes restate the standard: they run the
// variant's own code (preprocessing, host parser, IPv4 parser, normaliser
// loop, profiles, scheme stand-ins) and must give the library's results.
var noOps = []string{
	"",
	"preprocess strip +U+0000; preprocess remove +U+0009",
	"ipv4 +hex +octal +short",
	"uts46 -transitional",
	"uts46 +bidi +joiners -hyphens -std3 -dnslength; forbidden host +#; forbidden domain +%",
	"encode special.path +^; encode generic.path +^; encode special.query +'; print +opaque-space",
	"scheme -http; scheme +http:80; scheme +ws:80",
	"scheme -file",
}

func TestNoOpVariantsAreTheLibrary(t *testing.T) {
	for _, text := range noOps {
		v := MustParse(text)
		if text == "scheme -file" {
			continue // file is no longer special: not a no-op (tested apart)
		}
		n := 0
		for _, c := range wptCases(t) {
			base := ""
			if c.Base != nil {
				base = *c.Base
				if base == "" {
					continue
				}
			}
			want, werr := library(c.Input, base)
			got, gerr := v.NewURL(c.Input, base)
			if (werr == nil) != (gerr == nil) || got != want {
				t.Errorf("%q: NewURL(%q, %q) = %+v, %v;\n library: %+v, %v", text, c.Input, base, got, gerr, want, werr)
			}
			n++
		}
		if n < 800 {
			t.Fatalf("only %d cases", n)
		}
	}
}

// TestSchemeStandIns: with foo a web-scheme of default port 80, an URL
// with scheme foo (input and base) parses as the same URL with http does.
func TestSchemeStandIns(t *testing.T) {
	for _, text := range []string{"scheme +foo:80", "scheme +foo:80; scheme -http; scheme -ws"} {
		v := MustParse(text)
		n := 0
		for _, c := range wptCases(t) {
			if len(c.Input) < 5 || c.Input[:5] != "http:" || c.Base != nil && (len(*c.Base) < 5 || (*c.Base)[:5] != "http:") {
				continue
			}
			base := ""
			if c.Base != nil {
				base = "foo:" + (*c.Base)[5:]
			}
			want, werr := library(c.Input, "")
			if c.Base != nil {
				want, werr = library(c.Input, *c.Base)
			}
			got, gerr := v.NewURL("foo:"+c.Input[5:], base)
			if werr == nil {
				want.Href = "foo" + want.Href[4:]
				want.Protocol = "foo:"
				if want.Origin != "null" {
					want.Origin = "foo" + want.Origin[4:]
				}
			}
			if (werr == nil) != (gerr == nil) || got != want {
				t.Errorf("%s: NewURL(%q, %q) = %+v, %v; want %+v, %v", text, "foo:"+c.Input[5:], base, got, gerr, want, werr)
			}
			n++
		}
		if n < 50 {
			t.Fatalf("only %d cases", n)
		}
	}
}

// TestCustomDefaultPort: a web-scheme whose default port no library scheme
// has.
func TestCustomDefaultPort(t *testing.T) {
	v := MustParse("scheme +foo:99 +http:8080")
	for _, c := range [][3]string{
		{"foo://h:99/a/../b", "", "foo://h/b"},
		{"foo://h:80/", "", "foo://h:80/"},
		{"FOO:\\\\h\\x", "", "foo://h/x"},
		{"http://h:8080/", "", "http://h/"},
		{"http://h:80/", "", "http://h:80/"},
		{"//x:99/y", "foo://h/", "foo://x/y"},
		{"foo:y", "foo://h/a/", "foo://h/a/y"},
		{"foo:y", "http://h/a/", "foo://y/"},
	} {
		got, err := v.NewURL(c[0], c[1])
		if err != nil || got.Href != c[2] {
			t.Errorf("NewURL(%q, %q) = %q, %v; want %q", c[0], c[1], got.Href, err, c[2])
		}
	}
}
