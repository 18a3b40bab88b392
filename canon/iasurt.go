package canon

import (
	"regexp"
	"slices"
	"strings"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// SURTOptions are the options of the Internet Archive's surt.surt(url,
// ...) (github.com/internetarchive/surt) that a SURT key profile takes.
// The zero value is surt.surt(url) with its defaults: the CDX key form.
type SURTOptions struct {
	// WithScheme is with_scheme=True: the key starts with "scheme://(",
	// e.g. http://(com,example)/a.
	WithScheme bool
	// TrailingComma is trailing_comma=True: a ',' after the last host
	// label, e.g. com,example,)/a.
	TrailingComma bool
	// KeepWWW is host_massage=False: a leading "www.", "www2." ... of the
	// host is kept (by default one such label is removed, once).
	KeepWWW bool
	// KeepIPOrder is reverse_ipaddr=False: a dotted IPv4 address is kept
	// in its order (by default its numbers are reversed as a domain's
	// labels are: 4,3,2,1).
	KeepIPOrder bool
}

// NewSURT returns the profile called name that reads with the WHATWG
// parser, removes the fragment and prints the SURT key that the Internet
// Archive's surt.surt(url) computes with the options o (FormSURT).
//
// The key is computed from the URL's components as the WHATWG parser left
// them, with surt's canonicalisation (its GoogleURLCanonicalizer and
// IAURLCanonicalizer steps, in that order): the userinfo removed; the host
// percent-decoded repeatedly, runs of two dots made one, outer dots
// removed, lower-cased, one leading www, www2... label removed; the path
// percent-decoded repeatedly, its . and .. segments resolved and its
// inner empty segments removed, percent-encoded again (bytes ≤ 0x20,
// ≥ 0x7F, '%' and '#'), lower-cased, ASP.NET session ids removed, a
// trailing '/' removed (but not the path "/"); the query percent-decoded
// repeatedly and encoded again, jsessionid, phpsessid, sid, ASPSESSIONID
// and cfid/cftoken parameters removed, lower-cased, its parameters sorted
// by name and then value, an empty query removed; the port kept unless
// it is 0. Then the host's labels are reversed and joined with ',', and
// ")" ends the authority: com,example:8080)/a?a=1&b=2. An URL without a
// host prints scheme ":" and its path, as surt does (mailto:a@b).
// docs/canonicalisation.md lists where this differs from the reference
// (where the WHATWG parser reads an URL differently from surt's RFC 2396
// regular expression).
func NewSURT(name string, o SURTOptions) Profile {
	return Profile{name: name, reader: ReadWHATWG, form: FormSURT, rules: []Rule{RemoveFragment}, surt: o}
}

// SURTOptions returns the options of a FormSURT profile (the zero value
// for other forms).
func (p Profile) SURTOptions() SURTOptions { return p.surt }

// appendIASURT appends the SURT key of u (see NewSURT).
func appendIASURT(dst []byte, u *model.URL, o SURTOptions) []byte {
	scheme := u.Scheme()
	// The host, as surt's GoogleURLCanonicalizer and IAURLCanonicalizer
	// leave it.
	var hostSrc string
	var port uint16
	if u.Has(model.AuthorityType) {
		a := u.Authority()
		if a.HasHost() {
			h := a.Host()
			switch h.Kind {
			case model.IPv4:
				hostSrc = string(model.AppendIPv4(nil, h.IPv4))
			case model.IPv6:
				hostSrc = string(model.AppendIPv6(nil, h.IPv6))
			default:
				hostSrc = surtHost(h.Name)
			}
			if !o.KeepWWW && strings.HasPrefix(hostSrc, "www") && scheme != "dns" {
				if m := wwwDigits.FindString(hostSrc); m != "" {
					hostSrc = hostSrc[len(m):]
				}
			}
		}
		if p, ok := a.Port(); ok {
			port = p
		}
	}
	// The path: decoded, normalised when there is a host, encoded again,
	// lower-cased, session ids and a trailing '/' removed.
	path := repeatedDecode(string(appendPath(nil, u, false)))
	if hostSrc != "" {
		path = surtNormalizePath(path)
	}
	path = lowerASCII(surtEscape(path))
	path = stripPathSessionID(path)
	if len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	query, hasQuery := u.Query(), false
	if query != "" {
		query = surtEscape(repeatedDecode(query))
		query = sortSURTQuery(lowerASCII(stripQuerySessionID(query)))
		hasQuery = query != ""
	}

	if o.WithScheme {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
		if hostSrc != "" {
			if scheme != "dns" {
				dst = append(dst, "//"...)
			}
			dst = append(dst, '(')
		}
	} else if hostSrc == "" {
		dst = append(dst, scheme...)
		dst = append(dst, ':')
	}
	if hostSrc != "" {
		if !o.KeepIPOrder || !dottedIPv4.MatchString(hostSrc) {
			dst = appendReversedLabels(dst, hostSrc)
		} else {
			dst = append(dst, hostSrc...)
		}
		if port != 0 {
			dst = append(dst, ':')
			dst = appendUint(dst, uint64(port))
		}
		if o.TrailingComma {
			dst = append(dst, ',')
		}
		dst = append(dst, ')')
	}
	if path != "" {
		dst = append(dst, path...)
	} else if hasQuery {
		dst = append(dst, '/')
	}
	if hasQuery {
		dst = append(dst, '?')
		dst = append(dst, query...)
	}
	return dst
}

var (
	// wwwDigits is surt's host massage: a leading www, www1, www12... label.
	wwwDigits = regexp.MustCompile(`^www[0-9]*\.`)
	// dottedIPv4 is what surt keeps in order with reverse_ipaddr=False.
	dottedIPv4      = regexp.MustCompile(`^(?:[0-9]{1,3}\.){3}[0-9]{1,3}$`)
	surtDecimalIPv4 = regexp.MustCompile(`^[1-9][0-9]*(?:\.[0-9]+)?(?:\.[0-9]+)?(?:\.[0-9]+)?$`)
	surtOctalIPv4   = regexp.MustCompile(`^0[0-7]*(?:\.[0-7]+)?(?:\.[0-7]+)?(?:\.[0-7]+)?$`)

	// The session ids that surt removes from a path and a query (its
	// URLRegexTransformer rules), each applied once, in order.
	pathSessionIDs = []*regexp.Regexp{
		regexp.MustCompile(`(?i)^(.*/)(\((?:[a-z]\([0-9a-z]{24}\))+\)/)([^?]+\.aspx.*)$`),
		regexp.MustCompile(`(?i)^(.*/)(\([0-9a-z]{24}\)/)([^?]+\.aspx.*)$`),
	}
	querySessionIDs = []*regexp.Regexp{
		regexp.MustCompile(`(?i)^(.*)(?:jsessionid=[0-9a-z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:phpsessid=[0-9a-z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:sid=[0-9a-z]{32})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:aspsessionid[a-z]{8}=[a-z]{24})(?:&(.*))?$`),
		regexp.MustCompile(`(?i)^(.*)(?:cfid=[^&]+&cftoken=[^&]+)(?:&(.*))?$`),
	}
)

// surtHost canonicalises a domain or opaque host as surt does: decoded
// repeatedly, ".." made "." (once, left to right), outer dots removed, an
// IPv4 address in a legal form written dotted, otherwise lower-cased and
// encoded.
func surtHost(name string) string {
	name = repeatedDecode(name)
	name = strings.ReplaceAll(name, "..", ".")
	name = strings.Trim(name, ".")
	if name == "" {
		return ""
	}
	if ip, ok := surtIPv4(name); ok {
		return ip
	}
	return surtEscape(lowerASCII(name))
}

// surtIPv4 reads a host that is all digits as a number modulo 2³², and a
// dotted host of decimal or octal numbers as inet_aton does.
func surtIPv4(name string) (string, bool) {
	digits := true
	for i := 0; i < len(name); i++ {
		if name[i] < '0' || name[i] > '9' {
			digits = false
			break
		}
	}
	if digits {
		var n uint32
		for i := 0; i < len(name); i++ {
			n = n*10 + uint32(name[i]-'0')
		}
		return string(model.AppendIPv4(nil, n)), true
	}
	if surtDecimalIPv4.MatchString(name) || surtOctalIPv4.MatchString(name) {
		if v, err := host.ParseIPv4(name); err == nil {
			return string(model.AppendIPv4(nil, v)), true
		}
	}
	return "", false
}

// surtNormalizePath resolves the . and .. segments of a path and removes
// its inner empty segments (a last empty one, a trailing '/', stays), as
// surt's normalizePath does; a .. above the root is kept.
func surtNormalizePath(path string) string {
	if path == "" {
		return "/"
	}
	parts := strings.Split(path, "/")[1:]
	kept := make([]string, 0, len(parts))
	for _, p := range parts {
		switch p {
		case ".":
		case "..":
			if len(kept) > 0 {
				kept = kept[:len(kept)-1]
			} else {
				kept = append(kept, p)
			}
		default:
			kept = append(kept, p)
		}
	}
	var b strings.Builder
	b.WriteByte('/')
	for i, p := range kept {
		if i == len(kept)-1 {
			b.WriteString(p)
		} else if p != "" {
			b.WriteString(p)
			b.WriteByte('/')
		}
	}
	return b.String()
}

// surtEscapeSet is what surt percent-encodes: bytes ≤ 0x20 and ≥ 0x7F,
// '%' and '#' (Python's urllib.parse.quote with surt's safe characters).
var surtEscapeSet = escapeSet("")

func surtEscape(s string) string { return escapeWith(s, &surtEscapeSet) }

func stripPathSessionID(path string) string {
	if !strings.Contains(path, "(") || !strings.Contains(path, ".aspx") {
		return path // neither pattern can match (the path is lower-cased)
	}
	for _, re := range pathSessionIDs {
		if m := re.FindStringSubmatch(path); m != nil {
			path = m[1] + m[3]
		}
	}
	return path
}

func stripQuerySessionID(query string) string {
	if l := lowerASCII(query); !strings.Contains(l, "sid") && !strings.Contains(l, "sessionid") && !strings.Contains(l, "cfid=") {
		return query // no pattern can match
	}
	for _, re := range querySessionIDs {
		if m := re.FindStringSubmatch(query); m != nil {
			query = m[1] + m[2]
		}
	}
	return query
}

// sortSURTQuery sorts the &-separated parameters of q as surt does: as
// pairs (name, value), a parameter without '=' before one with the same
// name and '='.
func sortSURTQuery(q string) string {
	if len(q) <= 1 {
		return q
	}
	params := strings.Split(q, "&")
	slices.SortStableFunc(params, func(a, b string) int {
		an, av, aok := strings.Cut(a, "=")
		bn, bv, bok := strings.Cut(b, "=")
		if c := strings.Compare(an, bn); c != 0 {
			return c
		}
		if aok != bok {
			if !aok {
				return -1
			}
			return 1
		}
		return strings.Compare(av, bv)
	})
	return strings.Join(params, "&")
}
