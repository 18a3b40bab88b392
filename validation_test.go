package urlspec

import (
	"errors"
	"testing"
)

// ParseWithValidationErrors returns Parse's URL and error, and the errors
// against a base are those of the input only.
func TestParseWithValidationErrors(t *testing.T) {
	base, err := Parse("https://example.org/a/b", nil)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		input string
		base  *URL
		href  string // "" for failure
		names []string
	}{
		{"https://example.org/", nil, "https://example.org/", nil},
		{"\thttps://exa mple.org/\n", nil, "", []string{"invalid-URL-unit", "domain-to-ASCII"}},
		{"https://exa\tmple.org/", nil, "https://example.org/", []string{"invalid-URL-unit"}},
		{"c d", &base, "https://example.org/a/c%20d", []string{"invalid-URL-unit"}},
		{"https:x", &base, "https://example.org/a/x", []string{"special-scheme-missing-following-solidus"}},
		{"x", nil, "", []string{"missing-scheme-non-relative-URL"}},
	}
	for _, tt := range tests {
		u, errs, err := ParseWithValidationErrors(tt.input, tt.base)
		want, wantErr := Parse(tt.input, tt.base)
		if u.Href() != want.Href() || (err == nil) != (wantErr == nil) {
			t.Errorf("%q: got %q, %v; Parse gives %q, %v", tt.input, u.Href(), err, want.Href(), wantErr)
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

func TestCheckURLString(t *testing.T) {
	mailto, _ := Parse("mailto:a@b", nil)
	file, _ := Parse("file:///C:/x", nil)
	tests := []struct {
		input string
		base  *URL
		ok    bool
		off   int
	}{
		{"https://example.org/a?b#c", nil, true, 0},
		{"https://example.org:65536/", nil, false, 20},
		{"#f", &mailto, true, 0},
		{"x", &mailto, false, 0},
		{"//h/C:/x", &file, true, 0},
		{"//h/C|/x", &file, false, 5},
		{"http://[::1]:80/", nil, true, 0},
		{"http://[::01]/", nil, false, 7},
		{"http://1.2.3.04/", nil, false, 7},
		{"sc://a b/", nil, false, 6},
		{"sc:/a b", nil, false, 5},
		{"sc:a b", nil, false, 4},
	}
	for _, tt := range tests {
		err := CheckURLString(tt.input, tt.base)
		if tt.ok != (err == nil) {
			t.Errorf("%q: got %v, want valid=%v", tt.input, err, tt.ok)
			continue
		}
		if tt.base == nil && IsValidURLString(tt.input) != tt.ok {
			t.Errorf("%q: IsValidURLString disagrees with CheckURLString", tt.input)
		}
		var e *Error
		if err != nil && (!errors.As(err, &e) || e.Code != InvalidURLString || e.Offset != tt.off) {
			t.Errorf("%q: got %#v, want offset %d", tt.input, err, tt.off)
		}
	}
}
