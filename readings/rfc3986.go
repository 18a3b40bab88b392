package readings

import (
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/host"
)

// This file is RFC 3986 ("Uniform Resource Identifier (URI): Generic
// Syntax", www.rfc-editor.org/rfc/rfc3986) and nothing else: the split of
// Appendix B, the validity rules of §3 (collected in Appendix A) and the
// reference resolution of §5.2. There is no IDNA, no WHATWG host
// processing, no scheme-specific rule and no normalisation beyond the
// case of the scheme.

// RFC3986Error is an input that is not a URI-reference of RFC 3986: Rule
// names the ABNF rule of RFC 3986 Appendix A that the bytes from Offset on
// do not match.
type RFC3986Error struct {
	Input  string
	Offset int    // the byte of Input at fault
	Rule   string // e.g. "port", "IP-literal", "pct-encoded"
}

// Error returns e.g. `RFC 3986: not a valid port at byte 17 of "http://a:x/"`.
func (e *RFC3986Error) Error() string {
	return "RFC 3986: not a valid " + e.Rule + " at byte " + strconv.Itoa(e.Offset) + " of " + strconv.Quote(e.Input)
}

// uriRef is a URI-reference split as RFC 3986 Appendix B does; the has*
// fields say whether a component is defined (present, maybe empty), as
// §5.2's algorithm needs.
type uriRef struct {
	scheme, authority, path, query, fragment       string
	hasScheme, hasAuthority, hasQuery, hasFragment bool
	// Offsets of the components in the input (for the roles of bytes).
	schemeEnd, authStart, authEnd, pathStart, pathEnd int
}

// splitRFC3986 splits s with the regular expression of RFC 3986 Appendix B,
//
//	^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
//
// written out by hand. It never fails: every string matches.
func splitRFC3986(s string) uriRef {
	var u uriRef
	p := 0
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		u.scheme, u.hasScheme, u.schemeEnd = s[:i], true, i
		p = i + 1
	} else {
		u.schemeEnd = -1
	}
	u.authStart, u.authEnd = -1, -1
	if strings.HasPrefix(s[p:], "//") {
		p += 2
		e := p + strings.IndexAny(s[p:], "/?#")
		if e < p {
			e = len(s)
		}
		u.authority, u.hasAuthority, u.authStart, u.authEnd = s[p:e], true, p, e
		p = e
	}
	e := p + strings.IndexAny(s[p:], "?#")
	if e < p {
		e = len(s)
	}
	u.path, u.pathStart, u.pathEnd = s[p:e], p, e
	p = e
	if p < len(s) && s[p] == '?' {
		e := p + 1 + strings.IndexByte(s[p+1:], '#')
		if e < p+1 {
			e = len(s)
		}
		u.query, u.hasQuery = s[p+1:e], true
		p = e
	}
	if p < len(s) && s[p] == '#' {
		u.fragment, u.hasFragment = s[p+1:], true
	}
	return u
}

// The character classes of RFC 3986 §2.
const (
	alpha      = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
	digit      = "0123456789"
	hexdig     = digit + "abcdefABCDEF"
	unreserved = alpha + digit + "-._~"
	subDelims  = "!$&'()*+,;="
)

var (
	setScheme   = byteSet(alpha + digit + "+-.")
	setUserinfo = byteSet(unreserved + subDelims + ":")
	setRegName  = byteSet(unreserved + subDelims)
	setPath     = byteSet(unreserved + subDelims + ":@/")
	setQuery    = byteSet(unreserved + subDelims + ":@/?")
	setFuture   = byteSet(unreserved + subDelims + ":")
	setHex      = byteSet(hexdig)
	setDigit    = byteSet(digit)
)

func byteSet(s string) (t [256]bool) {
	for i := 0; i < len(s); i++ {
		t[s[i]] = true
	}
	return t
}

// scanPct returns the offset in s of the first byte that is neither in set
// nor part of a pct-encoded triplet ("%" HEXDIG HEXDIG), or -1.
func scanPct(s string, set *[256]bool) int {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case set[c]:
		case c == '%' && i+2 < len(s) && setHex[s[i+1]] && setHex[s[i+2]]:
			i += 2
		default:
			return i
		}
	}
	return -1
}

// validateRFC3986 checks u, split from input, against the rules of
// RFC 3986 §3 (URI-reference = URI / relative-ref).
func validateRFC3986(input string, u uriRef) error {
	bad := func(off int, rule string) error { return &RFC3986Error{Input: input, Offset: off, Rule: rule} }
	if u.hasScheme {
		// scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
		if !setScheme[u.scheme[0]] || u.scheme[0] >= '0' && u.scheme[0] <= '9' || u.scheme[0] == '+' || u.scheme[0] == '-' || u.scheme[0] == '.' {
			return bad(0, "scheme")
		}
		for i := 1; i < len(u.scheme); i++ {
			if !setScheme[u.scheme[i]] {
				return bad(i, "scheme")
			}
		}
	}
	if u.hasAuthority {
		if err := validateAuthority(input, u.authStart, u.authority, bad); err != nil {
			return err
		}
	}
	// The path: path-abempty after an authority (Appendix B ensures a '/'
	// or nothing), otherwise path-absolute, path-rootless, path-noscheme or
	// path-empty, which Appendix B's split ensures too (a first segment
	// with ':' is read as a scheme; "//" starts an authority). Only the
	// characters remain to check.
	if i := scanPct(u.path, &setPath); i >= 0 {
		return bad(u.pathStart+i, "path")
	}
	if u.hasQuery {
		if i := scanPct(u.query, &setQuery); i >= 0 {
			return bad(u.pathEnd+1+i, "query")
		}
	}
	if u.hasFragment {
		if i := scanPct(u.fragment, &setQuery); i >= 0 {
			return bad(len(input)-len(u.fragment)+i, "fragment")
		}
	}
	return nil
}

