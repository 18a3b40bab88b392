// Package swar holds the word-at-a-time ("SIMD within a register") steps
// that the grammar, the printer's shortcut and resolution share: an
// eight-byte load from a string and the bytes of a word equal to '/'. It is
// the library's own, not promised to importers.
package swar

// Load64 returns the eight bytes of s from i on (i+8 <= len(s)) as a
// little-endian number: one bounds check, which the compiler makes one load.
func Load64(s string, i int) uint64 {
	t := s[i : i+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

// Slashes returns the word with the high bit of each byte of w that is '/'
// set, and no other bit: exact, as no carry crosses a byte.
func Slashes(w uint64) uint64 {
	x := w ^ 0x2F2F2F2F2F2F2F2F
	return ^((x&0x7F7F7F7F7F7F7F7F + 0x7F7F7F7F7F7F7F7F) | x | 0x7F7F7F7F7F7F7F7F)
}
