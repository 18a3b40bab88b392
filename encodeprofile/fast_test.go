package encodeprofile

import (
	"math/rand"
	"testing"
	"unicode/utf8"
)

// refAppendEncoded is AppendEncoded as first written (a rune at a time),
// for checking the table-driven EncodedLen and AppendEncoded.
func refAppendEncoded(dst []byte, s string, set *Set) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if !set.Contains(c) {
			dst = append(dst, c)
			i++
			continue
		}
		if c < 0x80 {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, replacement...)
			i++
			continue
		}
		for j := i; j < i+size; j++ {
			dst = append(dst, '%', upperhex[s[j]>>4], upperhex[s[j]&15])
		}
		i += size
	}
	return dst
}

func TestEncodedAgreesWithReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	alphabet := []string{"a", "Z", "0", "/", "?", "#", " ", "%", "'", "\\", "\"", "{", "é", "中", "😀", "\xff", "\xc3", "\x00", "\x7f", "\xed\xa0\x80", "-", "."}
	sets := []*Set{userinfoSet, hostSet, pathSet, specialPathSet, minimalPathSet, minSpecialPathSet, querySet, specialQuerySet, fragmentSet, c0ControlSet}
	for k := 0; k < 20000; k++ {
		n := rng.Intn(40)
		var b []byte
		for i := 0; i < n; i++ {
			b = append(b, alphabet[rng.Intn(len(alphabet))]...)
		}
		s := string(b)
		for _, set := range sets {
			want := string(refAppendEncoded([]byte("x"), s, set))
			if got := string(AppendEncoded([]byte("x"), s, set)); got != want {
				t.Fatalf("AppendEncoded(%q, %s) = %q, want %q", s, set.name, got, want)
			}
			if got := EncodedLen(s, set); got != len(want)-1 {
				t.Fatalf("EncodedLen(%q, %s) = %d, want %d", s, set.name, got, len(want)-1)
			}
			if utf8.ValidString(s) {
				if got := string(AppendEncodedValid([]byte("x"), s, set)); got != want {
					t.Fatalf("AppendEncodedValid(%q, %s) = %q, want %q", s, set.name, got, want)
				}
				if got := EncodedLenValid(s, set); got != len(want)-1 {
					t.Fatalf("EncodedLenValid(%q, %s) = %d, want %d", s, set.name, got, len(want)-1)
				}
			}
			if got := Encode(s, set); got != want[1:] {
				t.Fatalf("Encode(%q, %s) = %q, want %q", s, set.name, got, want[1:])
			}
		}
	}
}
