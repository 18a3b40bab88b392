// Package encodeprofile implements spec §Percent Coding and §Percent Coding
// Normalisation: character sets as 256-entry byte tables, the four
// percent-encode profiles (generic, special, minimal, minimal-special) with
// **percent-encode-profile-for**, and UTF-8 percent-encoding and -decoding.
//
// The profiles' tables are those of the URL Specification's percent-encode
// profile table (github.com/alwinb/url-specification, version 0.9.0, whose
// text lost them; the table is computed by its reference implementation,
// spec-url 1.1.1, github.com/alwinb/spec-url), brought up to the current
// WHATWG URL Standard (url.spec.whatwg.org): ^ is in the
// path sets (dir, file). Every code point outside printable ASCII is encoded
// when printing to an ASCII URL-string. The percent sign is never encoded, so
// encoding is idempotent and pct-invalid sequences are kept.
package encodeprofile

import (
	"encoding/binary"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/model"
)

// Set is a named percent-encode set: the printable-ASCII characters to
// encode, plus (always) every byte outside printable ASCII. Sets are
// immutable values.
type Set struct {
	name string
	// enc[c] is the length byte c takes in an ASCII URL-string: 3 for a
	// byte in the set (every byte >= 0x80 of valid UTF-8 is encoded on
	// its own), 1 for any other.
	enc [256]uint8
	// out[c] is what byte c takes in an ASCII URL-string, little-endian:
	// c itself, or "%XY" for a byte in the set (see appendEncodedRoom).
	out [256]uint32
	// seg is the set with '/' kept, for a run of segments each followed
	// by '/' (AppendEncodedSegments): s itself when s keeps '/'.
	seg *Set
}

// Name returns the set's name, e.g. "special-dir".
func (s *Set) Name() string { return s.name }

// Contains reports whether byte c is percent-encoded by s in an ASCII
// URL-string. For bytes >= 0x80 (parts of non-ASCII code points) it is true.
func (s *Set) Contains(c byte) bool { return s.enc[c] != 1 }

// Chars returns the printable-ASCII characters of s, in ASCII order.
func (s *Set) Chars() string {
	var b []byte
	for c := 0x20; c < 0x7f; c++ {
		if s.Contains(byte(c)) {
			b = append(b, byte(c))
		}
	}
	return string(b)
}

func newSet(name, printable string) *Set {
	s := &Set{name: name}
	for c := 0; c < 256; c++ {
		s.enc[c] = 1
		if c < 0x20 || c >= 0x7f {
			s.enc[c] = 3
		}
	}
	for i := 0; i < len(printable); i++ {
		s.enc[printable[i]] = 3
	}
	for c := 0; c < 256; c++ {
		s.out[c] = uint32(c)
		if s.enc[c] == 3 {
			s.out[c] = '%' | uint32(upperhex[c>>4])<<8 | uint32(upperhex[c&15])<<16
		}
	}
	s.seg = s
	if s.enc['/'] != 1 {
		seg := *s
		seg.enc['/'], seg.out['/'], seg.seg = 1, '/', &seg
		s.seg = &seg
	}
	return s
}

// Part names the components a profile maps to a set (spec §Percent Encode
// Profile: username, password, host, dir, file, query, fragment).
type Part uint8

// The parts of a profile.
const (
	Username Part = iota
	Password
	Host
	Dir
	File
	Query
	Fragment
	numParts
)

var partNames = [...]string{"username", "password", "host", "dir", "file", "query", "fragment"}

// String returns the part's spec name.
func (p Part) String() string {
	if p < numParts {
		return partNames[p]
	}
	return "invalid-part"
}

// Profile is a percent-encode-profile (spec §Percent Encode Profile): a
// mapping from each Part to a Set.
type Profile struct {
	name string
	sets [numParts]*Set
}

// Name returns the profile's name: generic, special, minimal or minimal-special.
func (p *Profile) Name() string { return p.name }

// Set returns the set the profile uses for part.
func (p *Profile) Set(part Part) *Set {
	if part >= numParts {
		return userinfoSet
	}
	return p.sets[part]
}

