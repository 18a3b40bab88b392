package gen

import (
	"strings"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
)

// Variant returns u changed by one to three edits that mostly preserve one
// of the levels of equivalence (spec §Equivalences and Normalisation; RFC
// 3986 §6.2) and sometimes break all of them, so that tests of the
// equivalence relations meet many equivalent pairs:
//
//   - flip the case of the scheme; switch a drive between C: and C|;
//   - insert a (dir .), or a (dir x)・(dir ..) pair, among the dirs;
//   - add an empty port, an empty password or username, the default port
//     of a web-scheme, or the host localhost to an empty file authority;
//   - percent-encode an unreserved character, or flip the case of the hex
//     digits of a percent-encoded byte, in a path, query or fragment;
//   - (not preserving) drop the fragment or the last dir, or change the
//     file.
//
// The result satisfies model.Validate when u does.
func Variant(src Source, u model.URL) model.URL {
	u = u.Clone()
	for n := 1 + src.Choose(3); n > 0; n-- {
		switch src.Choose(12) {
		case 0:
			if u.Has(model.SchemeType) {
				u.Set(model.SchemeType, flipCase(src, u.Scheme()))
			}
		case 1:
			if d := u.Drive(); u.Has(model.DriveType) {
				if d[1] == ':' {
					u.Set(model.DriveType, d[:1]+"|")
				} else {
					u.Set(model.DriveType, d[:1]+":")
				}
			}
		case 2:
			insertDirs(src, &u, ".")
		case 3:
			insertDirs(src, &u, pick(src, []string{"x", "é", "%41", "%%32e"}), pick(src, []string{"..", "%2e%2E", ".%2e"}))
		case 4:
			if u.Has(model.AuthorityType) {
				a := u.Authority()
				if a.HasHost() {
					switch src.Choose(3) {
					case 0:
						if !a.HasPort() {
							a.SetEmptyPort()
						}
					case 1:
						if !a.HasUsername() {
							a.SetUsername("")
						}
					case 2:
						if a.HasUsername() && !a.HasPassword() {
							a.SetPassword("")
						}
					}
					u.SetAuthority(a)
				}
			}
		case 5:
			if p := model.DefaultPort(u.Scheme()); p != 0 && u.Has(model.AuthorityType) {
				if a := u.Authority(); a.HasHost() && !a.HasPort() {
					a.SetPort(p)
					u.SetAuthority(a)
				}
			}
		case 6:
			if a := u.Authority(); u.IsFileURL() && u.Has(model.AuthorityType) && a.IsEmpty() {
				a.SetHost(model.Host{Kind: model.Domain, Name: "localhost"})
				u.SetAuthority(a)
			}
		case 7:
			editValue(src, &u, encodeUnreserved)
		case 8:
			editValue(src, &u, flipHexCase)
		case 9:
			u.Remove(model.FragmentType)
		case 10:
			if d := u.Dirs(); len(d) > 0 {
				u.SetDirs(append([]string(nil), d[:len(d)-1]...))
			}
		case 11:
			u.Set(model.FileType, value(src, fileValues[:6], alphabet[:4]))
			if u.File() == "" {
				u.Remove(model.FileType)
			}
		}
	}
	if (u.Has(model.AuthorityType) || u.Has(model.DriveType)) && (u.Has(model.DirType) || u.Has(model.FileType)) {
		u.Set(model.PathRootType, "/")
	}
	return u
}

func flipCase(src Source, s string) string {
	b := []byte(s)
	for i, c := range b {
		if c|0x20 >= 'a' && c|0x20 <= 'z' && flag(src, 2) {
			b[i] = c ^ 0x20
		}
	}
	return string(b)
}

// insertDirs inserts segs among u's dirs (counted from the end, so that a
// shrunk URL with fewer dirs keeps the insertion near the same dirs).
func insertDirs(src Source, u *model.URL, segs ...string) {
	d := u.Dirs()
	i := len(d) - src.Choose(len(d)+1)
	nd := make([]string, 0, len(d)+len(segs))
	nd = append(append(append(nd, d[:i]...), segs...), d[i:]...)
	u.SetDirs(nd)
}

// editValue applies f to one of u's dir (counted from the end), file,
// query or fragment values.
func editValue(src Source, u *model.URL, f func(Source, string) string) {
	switch src.Choose(4) {
	case 0:
		if d := u.Dirs(); len(d) > 0 {
			k := len(d) - 1 - src.Choose(len(d))
			nd := append([]string(nil), d...)
			nd[k] = f(src, nd[k])
			u.SetDirs(nd)
		}
	case 1:
		if u.Has(model.FileType) {
			u.Set(model.FileType, f(src, u.File()))
		}
	case 2:
		if u.Has(model.QueryType) {
			u.Set(model.QueryType, f(src, u.Query()))
		}
	default:
		if u.Has(model.FragmentType) {
			u.Set(model.FragmentType, f(src, u.Fragment()))
		}
	}
}

func isUnreserved(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

// encodeUnreserved percent-encodes one unreserved character of s.
func encodeUnreserved(src Source, s string) string {
	var at []int
	for i := 0; i < len(s); i++ {
		if isUnreserved(s[i]) {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return s
	}
	i := pick(src, at)
	const hex = "0123456789ABCDEF"
	return s[:i] + "%" + string(hex[s[i]>>4]) + string(hex[s[i]&15]) + s[i+1:]
}

// flipHexCase flips the case of the hex letters of one pct-encoded byte.
func flipHexCase(src Source, s string) string {
	var at []int
	for i := 0; i+2 < len(s); i++ {
		if _, ok := encodeprofile.PctEncodedByte(s, i); ok {
			at = append(at, i)
		}
	}
	if len(at) == 0 {
		return s
	}
	i := pick(src, at)
	return s[:i+1] + swapHexCase(s[i+1:i+3]) + s[i+3:]
}

func swapHexCase(h string) string {
	var b strings.Builder
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c|0x20 >= 'a' && c|0x20 <= 'f' {
			c ^= 0x20
		}
		b.WriteByte(c)
	}
	return b.String()
}
