package urlpattern

import (
	"github.com/urlspec/urlspec/internal/refops"
	"strings"
	"unicode/utf8"
)

// Init is the URLPatternInit dictionary of the URLPattern Standard: a
// pattern (for New*) or an input (for Exec and Test) given component by
// component. A nil field is absent, which differs from an empty one: an
// absent component of a pattern is the wildcard "*" (or comes from
// BaseURL), an empty one matches only the empty string. Write present
// fields with Go's new: Init{Pathname: new("/books/:id")}.
type Init struct {
	Protocol *string `json:"protocol,omitempty"`
	Username *string `json:"username,omitempty"`
	Password *string `json:"password,omitempty"`
	Hostname *string `json:"hostname,omitempty"`
	Port     *string `json:"port,omitempty"`
	Pathname *string `json:"pathname,omitempty"`
	Search   *string `json:"search,omitempty"`
	Hash     *string `json:"hash,omitempty"`
	BaseURL  *string `json:"baseURL,omitempty"`
}

// get returns the field of component c.
func (in *Init) get(c Component) *string {
	switch c {
	case Protocol:
		return in.Protocol
	case Username:
		return in.Username
	case Password:
		return in.Password
	case Hostname:
		return in.Hostname
	case Port:
		return in.Port
	case Pathname:
		return in.Pathname
	case Search:
		return in.Search
	case Hash:
		return in.Hash
	}
	return nil
}

// set sets the field of component c.
func (in *Init) set(c Component, v string) {
	p := &v
	switch c {
	case Protocol:
		in.Protocol = p
	case Username:
		in.Username = p
	case Password:
		in.Password = p
	case Hostname:
		in.Hostname = p
	case Port:
		in.Port = p
	case Pathname:
		in.Pathname = p
	case Search:
		in.Search = p
	case Hash:
		in.Hash = p
	}
}

// processType is the type argument of "process a URLPatternInit".
type processType bool

const (
	typePattern processType = false
	typeURL     processType = true
)

// wellFormed replaces each invalid UTF-8 byte of s by U+FFFD (an input is
// a USVString; a browser reads a lone surrogate so).
func wellFormed(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return toValidPerByte(s)
		}
	}
	return s
}

