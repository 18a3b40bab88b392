package uts46

import (
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/urlspec/urlspec/host/internal/nfc"
)

// Punycode (RFC 3492) with the parameter values for IDNA and the overflow
// bound of the reference implementation and of punycode.js (2^31 - 1).
//
// Both directions run in O(n log n) for a label of n code points, not in the
// O(n^2) of the textbook loops, so that no input string makes the host parser
// slow: decoding places the inserted code points with a Fenwick tree over the
// output slots (processing insertions backwards, each goes to the i-th slot
// still free), and encoding counts the already handled code points before a
// position with a Fenwick tree over input positions.
const (
	punyBase        = 36
	punyTMin        = 1
	punyTMax        = 26
	punySkew        = 38
	punyDamp        = 700
	punyInitialBias = 72
	punyInitialN    = 128
	punyMaxInt      = 1<<31 - 1
)

// punyAdapt is RFC 3492's bias adaptation function (§6.1). Its callers
// keep delta within punyMaxInt, so that it divides in 32 bits: a 64-bit
// division costs several times as much on common CPUs, and encoding a
// label divides here and in appendPunyDelta for each code point.
func punyAdapt(delta, numPoints int, first bool) int {
	d := uint32(delta)
	if first {
		d /= punyDamp
	} else {
		d /= 2
	}
	d += d / uint32(min(numPoints, 1<<32-1))
	k := 0
	for d > ((punyBase-punyTMin)*punyTMax)/2 {
		d /= punyBase - punyTMin
		k += punyBase
	}
	return k + int((punyBase-punyTMin+1)*d/(d+punySkew))
}

func punyThreshold(k, bias int) int {
	switch {
	case k <= bias:
		return punyTMin
	case k >= bias+punyTMax:
		return punyTMax
	}
	return k - bias
}

func punyDigit(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c-'0') + 26
	case 'A' <= c && c <= 'Z':
		return int(c - 'A')
	case 'a' <= c && c <= 'z':
		return int(c - 'a')
	}
	return punyBase
}

func punyEncodeDigit(d int) byte {
	if d < 26 {
		return byte('a' + d)
	}
	return byte('0' + d - 26)
}

// fenwick is a binary indexed tree of counts over slots 0..n-1.
type fenwick []int32

// init sets every slot's count to 1 when all, else to ones[i].
func (f fenwick) init(ones func(i int) bool) {
	for i := range f {
		if ones == nil || ones(i) {
			f[i] = 1
		} else {
			f[i] = 0
		}
	}
	for i := range f {
		if j := i | (i + 1); j < len(f) {
			f[j] += f[i]
		}
	}
}

func (f fenwick) add(i int, v int32) {
	for ; i < len(f); i |= i + 1 {
		f[i] += v
	}
}

// prefix returns the sum of slots 0..i-1.
func (f fenwick) prefix(i int) int {
	s := 0
	for ; i > 0; i &= i - 1 {
		s += int(f[i-1])
	}
	return s
}

// find returns the slot holding the k-th (0-based) one, for 0 <= k < total.
func (f fenwick) find(k int) int {
	pos := 0 // number of slots known to precede the answer
	step := 1
	for step*2 <= len(f) {
		step *= 2
	}
	for ; step > 0; step >>= 1 {
		if next := pos + step; next <= len(f) && int(f[next-1]) <= k {
			pos = next
			k -= int(f[next-1])
		}
	}
	return pos
}

// punyScratch holds buffers reused across labels and calls.
type punyScratch struct {
	ops   []uint64 // decode: insertion index << 32 | code point; encode: code point << 32 | position
	runes []rune
	tree  fenwick
}

func (s *punyScratch) growTree(n int) fenwick {
	if cap(s.tree) < n {
		s.tree = make(fenwick, n)
	}
	s.tree = s.tree[:n]
	return s.tree
}

