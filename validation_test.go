package urlspec

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/whatwg"
)

// whatwgBase returns the WHATWG URL record of href, for the cases against a
// base (the root's validity calls take no base; package whatwg's do).
func whatwgBase(t *testing.T, href string) *whatwg.URL {
	t.Helper()
	w, errs := whatwg.Parse(href, nil)
	if w == nil {
		t.Fatalf("whatwg.Parse(%q): %v", href, errs)
	}
	return w
}

// ValidationErrors returns the errors of the parse whose URL Parse returns;
// against a base (whatwg.Parse with a base record), the errors are those of
// the input only and the URL is the one Resolve returns.
func TestValidationErrors(t *testing.T) {
	const baseHref = "https://example.org/a/b"
	base := MustParse(baseHref)
	wbase := whatwgBase(t, baseHref)
	tests := []struct {
		input  string
		onBase bool
		href   string // "" for failure
		names  []string
	}{
		{"https://example.org/", false, "https://example.org/", nil},
		{"\thttps://exa mple.org/\n", false, "", []string{"invalid-URL-unit", "domain-to-ASCII"}},
		{"https://exa\tmple.org/", false, "https://example.org/", []string{"invalid-URL-unit"}},
		{"c d", true, "https://example.org/a/c%20d", []string{"invalid-URL-unit"}},
		{"https:x", true, "https://example.org/a/x", []string{"special-scheme-missing-following-solidus"}},
		{"x", false, "", []string{"missing-scheme-non-relative-URL"}},
	}
	for _, tt := range tests {
		var (
			u    URL
			err  error
			errs []ValidationError
			w    *whatwg.URL
		)
		if tt.onBase {
			u, err = base.Resolve(tt.input)
			w, errs = whatwg.Parse(tt.input, wbase)
		} else {
			u, err = Parse(tt.input)
			errs = ValidationErrors(tt.input)
			w, _ = whatwg.Parse(tt.input, nil)
		}
		if (w == nil) != (err != nil) || w != nil && w.Href() != u.Href() {
			t.Errorf("%q: Parse gives %q, %v; the WHATWG parser %v", tt.input, u.Href(), err, w)
		}
		if tt.href == "" && err == nil || tt.href != "" && u.Href() != tt.href {
			t.Errorf("%q: got %q, %v; want %q", tt.input, u.Href(), err, tt.href)
		}
		var names []string
		for _, e := range errs {
			names = append(names, e.Name)
			if e.Offset < 0 || e.Offset > len(tt.input) || e.Reason == "" {
				t.Errorf("%q: %+v: bad offset or no reason", tt.input, e)
			}
		}
		if len(names) != len(tt.names) {
			t.Errorf("%q: got %v, want %v", tt.input, names, tt.names)
			continue
		}
		for i := range names {
			if names[i] != tt.names[i] {
				t.Errorf("%q: got %v, want %v", tt.input, names, tt.names)
				break
			}
		}
	}
}

// Valid and Validate without a base; whatwg.ValidURLString with one.
func TestValidate(t *testing.T) {
	mailto := whatwgBase(t, "mailto:a@b")
	file := whatwgBase(t, "file:///C:/x")
	tests := []struct {
		input string
		base  *whatwg.URL
		ok    bool
		off   int
	}{
		{"https://example.org/a?b#c", nil, true, 0},
		{"https://example.org:65536/", nil, false, 20},
		{"#f", mailto, true, 0},
		{"x", mailto, false, 0},
		{"//h/C:/x", file, true, 0},
		{"//h/C|/x", file, false, 5},
		{"http://[::1]:80/", nil, true, 0},
		{"http://[::01]/", nil, false, 7},
		{"http://1.2.3.04/", nil, false, 7},
		{"sc://a b/", nil, false, 6},
		{"sc:/a b", nil, false, 5},
		{"sc:a b", nil, false, 4},
	}
	for _, tt := range tests {
		if tt.base != nil {
			v := whatwg.ValidURLString(tt.input, tt.base)
			if tt.ok != (v == nil) || v != nil && v.Offset != tt.off {
				t.Errorf("%q against %q: got %v, want valid=%v at %d", tt.input, tt.base.Href(), v, tt.ok, tt.off)
			}
			continue
		}
		err := Validate(tt.input)
		if tt.ok != (err == nil) {
			t.Errorf("%q: got %v, want valid=%v", tt.input, err, tt.ok)
			continue
		}
		if Valid(tt.input) != tt.ok {
			t.Errorf("%q: Valid disagrees with Validate", tt.input)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Code != model.InvalidURLString || e.Offset != tt.off || e.Input != tt.input || !errors.Is(err, model.InvalidURLString)) {
			t.Errorf("%q: got %#v, want offset %d", tt.input, err, tt.off)
		}
	}
}
