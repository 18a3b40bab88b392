package swar

import (
	"encoding/binary"
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
