package model

import (
	"encoding/binary"
	"iter"
	"math/bits"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Component is one component of an URL: its type and its value. For the
// authority component the value is in Authority; for all other types in Value
// (path-root has Value "/").
type Component struct {
	Type      ComponentType
	Value     string
	Authority Authority
}

// Components returns the component sequence of u in spec order (spec §URL).
func (u *URL) Components() iter.Seq[Component] {
	return func(yield func(Component) bool) {
		for t := SchemeType; t <= FragmentType; t++ {
			switch {
			case t == DirType:
				for i := 0; i < u.NumDirs(); i++ {
					if !yield(Component{Type: DirType, Value: u.Dir(i)}) {
						return
					}
				}
			case !u.Has(t):
			case t == AuthorityType:
				if !yield(Component{Type: AuthorityType, Authority: u.auth}) {
					return
				}
			default:
				if !yield(Component{Type: t, Value: u.Value(t)}) {
					return
				}
			}
		}
	}
}

// FromComponents builds an URL from a component sequence. It fails with
// ConstraintViolation when the sequence is out of order, repeats a type other
// than dir, or breaks a constraint checked by Validate.
func FromComponents(seq iter.Seq[Component]) (URL, error) {
	var u URL
	var dirs []string
	last := -1
	for c := range seq {
		if int(c.Type) > int(FragmentType) {
			return URL{}, NewError(ConstraintViolation, "", -1, "unknown component type "+strconv.Itoa(int(c.Type)))
		}
		if int(c.Type) < last || (int(c.Type) == last && c.Type != DirType) {
			return URL{}, NewError(ConstraintViolation, "", -1, "component "+c.Type.String()+" out of order or repeated")
		}
		last = int(c.Type)
		switch c.Type {
		case DirType:
			dirs = append(dirs, c.Value)
		case AuthorityType:
			u.SetAuthority(c.Authority)
		case PathRootType:
			if c.Value != "/" && c.Value != "" {
				return URL{}, NewError(ConstraintViolation, c.Value, -1, "path-root value must be /")
			}
			u.Set(PathRootType, "/")
		default:
			u.Set(c.Type, c.Value)
		}
	}
	u.SetDirs(dirs)
	if err := Validate(&u); err != nil {
		return URL{}, err
	}
	return u, nil
}

// String returns the structural rendering of u, e.g.
// (scheme http)・(authority (host a))・(path-root /)・(dir b)・(file c).
// The empty URL renders as ε, an empty value as ε, and a value that could be
// misread (spaces, parentheses, controls, the separator) as a Go-quoted string.
func (u URL) String() string {
	var b strings.Builder
	n := 0
	for c := range u.Components() { // the size, so that a long path is written once
		n += len(c.Value) + len("(authority )・")
	}
	b.Grow(n)
	first := true
	for c := range u.Components() {
		if !first {
			b.WriteString("・")
		}
		first = false
		b.WriteByte('(')
		b.WriteString(c.Type.String())
		b.WriteByte(' ')
		if c.Type == AuthorityType {
			b.WriteString(c.Authority.String())
		} else {
			writeValue(&b, c.Value)
		}
		b.WriteByte(')')
	}
	if first {
		return "ε"
	}
	return b.String()
}

// String returns the structural rendering of the authority, e.g.
// (username u)・(host a)・(port 80), or ε for the empty authority.
func (a Authority) String() string {
	if a.has == 0 {
		return "ε"
	}
	var b strings.Builder
	sep := func() {
		if b.Len() > 0 {
			b.WriteString("・")
		}
	}
	if a.HasUsername() {
		sep()
		b.WriteString("(username ")
		writeValue(&b, a.username)
		b.WriteByte(')')
	}
	if a.HasPassword() {
		sep()
		b.WriteString("(password ")
		writeValue(&b, a.password)
		b.WriteByte(')')
	}
	if a.HasHost() {
		sep()
		b.WriteString("(host ")
		writeValue(&b, a.host.String())
		b.WriteByte(')')
	}
	if a.HasPort() {
		sep()
		b.WriteString("(port ")
		if p, ok := a.Port(); ok {
			b.WriteString(strconv.Itoa(int(p)))
		} else {
			b.WriteString("ε")
		}
		b.WriteByte(')')
	}
	return b.String()
}

// String returns the host as text: a domain or opaque host as is, an IPv4
// address in dotted decimal, an IPv6 address in brackets (WHATWG serializers).
func (h Host) String() string {
	switch h.Kind {
	case IPv4:
		return string(AppendIPv4(nil, h.IPv4))
	case IPv6:
		b := append([]byte(nil), '[')
		b = AppendIPv6(b, h.IPv6)
		return string(append(b, ']'))
	}
	return h.Name
}

func writeValue(b *strings.Builder, v string) {
	if v == "" {
		b.WriteString("ε")
		return
	}
	if needsQuote(v) {
		b.WriteString(strconv.Quote(v))
		return
	}
	b.WriteString(v)
}

func needsQuote(v string) bool {
	if v == "ε" || !utf8.ValidString(v) || strings.Contains(v, "・") {
		return true
	}
	for i := 0; i < len(v); i++ {
		c := v[i]
		if c <= ' ' || c == '(' || c == ')' || c == '"' || c == 0x7f {
			return true
		}
	}
	return false
}

// AppendIPv4 appends the WHATWG IPv4 serialization of addr (dotted decimal).
func AppendIPv4(dst []byte, addr uint32) []byte {
	// Each byte in decimal without leading zeros and a '.' after it (from
	// a table), stored four bytes at once into a stack buffer (with room
	// for the bytes past the last '.') and appended at once.
	var b [20]byte
	n := 0
	for i := 3; i >= 0; i-- {
		d := decimalDot[byte(addr>>(8*uint(i)))]
		binary.LittleEndian.PutUint32(b[n:], uint32(d))
		n += int(d >> 32)
	}
	return append(dst, b[:n-1]...)
}

// decimalDot holds each byte value in decimal followed by '.': the bytes of
// that string in its low 32 bits (the first byte lowest), its length above.
var decimalDot = func() (t [256]uint64) {
	for v := range t {
		s := strconv.Itoa(v) + "."
		for k := len(s) - 1; k >= 0; k-- {
			t[v] = t[v]<<8 | uint64(s[k])
		}
		t[v] |= uint64(len(s)) << 32
	}
	return
}()

// AppendIPv6 appends the WHATWG IPv6 serialization of addr without brackets:
// lowercase hex pieces, the first longest run of two or more zero pieces
// compressed to "::".
func AppendIPv6(dst []byte, addr [8]uint16) []byte {
	// The longest run of zero pieces, from a mask with a bit per zero
	// piece: after k steps of m &= m>>1, bit i of m is set when the k+1
	// pieces from i on are zero; the last m that is not 0 holds the
	// starts of the longest runs, the lowest the first of them.
	var z uint
	for i := 0; i < 8; i++ {
		if addr[i] == 0 {
			z |= 1 << i
		}
	}
	start, length := -1, 0
	for m := z; m != 0; m &= m >> 1 {
		length++
		start = bits.TrailingZeros(m)
	}
	if length < 2 {
		start = -1
	}
	const hexd = "0123456789abcdef"
	for i := 0; i < 8; i++ {
		if i == start {
			if i == 0 {
				dst = append(dst, ':')
			}
			dst = append(dst, ':')
			i += length - 1
			continue
		}
		p := addr[i]
		switch {
		case p >= 0x1000:
			dst = append(dst, hexd[p>>12], hexd[p>>8&15], hexd[p>>4&15], hexd[p&15])
		case p >= 0x100:
			dst = append(dst, hexd[p>>8], hexd[p>>4&15], hexd[p&15])
		case p >= 0x10:
			dst = append(dst, hexd[p>>4], hexd[p&15])
		default:
			dst = append(dst, hexd[p])
		}
		if i < 7 {
			dst = append(dst, ':')
		}
	}
	return dst
}
