package whatif

import (
	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/normalize"
)

// spec is a Variant compiled: the parameters of the specification that it
// changes, each with a flag saying whether the default code can run.
type spec struct {
	profiles      [4]*encodeprofile.Profile // generic, special, minimal, minimal-special
	encodeChanged bool

	disabled    map[normalize.Rule]bool
	schemeCase  bool // the scheme-case rule is on
	anyDisabled bool

	uts46         host.UTS46
	transitional  bool
	uts46Changed  bool // a flag other than transitional differs from the standard's
	noHex         bool
	noOctal       bool
	noShort       bool
	ipv4Changed   bool
	forbHost      runeSet
	forbDomain    runeSet
	hostChanged   bool
	schemes       map[string]int // lower-case name → default port of a web-scheme, or fileClass
	schemeChanged bool

	strip, remove runeSet
	preChanged    bool

	opaqueSpace bool
}

const fileClass = -1

// runeSet is a set of code points: a table for ASCII and, in order, the
// changes made to the rest (none of the standard's sets holds any).
type runeSet struct {
	ascii [128]bool
	other []rangeOp
}

type rangeOp struct {
	r   rng
	add bool
}

func (s *runeSet) has(r rune) bool {
	if 0 <= r && r < 128 {
		return s.ascii[r]
	}
	in := false
	for _, op := range s.other {
		if op.r.lo <= r && r <= op.r.hi {
			in = op.add
		}
	}
	return in
}

func (s *runeSet) apply(rs []rng, add bool) {
	for _, r := range rs {
		for c := r.lo; c <= r.hi && c < 128; c++ {
			s.ascii[c] = add
		}
		if r.hi >= 128 {
			lo := max(r.lo, 128)
			s.other = append(s.other, rangeOp{rng{lo, r.hi}, add})
		}
	}
}

func setOf(chars string) runeSet {
	var s runeSet
	for i := 0; i < len(chars); i++ {
		s.ascii[chars[i]] = true
	}
	return s
}

// The standard's sets (WHATWG URL Standard §3.2 Host miscellaneous; §4.4
// URL parsing, preprocessing).
var (
	forbiddenHostChars = "\x00\t\n\r #/:<>?@[\\]^|"
	c0Controls         = func() string {
		b := make([]byte, 0x20)
		for i := range b {
			b[i] = byte(i)
		}
		return string(b)
	}()
	defaultSchemes = map[string]int{"http": 80, "https": 443, "ws": 80, "wss": 443, "ftp": 21, "file": fileClass}
)

func defaultProfiles() [4]*encodeprofile.Profile {
	return [4]*encodeprofile.Profile{encodeprofile.Generic(), encodeprofile.Special(), encodeprofile.Minimal(), encodeprofile.MinimalSpecial()}
}

// compile turns the changes into parameters.
func (v Variant) compile() *spec {
	p := &spec{
		profiles:    defaultProfiles(),
		disabled:    map[normalize.Rule]bool{},
		schemeCase:  true,
		uts46:       host.UTS46{CheckBidi: true, CheckJoiners: true},
		forbHost:    setOf(forbiddenHostChars),
		forbDomain:  setOf(forbiddenHostChars + c0Controls + "%\x7f"),
		schemes:     map[string]int{},
		strip:       setOf(c0Controls + " "),
		remove:      setOf("\t\n\r"),
		opaqueSpace: true,
	}
	for k, port := range defaultSchemes {
		p.schemes[k] = port
	}
	// Percent-encode sets: the printable characters of each profile's
	// part, changed in order.
	type key struct{ prof, part int }
	chars := map[key]*runeSet{}
	for _, c := range v.changes {
		switch c.keyword {
		case "encode":
			p.encodeChanged = true
			prof, part := splitTarget(c.target)
			for pi, name := range profiles {
				if prof != "" && prof != name {
					continue
				}
				for _, pt := range partsOf(part) {
					k := key{pi, int(pt)}
					if chars[k] == nil {
						s := setOf(p.profiles[pi].Set(pt).Chars())
						chars[k] = &s
					}
					for _, it := range c.items {
						chars[k].apply(it.runes, it.add)
					}
				}
			}
		case "rule":
			for _, it := range c.items {
				r, _ := ruleByName(it.name)
				p.disabled[r] = true
				p.anyDisabled = true
				if r == normalize.SchemeCase {
					p.schemeCase = false
				}
			}
		case "uts46":
			for _, it := range c.items {
				switch it.name {
				case "transitional":
					p.transitional = it.add
				case "hyphens":
					p.uts46.CheckHyphens = it.add
				case "bidi":
					p.uts46.CheckBidi = it.add
				case "joiners":
					p.uts46.CheckJoiners = it.add
				case "std3":
					p.uts46.UseSTD3ASCIIRules = it.add
				case "dnslength":
					p.uts46.VerifyDNSLength = it.add
				}
			}
			p.hostChanged = true
		case "ipv4":
			for _, it := range c.items {
				switch it.name {
				case "hex":
					p.noHex = !it.add
				case "octal":
					p.noOctal = !it.add
				case "short":
					p.noShort = !it.add
				}
			}
			p.ipv4Changed, p.hostChanged = true, true
		case "forbidden":
			s := &p.forbHost
			if c.target == "domain" {
				s = &p.forbDomain
			}
			for _, it := range c.items {
				s.apply(it.runes, it.add)
			}
			p.hostChanged = true
		case "scheme":
			for _, it := range c.items {
				if it.add {
					p.schemes[it.name] = it.port
				} else {
					delete(p.schemes, it.name)
				}
			}
			p.schemeChanged = true
		case "preprocess":
			s := &p.strip
			if c.target == "remove" {
				s = &p.remove
			}
			for _, it := range c.items {
				s.apply(it.runes, it.add)
			}
			p.preChanged = true
		case "print":
			for _, it := range c.items {
				p.opaqueSpace = it.add
			}
		}
	}
	p.uts46Changed = p.uts46 != (host.UTS46{CheckBidi: true, CheckJoiners: true})
	for k, s := range chars {
		var b []byte
		for c := 0x20; c < 0x7f; c++ {
			if s.ascii[c] {
				b = append(b, byte(c))
			}
		}
		pt := encodeprofile.Part(k.part)
		old := p.profiles[k.prof].Set(pt)
		p.profiles[k.prof] = p.profiles[k.prof].WithSet(pt, encodeprofile.NewSet(old.Name()+"*", string(b)))
	}
	return p
}

func splitTarget(t string) (prof, part string) {
	for i := 0; i < len(t); i++ {
		if t[i] == '.' {
			return t[:i], t[i+1:]
		}
	}
	return "", t
}

func partsOf(part string) []encodeprofile.Part {
	switch part {
	case "username":
		return []encodeprofile.Part{encodeprofile.Username}
	case "password":
		return []encodeprofile.Part{encodeprofile.Password}
	case "userinfo":
		return []encodeprofile.Part{encodeprofile.Username, encodeprofile.Password}
	case "host":
		return []encodeprofile.Part{encodeprofile.Host}
	case "dir":
		return []encodeprofile.Part{encodeprofile.Dir}
	case "file":
		return []encodeprofile.Part{encodeprofile.File}
	case "path":
		return []encodeprofile.Part{encodeprofile.Dir, encodeprofile.File}
	case "query":
		return []encodeprofile.Part{encodeprofile.Query}
	}
	return []encodeprofile.Part{encodeprofile.Fragment}
}