func toValidPerByte(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == 0xFFFD && n == 1 {
			b.WriteString("\uFFFD")
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// cleaned returns a copy of in with every present field well formed.
func (in Init) cleaned() Init {
	for _, f := range []**string{&in.Protocol, &in.Username, &in.Password, &in.Hostname, &in.Port, &in.Pathname, &in.Search, &in.Hash, &in.BaseURL} {
		if *f != nil {
			*f = new(wellFormed(**f))
		}
	}
	return in
}

// processInit implements "process a URLPatternInit" (§URLPatternInit
// processing) with every component argument null except those in start
// (which the match algorithm passes as empty strings).
func processInit(init Init, typ processType, start *Init) (Init, error) {
	var result Init
	if start != nil {
		result = *start
	}
	if init.BaseURL != nil {
		base, err := refops.NewURL(*init.BaseURL, nil)
		if err != nil {
			return Init{}, &Error{Input: *init.BaseURL, Offset: -1, Reason: "invalid baseURL: " + err.Error()}
		}
		rec := recordOf(&base)
		has := func(cs ...Component) bool {
			for _, c := range cs {
				if init.get(c) != nil {
					return true
				}
			}
			return false
		}
		if init.Protocol == nil {
			result.set(Protocol, processBase(rec.protocol, typ))
		}
		if typ != typePattern && !has(Protocol, Hostname, Port, Username) {
			result.set(Username, processBase(rec.username, typ))
		}
		if typ != typePattern && !has(Protocol, Hostname, Port, Username, Password) {
			result.set(Password, processBase(rec.password, typ))
		}
		if !has(Protocol, Hostname) {
			result.set(Hostname, processBase(rec.hostname, typ))
		}
		if !has(Protocol, Hostname, Port) {
			result.set(Port, rec.port)
		}
		if !has(Protocol, Hostname, Port, Pathname) {
			result.set(Pathname, processBase(rec.pathname, typ))
		}
		if !has(Protocol, Hostname, Port, Pathname, Search) {
			result.set(Search, processBase(rec.search, typ))
		}
		if !has(Protocol, Hostname, Port, Pathname, Search, Hash) {
			result.set(Hash, processBase(rec.hash, typ))
		}
		if init.Pathname != nil && !hasOpaquePath(&base) && !isAbsolutePathname(*init.Pathname, typ) {
			basePath := processBase(rec.pathname, typ)
			if i := strings.LastIndexByte(basePath, '/'); i >= 0 {
				init.Pathname = new(basePath[:i+1] + *init.Pathname)
			}
		}
	}
	var err error
	canon := func(c Component, v string, f func(string) (string, error)) {
		if err != nil {
			return
		}
		if typ == typePattern {
			result.set(c, v)
			return
		}
		var s string
		if s, err = f(v); err == nil {
			result.set(c, s)
		}
	}
	if init.Protocol != nil {
		canon(Protocol, strings.TrimSuffix(*init.Protocol, ":"), canonicalizeProtocol)
	}
	if init.Username != nil {
		canon(Username, *init.Username, canonicalizeUsername)
	}
	if init.Password != nil {
		canon(Password, *init.Password, canonicalizePassword)
	}
	if init.Hostname != nil {
		canon(Hostname, *init.Hostname, func(v string) (string, error) {
			if polyfillCompat.on && isIPv6Pattern(v) {
				return canonicalizeIPv6Hostname(v)
			}
			return canonicalizeHostname(v)
		})
	}
	protocol := ""
	if result.Protocol != nil {
		protocol = *result.Protocol
	}
	if init.Port != nil {
		canon(Port, *init.Port, func(v string) (string, error) { return canonicalizePortFor(v, protocol) })
	}
	if init.Pathname != nil {
		canon(Pathname, *init.Pathname, func(v string) (string, error) {
			if polyfillCompat.on {
				return polyfillCanonicalizePathname(v, protocol)
			}
			if isSpecialScheme(protocol) || protocol == "" {
				return canonicalizePathname(v)
			}
			return canonicalizeOpaquePathname(v)
		})
	}
	if init.Search != nil {
		canon(Search, strings.TrimPrefix(*init.Search, "?"), canonicalizeSearch)
	}
	if init.Hash != nil {
		canon(Hash, strings.TrimPrefix(*init.Hash, "#"), canonicalizeHash)
	}
	if err != nil {
		return Init{}, err
	}
	return result, nil
}

// processBase implements "process a base URL string".
func processBase(s string, typ processType) string {
	if typ != typePattern {
		return s
	}
	return escapePatternString(s)
}

// isAbsolutePathname implements "is an absolute pathname".
func isAbsolutePathname(s string, typ processType) bool {
	if s == "" {
		return false
	}
	if s[0] == '/' {
		return true
	}
	if typ == typeURL || len(s) < 2 {
		return false
	}
	return s[0] == '\\' && s[1] == '/' || s[0] == '{' && s[1] == '/'
}

var specialSchemes = []string{"ftp", "file", "http", "https", "ws", "wss"}

func isSpecialScheme(s string) bool {
	for _, x := range specialSchemes {
		if s == x {
			return true
		}
	}
	return false
}

// defaultPort is the special scheme's default port, or "".
func defaultPort(scheme string) string {
	if polyfillCompat.on && scheme == "wss" {
		return "" // the polyfill's defaultPortForProtocol spells it "wws"
	}
	switch scheme {
	case "http", "ws":
		return "80"
	case "https", "wss":
		return "443"
	case "ftp":
		return "21"
	}
	return ""
}
