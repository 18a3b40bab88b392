package uts46

import (
	"bytes"
	"slices"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Normalization Form C for UTS #46 step 2 and validity criterion 1.
//
// golang.org/x/text/unicode/norm implements the Stream-Safe Text Format (UAX
// #15 §13): after 30 consecutive non-starters it inserts U+034F COMBINING
// GRAPHEME JOINER, so its output is not the NFC of such input (and U+034F then
// fails validation, status ignored). The fast path uses norm and detects that
// case; the rare slow path is a literal transcription of UAX #15's
// decompose-reorder-compose algorithm that takes the character data from norm.

var cgj = []byte("\u034F")

// appendNFC appends NFC(src) to dst, using it as scratch space.
func appendNFC(it *norm.Iter, dst, src []byte) []byte {
	start := len(dst)
	it.Init(norm.NFC, src)
	for !it.Done() {
		dst = append(dst, it.Next()...)
	}
	if bytes.Count(dst[start:], cgj) == bytes.Count(src, cgj) {
		return dst
	}
	return slowNFC(dst[:start], src)
}

// isNFC reports whether b is in Normalization Form C, using tmp as scratch.
func isNFC(it *norm.Iter, tmp *[]byte, b []byte) bool {
	if n, _ := norm.NFC.Span(b, true); n == len(b) {
		return true
	}
	*tmp = appendNFC(it, (*tmp)[:0], b)
	return bytes.Equal(*tmp, b)
}

type cccRune struct {
	r   rune
	ccc uint8
}

const (
	hangulSBase  = 0xAC00
	hangulLBase  = 0x1100
	hangulVBase  = 0x1161
	hangulTBase  = 0x11A7
	hangulTCount = 28
	hangulNCount = 21 * hangulTCount
	hangulSCount = 19 * hangulNCount
)

func cccOf(r rune) uint8 {
	var b [utf8.UTFMax]byte
	return norm.NFD.Properties(utf8.AppendRune(b[:0], r)).CCC()
}

// slowNFC appends NFC(src) to dst without the stream-safe limit: canonical
// decomposition, canonical ordering, canonical composition (UAX #15 §3 and
// the Unicode Standard §3.11).
func slowNFC(dst, src []byte) []byte {
	var cs []cccRune
	var b [utf8.UTFMax]byte
	for i := 0; i < len(src); {
		r, size := utf8.DecodeRune(src[i:])
		i += size
		if s := r - hangulSBase; 0 <= s && s < hangulSCount {
			cs = append(cs, cccRune{hangulLBase + s/hangulNCount, 0}, cccRune{hangulVBase + s%hangulNCount/hangulTCount, 0})
			if t := s % hangulTCount; t != 0 {
				cs = append(cs, cccRune{hangulTBase + t, 0})
			}
			continue
		}
		d := norm.NFD.Properties(utf8.AppendRune(b[:0], r)).Decomposition()
		if d == nil {
			cs = append(cs, cccRune{r, cccOf(r)})
			continue
		}
		for j := 0; j < len(d); {
			q, n := utf8.DecodeRune(d[j:])
			j += n
			cs = append(cs, cccRune{q, cccOf(q)})
		}
	}
	// Canonical ordering: stable sort of each run of non-starters by ccc.
	for i := 0; i < len(cs); {
		if cs[i].ccc == 0 {
			i++
			continue
		}
		j := i
		for j < len(cs) && cs[j].ccc != 0 {
			j++
		}
		slices.SortStableFunc(cs[i:j], func(x, y cccRune) int { return int(x.ccc) - int(y.ccc) })
		i = j
	}
	// Canonical composition.
	if len(cs) > 0 {
		starter, out := 0, 1
		last := int(cs[0].ccc)
		if last != 0 {
			last = 256
		}
		for _, c := range cs[1:] {
			if last < int(c.ccc) || last == 0 {
				if p, ok := compose(cs[starter].r, c.r); ok {
					cs[starter].r = p
					continue
				}
			}
			if c.ccc == 0 {
				starter = out
			}
			last = int(c.ccc)
			cs[out] = c
			out++
		}
		cs = cs[:out]
	}
	for _, c := range cs {
		dst = utf8.AppendRune(dst, c.r)
	}
	return dst
}

// compose returns the primary composite of a and b, if there is one that is
// not excluded from composition, by normalising the pair with norm.
func compose(a, b rune) (rune, bool) {
	var in, out [2 * utf8.UTFMax]byte
	s := utf8.AppendRune(utf8.AppendRune(in[:0], a), b)
	res := norm.NFC.Append(out[:0], s...)
	r, size := utf8.DecodeRune(res)
	if size != len(res) || r == utf8.RuneError && size <= 1 {
		return 0, false
	}
	return r, true
}
