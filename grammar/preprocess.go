// Package grammar implements spec §Parsing: preprocessing, parser modes and
// **parser-mode-for**, the lenient URL grammar that turns an URL-string into a
// model.URL; hosts are read by package host (spec §Host Parsing).
//
// Parsing never fails except where a component cannot be read at all: a host
// with a forbidden code point, a failing IPv4/IPv6/domain, a bad port, or
// credentials or a port without a host. Everything else, including invalid
// percent sequences, is kept as it is. Input that is not valid UTF-8 is
// accepted; each invalid byte reads as U+FFFD where code points matter (host
// processing, percent-encoding when printing).
package grammar

import (
	"math/bits"
	"unsafe"

	"github.com/urlspec/urlspec/internal/swar"
)

// Preprocess implements §Preprocessing: it removes all leading and trailing
// c0-space characters (u+0–u+20) and then every tab, line feed and carriage
// return. Before that, each byte of input that is not part of valid UTF-8 is
// replaced by U+FFFD, as a browser reads a lone surrogate, so that removing a
// tab or newline cannot join invalid bytes into a valid code point. It
// returns a substring of input, without allocating, when input is valid
// UTF-8 with no tab or newline inside, and otherwise a new string made in
// one pass with one allocation (two when more than a few bytes are invalid
// UTF-8, each of which takes three). removed reports whether anything was
// removed (the WHATWG standard's invalid-URL-unit validation warnings).
func Preprocess(input string) (out string, removed bool) {
	return PreprocessInto(nil, input)
}

// PreprocessInto is Preprocess writing the new string, when one is needed,
// into buf when it has room for it: the result then shares buf's memory and
// is valid only while buf is not changed, so the caller must not keep it
// (a one-pass shortcut that copies what it needs into its output can use a
// stack buffer and allocate nothing). When buf is too small it allocates
// as Preprocess does. The result equals Preprocess's.
func PreprocessInto(buf []byte, input string) (out string, removed bool) {
	s, k, trimmed, ok := preprocessScan(input)
	if ok {
		return s, trimmed
	}
	out, tabs := preprocessSlow(s, k, buf)
	return out, trimmed || tabs
}

// PreprocessSubstring returns Preprocess(input) and ok when that is a
// substring of input (preprocessing only removes leading and trailing
// c0-spaces), without allocating; otherwise ok is false and out and
// removed are meaningless. It lets a caller keep a scratch buffer for
// PreprocessInto to the inputs that need one.
func PreprocessSubstring(input string) (out string, removed, ok bool) {
	s, _, trimmed, ok := preprocessScan(input)
	return s, trimmed, ok
}

// PreprocessCopy returns Preprocess(input) as a new string, written into
// buf when it has room for it (the result then shares buf's memory, as
// with PreprocessInto), also when Preprocess would return a substring of
// input. It is for a caller that PreprocessSubstring told that a copy is
// needed: it does not scan input for that again.
func PreprocessCopy(buf []byte, input string) string {
	out, _ := preprocessSlow(trimC0(input), 0, buf)
	return out
}

