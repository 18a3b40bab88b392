// Package readings shows where URL parsers disagree about the same string.
//
// SSRF filters and open-redirect checks fail when the code that checks an
// URL and the code that fetches it read the string differently (golang/go
// issue 29098; google/safebrowsing issue 156). Readings reads one input five
// ways and reports the scheme, userinfo, host, port and path each reading
// sees, whether they agree, and the first byte of the input where they part:
//
//	whatwg   the WHATWG URL Standard's parser (urlspec.Parse, no base): what
//	         browsers and fetch() read
//	rfc3986  RFC 3986 exactly: the input split by the regular expression of
//	         its Appendix B and checked against the grammar of §3 (scheme,
//	         userinfo, IP-literal with IPv6address and IPvFuture,
//	         IPv4address and reg-name, port = *DIGIT with no range, the path
//	         forms, query, fragment, pct-encoded); no IDNA, no WHATWG host
//	         processing; the scheme in lower case and, for a URI with a
//	         scheme, remove_dot_segments (§5.2.4) applied to the path as
//	         resolution against any base does. ResolveRFC3986 is §5.2's
//	         resolution against a base.
//	generic  the URL specification's generic-mode grammar whatever the
//	         scheme ('/' the only separator, opaque hosts, nothing removed),
//	         the scheme in lower case and the literal dot segments removed
//	         (%2e%2e is a name there); more lenient than RFC 3986 (it reads
//	         a space or a non-ASCII byte, and rejects an IPvFuture host)
//	legacy   legacy resolution (spec §Legacy Resolution) without a base: the
//	         input preprocessed and parsed in its scheme's mode ('\' a
//	         separator and hosts processed for web- and file-URLs) and
//	         normalised, but not forced (http:evil and http:///evil keep
//	         their paths)
//	net/url  Go's net/url.Parse, unchanged
//
// Without a base, generic and legacy resolution leave a parsed reference as
// it is, so the rfc3986, generic and legacy readings of a relative
// reference (such as //evil.example) are its components; the whatwg reading
// of it fails, as new URL(input) does.
package readings

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// The names of the readings, in the order of Result.Readings.
const (
	WHATWG  = "whatwg"
	RFC3986 = "rfc3986"
	Generic = "generic"
	Legacy  = "legacy"
	NetURL  = "net/url"
)

// Reading is how one parser reads the input. The components are shown as
// that parser prints them (percent-encoded); Err is non-nil when the parser
// rejects the input, and the components are then empty.
type Reading struct {
	Name     string
	Err      error
	Scheme   string // lower case, without ':'
	Userinfo string // username, and ':' and password when there is one
	Host     string // IPv6 addresses in brackets
	Port     string
	Path     string
}

// Result is the five readings of one input.
type Result struct {
	Input    string
	Readings [5]Reading // whatwg, rfc3986, generic, legacy, net/url
	// Diverge is the first byte of Input where the readings part: the first
	// byte that they assign to different components (scheme, userinfo,
	// host, port, path, or the query and fragment together) or, when every
	// byte goes to the same component in each, the first byte of the first
	// component whose values differ, or of a reading's error. It is -1 when
	// the readings agree.
	Diverge int
	// Component is the first of scheme, userinfo, host, port and path on
	// which the readings differ ("" when they agree, "error" when they
	// differ only in that some reading fails).
	Component string
}

// Agree reports whether every reading accepts the input and all five see
// the same scheme and host (ASCII case aside), userinfo, port (a scheme's
// default port counts as none) and path (an empty path with a host counts
// as "/").
func (r Result) Agree() bool { return r.Component == "" }

// Readings reads input the five ways.
func Readings(input string) Result {
	r := Result{Input: input, Diverge: -1}
	r.Readings[0] = readWHATWG(input)
	r.Readings[1] = readRFC3986(input)
	r.Readings[2] = readGrammar(Generic, input)
	r.Readings[3] = readGrammar(Legacy, input)
	r.Readings[4] = readNetURL(input)
	r.Component = firstDifference(&r.Readings)
	if r.Component == "" {
		return r
	}
	var roles [len(r.Readings)][]role
	for i, rd := range r.Readings {
		roles[i] = rolesOf(rd.Name, input)
	}
	for i := 0; i < len(input); i++ {
		for k := 1; k < len(roles); k++ {
			if roles[k][i] != roles[0][i] {
				r.Diverge = i
				return r
			}
		}
	}
	// Every byte has the same role in every reading: the divergence is in
	// the values, at the first byte of the component that differs.
	if want, ok := componentRole[r.Component]; ok {
		for k := range roles {
			for i := 0; i < len(input); i++ {
				if roles[k][i] == want {
					r.Diverge = i
					return r
				}
			}
		}
	}
	for _, rd := range r.Readings {
		var e *model.Error
		if errors.As(rd.Err, &e) && e.Offset >= 0 && e.Offset < len(input) {
			r.Diverge = e.Offset
			return r
		}
		var e3 *RFC3986Error
		if errors.As(rd.Err, &e3) && e3.Offset >= 0 && e3.Offset < len(input) {
			r.Diverge = e3.Offset
			return r
		}
	}
	r.Diverge = 0
	return r
}

