package readings

import (
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// role is the component a byte of the input belongs to in one reading.
// Delimiters and bytes a reading removes (leading spaces, tabs, newlines)
// have roleSep; the query and the fragment share roleRest.
type role uint8

const (
	roleSep role = iota
	roleScheme
	roleUserinfo
	roleHost
	rolePort
	rolePath
	roleRest
)

// rolesOf assigns each byte of input its role in the reading called name.
// The split follows each parser's delimiter rules: those of the URL
// specification's grammar (spec §URL Grammar) for generic and legacy,
// RFC 3986's Appendix B for rfc3986, with
// WHATWG's special-authority slashes for whatwg, and url.Parse's for
// net/url. Package tests check the spans against the parsers' values.
func rolesOf(name, input string) []role {
	roles := make([]role, len(input))
	switch name {
	case NetURL:
		netURLRoles(input, roles)
	case RFC3986:
		rfc3986Roles(input, roles)
	case Generic:
		pos := make([]int, len(input))
		for i := range pos {
			pos[i] = i
		}
		splitRoles(input, pos, roles, false, false)
	default:
		s, pos := preprocess(input)
		scheme := strings.ToLower(s[:grammar.SchemeLen(s)])
		special := model.IsWebScheme(scheme) || model.IsFileScheme(scheme)
		splitRoles(s, pos, roles, special, name == WHATWG && model.IsWebScheme(scheme))
	}
	return roles
}

// preprocess removes leading and trailing c0-space and every tab and
// newline, as grammar.Preprocess does (spec §Preprocessing), and returns the
// offset in input of each byte kept.
func preprocess(input string) (string, []int) {
	start, end := 0, len(input)
	for start < end && input[start] <= ' ' {
		start++
	}
	for end > start && input[end-1] <= ' ' {
		end--
	}
	b := make([]byte, 0, end-start)
	pos := make([]int, 0, end-start)
	for i := start; i < end; i++ {
		if c := input[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
			pos = append(pos, i)
		}
	}
	return string(b), pos
}

// splitRoles splits s (whose byte i is byte pos[i] of the input) as the
// URL grammar does: scheme ':', the fragment at the first '#', the query at
// the first '?', an authority after two separators ('/', and '\' when bs)
// up to the next separator, then the path. With force (WHATWG for a
// web-scheme) the authority comes after any run of separators, or none.
func splitRoles(s string, pos []int, roles []role, bs, force bool) {
	set := func(a, b int, r role) {
		for i := a; i < b; i++ {
			roles[pos[i]] = r
		}
	}
	p, end := 0, len(s)
	if n := grammar.SchemeLen(s); n > 0 {
		set(0, n, roleScheme)
		p = n + 1
	}
	if i := strings.IndexByte(s[p:], '#'); i >= 0 {
		set(p+i+1, end, roleRest)
		end = p + i
	}
	if i := strings.IndexByte(s[p:end], '?'); i >= 0 {
		set(p+i+1, end, roleRest)
		end = p + i
	}
	isSep := func(c byte) bool { return c == '/' || bs && c == '\\' }
	authority := func(a, b int) { authorityRoles(s, a, b, set) }
	switch {
	case force:
		q := p
		for q < end && isSep(s[q]) {
			q++
		}
		j := q
		for j < end && !isSep(s[j]) {
			j++
		}
		authority(q, j)
		p = j
	case p+1 < end && isSep(s[p]) && isSep(s[p+1]):
		j := p + 2
		for j < end && !isSep(s[j]) {
			j++
		}
		authority(p+2, j)
		p = j
	}
	set(p, end, rolePath)
}

// authorityRoles marks s[a:b] as an authority: the userinfo up to the last
// '@', then the host, then the port after the last ':' (after the ']' of an
// IPv6 address).
func authorityRoles(s string, a, b int, set func(int, int, role)) {
	if i := strings.LastIndexByte(s[a:b], '@'); i >= 0 {
		set(a, a+i, roleUserinfo)
		a += i + 1
	}
	hostEnd := b
	rest := s[a:b]
	if strings.HasPrefix(rest, "[") {
		if i := strings.IndexByte(rest, ']'); i >= 0 && i+1 < len(rest) && rest[i+1] == ':' {
			hostEnd = a + i + 1
		}
	} else if i := strings.LastIndexByte(rest, ':'); i >= 0 {
		hostEnd = a + i
	}
	set(a, hostEnd, roleHost)
	if hostEnd < b {
		set(hostEnd+1, b, rolePort)
	}
}

// netURLRoles splits input as url.Parse does: the fragment at the first
// '#'; a scheme; the query at the first '?' (a single trailing '?' is
// ForceQuery); an opaque path when the rest does not start with '/' after a
// scheme; an authority after "//" (not "///" without a scheme) up to the
// next '/'.
func netURLRoles(input string, roles []role) {
	set := func(a, b int, r role) {
		for i := a; i < b; i++ {
			roles[i] = r
		}
	}
	end := len(input)
	if i := strings.IndexByte(input, '#'); i >= 0 {
		set(i+1, end, roleRest)
		end = i
	}
	p := 0
	hasScheme := false
	if n := grammar.SchemeLen(input[:end]); n > 0 {
		set(0, n, roleScheme)
		p, hasScheme = n+1, true
	}
	rest := input[p:end]
	if strings.HasSuffix(rest, "?") && strings.Count(rest, "?") == 1 {
		end--
	} else if i := strings.IndexByte(rest, '?'); i >= 0 {
		set(p+i+1, end, roleRest)
		end = p + i
	}
	rest = input[p:end]
	if hasScheme && !strings.HasPrefix(rest, "/") {
		set(p, end, rolePath)
		return
	}
	if (hasScheme || !strings.HasPrefix(rest, "///")) && strings.HasPrefix(rest, "//") {
		j := strings.IndexByte(rest[2:], '/')
		if j < 0 {
			j = len(rest) - 2
		}
		authorityRoles(input, p+2, p+2+j, set)
		p += 2 + j
	}
	set(p, end, rolePath)
}
