package encodeprofile

import "unicode/utf8"

// This file holds the percent-encode sets that only the API uses (URL
// Standard §Percent-encoded bytes: component, application/x-www-form-urlencoded)
// and the UTF-8 application/x-www-form-urlencoded byte serializer. The
// encoding override (legacy encodings) is in package charset.

// The API's percent-encode sets (URL Standard §Percent-encoded bytes).
var (
	componentSet = newSet("component", " \"#$%&+,/:;<=>?@[\\]^`{|}")
	formSet      = newSet("application/x-www-form-urlencoded", formChars())
)

// formChars returns the printable ASCII characters of the
// application/x-www-form-urlencoded percent-encode set: all but the ASCII
// alphanumerics, *, -, . and _.
func formChars() string {
	var b []byte
	for c := byte(0x20); c < 0x7f; c++ {
		switch {
		case c >= '0' && c <= '9', c|0x20 >= 'a' && c|0x20 <= 'z', c == '*', c == '-', c == '.', c == '_':
		default:
			b = append(b, c)
		}
	}
	return string(b)
}

// ComponentSet returns the WHATWG component percent-encode set (URL
// Standard §Percent-encoded bytes; spec §Percent Encoding): the
// userinfo percent-encode set and $, %, &, + and ,. Encoding with it gives
// the result of JavaScript's encodeURIComponent.
func ComponentSet() *Set { return componentSet }

// FormSet returns the WHATWG application/x-www-form-urlencoded
// percent-encode set (URL Standard §Percent-encoded bytes): every code point but the ASCII alphanumerics, *, -, .
// and _. Percent-encoding after encoding with it writes a space as '+'.
func FormSet() *Set { return formSet }

// AppendFormEncoded implements "percent-encode after encoding" with UTF-8,
// the application/x-www-form-urlencoded percent-encode set and spaceAsPlus
// (URL Standard §Percent-encoded bytes, §application/x-www-form-urlencoded
// serializing): s is appended to dst as UTF-8, a space as '+', every other
// byte in FormSet percent-encoded. A byte of s that is not valid UTF-8
// reads as U+FFFD.
func AppendFormEncoded(dst []byte, s string) []byte {
	var buf [utf8.UTFMax]byte
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		for _, c := range utf8.AppendRune(buf[:0], r) {
			switch {
			case c == ' ':
				dst = append(dst, '+')
			case formSet.Contains(c):
				dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			default:
				dst = append(dst, c)
			}
		}
	}
	return dst
}