// preprocessScan trims input's c0-spaces to s and reports, in ok, whether
// s is the preprocessed form: valid UTF-8 without tab or newline. When it
// is not, s[k] is the first tab, newline or byte of invalid UTF-8 (see
// preprocessSlow).
func preprocessScan(input string) (s string, k int, trimmed, ok bool) {
	s = input
	// The common input starts and ends with a byte above ' ': one test
	// each, without the loops of the trimming.
	if s == "" || s[0] <= ' ' || s[len(s)-1] <= ' ' {
		s = trimC0(s)
		trimmed = len(s) != len(input)
	}
	for k < len(s) {
		// skipPlain, written out: a byte below 0x0E (which tab, LF and
		// CR are) or from 0x80 on sets the high bit of its byte in m;
		// a borrow in the subtraction only comes from such a byte, so
		// the lowest bit set is exact.
		if k+8 <= len(s) {
			w := swar.Load64(s, k)
			m := (w | (w - 0x0E0E0E0E0E0E0E0E)) & 0x8080808080808080
			if m == 0 {
				// A run of plain bytes: sixteen at a time.
				for k += 8; k+16 <= len(s); k += 16 {
					w, v := swar.Load64(s, k), swar.Load64(s, k+8)
					if (w|(w-0x0E0E0E0E0E0E0E0E)|v|(v-0x0E0E0E0E0E0E0E0E))&0x8080808080808080 != 0 {
						break
					}
				}
				continue
			}
			k += bits.TrailingZeros64(m) >> 3
		} else if len(s) >= 8 {
			// The last eight bytes of s, of which those before k have
			// been seen: their bits are shifted out; a bit above them
			// may be set by a borrow from them (and the byte is then
			// looked at below, as a plain one).
			w := swar.Load64(s, len(s)-8)
			m := (w | (w - 0x0E0E0E0E0E0E0E0E)) & 0x8080808080808080 >> (uint(8*(k+8-len(s))) & 63)
			if m == 0 {
				return s, len(s), trimmed, true
			}
			k += bits.TrailingZeros64(m) >> 3
		} else {
			for k < len(s) && preprocessClass[s[k]] == 0 {
				k++
			}
		}
		// One walk checks the UTF-8 of the runs of non-ASCII bytes
		// between the plain ones (runeLen, written out) and looks for
		// tabs and newlines.
		for k < len(s) {
			c := s[k]
			if c < 0x80 {
				break
			}
			x := utf8Lead[c]
			lo, n := byte(x>>8), byte(x>>16)
			switch x & 7 {
			case 2:
				if uint(k+1) >= uint(len(s)) || s[k+1]-lo > n {
					return s, k, trimmed, false
				}
				k += 2
			case 3:
				if uint(k+2) >= uint(len(s)) || s[k+1]-lo > n || s[k+2]&0xC0 != 0x80 {
					return s, k, trimmed, false
				}
				k += 3
			case 4:
				if uint(k+3) >= uint(len(s)) || s[k+1]-lo > n || s[k+2]&0xC0 != 0x80 || s[k+3]&0xC0 != 0x80 {
					return s, k, trimmed, false
				}
				k += 4
			default:
				return s, k, trimmed, false
			}
		}
		if k < len(s) {
			// An ASCII byte: plain, or below 0x0E.
			if preprocessClass[s[k]] == ppTabOrNewline {
				return s, k, trimmed, false
			}
			k++
		}
	}
	return s, k, trimmed, true
}

