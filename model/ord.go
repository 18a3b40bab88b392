package model

import "math/bits"

// Ord implements "The Order of an URL" (spec §Order and Prefix operations):
// the type of the first component of u, or FragmentType for the empty URL.
func Ord(u *URL) ComponentType {
	h := u.has
	if len(u.dirSpans) > 0 {
		h |= bit(DirType)
	}
	if h == 0 {
		return FragmentType
	}
	// The component types are the bits' positions, in order.
	return ComponentType(bits.TrailingZeros8(h))
}

// Upto implements the "Order-Limited Prefix" (url upto order) (spec §Order and
// Prefix operations): the shortest prefix of u that contains all components of
// a type strictly smaller than order and all dir components when dir is weakly
// smaller than order. The result shares u's dir slice.
func Upto(u *URL, order ComponentType) URL {
	r := *u
	r.has &= bit(order) - 1
	if order < DirType {
		r.dirText, r.dirSpans = "", nil
	}
	if order <= FileType {
		r.file = ""
	}
	if order <= QueryType {
		r.query = ""
	}
	if order <= FragmentType {
		r.fragment = ""
	}
	if order <= DriveType {
		r.drive = ""
	}
	if order <= AuthorityType {
		r.auth = Authority{}
	}
	if order <= SchemeType {
		r.scheme = ""
	}
	return r
}

// IsWebScheme reports whether s is a web-scheme (spec §Types and Shapes): http,
// https, ws, wss or ftp, compared case-insensitively.
func IsWebScheme(s string) bool {
	return DefaultPort(s) != 0
}

// IsFileScheme reports whether s is a file-scheme, "file" in any case.
func IsFileScheme(s string) bool {
	return len(s) == 4 && le32(s)|0x20202020 == 'f'|'i'<<8|'l'<<16|'e'<<24
}

// DefaultPort returns the default port of a web-scheme (spec §Scheme-Based
// Authority Normalisation; compared case-insensitively), or 0 for other schemes.
func DefaultPort(s string) uint16 {
	switch len(s) {
	case 4:
		if le32(s)|0x20202020 == 'h'|'t'<<8|'t'<<16|'p'<<24 {
			return 80
		}
	case 5:
		if le32(s)|0x20202020 == 'h'|'t'<<8|'t'<<16|'p'<<24 && s[4]|0x20 == 's' {
			return 443
		}
	case 2:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' {
			return 80
		}
	case 3:
		if s[0]|0x20 == 'w' && s[1]|0x20 == 's' && s[2]|0x20 == 's' {
			return 443
		}
		if s[0]|0x20 == 'f' && s[1]|0x20 == 't' && s[2]|0x20 == 'p' {
			return 21
		}
	}
	return 0
}

// le32 returns the first four bytes of s (len(s) >= 4) as a little-endian
// number: one load.
func le32(s string) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// IsWebURL reports whether u has a web-scheme (spec §Web-URL).
//
// It tests the scheme bit directly rather than through Has, so that the
// method inlines into its callers (resolution and encoding ask it of every
// URL) and costs only the call of DefaultPort.
func (u *URL) IsWebURL() bool { return u.has&bit(SchemeType) != 0 && DefaultPort(u.scheme) != 0 }

// IsFileURL reports whether u has a file-scheme (spec §File-URL).
func (u *URL) IsFileURL() bool { return u.has&bit(SchemeType) != 0 && IsFileScheme(u.scheme) }

// HasOpaquePath reports whether u has a scheme but no authority, drive or
// path-root: its dirs and file then form what the WHATWG standard calls an
// opaque path.
func (u *URL) HasOpaquePath() bool {
	return u.has&(bit(SchemeType)|bit(AuthorityType)|bit(DriveType)|bit(PathRootType)) == bit(SchemeType)
}

// SameScheme reports whether the schemes a and b are equal ignoring ASCII
// case (spec §Legacy Resolution: "case-insensitively compare equal").
func SameScheme(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 0x20
	}
	return c
}

// LowerScheme returns s in lowercase; for the web- and file-schemes it
// returns a constant string without allocating.
func LowerScheme(s string) string {
	switch {
	case IsFileScheme(s):
		return "file"
	case DefaultPort(s) == 0:
	case len(s) == 2:
		return "ws"
	case len(s) == 4:
		return "http"
	case len(s) == 5:
		return "https"
	case s[0]|0x20 == 'w':
		return "wss"
	default:
		return "ftp"
	}
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 0x20
		}
	}
	return string(b)
}