var componentRole = map[string]role{"scheme": roleScheme, "userinfo": roleUserinfo, "host": roleHost, "port": rolePort, "path": rolePath}

// firstDifference returns the first component on which the readings
// differ, "error" when they differ only in failing, or "".
func firstDifference(rs *[5]Reading) string {
	fails := 0
	for _, r := range rs {
		if r.Err != nil {
			fails++
		}
	}
	if fails == len(rs) {
		return ""
	}
	ok := make([]*Reading, 0, len(rs))
	for i := range rs {
		if rs[i].Err == nil {
			ok = append(ok, &rs[i])
		}
	}
	a := ok[0]
	for _, b := range ok[1:] {
		switch {
		case !strings.EqualFold(a.Scheme, b.Scheme):
			return "scheme"
		case a.Userinfo != b.Userinfo:
			return "userinfo"
		case !strings.EqualFold(a.Host, b.Host):
			return "host"
		case effectivePort(a) != effectivePort(b):
			return "port"
		case foldPath(a) != foldPath(b):
			return "path"
		}
	}
	if fails > 0 {
		return "error"
	}
	return ""
}

// foldPath is the path, with the empty path of an URL with a host read as
// "/" (RFC 3986 §6.2.3: http://a and http://a/ are equivalent).
func foldPath(r *Reading) string {
	if r.Path == "" && r.Host != "" {
		return "/"
	}
	return r.Path
}

func effectivePort(r *Reading) string {
	if p := model.DefaultPort(strings.ToLower(r.Scheme)); p != 0 && r.Port == strconv.Itoa(int(p)) {
		return ""
	}
	return r.Port
}

func readWHATWG(input string) Reading {
	rd := Reading{Name: WHATWG}
	u, err := urlspec.Parse(input)
	if err != nil {
		rd.Err = err
		return rd
	}
	rd.Scheme = strings.TrimSuffix(u.Protocol(), ":")
	rd.Userinfo = u.Username()
	if p := u.Password(); p != "" {
		rd.Userinfo += ":" + p
	}
	rd.Host, rd.Port, rd.Path = u.Hostname(), u.Port(), u.Pathname()
	return rd
}

// readGrammar is the generic or the legacy reading.
func readGrammar(name, input string) Reading {
	rd := Reading{Name: name}
	var u model.URL
	var err error
	if name == Generic {
		// The generic-mode grammar whatever the scheme: parse with the
		// scheme replaced by one of the same length that selects generic
		// mode, then put the scheme back. Values are substrings at the same
		// offsets.
		s := input
		n := grammar.SchemeLen(s)
		if n > 0 {
			s = strings.Repeat("z", n) + s[n:]
		}
		u, err = grammar.Parse(s, grammar.Generic)
		if err == nil && n > 0 {
			u.Set(model.SchemeType, input[:n])
		}
	} else {
		s, _ := grammar.Preprocess(input)
		u, err = grammar.Parse(s, grammar.Web)
	}
	if err != nil {
		rd.Err = err
		return rd
	}
	if name == Generic {
		if !u.HasOpaquePath() { // literal dot segments only, as RFC 3986 §5.2.4
			normalize.RemoveLiteralDotSegments(&u)
		}
		if u.Has(model.SchemeType) {
			u.Set(model.SchemeType, strings.ToLower(u.Scheme()))
		}
	} else {
		u = normalize.Normalize(u)
	}
	var c print.CompactOffsets
	href := print.ASCIIOffsets(&u, &c)
	off := c.Expand()
	if off.SchemeEnd >= 0 {
		rd.Scheme = href[:off.SchemeEnd]
	}
	rd.Userinfo = href[off.UsernameStart:off.UsernameEnd]
	if off.HasPassword {
		rd.Userinfo += ":" + href[off.PasswordStart:off.PasswordEnd]
	}
	rd.Host = href[off.HostStart:off.HostEnd]
	if off.HasPort {
		rd.Port = href[off.PortStart:off.PortEnd]
	}
	rd.Path = href[off.PathStart:off.PathEnd]
	return rd
}

func readNetURL(input string) Reading {
	rd := Reading{Name: NetURL}
	u, err := url.Parse(input)
	if err != nil {
		rd.Err = err
		return rd
	}
	rd.Scheme = u.Scheme
	if u.User != nil {
		rd.Userinfo = u.User.String()
	}
	rd.Host, rd.Port = splitHostPort(u.Host)
	if u.Opaque != "" {
		rd.Path = u.Opaque
	} else {
		rd.Path = u.EscapedPath()
	}
	return rd
}

// splitHostPort splits net/url's Host at the port's ':', keeping an IPv6
// address's brackets (url.URL.Hostname drops them; the WHATWG hostname
// keeps them).
func splitHostPort(h string) (host, port string) {
	if strings.HasPrefix(h, "[") {
		if i := strings.IndexByte(h, ']'); i >= 0 {
			host, h = h[:i+1], h[i+1:]
			return host, strings.TrimPrefix(h, ":")
		}
		return h, ""
	}
	if i := strings.LastIndexByte(h, ':'); i >= 0 {
		return h[:i], h[i+1:]
	}
	return h, ""
}