// trimC0 returns s without its leading and trailing c0-spaces.
func trimC0(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// skipPlain returns the index of the first tab, newline or non-ASCII byte
// of s from i on, len(s) if there is none.
func skipPlain(s string, i int) int {
	// Eight bytes at a time while none is below 0x0E (which tab, LF and
	// CR are) or from 0x80 on (a borrow in the subtraction only comes
	// from a byte below 0x0E), then byte by byte.
	for i+8 <= len(s) {
		if w := swar.Load64(s, i); (w|(w-0x0E0E0E0E0E0E0E0E))&0x8080808080808080 != 0 {
			break
		}
		i += 8
	}
	for i < len(s) && preprocessClass[s[i]] == 0 {
		i++
	}
	return i
}

// runeLen returns the length of the UTF-8 sequence of a code point other
// than ASCII that starts at s[i] (i < len(s)), 0 when s[i] is ASCII or
// does not start one: a byte that reads as U+FFFD.
func runeLen(s string, i int) int {
	x := utf8Lead[s[i]]
	n := int(x & 7)
	if n == 0 || i+n > len(s) {
		return 0
	}
	if s[i+1]-byte(x>>8) > byte(x>>16) || n > 2 && s[i+2]&0xC0 != 0x80 || n > 3 && s[i+3]&0xC0 != 0x80 {
		return 0
	}
	return n
}

// utf8Lead[c] is, for a byte c that starts the UTF-8 of a code point other
// than ASCII, the length of the sequence, plus the range of its second byte,
// lo to lo+n, as lo<<8 | n<<16; 0 for any other byte.
var utf8Lead = func() (t [256]uint32) {
	const cont = 0x80<<8 | 0x3F<<16 // 80 to BF
	for c := 0xC2; c < 0xE0; c++ {
		t[c] = 2 | cont
	}
	for c := 0xE0; c < 0xF0; c++ {
		t[c] = 3 | cont
	}
	t[0xE0] = 3 | 0xA0<<8 | 0x1F<<16 // A0 to BF: not overlong
	t[0xED] = 3 | 0x80<<8 | 0x1F<<16 // 80 to 9F: not a surrogate
	for c := 0xF0; c < 0xF5; c++ {
		t[c] = 4 | cont
	}
	t[0xF0] = 4 | 0x90<<8 | 0x2F<<16 // 90 to BF: not overlong
	t[0xF4] = 4 | 0x80<<8 | 0x0F<<16 // 80 to 8F: not above U+10FFFF
	return
}()

// Classes of bytes for Preprocess.
const (
	ppTabOrNewline = 1 + iota // '\t', '\n', '\r': removed
	ppNonASCII                // may start invalid UTF-8
)

var preprocessClass = func() (t [256]uint8) {
	t['\t'], t['\n'], t['\r'] = ppTabOrNewline, ppTabOrNewline, ppTabOrNewline
	for c := 0x80; c < 0x100; c++ {
		t[c] = ppNonASCII
	}
	return
}()

// RemoveTabNewline returns s without its ASCII tabs and newlines (tab, LF,
// CR), as the WHATWG basic URL parser removes them from its input, also
// when a setter gives it a state override; s itself when it has none.
func RemoveTabNewline(s string) string {
	if !HasTabOrNewline(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if preprocessClass[s[i]] != ppTabOrNewline {
			b = append(b, s[i])
		}
	}
	return string(b)
}

// HasTabOrNewline reports whether s has an ASCII tab or newline (tab, LF,
// CR): what RemoveTabNewline removes.
func HasTabOrNewline(s string) bool {
	i := 0
	// Eight bytes at a time while none is below 0x0E (which tab, LF and
	// CR are): (w - 0x0E…) & ^w has a high bit set only when one is.
	for ; i+8 <= len(s); i += 8 {
		if w := swar.Load64(s, i); (w-0x0E0E0E0E0E0E0E0E)&^w&0x8080808080808080 != 0 {
			break
		}
	}
	for ; i < len(s); i++ {
		if preprocessClass[s[i]] == ppTabOrNewline {
			return true
		}
	}
	return false
}

// preprocessSlow builds the preprocessed form of s, which has been trimmed
// and whose first k bytes are valid UTF-8 without tab or newline, in one
// pass: tabs and newlines removed, invalid UTF-8 bytes replaced by U+FFFD.
// It reports whether it removed a tab or newline. It writes into buf when
// buf has room for s, otherwise into a new buffer with room for s and a few
// U+FFFDs; when U+FFFDs need more room than that, it counts the result's
// length and goes on in a buffer of that size.
func preprocessSlow(s string, k int, buf []byte) (string, bool) {
	b := buf[:0]
	if cap(b) < len(s) {
		// Room for s and a few U+FFFDs; preprocessGrow counts when that
		// is too little.
		b = make([]byte, 0, len(s)+16)
	}
	tabs, sized := false, false // sized: b has room for the result
	start := 0                  // s[start:i] is copied as it is
	for i := k; i < len(s); {
		i = skipPlain(s, i)
		for i < len(s) && s[i] >= 0x80 {
			if n := runeLen(s, i); n > 0 {
				i += n
				continue
			}
			if !sized && len(b)+(len(s)-start)+len("\uFFFD")-1 > cap(b) {
				// The rest of s may not fit.
				b, sized = preprocessGrow(b, s, start, i), true
			}
			b = append(b, s[start:i]...)
			b = append(b, "\uFFFD"...)
			i++
			start = i
		}
		if i < len(s) && preprocessClass[s[i]] == ppTabOrNewline {
			b = append(b, s[start:i]...)
			tabs = true
			i++
			start = i
		}
	}
	b = append(b, s[start:]...)
	return unsafe.String(unsafe.SliceData(b), len(b)), tabs
}

// preprocessGrow returns b, which holds the preprocessed form of s[:start],
// with room for that of s[start:] (counted; s[i] is invalid UTF-8): b itself
// when it has the room, else a copy of b in a new buffer sized for the result.
func preprocessGrow(b []byte, s string, start, i int) []byte {
	n := len(b) + i - start
	for i < len(s) {
		switch c := s[i]; {
		case c < 0x80:
			if preprocessClass[c] != ppTabOrNewline {
				n++
			}
			i++
		default:
			if m := runeLen(s, i); m > 0 {
				n += m
				i += m
			} else {
				n += len("\uFFFD")
				i++
			}
		}
	}
	if n <= cap(b) {
		return b
	}
	return append(make([]byte, 0, n), b...)
}
