package gen

import (
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// shape restricts the scheme of a generated URL.
type shape uint8

const (
	anyShape shape = iota // with or without a scheme
	absolute              // always with a scheme
	relative              // never with a scheme (a relative reference)
)

// URL returns a random URL that parsing an URL-string in mode could give
// (spec §URL Model, §Parser modes). It satisfies model.Validate by
// construction and is mode-consistent: its scheme, when it has one, selects
// mode; in web and file mode its host is a domain (a domain-to-ASCII fixed
// point that does not end in a number), an IPv4 or an IPv6 address; in
// generic mode an opaque host or an IPv6 address; only file mode has
// drives.
//
// Every component type appears, with the edge values of the spec: empty
// dirs, dot segments (., .., %2e and mixed spellings), drive letters and
// drive-like segments, the empty authority (authority ε), empty and default
// ports, credentials, IPv4/IPv6/domain/opaque hosts, empty queries and
// fragments, non-ASCII, controls and pct-invalid sequences.
func URL(src Source, mode grammar.Mode) model.URL { return build(src, mode, anyShape) }

// AbsoluteURL is URL with a scheme.
func AbsoluteURL(src Source, mode grammar.Mode) model.URL { return build(src, mode, absolute) }

// RelativeURL is URL without a scheme: a relative reference in mode.
func RelativeURL(src Source, mode grammar.Mode) model.URL { return build(src, mode, relative) }

// WebURL is URL(src, grammar.Web).
func WebURL(src Source) model.URL { return URL(src, grammar.Web) }

// FileURL is URL(src, grammar.File).
func FileURL(src Source) model.URL { return URL(src, grammar.File) }

// GenericURL is URL(src, grammar.Generic).
func GenericURL(src Source) model.URL { return URL(src, grammar.Generic) }

// Mode returns one of the three parser modes (web first).
func Mode(src Source) grammar.Mode {
	return pick(src, []grammar.Mode{grammar.Web, grammar.File, grammar.Generic})
}

// AnyURL returns URL(src, m) for a mode m chosen from src.
func AnyURL(src Source) model.URL { return URL(src, Mode(src)) }

// Scheme returns a scheme that selects mode (in varied case).
func Scheme(src Source, mode grammar.Mode) string {
	switch mode {
	case grammar.Web:
		return pick(src, webSchemes)
	case grammar.File:
		return pick(src, fileSchemes)
	}
	return pick(src, genericSchemes)
}

func build(src Source, mode grammar.Mode, sh shape) model.URL {
	var u model.URL
	if sh == absolute || sh == anyShape && flag(src, 2) {
		u.Set(model.SchemeType, Scheme(src, mode))
	}
	if flag(src, 2) {
		u.SetAuthority(Authority(src, mode))
	}
	if mode == grammar.File && flag(src, 3) {
		u.Set(model.DriveType, pick(src, drives))
	}
	root := flag(src, 2)
	var dirs []string
	for len(dirs) < 8 && src.Choose(3) != 0 {
		dirs = append(dirs, value(src, dirValues, alphabet))
	}
	u.SetDirs(dirs)
	if flag(src, 2) {
		f := value(src, fileValues, alphabet)
		if f == "" {
			f = "f"
		}
		u.Set(model.FileType, f)
	}
	if flag(src, 2) {
		u.Set(model.QueryType, value(src, queryValues, alphabet))
	}
	if flag(src, 2) {
		u.Set(model.FragmentType, value(src, fragmentValues, alphabet))
	}
	// The path-root-constraint (spec §URL): an authority or a drive with a
	// dir or a file needs a path-root.
	if root || (u.Has(model.AuthorityType) || u.Has(model.DriveType)) && (u.Has(model.DirType) || u.Has(model.FileType)) {
		u.Set(model.PathRootType, "/")
	}
	return u
}

// Authority returns a random Authority for mode (spec §Authority): the
// empty authority, or a host with optional credentials (password only with
// a username) and an optional port (possibly ε).
func Authority(src Source, mode grammar.Mode) model.Authority {
	var a model.Authority
	if flag(src, 4) {
		return a // (authority ε)
	}
	a.SetHost(Host(src, mode))
	if flag(src, 3) {
		a.SetUsername(value(src, userValues, alphabet))
		if flag(src, 2) {
			a.SetPassword(value(src, passValues, alphabet))
		}
	}
	switch src.Choose(4) {
	case 2:
		a.SetEmptyPort()
	case 3:
		if flag(src, 3) {
			a.SetPort(uint16(src.Choose(1 << 16)))
		} else {
			a.SetPort(pick(src, ports))
		}
	}
	return a
}

// Host returns a random Host for mode (spec §Host): in web and file mode a
// domain, an IPv4 or an IPv6 address; in generic mode an opaque host or an
// IPv6 address.
func Host(src Source, mode grammar.Mode) model.Host {
	if mode == grammar.Generic {
		if flag(src, 4) {
			return IPv6(src)
		}
		return OpaqueHost(src)
	}
	switch src.Choose(4) {
	case 1:
		return IPv4(src)
	case 2:
		return IPv6(src)
	case 3:
		return model.Host{Kind: model.Domain, Name: randomDomain(src)}
	}
	return model.Host{Kind: model.Domain, Name: pick(src, domains)}
}

// Domain returns a domain host name: a domain-to-ASCII fixed point (lower
// case ASCII that host.DomainToASCII returns unchanged) that does not end
// in a number.
func Domain(src Source) string {
	if flag(src, 3) {
		return randomDomain(src)
	}
	return pick(src, domains)
}

func randomDomain(src Source) string {
	var b []byte
	for labels := 0; labels < 4; labels++ {
		if labels > 0 {
			if src.Choose(2) == 0 {
				break
			}
			b = append(b, '.')
		}
		b = append(b, pick(src, labelAlphabet[:4])...) // a letter first
		for n := 0; n < 8 && src.Choose(3) != 0; n++ {
			b = append(b, pick(src, labelAlphabet)...)
		}
	}
	d := string(b)
	if a, err := host.DomainToASCII(d, false); err != nil || a != d || host.EndsInANumber(d) {
		return "h"
	}
	return d
}

// IPv4 returns an IPv4 host: an edge address or a random one.
func IPv4(src Source) model.Host {
	var v uint32
	if flag(src, 2) {
		v = uint32(src.Choose(1<<16))<<16 | uint32(src.Choose(1<<16))
	} else {
		v = pick(src, ipv4s)
	}
	return model.Host{Kind: model.IPv4, IPv4: v}
}

// IPv6 returns an IPv6 host: pieces of 0, 1, ffff or random values, so
// that runs of zeros of every length (and "::") occur.
func IPv6(src Source) model.Host {
	var a [8]uint16
	switch src.Choose(4) {
	case 0:
		a[7] = 1 // ::1
	case 1:
		a = [8]uint16{0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304} // ::ffff:1.2.3.4
	default:
		for i := range a {
			switch src.Choose(4) {
			case 1:
				a[i] = 1
			case 2:
				a[i] = 0xffff
			case 3:
				a[i] = uint16(src.Choose(1 << 16))
			}
		}
	}
	return model.Host{Kind: model.IPv6, IPv6: a}
}

// OpaqueHost returns an opaque host: a non-empty string without forbidden
// host code points (it may hold non-ASCII, controls and pct-invalid
// sequences, which printing encodes or keeps).
func OpaqueHost(src Source) model.Host {
	h := value(src, opaqueHosts, opaqueAlphabet)
	if h == "" {
		h = "h"
	}
	return model.Host{Kind: model.Opaque, Name: h}
}
