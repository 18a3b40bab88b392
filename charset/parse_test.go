package charset

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
)

func mustParse(t testing.TB, s string) urlspec.URL {
	t.Helper()
	u, err := urlspec.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// checkResult: the href parses back to the same URL.
func checkResult(t testing.TB, u urlspec.URL) {
	t.Helper()
	if p, err := urlspec.Parse(u.Href()); err != nil || p != u {
		t.Errorf("%q parses back to %q, %v", u.Href(), p.Href(), err)
	}
}

// The basic URL parser's encoding argument (WHATWG §URL parsing, query
// state): only the query the input has, only for special URLs other than
// ws: and wss:.
func TestParse(t *testing.T) {
	base := mustParse(t, "http://h/d/?é")
	tests := []struct {
		input string
		base  *urlspec.URL
		label string
		want  string
	}{
		{"http://h/é?é#é", nil, "windows-1252", "http://h/%C3%A9?%E9#%C3%A9"},
		{"http://h/?'\" <>", nil, "windows-1252", "http://h/?%27%22%20%3C%3E"},
		{"?é", &base, "latin1", "http://h/d/?%E9"},
		{"x?é", &base, "latin1", "http://h/d/x?%E9"},
		{"#f", &base, "latin1", "http://h/d/?%C3%A9#f"},
		{"", &base, "latin1", "http://h/d/?%C3%A9"},
		{"ws://h/?é", nil, "latin1", "ws://h/?%C3%A9"},
		{"WSS://h/?é", nil, "latin1", "wss://h/?%C3%A9"},
		{"sc://h/?é", nil, "latin1", "sc://h/?%C3%A9"},
		{"file:///x?é", nil, "latin1", "file:///x?%E9"},
		{"http://h/?é", nil, "utf-16be", "http://h/?%C3%A9"},
		{"http://h/?é", nil, "replacement", "http://h/?%C3%A9"},
		{"http://h/?\u2020", nil, "iso-8859-2", "http://h/?%26%238224%3B"},
		{"http://h/?%41\u00e9", nil, "iso-8859-2", "http://h/?%41%E9"},
		{"http://h/?\xff", nil, "windows-1252", "http://h/?%26%2365533%3B"},
	}
	for _, tt := range tests {
		enc, err := Lookup(tt.label)
		if err != nil {
			t.Fatal(err)
		}
		u, err := Parse(tt.input, tt.base, enc)
		if err != nil {
			t.Errorf("%q in %s: %v", tt.input, tt.label, err)
			continue
		}
		if u.Href() != tt.want {
			t.Errorf("%q in %s: %q, want %q", tt.input, tt.label, u.Href(), tt.want)
		}
		checkResult(t, u)
	}
	u, err := Parse("http://h/?é", nil, nil)
	if err != nil || u.Href() != "http://h/?%C3%A9" {
		t.Errorf("nil encoding: %q, %v", u.Href(), err)
	}
	enc, _ := Lookup("sjis")
	if _, err := Parse("http://[::1/?x", nil, enc); !errors.Is(err, model.IPv6Unclosed) {
		t.Errorf("failure: %v", err)
	}
	var e *urlspec.Error
	if _, err := Lookup("nope"); !errors.As(err, &e) || e.Code != UnknownEncoding {
		t.Errorf("Lookup(nope): %v", err)
	}
}

// FuzzParse: no panic; the result's href is ASCII and parses
// back to itself.
func FuzzParse(f *testing.F) {
	labels := []string{"shift_jis", "euc-jp", "iso-2022-jp", "big5", "gb18030", "gbk", "euc-kr", "windows-1252", "iso-8859-2", "x-user-defined", "utf-16le"}
	for i, s := range []string{"http://h/?\u00e9\u3042\uff71\u2212", "file:///x?\x0e\u203e\\", "?\U0001F600", "sc://h/?\u00e9", "ws://h/?\u00e9"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, input string, label uint8) {
		enc, err := Lookup(labels[int(label)%len(labels)])
		if err != nil {
			t.Fatal(err)
		}
		base := mustParse(t, "https://b/d/?x")
		u, err := Parse(input, &base, enc)
		if err != nil {
			return
		}
		for i := 0; i < len(u.Href()); i++ {
			if u.Href()[i] >= 0x80 {
				t.Fatalf("%q: href %q is not ASCII", input, u.Href())
			}
		}
		checkResult(t, u)
	})
}
