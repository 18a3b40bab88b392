package encodeprofile

import (
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/model"
)

// §Percent Encode Profiles: the profile table of the URL Specification
// 0.9.0 (as its reference implementation spec-url 1.1.1 computes it), with
// ^ added to the path sets as the current WHATWG standard has it.
func TestProfileTables(t *testing.T) {
	want := map[string][numParts]string{
		"generic":         {" \"#/:;<=>?@[\\]^`{|}", " \"#/:;<=>?@[\\]^`{|}", " #/:<>?@[\\]^|", " \"#/<>?^`{}", " \"#/<>?^`{}", " \"#<>", " \"<>`"},
		"special":         {" \"#/:;<=>?@[\\]^`{|}", " \"#/:;<=>?@[\\]^`{|}", " #/:<>?@[\\]^|", " \"#/<>?\\^`{}", " \"#/<>?\\^`{}", " \"#'<>", " \"<>`"},
		"minimal":         {" \"#/:;<=>?@[\\]^`{|}", " \"#/:;<=>?@[\\]^`{|}", " #/:<>?@[\\]^|", "#/?", "#/?", " \"#<>", " \"<>`"},
		"minimal-special": {" \"#/:;<=>?@[\\]^`{|}", " \"#/:;<=>?@[\\]^`{|}", " #/:<>?@[\\]^|", "#/?\\", "#/?\\", " \"#'<>", " \"<>`"},
	}
	for name, sets := range want {
		p, ok := ByName(name)
		if !ok || p.Name() != name {
			t.Fatalf("ByName(%q)", name)
		}
		for part := Username; part < numParts; part++ {
			if got := p.Set(part).Chars(); got != sortASCII(sets[part]) {
				t.Errorf("%s %s = %q, want %q", name, part, got, sortASCII(sets[part]))
			}
		}
	}
}

func sortASCII(s string) string {
	var b strings.Builder
	for c := 0x20; c < 0x7f; c++ {
		if strings.IndexByte(s, byte(c)) >= 0 {
			b.WriteByte(byte(c))
		}
	}
	return b.String()
}

// Every set encodes all bytes outside printable ASCII and never '%'.
func TestSetsEncodeNonPrintable(t *testing.T) {
	for _, p := range []*Profile{Generic(), Special(), Minimal(), MinimalSpecial()} {
		for part := Username; part < numParts; part++ {
			s := p.Set(part)
			for c := 0; c < 256; c++ {
				if (c < 0x20 || c >= 0x7f) != s.Contains(byte(c)) && (c < 0x20 || c >= 0x7f) {
					t.Errorf("%s %s does not encode byte %#x", p.Name(), part, c)
				}
			}
			if s.Contains('%') {
				t.Errorf("%s %s encodes %%", p.Name(), part)
			}
		}
	}
}

// §Encode Profile Selection.
func TestFor(t *testing.T) {
	mk := func(f func(u *model.URL)) *model.URL { var u model.URL; f(&u); return &u }
	tests := []struct {
		u    *model.URL
		want string
	}{
		{mk(func(u *model.URL) { u.Set(model.SchemeType, "HTTP") }), "special"},
		{mk(func(u *model.URL) { u.Set(model.SchemeType, "file") }), "special"},
		{mk(func(u *model.URL) { u.Set(model.FileType, "x") }), "special"},
		{mk(func(u *model.URL) { u.Set(model.SchemeType, "sc"); u.SetAuthority(model.Authority{}) }), "generic"},
		{mk(func(u *model.URL) { u.Set(model.SchemeType, "sc"); u.Set(model.PathRootType, "/") }), "generic"},
		{mk(func(u *model.URL) { u.Set(model.SchemeType, "sc"); u.Set(model.FileType, "x") }), "minimal"},
	}
	for _, tt := range tests {
		if got := For(tt.u).Name(); got != tt.want {
			t.Errorf("For(%v) = %s, want %s", tt.u, got, tt.want)
		}
	}
}