// The sets, derived from the component-character table (chartable.go).
var (
	userinfoSet       = deriveSet("userinfo", UsernameColumn, false)
	hostSet           = deriveSet("host", OpaqueHostColumn, false)
	pathSet           = deriveSet("path", PathColumn, false)
	specialPathSet    = deriveSet("special-path", PathColumn, true)
	minimalPathSet    = deriveSet("minimal-path", OpaquePathColumn, false)
	minSpecialPathSet = deriveSet("minimal-special-path", OpaquePathColumn, true)
	querySet          = deriveSet("query", QueryColumn, false)
	specialQuerySet   = deriveSet("special-query", QueryColumn, true)
	fragmentSet       = deriveSet("fragment", FragmentColumn, false)
	c0ControlSet      = newSet("c0-control", "")
)

func profile(name string, path, query *Set) *Profile {
	return &Profile{name: name, sets: [numParts]*Set{userinfoSet, userinfoSet, hostSet, path, path, query, fragmentSet}}
}

var (
	generic        = profile("generic", pathSet, querySet)
	special        = profile("special", specialPathSet, specialQuerySet)
	minimal        = profile("minimal", minimalPathSet, querySet)
	minimalSpecial = profile("minimal-special", minSpecialPathSet, specialQuerySet)
)

// Generic returns the generic profile.
func Generic() *Profile { return generic }

// Special returns the special profile (generic, plus \ in dir and file and ' in query).
func Special() *Profile { return special }

// Minimal returns the minimal profile (only # / ? in dir and file).
func Minimal() *Profile { return minimal }

// MinimalSpecial returns the minimal-special profile.
func MinimalSpecial() *Profile { return minimalSpecial }

// C0Control returns the WHATWG C0 control percent-encode set (nothing
// printable), used for opaque hosts.
func C0Control() *Set { return c0ControlSet }

// ByName returns the profile with the given name.
func ByName(name string) (*Profile, bool) {
	for _, p := range []*Profile{generic, special, minimal, minimalSpecial} {
		if p.name == name {
			return p, true
		}
	}
	return nil, false
}

// For implements **percent-encode-profile-for** (spec §Encode Profile
// Selection): special for web- and file-URLs and for URLs without a scheme;
// generic if otherwise the URL has an authority or a path-root; minimal
// otherwise.
func For(u *model.URL) *Profile {
	switch {
	case !u.Has(model.SchemeType) || u.IsWebURL() || u.IsFileURL():
		return special
	case u.Has(model.AuthorityType) || u.Has(model.PathRootType):
		return generic
	}
	return minimal
}

const upperhex = "0123456789ABCDEF"

// replacement is U+FFFD percent-encoded, written for each byte of invalid UTF-8.
const replacement = "%EF%BF%BD"

// EncodedLen returns the length of s after percent-encoding with set.
// Invalid UTF-8 bytes count as U+FFFD.
func EncodedLen(s string, set *Set) int {
	n, hi := encodedLenBytes(s, set)
	if hi && !utf8.ValidString(s) {
		return encodedLenInvalid(s, set)
	}
	return n
}

// EncodedLenValid is EncodedLen for s known to be valid UTF-8 (it does not
// check): every byte counts on its own.
func EncodedLenValid(s string, set *Set) int {
	t := &set.enc
	n, i := 0, 0
	for ; i <= len(s)-16; i += 16 {
		w := s[i : i+16]
		n += int(t[w[0]]) + int(t[w[1]]) + int(t[w[2]]) + int(t[w[3]]) +
			int(t[w[4]]) + int(t[w[5]]) + int(t[w[6]]) + int(t[w[7]]) +
			int(t[w[8]]) + int(t[w[9]]) + int(t[w[10]]) + int(t[w[11]]) +
			int(t[w[12]]) + int(t[w[13]]) + int(t[w[14]]) + int(t[w[15]])
	}
	if i <= len(s)-8 {
		w := s[i : i+8]
		n += int(t[w[0]]) + int(t[w[1]]) + int(t[w[2]]) + int(t[w[3]]) +
			int(t[w[4]]) + int(t[w[5]]) + int(t[w[6]]) + int(t[w[7]])
		i += 8
	}
	for ; i < len(s); i++ {
		n += int(t[s[i]])
	}
	return n
}

