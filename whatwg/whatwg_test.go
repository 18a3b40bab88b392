package whatwg

import (
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/wpt"
)

type wptCase = wpt.URLTestCase

func loadWPT(t testing.TB) []wptCase {
	t.Helper()
	cases, err := wpt.URLTestData(filepath.Join("..", "conformance", "testdata", "urltestdata.json"))
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// The transcription passes WPT's urltestdata on its own: the href of every
// case, or its failure.
func TestWPTURLTestData(t *testing.T) {
	pass := 0
	cases := loadWPT(t)
	for _, c := range cases {
		var base *URL
		if c.Base != nil {
			base, _ = Parse(*c.Base, nil)
			if base == nil {
				if !c.Failure {
					t.Errorf("%q: base %q fails", c.Input, *c.Base)
				} else {
					pass++
				}
				continue
			}
		}
		u, errs := Parse(c.Input, base)
		switch {
		case c.Failure && u != nil:
			t.Errorf("%q (base %v): got %q, want failure", c.Input, c.Base, u.Href())
		case !c.Failure && u == nil:
			t.Errorf("%q (base %v): failure %v, want %q", c.Input, c.Base, errs, c.Href)
		case !c.Failure && u.Href() != c.Href:
			t.Errorf("%q (base %v): got %q, want %q", c.Input, c.Base, u.Href(), c.Href)
		default:
			pass++
		}
		if c.Failure && len(errs) == 0 {
			t.Errorf("%q (base %v): a failure without a validation error", c.Input, c.Base)
		}
	}
	t.Logf("WPT urltestdata through the transcription: %d/%d", pass, len(cases))
}

// No validation error is reported after the fatal one (checkFatalLast),
// on every input of WPT's urltestdata, with its base and without.
func TestNoErrorAfterFatal(t *testing.T) {
	checked, failures := 0, 0
	for _, c := range loadWPT(t) {
		bases := []*URL{nil}
		if c.Base != nil {
			if b, _ := Parse(*c.Base, nil); b != nil {
				bases = append(bases, b)
			}
		}
		for _, base := range bases {
			u, errs := Parse(c.Input, base)
			if err := checkFatalLast(errs, u == nil); err != nil {
				t.Errorf("%q (base %v): %v", c.Input, c.Base, err)
			}
			checked++
			if u == nil {
				failures++
			}
		}
	}
	if failures == 0 {
		t.Fatal("no failure among the inputs: the rule was not exercised")
	}
	t.Logf("%d parses (%d failures): no validation error after the fatal one", checked, failures)
}

// A leading BOM (U+FEFF) in a host is kept: the host parser's "UTF-8
// decode without BOM" (https://encoding.spec.whatwg.org/#utf-8-decode-without-bom)
// does not strip it, UTS #46 maps it to nothing, and the domain stays
// non-ASCII. Expectations from whatwg-url 17.3.0's
// parseURLWithValidationErrors.
func TestHostKeepsBOM(t *testing.T) {
	tests := []struct {
		input, href string // href "" for failure
		want        string // name@offset, space-separated
	}{
		{"http://\uFEFF1.2.3.4/", "http://1.2.3.4/", "IPv4-non-ASCII-input@7"},
		{"http://\uFEFFxn--a:99999/", "", "domain-to-ASCII@7"},
		{"http://%EF%BB%BF1.2.3.4/", "http://1.2.3.4/", "domain-percent-encoded@7 IPv4-non-ASCII-input@7"},
		{"http://\uFEFFa.com/", "http://a.com/", ""},
	}
	for _, tt := range tests {
		u, errs := Parse(tt.input, nil)
		href := ""
		if u != nil {
			href = u.Href()
		}
		var got []string
		for _, e := range errs {
			got = append(got, e.Name+"@"+strconv.Itoa(e.Offset))
		}
		if href != tt.href || strings.Join(got, " ") != tt.want {
			t.Errorf("%q: href %q errors %v, want href %q errors %s", tt.input, href, got, tt.href, tt.want)
		}
	}
}

// The examples of the standard's validation-error tables, each with the
// errors the standard's steps report for it, in order, and their offsets.
func TestValidationErrorExamples(t *testing.T) {
	tests := []struct {
		input, base string
		want        string // name@offset, space-separated
	}{
		{"https://exa%23mple.org", "", "domain-percent-encoded@8 domain-to-ASCII@8"},
		{"https://exam%70le.org", "", "domain-percent-encoded@8"},
		{"foo://exa[mple.org", "", "host-invalid-code-point@9"},
		{"https://127.0.0.1./", "", "domain-to-ASCII@8 IPv4-empty-part@17"},
		{"https://1.2.3/", "", "IPv4-too-few-parts@8"},
		{"https://1.2.3.4.5/", "", "IPv4-too-many-parts@15"},
		{"https://test.42", "", "IPv4-too-few-parts@8 IPv4-non-numeric-part@8"},
		{"https://127.0.0x0.1", "", "IPv4-non-decimal-part@14"},
		{"https://255.255.4000.1", "", "IPv4-out-of-range-part@16"},
		{"https://[::1", "", "IPv6-unclosed@8"},
		{"https://[:1]", "", "IPv6-invalid-compression@9"},
		{"https://[1:2:3:4:5:6:7:8:9]", "", "IPv6-too-many-pieces@25"},
		{"https://[1::1::1]", "", "IPv6-multiple-compression@14"},
		{"https://[1:2:3!:4]", "", "IPv6-invalid-code-point@14"},
		{"https://[1:2:3:]", "", "IPv6-invalid-code-point@15"},
		{"https://[1:2:3]", "", "IPv6-too-few-pieces@14"},
		{"https://[::01]", "", "IPv6-piece-leading-zero@11"},
		{"https://[1:1:1:1:1:1:1:127.0.0.1]", "", "IPv4-in-IPv6-too-many-pieces@23"},
		{"https://[ffff::.0.0.1]", "", "IPv4-in-IPv6-invalid-code-point@15"},
		{"https://[ffff::127.0.xyz.1]", "", "IPv4-in-IPv6-invalid-code-point@21"},
		{"https://[ffff::127.0xyz]", "", "IPv4-in-IPv6-invalid-code-point@20"},
		{"https://[ffff::127.00.0.1]", "", "IPv4-in-IPv6-invalid-code-point@20"},
		{"https://[ffff::127.0.0.1.2]", "", "IPv4-in-IPv6-invalid-code-point@24"},
		{"https://[ffff::127.0.0.4000]", "", "IPv4-in-IPv6-out-of-range-part@25"},
		{"https://[ffff::127.0.0]", "", "IPv4-in-IPv6-too-few-parts@22"},
		{"https://example.org/>", "", "invalid-URL-unit@20"},
		{" https://example.org ", "", "invalid-URL-unit@0"},
		{"ht\ntps://example.org", "", "invalid-URL-unit@2"},
		{"https://example.org/%s", "", "invalid-URL-unit@20"},
		{"file:c:/my-secret-folder", "", "special-scheme-missing-following-solidus@5"},
		{"https:example.org", "", "special-scheme-missing-following-solidus@6"},
		{"https:foo.html", "https://example.org/", "special-scheme-missing-following-solidus@6"},
		{"💩", "", "missing-scheme-non-relative-URL@0"},
		{"💩", "mailto:user@example.org", "missing-scheme-non-relative-URL@0"},
		{"https://example.org\\path\\to\\file", "", "invalid-reverse-solidus@19 invalid-reverse-solidus@24 invalid-reverse-solidus@27"},
		{"https://user@example.org", "", "invalid-credentials@12"},
		{"ssh://user@example.org", "", "invalid-credentials@10"},
		{"https://#fragment", "", "host-missing@8"},
		{"https://:443", "", "host-missing@8"},
		{"https://user:pass@", "", "invalid-credentials@17 host-missing@18"},
		{"https://example.org:70000", "", "port-out-of-range@20"},
		{"https://example.org:7z", "", "port-invalid@21"},
		// The standard's example "/c:/path/to/file" reports nothing: the
		// file slash state has no validation error.
		{"/c:/path/to/file", "file:///c:/", ""},
		{"c|/path/to/file", "file:///c:/", "file-invalid-Windows-drive-letter@0 invalid-URL-unit@1"},
		{"file://c:", "", "file-invalid-Windows-drive-letter-host@7"},
		// Offsets are into the original input: the tab before "x" is removed
		// before parsing.
		{"http://h/\tx|", "", "invalid-URL-unit@9 invalid-URL-unit@11"},
		{"http://１２７.０.０.１/", "", "IPv4-non-ASCII-input@7"},
		{"http://ex\u00e4mple.com/", "", ""},
		{"http://a_b.com/", "", "domain-to-ASCII@7"},
	}
	for _, tt := range tests {
		var base *URL
		if tt.base != "" {
			base, _ = Parse(tt.base, nil)
		}
		_, errs := Parse(tt.input, base)
		var got []string
		for _, e := range errs {
			got = append(got, e.Name+"@"+strconv.Itoa(e.Offset))
			if e.Reason == "" {
				t.Errorf("%q: %s without a reason", tt.input, e.Name)
			}
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%q (base %q):\n got %s\nwant %s", tt.input, tt.base, strings.Join(got, " "), tt.want)
		}
	}
}

// A base is a URL record: parsing with it does not report its own errors,
// and it is not changed.
func TestBaseUnchanged(t *testing.T) {
	base, errs := Parse("file:///C:/a/b?q#f", nil)
	if len(errs) != 0 {
		t.Fatal(errs)
	}
	before := *base
	before.Path = append([]string(nil), base.Path...)
	for _, in := range []string{"..", "/x", "C|", "?y", "#z", "//h/p", "d:/e"} {
		Parse(in, base)
		if !reflect.DeepEqual(*base, before) {
			t.Fatalf("parsing %q changed the base: %+v", in, *base)
		}
	}
}
