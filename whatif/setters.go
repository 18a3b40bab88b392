package whatif

import (
	"errors"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/resolve"
)

// errRefused is a setter that returns without changing the URL, as the
// standard's setters do on such values.
var errRefused = errors.New("refused")

// applySetter applies the WHATWG setter attr (url.spec.whatwg.org §URL
// class) with value to the URL that href parses to under the variant, as
// the library's setters (setters.go of the root package) do it on the
// model, with the variant's host parser, scheme table, tab-and-newline set,
// normalisation and printing. A setter that refuses the value leaves the
// URL as it was. It fails when href does not parse under the variant.
func (p *spec) applySetter(attr, href, value string) (URL, error) {
	if attr == "href" {
		u, err := p.newURL(value, "")
		if err != nil {
			return p.newURL(href, "") // the standard throws; the URL stays
		}
		return u, nil
	}
	u, err := p.whatwg(href, nil)
	if err != nil {
		return URL{}, err
	}
	if n, err := p.set(u, attr, value); err == nil {
		u = n
	}
	return p.getters(&u), nil
}

// removeTabs removes the code points that preprocessing removes everywhere
// (the standard: ASCII tab or newline), as the basic URL parser does with a
// state override.
func (p *spec) removeTabs(s string) string {
	var b strings.Builder
	for _, r := range s {
		if !p.remove.has(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (p *spec) cannotHaveCredentials(m *model.URL) bool {
	return !m.Has(model.AuthorityType) || !m.AuthorityRef().HasHost() || p.class(m.Scheme()) == fileClass
}

// commit forces and normalises m, with stand-in schemes.
func (p *spec) commit(m model.URL) (model.URL, error) {
	a, _ := p.standIns(&m, nil)
	v := a.to(m)
	if _, err := resolve.Force(&v); err != nil {
		return m, err
	}
	v = p.normalizeAs(v, a)
	if err := model.Validate(&v); err != nil {
		return m, err
	}
	return p.back(v, a, rename{}), nil
}

func (p *spec) set(m model.URL, attr, v string) (model.URL, error) {
	switch attr {
	case "protocol":
		return p.setProtocol(m, v)
	case "username", "password":
		if p.cannotHaveCredentials(&m) {
			return m, errRefused
		}
		a := m.Authority()
		if attr == "username" {
			a.SetUsername(v)
		} else {
			if !a.HasUsername() {
				a.SetUsername("")
			}
			a.SetPassword(v)
		}
		m.SetAuthority(a)
	case "host", "hostname":
		return p.setHost(m, v, attr == "hostname")
	case "port":
		if p.cannotHaveCredentials(&m) {
			return m, errRefused
		}
		a := m.Authority()
		if v == "" {
			a.RemovePort()
		} else {
			s := p.removeTabs(v)
			n := 0
			for n < len(s) && s[n] >= '0' && s[n] <= '9' {
				n++
			}
			port, ok := parsePort(s[:n])
			if n == 0 || !ok {
				return m, errRefused
			}
			a.SetPort(port)
		}
		m.SetAuthority(a)
	case "pathname":
		return p.setPathname(m, v)
	case "search":
		if v == "" {
			m.Remove(model.QueryType)
		} else {
			m.Set(model.QueryType, p.removeTabs(strings.TrimPrefix(v, "?")))
		}
	case "hash":
		if v == "" {
			m.Remove(model.FragmentType)
		} else {
			m.Set(model.FragmentType, p.removeTabs(strings.TrimPrefix(v, "#")))
		}
	default:
		return m, errRefused
	}
	return p.commit(m)
}

func parsePort(s string) (uint16, bool) {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
		if n > 0xffff {
			return 0, false
		}
	}
	return uint16(n), true
}

func (p *spec) setProtocol(m model.URL, v string) (model.URL, error) {
	s := p.removeTabs(v)
	if s == "" || !isAlpha(s[0]) {
		return m, errRefused
	}
	i := 1
	for i < len(s) && (isAlpha(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '+' || s[i] == '-' || s[i] == '.') {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return m, errRefused
	}
	scheme := strings.ToLower(s[:i])
	cur := m.Scheme()
	special, curSpecial := p.class(scheme) != 0, p.class(cur) != 0
	a := m.AuthorityRef()
	switch {
	case curSpecial != special:
		return m, errRefused
	case p.class(scheme) == fileClass && m.Has(model.AuthorityType) && (a.HasUsername() || a.HasPassword() || a.HasPort()):
		return m, errRefused
	case p.class(cur) == fileClass && !a.HasHost():
		return m, errRefused
	}
	m.Set(model.SchemeType, scheme)
	isFile := p.class(scheme) == fileClass
	if isFile && !m.Has(model.DriveType) && m.Has(model.PathRootType) {
		if m.NumDirs() > 0 && model.IsDrive(m.Dir(0)) {
			dirs := m.Dirs()
			m.Set(model.DriveType, dirs[0])
			m.SetDirs(append([]string(nil), dirs[1:]...))
		} else if m.NumDirs() == 0 && m.Has(model.FileType) && model.IsDrive(m.File()) {
			m.Set(model.DriveType, m.File())
			m.Remove(model.FileType)
			m.Remove(model.PathRootType)
		}
	}
	if d := m.Drive(); m.Has(model.DriveType) && !isFile {
		m.Remove(model.DriveType)
		if m.Has(model.PathRootType) {
			m.SetDirs(append([]string{d}, m.Dirs()...))
		} else {
			m.Set(model.PathRootType, "/")
			m.Set(model.FileType, d)
		}
	}
	return p.commit(m)
}

func (p *spec) setHost(m model.URL, v string, hostnameOnly bool) (model.URL, error) {
	if m.HasOpaquePath() {
		return m, errRefused
	}
	s := p.removeTabs(v)
	mode := p.modeOf(m.Scheme())
	special := mode != grammar.Generic
	a := m.Authority()
	if mode == grammar.File {
		end := strings.IndexAny(s, "/\\?#")
		if end < 0 {
			end = len(s)
		}
		if end == 0 {
			a.RemoveHost()
		} else {
			h, err := p.host(s[:end], grammar.File)
			if err != nil {
				return m, errRefused
			}
			if h.Kind == model.Domain && h.Name == "localhost" {
				a.RemoveHost()
			} else {
				a.SetHost(h)
			}
		}
		m.SetAuthority(a)
		return p.commit(m)
	}
	hostMode := grammar.Web
	if !special {
		hostMode = grammar.Generic
	}
	end, inBrackets := len(s), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == ':' && !inBrackets {
			if i == 0 || hostnameOnly {
				return m, errRefused
			}
			h, err := p.host(s[:i], hostMode)
			if err != nil {
				return m, errRefused
			}
			a.SetHost(h)
			q := s[i+1:]
			n := 0
			for n < len(q) && q[n] >= '0' && q[n] <= '9' {
				n++
			}
			if n > 0 {
				port, ok := parsePort(q[:n])
				if !ok {
					m.SetAuthority(a)
					return p.commit(m)
				}
				a.SetPort(port)
			}
			m.SetAuthority(a)
			return p.commit(m)
		}
		if c == '/' || c == '?' || c == '#' || special && c == '\\' {
			end = i
			break
		}
		if c == '[' {
			inBrackets = true
		} else if c == ']' {
			inBrackets = false
		}
	}
	buf := s[:end]
	if buf == "" {
		if special || m.Has(model.AuthorityType) && (a.HasUsername() || a.HasPassword() || a.HasPort()) {
			return m, errRefused
		}
		a.RemoveHost()
		m.SetAuthority(a)
		return p.commit(m)
	}
	h, err := p.host(buf, hostMode)
	if err != nil {
		return m, errRefused
	}
	a.SetHost(h)
	m.SetAuthority(a)
	return p.commit(m)
}

func (p *spec) setPathname(m model.URL, v string) (model.URL, error) {
	if m.HasOpaquePath() {
		return m, errRefused
	}
	s := p.removeTabs(v)
	mode := p.modeOf(m.Scheme())
	special := mode != grammar.Generic
	for _, t := range []model.ComponentType{model.DriveType, model.PathRootType, model.DirType, model.FileType} {
		m.Remove(t)
	}
	if s == "" && !special && m.Has(model.AuthorityType) {
		return p.commit(m)
	}
	if s != "" && (s[0] == '/' || special && s[0] == '\\') {
		s = s[1:]
	}
	if strings.ContainsAny(s, "?#") {
		s = strings.NewReplacer("?", "%3F", "#", "%23").Replace(s)
	}
	// The path alone: an authority that always parses, in the URL's mode.
	q, err := grammar.Options{}.Parse("//h/"+s, mode)
	if err != nil {
		return m, errRefused
	}
	if d := q.Drive(); q.Has(model.DriveType) {
		m.Set(model.DriveType, d[:1]+":")
	}
	if q.Has(model.PathRootType) {
		m.Set(model.PathRootType, "/")
	}
	if d := q.Dirs(); len(d) > 0 {
		m.SetDirs(append([]string(nil), d...))
	}
	if q.Has(model.FileType) {
		m.Set(model.FileType, q.File())
	}
	return p.commit(m)
}