// validateAuthority checks authority = [ userinfo "@" ] host [ ":" port ]
// (§3.2), the authority starting at byte off of the input.
func validateAuthority(input string, off int, a string, bad func(int, string) error) error {
	if i := strings.IndexByte(a, '@'); i >= 0 {
		// userinfo = *( unreserved / pct-encoded / sub-delims / ":" ); it
		// has no '@', so the first '@' ends it.
		if j := scanPct(a[:i], &setUserinfo); j >= 0 {
			return bad(off+j, "userinfo")
		}
		off += i + 1
		a = a[i+1:]
	}
	host, port, hasPort := a, "", false
	if strings.HasPrefix(a, "[") {
		end := strings.IndexByte(a, ']')
		if end < 0 {
			return bad(off, "IP-literal")
		}
		if !validIPLiteral(a[1:end]) {
			return bad(off, "IP-literal")
		}
		host = a[:end+1]
		if rest := a[end+1:]; rest != "" {
			if rest[0] != ':' {
				return bad(off+end+1, "port")
			}
			port, hasPort = rest[1:], true
		}
	} else {
		if i := strings.IndexByte(a, ':'); i >= 0 {
			host, port, hasPort = a[:i], a[i+1:], true
		}
		// IPv4address is a reg-name too: reg-name = *( unreserved /
		// pct-encoded / sub-delims ).
		if j := scanPct(host, &setRegName); j >= 0 {
			return bad(off+j, "host")
		}
	}
	if hasPort {
		// port = *DIGIT: any number of digits, no range.
		for i := 0; i < len(port); i++ {
			if !setDigit[port[i]] {
				return bad(off+len(host)+1+i, "port")
			}
		}
	}
	return nil
}

// validIPLiteral reports whether s (between the brackets) is an
// IPv6address or an IPvFuture (§3.2.2).
func validIPLiteral(s string) bool {
	if len(s) > 0 && (s[0] == 'v' || s[0] == 'V') {
		// IPvFuture = "v" 1*HEXDIG "." 1*( unreserved / sub-delims / ":" )
		i := 1
		for i < len(s) && setHex[s[i]] {
			i++
		}
		if i == 1 || i >= len(s) || s[i] != '.' || i+1 == len(s) {
			return false
		}
		for _, c := range []byte(s[i+1:]) {
			if !setFuture[c] {
				return false
			}
		}
		return true
	}
	// IPv6address: host.ParseIPv6Strict accepts exactly RFC 3986's rule.
	_, err := host.ParseIPv6Strict(s)
	return err == nil
}

// removeDotSegments is RFC 3986 §5.2.4's algorithm, in one pass over the
// input buffer with the output kept as a stack of segment ends. It works
// on the path string, not on the model as normalize.RemoveLiteralDotSegments
// does, because the RFC's string algorithm has outcomes the component model
// cannot express: "a/../b" becomes "/b" (rule E leaves "a", rule C pops it
// and keeps the '/'), which a reading that claims to be exactly RFC 3986
// must reproduce.
func removeDotSegments(in string) string {
	out := make([]byte, 0, len(in))
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"): // A
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"): // B
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"): // C
			in = in[3:]
			out = popSegment(out)
		case in == "/..":
			in = "/"
			out = popSegment(out)
		case in == "." || in == "..": // D
			in = ""
		default: // E: move the first path segment to the output
			i := 0
			if in[0] == '/' {
				i = 1
			}
			j := strings.IndexByte(in[i:], '/')
			if j < 0 {
				j = len(in)
			} else {
				j += i
			}
			out = append(out, in[:j]...)
			in = in[j:]
		}
	}
	return string(out)
}

// popSegment removes the last segment and its preceding '/' (if any) from
// the output buffer.
func popSegment(out []byte) []byte {
	i := len(out) - 1
	for i >= 0 && out[i] != '/' {
		i--
	}
	if i < 0 {
		return out[:0]
	}
	return out[:i]
}

