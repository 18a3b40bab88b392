package whatwg

import "unicode/utf8"

// The percent-encode sets of §1.3 Percent-encoded bytes, as predicates on a
// code point.

func inC0ControlSet(c rune) bool { return c < 0x20 || c > 0x7E }

func inFragmentSet(c rune) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '<' || c == '>' || c == '`'
}

func inQuerySet(c rune) bool {
	return inC0ControlSet(c) || c == ' ' || c == '"' || c == '#' || c == '<' || c == '>'
}

func inSpecialQuerySet(c rune) bool { return inQuerySet(c) || c == '\'' }

func inPathSet(c rune) bool {
	return inQuerySet(c) || c == '?' || c == '^' || c == '`' || c == '{' || c == '}'
}

func inUserinfoSet(c rune) bool {
	return inPathSet(c) || c == '/' || c == ':' || c == ';' || c == '=' || c == '@' ||
		('[' <= c && c <= ']') || c == '|'
}

const upperHex = "0123456789ABCDEF"

// appendPercentEncoded appends c, UTF-8 percent-encoded using the set
// (§1.3 "UTF-8 percent-encode").
func appendPercentEncoded(dst []byte, c rune, inSet func(rune) bool) []byte {
	if !inSet(c) {
		return utf8.AppendRune(dst, c)
	}
	var tmp [utf8.UTFMax]byte
	n := utf8.EncodeRune(tmp[:], c)
	for _, b := range tmp[:n] {
		dst = append(dst, '%', upperHex[b>>4], upperHex[b&15])
	}
	return dst
}

// isURLCodePoint reports whether c is a URL code point (§4.3 URL writing).
func isURLCodePoint(c rune) bool {
	switch {
	case isASCIIAlphanumeric(c):
		return true
	case c < 0x80:
		switch c {
		case '!', '$', '&', '\'', '(', ')', '*', '+', ',', '-', '.', '/', ':', ';', '=', '?', '@', '_', '~':
			return true
		}
		return false
	case c < 0xA0 || c > 0x10FFFD:
		return false
	case 0xD800 <= c && c <= 0xDFFF:
		return false
	}
	return !isNoncharacter(c)
}

// isNoncharacter reports whether c is a noncharacter (Infra): U+FDD0 to
// U+FDEF and the last two code points of each plane.
func isNoncharacter(c rune) bool {
	return 0xFDD0 <= c && c <= 0xFDEF || c&0xFFFE == 0xFFFE
}

func isASCIIAlpha(c rune) bool        { return 'a' <= c|0x20 && c|0x20 <= 'z' }
func isASCIIDigit(c rune) bool        { return '0' <= c && c <= '9' }
func isASCIIAlphanumeric(c rune) bool { return isASCIIAlpha(c) || isASCIIDigit(c) }
func isASCIIHexDigit(c rune) bool {
	return isASCIIDigit(c) || 'a' <= c|0x20 && c|0x20 <= 'f'
}

func hexValue(c rune) int {
	if c <= '9' {
		return int(c - '0')
	}
	return int(c|0x20-'a') + 10
}

func toLowerASCII(c rune) rune {
	if 'A' <= c && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// isForbiddenHostCodePoint reports whether c is a forbidden host code point
// (§3.2 Host miscellaneous).
func isForbiddenHostCodePoint(c rune) bool {
	switch c {
	case 0, '\t', '\n', '\r', ' ', '#', '/', ':', '<', '>', '?', '@', '[', '\\', ']', '^', '|':
		return true
	}
	return false
}

// percentDecode is the string percent-decode of §1.3: the bytes of s with
// each percent-encoded byte decoded.
func percentDecode(s string) []byte {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isASCIIHexDigit(rune(s[i+1])) && isASCIIHexDigit(rune(s[i+2])) {
			out = append(out, byte(hexValue(rune(s[i+1]))<<4|hexValue(rune(s[i+2]))))
			i += 2
			continue
		}
		out = append(out, s[i])
	}
	return out
}

// containsPercentEncodedByte reports whether s contains '%' followed by two
// ASCII hex digits.
func containsPercentEncodedByte(s string) bool {
	for i := 0; i+2 < len(s); i++ {
		if s[i] == '%' && isASCIIHexDigit(rune(s[i+1])) && isASCIIHexDigit(rune(s[i+2])) {
			return true
		}
	}
	return false
}
