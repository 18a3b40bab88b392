package urlspec

import (
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Level is a level of URL equivalence (spec §Equivalences and
// Normalisation; RFC 3986 §6.2). Each level compares a canonical form, so
// each is an equivalence relation (reflexive, symmetric, transitive).
type Level uint8

// The equivalence levels.
const (
	// LevelIdentical: the same components with the same values.
	LevelIdentical Level = iota
	// LevelNormal: equal after normalisation (all rewrite equations).
	LevelNormal
	// LevelEncoded: equal normal forms once percent-encoded as printing
	// encodes them (EncodedForm): http://a/ü and http://a/%C3%BC, which
	// print alike, are LevelEncoded- but not LevelNormal-equivalent.
	// Implied by LevelNormal; implies LevelDecoded.
	LevelEncoded
	// LevelDecoded: equal after decoding percent-encoded unreserved characters
	// (ALPHA, DIGIT, '-', '.', '_', '~'; RFC 3986 §6.2.2.2), upper-casing
	// the hex digits of the remaining percent-encoded bytes (§6.2.2.1), and
	// normalising, all after encoding as LevelEncoded does.
	LevelDecoded
	// LevelWHATWG: equal hrefs after WHATWG resolution against no base and
	// normalisation, as browsers compare URLs. URLs that WHATWG resolution
	// rejects are LevelWHATWG-equivalent when they are LevelNormal-equivalent. LevelNormal
	// does not imply LevelWHATWG: force runs before normalisation, so http:/./
	// resolves (with host ".") where the normal-equivalent http:/ does not.
	LevelWHATWG
)

var levelNames = [...]string{"identical", "normal", "encoded", "decoded", "whatwg"}

// String returns the level's name: identical, normal, encoded, decoded or
// whatwg.
func (l Level) String() string {
	if int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "invalid-level"
}

// Equivalent reports whether a and b are equivalent at level.
func Equivalent(a, b Ref, level Level) bool {
	switch level {
	case LevelIdentical:
		return a.m.Equal(&b.m)
	case LevelNormal:
		na, nb := normalize.Normalize(a.m), normalize.Normalize(b.m)
		return na.Equal(&nb)
	case LevelEncoded:
		ea, eb := EncodedForm(a), EncodedForm(b)
		return ea.m.Equal(&eb.m)
	case LevelDecoded:
		da, db := DecodedForm(a), DecodedForm(b)
		return da.m.Equal(&db.m)
	case LevelWHATWG:
		ha, oka := whatwgForm(a)
		hb, okb := whatwgForm(b)
		if oka != okb {
			return false
		}
		if oka {
			return ha == hb
		}
		return Equivalent(a, b, LevelNormal)
	}
	return false
}

func whatwgForm(u Ref) (string, bool) {
	var empty model.URL
	r, _, err := resolve.WHATWGResolve(&u.m, &empty)
	if err != nil {
		return "", false
	}
	r = normalize.Normalize(r)
	return print.ASCII(&r), true
}

// EncodedForm returns the canonical form of the LevelEncoded level: u
// normalised, then normalised for printing and percent-encoded with its
// profile (print.Encoded), the reference that its string represents.
func EncodedForm(u Ref) Ref {
	n := normalize.Normalize(u.m)
	return refOf(print.Encoded(&n))
}

// DecodedForm returns the canonical form of the LevelDecoded level: u's
// EncodedForm with percent-encoded unreserved characters decoded and other
// percent-encoded bytes in upper case, normalised again.
func DecodedForm(u Ref) Ref {
	// Normalise first: decoding must not make new dot segments out of
	// percent signs (%%32e decodes to %2e), or the levels would not nest;
	// encode first, so that LevelEncoded implies LevelDecoded.
	m := EncodedForm(u).m.Clone()
	if m.Has(model.AuthorityType) {
		a := m.Authority()
		if a.HasUsername() {
			a.SetUsername(decodeUnreserved(a.Username()))
		}
		if a.HasPassword() {
			a.SetPassword(decodeUnreserved(a.Password()))
		}
		if h := a.Host(); a.HasHost() && h.Kind == model.Opaque {
			h.Name = decodeUnreserved(h.Name)
			a.SetHost(h)
		}
		m.SetAuthority(a)
	}
	dirs := m.Dirs()
	for i, d := range dirs {
		dirs[i] = decodeUnreserved(d)
	}
	m.SetDirs(dirs)
	for _, t := range []model.ComponentType{model.FileType, model.QueryType, model.FragmentType} {
		if m.Has(t) {
			m.Set(t, decodeUnreserved(m.Value(t)))
		}
	}
	return refOf(normalize.Normalize(m))
}

// decodeUnreserved decodes %XX when XX encodes an unreserved character and
// upper-cases the hex digits of every other pct-encoded-byte.
func decodeUnreserved(s string) string {
	i := 0
	for i < len(s) && s[i] != '%' {
		i++
	}
	if i == len(s) {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	for ; i < len(s); i++ {
		c := s[i]
		if v, ok := encodeprofile.PctEncodedByte(s, i); ok {
			if isUnreserved(v) {
				b = append(b, v)
			} else {
				b = append(b, '%', upper(s[i+1]), upper(s[i+2]))
			}
			i += 2
			continue
		}
		b = append(b, c)
	}
	return string(b)
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'f' {
		return c - 0x20
	}
	return c
}

func isUnreserved(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