// resolveRFC3986 is RFC 3986 §5.2.2 (strict: a scheme in the reference is
// always taken) with §5.2.3's merge; base must have a scheme.
func resolveRFC3986(base, r uriRef) uriRef {
	var t uriRef
	switch {
	case r.hasScheme:
		t = r
		t.path = removeDotSegments(r.path)
	case r.hasAuthority:
		t = r
		t.path = removeDotSegments(r.path)
		t.scheme, t.hasScheme = base.scheme, true
	default:
		t.authority, t.hasAuthority = base.authority, base.hasAuthority
		t.scheme, t.hasScheme = base.scheme, true
		switch {
		case r.path == "":
			t.path = base.path
			t.query, t.hasQuery = base.query, base.hasQuery
			if r.hasQuery {
				t.query, t.hasQuery = r.query, true
			}
		case r.path[0] == '/':
			t.path = removeDotSegments(r.path)
			t.query, t.hasQuery = r.query, r.hasQuery
		default:
			t.path = removeDotSegments(merge(base, r.path))
			t.query, t.hasQuery = r.query, r.hasQuery
		}
	}
	t.fragment, t.hasFragment = r.fragment, r.hasFragment
	return t
}

// merge is §5.2.3.
func merge(base uriRef, path string) string {
	if base.hasAuthority && base.path == "" {
		return "/" + path
	}
	i := strings.LastIndexByte(base.path, '/')
	return base.path[:i+1] + path
}

// recompose is §5.3's component recomposition.
func (u uriRef) String() string {
	var b strings.Builder
	if u.hasScheme {
		b.WriteString(u.scheme)
		b.WriteByte(':')
	}
	if u.hasAuthority {
		b.WriteString("//")
		b.WriteString(u.authority)
	}
	b.WriteString(u.path)
	if u.hasQuery {
		b.WriteByte('?')
		b.WriteString(u.query)
	}
	if u.hasFragment {
		b.WriteByte('#')
		b.WriteString(u.fragment)
	}
	return b.String()
}

// ResolveRFC3986 resolves the URI-reference ref against the absolute URI
// base exactly as RFC 3986 §5.2 does (strict parser, remove_dot_segments,
// merge, §5.3 recomposition), after checking both against RFC 3986's
// grammar: no IDNA, no percent-encoding or case change, no WHATWG rule.
// base must have a scheme (§5.1: "the base URI ... must be an absolute
// URI"); its fragment is ignored.
func ResolveRFC3986(base, ref string) (string, error) {
	b := splitRFC3986(base)
	if err := validateRFC3986(base, b); err != nil {
		return "", err
	}
	if !b.hasScheme {
		return "", &RFC3986Error{Input: base, Offset: 0, Rule: "absolute-URI (the base has no scheme)"}
	}
	r := splitRFC3986(ref)
	if err := validateRFC3986(ref, r); err != nil {
		return "", err
	}
	return resolveRFC3986(b, r).String(), nil
}

// readRFC3986 is the rfc3986 reading: the input split by Appendix B and
// checked by §3, the scheme in lower case (§3.1: schemes are
// case-insensitive) and, for a URI with a scheme, the path with its dot
// segments removed, as resolving it against any base does (§5.2.2).
func readRFC3986(input string) Reading {
	rd := Reading{Name: RFC3986}
	u := splitRFC3986(input)
	if err := validateRFC3986(input, u); err != nil {
		rd.Err = err
		return rd
	}
	rd.Scheme = strings.ToLower(u.scheme)
	rd.Path = u.path
	if u.hasScheme {
		rd.Path = removeDotSegments(u.path)
	}
	if u.hasAuthority {
		a := u.authority
		if i := strings.IndexByte(a, '@'); i >= 0 {
			rd.Userinfo, a = a[:i], a[i+1:]
		}
		rd.Host = a
		if strings.HasPrefix(a, "[") {
			if i := strings.IndexByte(a, ']'); i >= 0 && i+1 < len(a) {
				rd.Host, rd.Port = a[:i+1], a[i+2:]
			}
		} else if i := strings.IndexByte(a, ':'); i >= 0 {
			rd.Host, rd.Port = a[:i], a[i+1:]
		}
	}
	return rd
}

// rfc3986Roles assigns each byte of input its role in the rfc3986 reading.
func rfc3986Roles(input string, roles []role) {
	u := splitRFC3986(input)
	set := func(a, b int, r role) {
		for i := a; i < b; i++ {
			roles[i] = r
		}
	}
	if u.hasScheme {
		set(0, u.schemeEnd, roleScheme)
	}
	if u.hasAuthority {
		a, b := u.authStart, u.authEnd
		if i := strings.IndexByte(input[a:b], '@'); i >= 0 {
			set(a, a+i, roleUserinfo)
			a += i + 1
		}
		hostEnd := b
		if input[a:b] != "" && input[a] == '[' {
			if i := strings.IndexByte(input[a:b], ']'); i >= 0 && a+i+1 < b {
				hostEnd = a + i + 1
			}
		} else if i := strings.IndexByte(input[a:b], ':'); i >= 0 {
			hostEnd = a + i
		}
		set(a, hostEnd, roleHost)
		if hostEnd < b {
			set(hostEnd+1, b, rolePort)
		}
	}
	set(u.pathStart, u.pathEnd, rolePath)
	if u.pathEnd < len(input) {
		set(u.pathEnd+1, len(input), roleRest)
		if u.hasQuery && u.hasFragment {
			roles[u.pathEnd+1+len(u.query)] = roleSep
		}
	}
}
