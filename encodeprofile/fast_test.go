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

// TestAppendEncodedValidRoom checks AppendEncodedValid on long valid inputs
// with spare capacity exactly the encoded length, a little more and a lot
// more, so that its writes without append (appendEncodedRoom) meet the end
// of the room at every offset.
func TestAppendEncodedValidRoom(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	alphabet := []string{"a", "Z", "0", "/", "?", "#", " ", "%", "'", "\\", "\"", "{", "é", "中", "😀", "\x00", "\x7f", "-", ".", "abcdefgh", "0123456789"}
	sets := []*Set{userinfoSet, hostSet, pathSet, specialPathSet, minimalPathSet, minSpecialPathSet, querySet, specialQuerySet, fragmentSet, c0ControlSet}
	for k := 0; k < 3000; k++ {
		n := rng.Intn(60)
		var b []byte
		for i := 0; i < n; i++ {
			b = append(b, alphabet[rng.Intn(len(alphabet))]...)
		}
		s := string(b)
		for _, set := range sets {
			want := string(refAppendEncoded([]byte("pre"), s, set)) + "post"
			for _, extra := range []int{0, 1, 3, 7, 8, 31, 35, 100} {
				dst := make([]byte, 3, len(want)+extra)
				copy(dst, "pre")
				// The capacity past the result must stay as it was.
				room := dst[:cap(dst)]
				for i := 3; i < len(room); i++ {
					room[i] = 0xEE
				}
				res := AppendEncodedValid(dst, s, set)
				for i := len(res); i < len(room); i++ {
					if room[i] != 0xEE {
						t.Fatalf("AppendEncodedValid(%q, %s) with %d spare changed byte %d past its result", s, set.name, len(want)+extra-3, i-len(res))
					}
				}
				got := string(append(res, "post"...))
				if got != want {
					t.Fatalf("AppendEncodedValid(%q, %s) with %d spare = %q, want %q", s, set.name, len(want)+extra-3, got, want)
				}
			}
		}
	}
}
