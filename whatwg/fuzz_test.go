package whatwg

import (
	"fmt"
	"testing"
	"unicode/utf8"
)

// names are the validation-error names the parser may report: the
// standard's tables, and IPv4-non-ASCII-input (see host.go).
var knownNames = map[string]bool{
	"domain-to-ASCII": true, "domain-percent-encoded": true, "host-invalid-code-point": true,
	"IPv4-empty-part": true, "IPv4-too-few-parts": true, "IPv4-too-many-parts": true,
	"IPv4-non-numeric-part": true, "IPv4-non-decimal-part": true, "IPv4-out-of-range-part": true,
	"IPv4-non-ASCII-input": true,
	"IPv6-unclosed":        true, "IPv6-invalid-compression": true, "IPv6-too-many-pieces": true,
	"IPv6-multiple-compression": true, "IPv6-invalid-code-point": true, "IPv6-too-few-pieces": true,
	"IPv6-piece-leading-zero": true, "IPv4-in-IPv6-too-many-pieces": true,
	"IPv4-in-IPv6-invalid-code-point": true, "IPv4-in-IPv6-out-of-range-part": true,
	"IPv4-in-IPv6-too-few-parts": true, "invalid-URL-unit": true,
	"special-scheme-missing-following-solidus": true, "missing-scheme-non-relative-URL": true,
	"invalid-reverse-solidus": true, "invalid-credentials": true, "host-missing": true,
	"port-out-of-range": true, "port-invalid": true, "file-invalid-Windows-drive-letter": true,
	"file-invalid-Windows-drive-letter-host": true,
}

// alwaysFatal are the validation errors whose "Failure" column in the
// standard's tables (https://url.spec.whatwg.org/#validation-error) says
// "Yes" without a condition: the parser returns failure right after
// reporting one. maybeFatal are those with a condition (domain-to-ASCII when
// the domain is not ASCII and the relaxed ToASCII also fails,
// IPv4-out-of-range-part depending on the part).
var (
	alwaysFatal = map[string]bool{
		"host-invalid-code-point": true, "IPv4-too-many-parts": true, "IPv4-non-numeric-part": true,
		"IPv6-unclosed": true, "IPv6-invalid-compression": true, "IPv6-too-many-pieces": true,
		"IPv6-multiple-compression": true, "IPv6-invalid-code-point": true, "IPv6-too-few-pieces": true,
		"IPv4-in-IPv6-too-many-pieces": true, "IPv4-in-IPv6-invalid-code-point": true,
		"IPv4-in-IPv6-out-of-range-part": true, "IPv4-in-IPv6-too-few-parts": true,
		"missing-scheme-non-relative-URL": true, "host-missing": true, "port-out-of-range": true,
		"port-invalid": true,
	}
	maybeFatal = map[string]bool{"domain-to-ASCII": true, "IPv4-out-of-range-part": true}
)

// checkFatalLast is the rule that no validation error is reported after
// the fatal one: an always-fatal error is the last one reported and the
// parse fails; a failure's last error is one that can be fatal.
func checkFatalLast(errs []ValidationError, failed bool) error {
	for i, e := range errs {
		if alwaysFatal[e.Name] && (i != len(errs)-1 || !failed) {
			return fmt.Errorf("fatal validation error %s is followed by %v (failure %v)", e.Name, errs[i+1:], failed)
		}
	}
	if failed {
		if len(errs) == 0 {
			return fmt.Errorf("failure without a validation error")
		}
		if last := errs[len(errs)-1].Name; !alwaysFatal[last] && !maybeFatal[last] {
			return fmt.Errorf("failure whose last validation error %s cannot be fatal (errors %v)", last, errs)
		}
	}
	return nil
}

func fuzzSeeds(f *testing.F) {
	for _, s := range [][2]string{
		{"https://user:pa ss@exa%6Dple.org:8080/a\\b/../c?d e#f g", ""},
		{"file:///C|/x", ""}, {"c|/x", "file:///C:/a"}, {"//h", "file:///"},
		{"http://[1::2:3.4.5.6]/", ""}, {"http://0x7f.1/", ""}, {"http://１２７.０.０.１/", ""},
		{"sc://a b/", ""}, {"sc:x y", ""}, {"#f", "mailto:a"}, {"\t h\nttp://h/ ", ""},
		{"http://xn--a.com/", ""}, {"http:\xff//h/", ""}, {"", "http://h/a?b#c"},
		// A leading BOM in a host is kept (issue 21): see TestHostKeepsBOM.
		{"http://\uFEFF1.2.3.4/", ""}, {"http://\uFEFFxn--a:99999/", ""},
	} {
		f.Add(s[0], s[1])
	}
	for _, c := range loadWPT(f) { // every input and base of WPT's urltestdata
		base := ""
		if c.Base != nil {
			base = *c.Base
		}
		f.Add(c.Input, base)
	}
}

// Parse never panics; a failure has a validation error; every error has a
// known name, a reason and an offset into the input; the href reparses to
// itself; and a valid URL string parses without a validation error.
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, input, baseInput string) {
		var base *URL
		if baseInput != "" {
			if base, _ = Parse(baseInput, nil); base == nil {
				return
			}
		}
		u, errs := Parse(input, base)
		if u == nil && len(errs) == 0 {
			t.Fatalf("%q: failure without a validation error", input)
		}
		for _, e := range errs {
			if !knownNames[e.Name] || e.Reason == "" || e.Offset < 0 || e.Offset > len(input) {
				t.Fatalf("%q: bad validation error %+v", input, e)
			}
		}
		if err := checkFatalLast(errs, u == nil); err != nil {
			t.Fatalf("%q (base %q): %v", input, baseInput, err)
		}
		if u != nil {
			if !utf8.ValidString(u.Href()) {
				t.Fatalf("%q: href %q is not UTF-8", input, u.Href())
			}
			again, _ := Parse(u.Href(), nil)
			if again == nil || again.Href() != u.Href() {
				t.Fatalf("%q: href %q does not reparse to itself", input, u.Href())
			}
		}
		if v := ValidURLString(input, base); v == nil && (u == nil || len(errs) > 0) {
			t.Fatalf("%q (base %q): a valid URL string with validation errors %v", input, baseInput, errs)
		} else if v != nil && (v.Offset < 0 || v.Offset > len(input) || v.Rule == "" || v.Reason == "") {
			t.Fatalf("%q: bad verdict %+v", input, v)
		}
	})
}
