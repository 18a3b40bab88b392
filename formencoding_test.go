package urlspec

import (
	"slices"
	"testing"
	"unicode/utf8"

	"golang.org/x/text/encoding/unicode"
)

// WHATWG §application/x-www-form-urlencoded parsing.
func TestParseURLEncoded(t *testing.T) {
	tests := []struct {
		in   string
		want []param
	}{
		{"", nil},
		{"a=b&c", []param{{"a", "b"}, {"c", ""}}},
		{"&&a=1&&", []param{{"a", "1"}}},
		{"=x&a==b", []param{{"", "x"}, {"a", "=b"}}},
		{"a+b=c%20d+", []param{{"a b", "c d "}}},
		{"%2B=%2b&%zz=%4", []param{{"+", "+"}, {"%zz", "%4"}}},
		{"%E2%89%A1=%C3", []param{{"≡", "\uFFFD"}}},
		{"x=%E2%82A", []param{{"x", "\uFFFDA"}}},
		{"x=%F0%9F%98", []param{{"x", "\uFFFD"}}},
		{"x=%ED%A0%80", []param{{"x", "\uFFFD\uFFFD\uFFFD"}}},
		{"x=%FF%FE", []param{{"x", "\uFFFD\uFFFD"}}},
		{"\xff=\xc3%A9", []param{{"\uFFFD", "\uFFFD\uFFFD"}}},
		{"é=ü", []param{{"é", "ü"}}},
	}
	for _, tt := range tests {
		if got := parseURLEncoded(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("parseURLEncoded(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// decodeUTF8 agrees with x/text's UTF-8 decoder, which follows the Encoding
// Standard's (one U+FFFD per maximal subpart).
func TestDecodeUTF8(t *testing.T) {
	dec := unicode.UTF8.NewDecoder()
	inputs := []string{"", "abc", "\xe2\x82", "\xe2\x82A", "\xf0\x9f\x98\x80", "\xf0\x9f\x98", "\xf4\x90\x80\x80",
		"\xc0\xaf", "\xed\xa0\x80", "\xe0\x80\x80", "\x80\x80", "a\xffb\xfe", "\xf0\x80\x80", "\xc2", "\xef\xbf\xbd"}
	for _, in := range inputs {
		want, err := dec.String(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodeUTF8([]byte(in)); got != want || !utf8.ValidString(got) {
			t.Errorf("decodeUTF8(%q) = %+q, want %+q", in, got, want)
		}
	}
}

// WHATWG §application/x-www-form-urlencoded serializing.
func TestSerializeURLEncoded(t *testing.T) {
	list := []param{{"a b", "1+1=2"}, {"é", "~*-._!'()"}, {"", ""}}
	if got, want := serializeURLEncoded(list), "a+b=1%2B1%3D2&%C3%A9=%7E*-._%21%27%28%29&="; got != want {
		t.Errorf("UTF-8: %q, want %q", got, want)
	}
	if got, want := serializeURLEncoded([]param{{"q", "1+1 ≡ 2%20‽\xff"}}), "q=1%2B1+%E2%89%A1+2%2520%E2%80%BD%EF%BF%BD"; got != want {
		t.Errorf("UTF-8: %q, want %q", got, want)
	}
	if serializeURLEncoded(nil) != "" {
		t.Error("empty list")
	}
	// Round trip through the parser.
	for _, p := range [][]param{list, {{"&=", "%"}}, {{"\U0001F308", "\x00\x7f"}}} {
		if got := parseURLEncoded(serializeURLEncoded(p)); !slices.Equal(got, p) {
			t.Errorf("round trip %q: %q", p, got)
		}
	}
}

func FuzzParseURLEncoded(f *testing.F) {
	for _, s := range []string{"a=b&c", "%E2%82A", "+%zz=", "\xff&=&"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		list := parseURLEncoded(s)
		for _, p := range list {
			if !utf8.ValidString(p.Name) || !utf8.ValidString(p.Value) {
				t.Fatalf("%q: invalid UTF-8 in %q", s, p)
			}
		}
		if got := parseURLEncoded(serializeURLEncoded(list)); !slices.Equal(got, list) {
			t.Fatalf("%q: round trip %q → %q", s, list, got)
		}
	})
}
