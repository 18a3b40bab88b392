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
	"unicode/utf8"
	"unsafe"
)

// Preprocess implements §Preprocessing: it removes all leading and trailing
// c0-space characters (u+0–u+20) and then every tab, line feed and carriage
// return. Before that, each byte of input that is not part of valid UTF-8 is
// replaced by U+FFFD, as a browser reads a lone surrogate, so that removing a
// tab or newline cannot join invalid bytes into a valid code point. It
// returns a substring of input, without allocating, when input is valid
// UTF-8 with no tab or newline inside, and otherwise a new string made in
// one pass with one allocation. removed reports whether anything was removed
// (the WHATWG standard's invalid-URL-unit validation warnings).
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
	s, k, trimmed, tabs, ok := preprocessScan(input)
	if ok {
		return s, trimmed
	}
	return preprocessSlow(s, k, buf), trimmed || tabs
}

// PreprocessSubstring returns Preprocess(input) and ok when that is a
// substring of input (preprocessing only removes leading and trailing
// c0-spaces), without allocating; otherwise ok is false and out and
// removed are meaningless. It lets a caller keep a scratch buffer for
// PreprocessInto to the inputs that need one.
func PreprocessSubstring(input string) (out string, removed, ok bool) {
	s, _, trimmed, _, ok := preprocessScan(input)
	return s, trimmed, ok
}

// PreprocessCopy returns Preprocess(input) as a new string, written into
// buf when it has room for it (the result then shares buf's memory, as
// with PreprocessInto), also when Preprocess would return a substring of
// input. It is for a caller that PreprocessSubstring told that a copy is
// needed: it does not scan input for that again.
func PreprocessCopy(buf []byte, input string) string {
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	return preprocessSlow(input[i:j], 0, buf)
}

// preprocessScan trims input's c0-spaces to s and reports, in ok, whether
// s is the preprocessed form; when it is not, s's first k bytes are ASCII
// other than tab and newline (see preprocessSlow), and s has a tab or
// newline (tabs) or is not valid UTF-8.
func preprocessScan(input string) (s string, k int, trimmed, tabs, ok bool) {
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	s = input[i:j]
	trimmed = len(s) != len(input)
	// One scan for the bytes that need work: tab, LF, CR and non-ASCII;
	// eight bytes at a time while none is below 0x0E (which tab, LF and CR
	// are) or from 0x80 on (a borrow in the subtraction only comes from a
	// byte below 0x0E), then byte by byte.
	for k+8 <= len(s) {
		if w := load64(s, k); (w|(w-0x0E0E0E0E0E0E0E0E))&0x8080808080808080 != 0 {
			break
		}
		k += 8
	}
	for k < len(s) && preprocessClass[s[k]] == 0 {
		k++
	}
	if k == len(s) {
		return s, k, trimmed, false, true
	}
	tabs = HasTabOrNewline(s[k:])
	return s, k, trimmed, tabs, !tabs && utf8.ValidString(s[k:])
}

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

// load64 returns the eight bytes of s from i on (i+8 <= len(s)) as a
// little-endian number: one bounds check, which the compiler makes one load.
func load64(s string, i int) uint64 {
	t := s[i : i+8]
	return uint64(t[0]) | uint64(t[1])<<8 | uint64(t[2])<<16 | uint64(t[3])<<24 |
		uint64(t[4])<<32 | uint64(t[5])<<40 | uint64(t[6])<<48 | uint64(t[7])<<56
}

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
		if w := load64(s, i); (w-0x0E0E0E0E0E0E0E0E)&^w&0x8080808080808080 != 0 {
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
// and whose first k bytes are ASCII other than tab and newline: tabs and
// newlines removed, invalid UTF-8 bytes replaced by U+FFFD. It writes into
// buf when buf has room for any result (three bytes per byte of s, the
// most U+FFFD can take) in one pass; otherwise into one new buffer sized
// for the result, counted first.
func preprocessSlow(s string, k int, buf []byte) string {
	b := buf[:0]
	if cap(b) < 3*len(s) {
		n := 0 // the result's length
		for i := k; i < len(s); {
			c := s[i]
			switch {
			case c < 0x80:
				if preprocessClass[c] != ppTabOrNewline {
					n++
				}
				i++
			default:
				r, size := utf8.DecodeRuneInString(s[i:])
				if r == utf8.RuneError && size == 1 {
					n += len("\uFFFD")
				} else {
					n += size
				}
				i += size
			}
		}
		if cap(b) < k+n {
			b = make([]byte, 0, k+n)
		}
	}
	b = append(b, s[:k]...)
	start := k // s[start:i] is copied as it is
	for i := k; i < len(s); {
		c := s[i]
		switch preprocessClass[c] {
		case 0:
			i++
		case ppTabOrNewline:
			b = append(b, s[start:i]...)
			i++
			start = i
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && size == 1 {
				b = append(b, s[start:i]...)
				b = append(b, "\uFFFD"...)
				start = i + 1
			}
			i += size
		}
	}
	b = append(b, s[start:]...)
	return unsafe.String(unsafe.SliceData(b), len(b))
}