// punyDecode appends to dst the UTF-8 encoding of the Punycode string src (the
// part of an ACE label after "xn--"; ASCII). It reports false when src is not
// valid Punycode, when decoding overflows, or when it yields a surrogate or a
// value above U+10FFFF.
func punyDecode(dst []byte, src []byte, s *punyScratch) ([]byte, bool) {
	b := 0
	for i := len(src) - 1; i >= 0; i-- {
		if src[i] == '-' {
			b = i
			break
		}
	}
	ops := s.ops[:0]
	for j := 0; j < b; j++ {
		if src[j] >= 0x80 {
			return dst, false
		}
		ops = append(ops, uint64(j)<<32|uint64(src[j]))
	}
	n, i, bias := punyInitialN, 0, punyInitialBias
	pos := 0
	if b > 0 {
		pos = b + 1
	}
	for pos < len(src) {
		oldi, w := i, 1
		for k := punyBase; ; k += punyBase {
			if pos >= len(src) {
				return dst, false
			}
			digit := punyDigit(src[pos])
			pos++
			if digit >= punyBase || digit > (punyMaxInt-i)/w {
				return dst, false
			}
			i += digit * w
			t := punyThreshold(k, bias)
			if digit < t {
				break
			}
			if w > punyMaxInt/(punyBase-t) {
				return dst, false
			}
			w *= punyBase - t
		}
		out := len(ops) + 1
		bias = punyAdapt(i-oldi, out, oldi == 0)
		if i/out > punyMaxInt-n {
			return dst, false
		}
		n += i / out
		i %= out
		if n > maxRune || 0xD800 <= n && n <= 0xDFFF {
			return dst, false
		}
		ops = append(ops, uint64(i)<<32|uint64(n))
		i++
	}
	s.ops = ops
	// Place the code points: the last insertion is at its index among all slots;
	// each earlier one is at its index among the slots later ones left free.
	total := len(ops)
	if cap(s.runes) < total {
		s.runes = make([]rune, total)
	}
	out := s.runes[:total]
	tree := s.growTree(total)
	tree.init(nil)
	for t := total - 1; t >= 0; t-- {
		slot := tree.find(int(ops[t] >> 32))
		tree.add(slot, -1)
		out[slot] = rune(uint32(ops[t]))
	}
	for _, r := range out {
		dst = utf8.AppendRune(dst, r)
	}
	return dst, true
}