// encodedLenBytes returns the sum of the encoded lengths of the bytes of s
// (EncodedLen for valid UTF-8) and whether s has a byte >= 0x80.
func encodedLenBytes(s string, set *Set) (int, bool) {
	t := &set.enc
	n := 0
	var or byte
	for len(s) >= 8 {
		_ = s[7]
		c0, c1, c2, c3 := s[0], s[1], s[2], s[3]
		c4, c5, c6, c7 := s[4], s[5], s[6], s[7]
		n += int(t[c0]) + int(t[c1]) + int(t[c2]) + int(t[c3]) +
			int(t[c4]) + int(t[c5]) + int(t[c6]) + int(t[c7])
		or |= c0 | c1 | c2 | c3 | c4 | c5 | c6 | c7
		s = s[8:]
	}
	for i := 0; i < len(s); i++ {
		n += int(t[s[i]])
		or |= s[i]
	}
	return n, or >= 0x80
}

// encodedLenInvalid is EncodedLen for s with invalid UTF-8.
func encodedLenInvalid(s string, set *Set) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !set.Contains(c) {
			continue
		}
		if c < 0x80 {
			n += 2
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			n += len(replacement) - 1
			continue
		}
		n += 2 * size
		i += size - 1
	}
	return n
}

// AppendEncoded appends s to dst, percent-encoding the bytes in set with
// UTF-8; an invalid UTF-8 byte is written as %EF%BF%BD (U+FFFD).
func AppendEncoded(dst []byte, s string, set *Set) []byte {
	// The bytes before the first >= 0x80 are ASCII: from there on, s is
	// checked for valid UTF-8 once.
	t := &set.enc
	i := 0
	for i+8 <= len(s) && t[s[i]]|t[s[i+1]]|t[s[i+2]]|t[s[i+3]]|t[s[i+4]]|t[s[i+5]]|t[s[i+6]]|t[s[i+7]] == 1 {
		i += 8
	}
	start := 0
	for ; i < len(s); i++ {
		c := s[i]
		if t[c] == 1 {
			continue
		}
		if c >= 0x80 {
			dst = append(dst, s[start:i]...)
			if !utf8.ValidString(s[i:]) {
				return appendEncodedInvalid(dst, s[i:], set)
			}
			return AppendEncodedValid(dst, s[i:], set)
		}
		if start < i {
			dst = append(dst, s[start:i]...)
		}
		dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// AppendEncodedValid is AppendEncoded for s known to be valid UTF-8 (it
// does not check): every byte is encoded on its own. The bytes before the
// first to encode are copied at once; from there, while dst has spare
// capacity (a caller that gave it room for three bytes a byte, or sized it
// with EncodedLenValid), it writes there without append's checks. Like
// append, it changes nothing in dst's capacity past what it appends.
func AppendEncodedValid(dst []byte, s string, set *Set) []byte {
	t := &set.enc
	// The bytes that need no encoding before the first that does: one
	// copy (all of s, for most values).
	// A value that needs encoding in its first eight bytes goes to the
	// loops below at once.
	i := 0
	if len(s) >= 8 {
		if w := s[:8]; t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]] == 1 {
			i = 8
			for len(s)-i >= 16 {
				w := s[i : i+16]
				if t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]]|
					t[w[8]]|t[w[9]]|t[w[10]]|t[w[11]]|t[w[12]]|t[w[13]]|t[w[14]]|t[w[15]] != 1 {
					break
				}
				i += 16
			}
			if len(s)-i >= 8 {
				if w := s[i : i+8]; t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]] == 1 {
					i += 8
				}
			}
			// Fewer than eight bytes left: the last eight bytes of s, which
			// overlap those checked, at once (no loop whose end a branch
			// predictor must guess).
			if w := s[len(s)-8:]; len(s)-i < 8 && t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]] == 1 {
				return append(dst, s...)
			}
		}
	}
	if len(s)-i < 8 {
		// The last bytes one by one; a byte to encode before them is left
		// to the loops below.
		for i < len(s) && t[s[i]] == 1 {
			i++
		}
		if i == len(s) {
			return append(dst, s...)
		}
	}
	if i > 0 {
		dst = append(dst, s[:i]...)
		s = s[i:]
	}
	i = 0
	if cap(dst)-len(dst) >= 4 {
		dst, i = appendEncodedRoom(dst, s, set)
		if i == len(s) {
			return dst
		}
		if len(s)-i <= 3 && cap(dst)-len(dst) >= 9 {
			// The last bytes, which appendEncodedRoom leaves, each
			// written as it is or as %XX, exactly, into the room.
			n := len(dst)
			out := dst[:cap(dst)]
			for ; i < len(s); i++ {
				if c := s[i]; t[c] == 1 {
					out[n] = c
					n++
				} else {
					o := out[n : n+3]
					o[0], o[1], o[2] = '%', upperhex[c>>4], upperhex[c&15]
					n += 3
				}
			}
			return out[:n]
		}
	}
	start := i
	for {
		// Skip the bytes that need no encoding, eight at a time first.
		for len(s)-i >= 8 {
			w := s[i : i+8]
			if t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]] != 1 {
				break
			}
			i += 8
		}
		for i < len(s) && t[s[i]] == 1 {
			i++
		}
		if i == len(s) {
			return append(dst, s[start:]...)
		}
		dst = append(dst, s[start:i]...)
		// Encode s[i] and the bytes after it that need encoding too.
		for i < len(s) && t[s[i]] != 1 {
			c := s[i]
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			i++
		}
		start = i
	}
}

