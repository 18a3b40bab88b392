package swar

import (
	"encoding/binary"
	"strings"
	"testing"
)

// TestSlashes checks Slashes on every byte value at each position of a word
// of other bytes, and on words of two and eight slashes; Load64 against
// encoding/binary.
func TestSlashes(t *testing.T) {
	for _, fill := range []byte{0, '.', 0x2E, 0x6F, 0xAF, 0xFF} {
		for p := 0; p < 8; p++ {
			for v := 0; v < 256; v++ {
				var b [8]byte
				for i := range b {
					b[i] = fill
				}
				b[p] = byte(v)
				var want uint64
				for i, c := range b {
					if c == '/' {
						want |= 0x80 << (8 * i)
					}
				}
				w := Load64(string(b[:]), 0)
				if w != binary.LittleEndian.Uint64(b[:]) {
					t.Fatalf("Load64(%q) = %#x", b, w)
				}
				if got := Slashes(w); got != want {
					t.Fatalf("Slashes(%q) = %#x, want %#x", b, got, want)
				}
			}
		}
	}
	if got := Slashes(Load64("a/b/////", 0)); got != 0x8080808080008000 {
		t.Fatalf("Slashes(a/b/////) = %#x", got)
	}
}

// TestLastSlash checks LastSlash against strings.LastIndexByte: a '/' at
// each position of texts of every length up to 40, with bytes that differ
// from '/' by one bit and non-ASCII around it, and none.
func TestLastSlash(t *testing.T) {
	fill := []string{"a", "\xaf", ".", "/", "\x2e", "\x6f", "é", "%2F"}
	for n := 0; n <= 40; n++ {
		for _, f := range fill {
			base := strings.Repeat(f, n)
			if len(base) > n {
				base = base[:n]
			}
			for p := -1; p < n; p++ {
				s := base
				if p >= 0 {
					s = s[:p] + "/" + s[p+1:]
				}
				if got, want := LastSlash(s), strings.LastIndexByte(s, '/'); got != want {
					t.Fatalf("LastSlash(%q) = %d, want %d", s, got, want)
				}
				if p >= 0 && p+1 < n {
					s2 := s[:p+1] + "/" + s[p+2:]
					if got, want := LastSlash(s2), strings.LastIndexByte(s2, '/'); got != want {
						t.Fatalf("LastSlash(%q) = %d, want %d", s2, got, want)
					}
				}
			}
		}
	}
}