// punyEncode appends to dst the Punycode encoding of the UTF-8 label src (valid
// UTF-8, ASCII letters already lowercase), without the "xn--" prefix. It
// reports false on overflow.
//
// A label of up to punyShort bytes (a label of a usual length) keeps its
// occurrences in an array on the stack, not in the scratch's slices, and is
// encoded by punyEncodeShort.
func punyEncode(dst []byte, src []byte, s *punyScratch) ([]byte, bool) {
	if len(src) <= punyShort {
		var small [punyShort / 2]uint64 // room for punyBasic
		dst, ops, ascii, basic, _ := punyBasic(dst, src, small[:0])
		return punyEncodeShort(dst, ops, ascii, basic)
	}
	if n := len(src) / 2; cap(s.ops) < n {
		s.ops = make([]uint64, 0, n) // room for punyBasic, at once
	}
	dst, ops, ascii, basic, L := punyBasic(dst, src, s.ops[:0])
	s.ops = ops
	if L <= punyShort {
		return punyEncodeShort(dst, ops, ascii, basic)
	}
	// tree marks the positions holding a code point below n: at first the
	// basic ones, those not in ops (which are in position order until
	// sorted).
	tree := s.growTree(L)
	next := 0
	tree.init(func(i int) bool {
		if next < len(ops) && int(uint32(ops[next])) == i {
			next++
			return false
		}
		return true
	})
	slices.Sort(ops)
	n, delta, bias, h := punyInitialN, 0, punyInitialBias, basic
	for g := 0; g < len(ops); {
		m := int(ops[g] >> 32)
		if delta > punyMaxInt || (m-n)*(h+1) > punyMaxInt-delta {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		prev := -1
		e := g
		for ; e < len(ops) && int(ops[e]>>32) == m; e++ {
			p := int(uint32(ops[e]))
			delta += tree.prefix(p) - tree.prefix(prev+1)
			if delta > punyMaxInt {
				return dst, false
			}
			dst = appendPunyDelta(dst, delta, bias)
			bias = punyAdapt(delta, h+1, h == basic)
			delta = 0
			h++
			prev = p
		}
		delta += tree.prefix(L) - tree.prefix(prev+1)
		if delta > punyMaxInt {
			return dst, false
		}
		for ; g < e; g++ {
			tree.add(int(uint32(ops[g])), 1)
		}
		delta++
		n++
	}
	return dst, true
}

// punyBasic is the start of Punycode's encoding (RFC 3492 §6.3): it appends
// the basic code points of the label src to dst, followed by the delimiter
// when there are any, and writes each other code point to ops as code point
// << 32 | position, in position order; ops has room for len(src)/2 of them
// (a non-basic code point takes two bytes or more). It returns dst, those
// occurrences, the positions of the basic code points among the first 64
// (for punyEncodeShort), their number, and the number of code points of the
// label.
func punyBasic(dst, src []byte, ops []uint64) ([]byte, []uint64, uint64, int, int) {
	ops = ops[:cap(ops)]
	k, pos, basic := 0, 0, 0
	var ascii uint64
	for i := 0; i < len(src); pos++ {
		r, size := labelRune(src, i)
		if size == 0 {
			r, size = nfc.DecodeRune(src[i:])
		}
		i += size
		if r < 0x80 {
			dst = append(dst, byte(r))
			basic++
			ascii |= 1 << pos // 0 from the 64th on
		} else {
			ops[k] = uint64(r)<<32 | uint64(pos)
			k++
		}
	}
	if basic > 0 {
		dst = append(dst, '-')
	}
	return dst, ops[:k], ascii, basic, pos
}

// labelRune decodes the code point at src[i] of a label (valid UTF-8) for
// Punycode's encoders when it is ASCII or a two-byte sequence (the scripts
// below U+0800), and returns size 0 for a longer one, which the caller
// decodes with nfc.DecodeRune (small enough to be inlined).
func labelRune(src []byte, i int) (r rune, size int) {
	c := src[i]
	if c < utf8.RuneSelf {
		return rune(c), 1
	}
	if c-0xC2 < 0xE0-0xC2 && i+1 < len(src) && src[i+1]&0xC0 == 0x80 {
		return rune(c&0x1F)<<6 | rune(src[i+1]&0x3F), 2
	}
	return 0, 0
}

// punyShort is the longest label (in code points) that punyEncode encodes
// with punyEncodeShort: the positions of its code points fit the bits of a
// uint64.
const punyShort = 64

// punyEncodeShort is the rest of punyEncode for a short label, given by
// ops, its non-basic code points as code point << 32 | position in label
// order, and ascii, the positions of its basic ones (basic of them, already
// written to dst). RFC 3492 §6.3
// scans the whole label for each next code point n, counting the code
// points below n before each occurrence of n (quadratic); here the
// occurrences are sorted by code point and position (insertion sort: a
// label has a few), the positions holding a code point below n are the
// bits of a uint64, and each count is the population count of those
// between two occurrences. The deltas, and the overflow checks at the same
// points as §6.3's loop (delta only grows between them), are the RFC's;
// TestPunyEncodeShort checks them against its scan.
func punyEncodeShort(dst []byte, ops []uint64, ascii uint64, basic int) ([]byte, bool) {
	for i := 1; i < len(ops); i++ {
		for j := i; j > 0 && ops[j] < ops[j-1]; j-- {
			ops[j], ops[j-1] = ops[j-1], ops[j]
		}
	}
	below := ascii // the positions holding a code point below n
	n, delta, bias, h := punyInitialN, 0, punyInitialBias, basic
	for g := 0; g < len(ops); {
		m := int(ops[g] >> 32)
		if (m-n)*(h+1) > punyMaxInt-delta {
			return dst, false
		}
		delta += (m - n) * (h + 1)
		n = m
		from := 0 // the positions before from are counted
		var these uint64
		for ; g < len(ops) && int(ops[g]>>32) == m; g++ {
			p := int(uint32(ops[g]))
			delta += bits.OnesCount64(below & (1<<p - 1) &^ (1<<from - 1))
			if delta > punyMaxInt {
				return dst, false
			}
			dst = appendPunyDelta(dst, delta, bias)
			bias = punyAdapt(delta, h+1, h == basic)
			delta = 0
			h++
			from = p + 1
			these |= 1 << p
		}
		delta += bits.OnesCount64(below &^ (1<<from - 1))
		if delta > punyMaxInt {
			return dst, false
		}
		below |= these
		delta++
		n++
	}
	return dst, true
}

// appendPunyDelta appends delta as RFC 3492 writes it, a generalized
// variable-length integer with the thresholds that bias gives (§6.3, the
// inner loop of the encoding procedure).
func appendPunyDelta(dst []byte, delta, bias int) []byte {
	q := uint32(delta) // at most punyMaxInt: 32-bit divisions (see punyAdapt)
	for k := punyBase; ; k += punyBase {
		t := uint32(punyThreshold(k, bias))
		if q < t {
			break
		}
		d := punyBase - t
		dst = append(dst, punyEncodeDigit(int(t+(q-t)%d)))
		q = (q - t) / d
	}
	return append(dst, punyEncodeDigit(int(q)))
}