// §Percent Coding: UTF-8 percent-encoding; invalid UTF-8 as U+FFFD.
func TestEncode(t *testing.T) {
	set := Special().Set(Query)
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"a b", "a%20b"},
		{"'\"<>#", "%27%22%3C%3E%23"},
		{"%zz%41", "%zz%41"},
		{"é", "%C3%A9"},
		{"\U0001F600", "%F0%9F%98%80"},
		{"\x00\x7f", "%00%7F"},
		{"a\xffb", "a%EF%BF%BDb"},
		{"\xed\xa0\x80", "%EF%BF%BD%EF%BF%BD%EF%BF%BD"},
		{"\xe2\x82", "%EF%BF%BD%EF%BF%BD"},
	}
	for _, tt := range tests {
		if got := Encode(tt.in, set); got != tt.want {
			t.Errorf("Encode(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if n := EncodedLen(tt.in, set); n != len(tt.want) {
			t.Errorf("EncodedLen(%q) = %d, want %d", tt.in, n, len(tt.want))
		}
		// Encoding is idempotent.
		if again := Encode(tt.want, set); again != tt.want {
			t.Errorf("Encode(Encode(%q)) = %q", tt.in, again)
		}
	}
	if n := testing.AllocsPerRun(100, func() { _ = Encode("plain/ascii?x=1", set) }); n != 0 && !race.Enabled {
		t.Errorf("Encode allocates %v times when nothing changes", n)
	}
}

// §Percent Decoding: pct-encoded-bytes decoded, pct-invalid kept.
func TestDecode(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"%41%42", "AB"},
		{"%4", "%4"},
		{"%zz%", "%zz%"},
		{"%%41", "%A"},
		{"%c3%A9", "é"},
		{"%ff", "\xff"},
		{"a%2", "a%2"},
	}
	for _, tt := range tests {
		if got := Decode(tt.in); got != tt.want {
			t.Errorf("Decode(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// AppendDecoded agrees with §Percent Decoding read one byte at a time, on
// every string of up to six bytes over '%', hex digits and others (runs of
// '%', pct-invalid, a pct-encoded-byte at either end), after a prefix.
func TestAppendDecodedBytewise(t *testing.T) {
	ref := func(s string) string {
		var b []byte
		for i := 0; i < len(s); i++ {
			if c, ok := PctEncodedByte(s, i); ok {
				b = append(b, c)
				i += 2
				continue
			}
			b = append(b, s[i])
		}
		return string(b)
	}
	const alphabet = "%4aFgé"
	n := 0
	var walk func(s string)
	walk = func(s string) {
		got := string(AppendDecoded([]byte("pre"), s))
		if want := "pre" + ref(s); got != want {
			t.Fatalf("AppendDecoded(%q) = %q, want %q", s, got, want)
		}
		n++
		if len(s) >= 6 {
			return
		}
		for _, c := range []byte(alphabet) {
			walk(s + string(c))
		}
	}
	walk("")
	if n < 30000 {
		t.Fatalf("only %d strings checked", n)
	}
}

// §Percent Encoded Bytes: PctEncodedByte reads exactly '%' hex hex.
func TestPctEncodedByte(t *testing.T) {
	tests := []struct {
		s  string
		i  int
		b  byte
		ok bool
	}{
		{"%41", 0, 'A', true}, {"a%2f", 1, '/', true}, {"%FF", 0, 0xff, true},
		{"%4", 0, 0, false}, {"%zz", 0, 0, false}, {"%4g", 0, 0, false}, {"a41", 0, 0, false}, {"%41", 1, 0, false}, {"%41", -1, 0, false},
	}
	for _, tt := range tests {
		if b, ok := PctEncodedByte(tt.s, tt.i); ok != tt.ok || ok && b != tt.b {
			t.Errorf("PctEncodedByte(%q, %d) = %#x, %v", tt.s, tt.i, b, ok)
		}
	}
}
