package urlspec

import (
	"strings"
	"unicode/utf8"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
)

// param is a name-value tuple of the application/x-www-form-urlencoded
// format (WHATWG §application/x-www-form-urlencoded): the items of a
// SearchParams list.
type param struct {
	Name, Value string
}

// parseURLEncoded implements the application/x-www-form-urlencoded string
// parser (WHATWG §application/x-www-form-urlencoded parsing): input is split
// on '&' (empty parts are skipped), each part on its first '=' into a name
// and a value, '+' is read as a space, and name and value are
// percent-decoded and then UTF-8 decoded, a byte sequence that is not UTF-8
// becoming U+FFFD as the Encoding Standard's UTF-8 decoder makes it. It
// never fails. A byte of input that is not valid UTF-8 reads as U+FFFD.
func parseURLEncoded(input string) []param {
	if !utf8.ValidString(input) {
		input = replaceInvalid(input)
	}
	if input == "" {
		return nil
	}
	out := make([]param, 0, strings.Count(input, "&")+1)
	for len(input) > 0 {
		part := input
		if i := strings.IndexByte(input, '&'); i >= 0 {
			part, input = input[:i], input[i+1:]
		} else {
			input = ""
		}
		if part == "" {
			continue
		}
		name, value, _ := strings.Cut(part, "=")
		out = append(out, param{Name: formDecode(name), Value: formDecode(value)})
	}
	return out
}

// formDecode replaces '+' by a space, percent-decodes and UTF-8 decodes s.
func formDecode(s string) string {
	if !strings.ContainsAny(s, "+%") {
		return s
	}
	d := encodeprofile.Decode(strings.ReplaceAll(s, "+", " "))
	if utf8.ValidString(d) {
		return d
	}
	return decodeUTF8([]byte(d))
}

// decodeUTF8 implements "UTF-8 decode without BOM" (Encoding Standard): an
// invalid sequence is replaced by one U+FFFD for each maximal part of a
// valid sequence it starts, as the standard's UTF-8 decoder does (Go's
// utf8 package would write one for each byte).
func decodeUTF8(b []byte) string {
	if utf8.Valid(b) {
		return string(b)
	}
	out := make([]byte, 0, len(b)+8)
	var cp rune
	needed, seen := 0, 0
	lower, upper := byte(0x80), byte(0xBF)
	for i := 0; i < len(b); i++ {
		c := b[i]
		if needed == 0 {
			switch {
			case c < 0x80:
				out = append(out, c)
			case c >= 0xC2 && c <= 0xDF:
				needed, cp = 1, rune(c&0x1F)
			case c >= 0xE0 && c <= 0xEF:
				if c == 0xE0 {
					lower = 0xA0
				} else if c == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(c&0xF)
			case c >= 0xF0 && c <= 0xF4:
				if c == 0xF0 {
					lower = 0x90
				} else if c == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(c&0x7)
			default:
				out = utf8.AppendRune(out, utf8.RuneError)
			}
			continue
		}
		if c < lower || c > upper {
			cp, needed, seen = 0, 0, 0
			lower, upper = 0x80, 0xBF
			out = utf8.AppendRune(out, utf8.RuneError)
			i-- // the byte starts again
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(c&0x3F)
		seen++
		if seen == needed {
			out = utf8.AppendRune(out, cp)
			cp, needed, seen = 0, 0, 0
		}
	}
	if needed != 0 {
		out = utf8.AppendRune(out, utf8.RuneError)
	}
	return string(out)
}

// replaceInvalid replaces each byte of s that is not part of valid UTF-8
// by U+FFFD.
func replaceInvalid(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		b.WriteRune(r)
		i += size
	}
	return b.String()
}

// serializeURLEncoded implements the application/x-www-form-urlencoded
// serializer (WHATWG §application/x-www-form-urlencoded serializing) in
// UTF-8: each name and value is percent-encoded with the
// application/x-www-form-urlencoded set, a space written as '+'; the tuples
// are written name=value, joined by '&'. The result is ASCII. For a legacy
// encoding use charset.serializeURLEncoded.
func serializeURLEncoded(list []param) string {
	if len(list) == 0 {
		return ""
	}
	n := len(list)*2 - 1 // the '=' and '&'
	for _, p := range list {
		n += len(p.Name) + len(p.Value)
	}
	b := make([]byte, 0, n+n/8) // room for some encoding; append grows it for more
	for i, p := range list {
		if i > 0 {
			b = append(b, '&')
		}
		b = encodeprofile.AppendFormEncoded(b, p.Name)
		b = append(b, '=')
		b = encodeprofile.AppendFormEncoded(b, p.Value)
	}
	return unsafe.String(unsafe.SliceData(b), len(b))
}
