package host

import (
	"strings"
	"testing"
)

// indexForbiddenHost finds the first forbidden host code point as a walk
// over the bytes does: every byte value (ASCII and not) at every position
// of hosts of 1 to 20 bytes, and two such bytes at once.
func TestIndexForbiddenHost(t *testing.T) {
	ref := func(s string) int {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x80 && forbiddenHost[c] {
				return i
			}
		}
		return -1
	}
	n := 0
	for size := 1; size <= 20; size++ {
		for pos := 0; pos < size; pos++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", size))
				b[pos] = byte(c)
				if size > 1 {
					b[size-1-pos%size] = byte(255 - c) // a second byte elsewhere
				}
				s := string(b)
				if got, want := indexForbiddenHost(s), ref(s); got != want {
					t.Fatalf("indexForbiddenHost(%q) = %d, want %d", s, got, want)
				}
				n++
			}
		}
	}
	if indexForbiddenHost("") != -1 || n != 53760 {
		t.Fatalf("checked %d hosts", n)
	}
}