// AppendEncodedSegments is AppendEncodedValid for s made of segments that
// each end with '/' (a run of dirs as a path prints them): the segments are
// percent-encoded with set and every '/' is kept. It is for a printer that
// writes a run of dirs in one call: the segments must have no '/' of their
// own (set may encode '/', which a dir must then show as %2F) and be valid
// UTF-8.
func AppendEncodedSegments(dst []byte, s string, set *Set) []byte {
	return AppendEncodedValid(dst, s, set.seg)
}

// appendEncodedRoom is AppendEncodedValid writing into dst's spare
// capacity eight bytes of s at a time while it has room for them encoded
// (24 bytes, and 11 more that a four-byte store may reach past), without
// append's checks: eight bytes that need no encoding as one store, others
// each as one four-byte store of set.out that the next overwrites; then the
// last bytes so while there is room for a four-byte store. It leaves the
// last three bytes of s to AppendEncodedValid's appends, which write at
// least three bytes over what the last four-byte store wrote past its
// byte's encoding, so nothing past the result is changed. It returns dst
// and how much of s it wrote; AppendEncodedValid writes the rest.
func appendEncodedRoom(dst []byte, s string, set *Set) ([]byte, int) {
	t, e := &set.enc, &set.out
	n := len(dst)
	out := dst[:cap(dst)]
	i := 0
	for i <= len(s)-11 && n <= len(out)-35 {
		w := s[i : i+8]
		o := (*[35]byte)(out[n : n+35])
		i += 8
		if t[w[0]]|t[w[1]]|t[w[2]]|t[w[3]]|t[w[4]]|t[w[5]]|t[w[6]]|t[w[7]] == 1 {
			copy(o[:8], w)
			n += 8
			continue
		}
		// p&31 is p (at most 21), and tells the compiler that o has
		// room for the store.
		p := 0
		binary.LittleEndian.PutUint32(o[:], e[w[0]])
		p += int(t[w[0]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[1]])
		p += int(t[w[1]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[2]])
		p += int(t[w[2]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[3]])
		p += int(t[w[3]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[4]])
		p += int(t[w[4]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[5]])
		p += int(t[w[5]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[6]])
		p += int(t[w[6]])
		binary.LittleEndian.PutUint32(o[p&31:], e[w[7]])
		n += p + int(t[w[7]])
	}
	// The bytes after them one at a time, while a four-byte store fits,
	// but for the last three.
	for ; i < len(s)-3 && n <= len(out)-4; i++ {
		c := s[i]
		binary.LittleEndian.PutUint32(out[n:n+4], e[c])
		n += int(t[c])
	}
	return out[:n], i
}

