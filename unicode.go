package urlspec

import (
	"unicode/utf8"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// decodeNonASCII decodes, in every value of m that printing percent-encodes
// (userinfo, opaque host, path, query, fragment), the percent-encoded byte
// sequences that are valid UTF-8 for a code point above U+007F.
func decodeNonASCII(m *model.URL) {
	if m.Has(model.AuthorityType) {
		a := m.Authority()
		if a.HasUsername() {
			a.SetUsername(decodeUTF8Escapes(a.Username()))
		}
		if a.HasPassword() {
			a.SetPassword(decodeUTF8Escapes(a.Password()))
		}
		if h := a.Host(); a.HasHost() && h.Kind == model.Opaque {
			h.Name = decodeUTF8Escapes(h.Name)
			a.SetHost(h)
		}
		m.SetAuthority(a)
	}
	if m.NumDirs() > 0 {
		dirs := m.Dirs()
		for i, d := range dirs {
			dirs[i] = decodeUTF8Escapes(d)
		}
		m.SetDirs(dirs)
	}
	for _, t := range []model.ComponentType{model.FileType, model.QueryType, model.FragmentType} {
		if m.Has(t) {
			m.Set(t, decodeUTF8Escapes(m.Value(t)))
		}
	}
}

// decodeUTF8Escapes decodes the runs of percent-encoded bytes of s that are
// the UTF-8 encoding of code points above U+007F; everything else is kept
// as written.
func decodeUTF8Escapes(s string) string {
	var b []byte
	for i := 0; i < len(s); {
		n, r, size := escapedRune(s, i)
		if size == 0 {
			if b != nil {
				b = append(b, s[i])
			}
			i++
			continue
		}
		if b == nil {
			b = append(make([]byte, 0, len(s)), s[:i]...)
		}
		b = utf8.AppendRune(b, r)
		i += n
	}
	if b == nil {
		return s
	}
	return string(b)
}

// escapedRune reads a percent-encoded UTF-8 sequence for a non-ASCII code
// point at s[i:]: the number of bytes of s it spans, the code point and its
// UTF-8 length (0 when there is none).
func escapedRune(s string, i int) (n int, r rune, size int) {
	var buf [utf8.UTFMax]byte
	k := 0
	for k < len(buf) {
		c, ok := encodeprofile.PctEncodedByte(s, i+3*k)
		if !ok || c < 0x80 {
			break
		}
		buf[k] = c
		k++
		if r, size := utf8.DecodeRune(buf[:k]); r != utf8.RuneError {
			return 3 * k, r, size
		}
	}
	return 0, 0, 0
}
