// Package swar holds the word-at-a-time ("SIMD within a register") steps
// that the grammar, the printer's shortcut and resolution share: an
// eight-byte load from a string, the bytes of a word equal to '/', and the
// last '/' of a string. It is the library's own, not promised to importers.
package swar

import (
	"math/bits"
	"strings"
)

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

// LastSlash is strings.LastIndexByte(s, '/') eight bytes at a time, as the
// grammar finds the dirs (the standard one reads a byte at a time):
// resolution walks back over a base's path with it, whose segments are
// long when they are percent-encoded non-ASCII.
func LastSlash(s string) int {
	i := len(s)
	for ; i >= 8; i -= 8 {
		// The last '/' of the eight bytes is the highest bit of m.
		if m := Slashes(Load64(s, i-8)); m != 0 {
			return i - 8 + (63-bits.LeadingZeros64(m))>>3
		}
	}
	return strings.LastIndexByte(s[:i], '/')
}