// appendEncodedInvalid is AppendEncoded for s with invalid UTF-8.
func appendEncodedInvalid(dst []byte, s string, set *Set) []byte {
	start := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !set.Contains(c) {
			continue
		}
		dst = append(dst, s[start:i]...)
		if c < 0x80 {
			dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			start = i + 1
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, replacement...)
			start = i + 1
			continue
		}
		for j := i; j < i+size; j++ {
			b := s[j]
			dst = append(dst, '%', upperhex[b>>4], upperhex[b&15])
		}
		i += size - 1
		start = i + 1
	}
	return append(dst, s[start:]...)
}

// Encode returns s percent-encoded with set; it returns s itself, without
// allocating, when nothing needs encoding.
func Encode(s string, set *Set) string {
	// Every byte in set counts at least 3: n == len(s) means none is.
	n := EncodedLen(s, set)
	if n == len(s) {
		return s
	}
	return string(AppendEncoded(make([]byte, 0, n), s, set))
}

func unhex(c byte) (byte, bool) {
	switch {
	case c >= '0' && c <= '9':
		return c - '0', true
	case c|0x20 >= 'a' && c|0x20 <= 'f':
		return c | 0x20 - 'a' + 10, true
	}
	return 0, false
}

// PctEncodedByte reports whether s[i:] starts with a pct-encoded-byte
// ('%' and two hex digits, spec §Percent Encoded Bytes) and returns the byte
// it encodes.
func PctEncodedByte(s string, i int) (byte, bool) {
	if i < 0 || i+2 >= len(s) || s[i] != '%' {
		return 0, false
	}
	h, ok1 := unhex(s[i+1])
	l, ok2 := unhex(s[i+2])
	return h<<4 | l, ok1 && ok2
}

// AppendDecoded appends the percent-decoding of s to dst (spec §Percent
// Decoding): pct-encoded-bytes become bytes; pct-invalid and uncoded parts
// are kept as they are.
func AppendDecoded(dst []byte, s string) []byte {
	start := 0
	// From one '%' to the next (IndexByte skips the bytes between them
	// many at a time), rather than a look at every byte.
	for i := 0; ; {
		j := strings.IndexByte(s[i:], '%')
		if j < 0 {
			break
		}
		i += j
		b, ok := PctEncodedByte(s, i)
		if !ok {
			i++
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, b)
		i += 3
		start = i
	}
	return append(dst, s[start:]...)
}

// Decode returns the percent-decoding of s as a string of bytes (which may
// not be valid UTF-8). It returns s itself when s has no '%'.
func Decode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	return string(AppendDecoded(make([]byte, 0, len(s)), s))
}

// keepUnicode reports whether the code point r (>= 0x80) is printed as is in
// a Unicode URL-string (spec §Printing): all but C1 controls, surrogates and
// non-characters.
func keepUnicode(r rune, size int) bool {
	return !(r == utf8.RuneError && size == 1) && r > 0x9f && !isNonChar(r)
}

// EncodedLenUnicode is EncodedLen for a Unicode URL-string: code points
// outside ASCII are kept, except C1 controls, surrogates and
// non-characters, which are encoded, and invalid UTF-8 (U+FFFD encoded).
func EncodedLenUnicode(s string, set *Set) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if set.Contains(c) {
				n += 3
			} else {
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case keepUnicode(r, size):
			n += size
		case r == utf8.RuneError && size == 1:
			n += len(replacement)
		default:
			n += 3 * size
		}
		i += size
	}
	return n
}

// AppendEncodedUnicode is AppendEncoded for a Unicode URL-string (see
// EncodedLenUnicode).
func AppendEncodedUnicode(dst []byte, s string, set *Set) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c < 0x80 {
			if set.Contains(c) {
				dst = append(dst, '%', upperhex[c>>4], upperhex[c&15])
			} else {
				dst = append(dst, c)
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case keepUnicode(r, size):
			dst = append(dst, s[i:i+size]...)
		case r == utf8.RuneError && size == 1:
			dst = append(dst, replacement...)
		default:
			for j := i; j < i+size; j++ {
				dst = append(dst, '%', upperhex[s[j]>>4], upperhex[s[j]&15])
			}
		}
		i += size
	}
	return dst
}
