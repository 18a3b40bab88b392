package urlpattern

import (
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/refops"
)

// This file holds every call into the root urlspec package: the WHATWG
// basic URL parser (urlspec.Parse), its getters, and its setters, which
// the canonicalisation of §Canonicalization runs on a dummy URL. Keep it
// small: when the root package's API changes, only this file changes.

// urlRecord is the part of a parsed URL that matching reads: the values of
// §URL pattern match (scheme without ':', query without '?', fragment
// without '#').
type urlRecord struct {
	protocol, username, password, hostname, port, pathname, search, hash string
}

// recordOf reads the components of u.
func recordOf(u *urlspec.URL) urlRecord {
	return urlRecord{
		protocol: strings.TrimSuffix(u.Protocol(), ":"),
		username: u.Username(),
		password: u.Password(),
		hostname: u.Hostname(),
		port:     u.Port(),
		pathname: u.Pathname(),
		search:   strings.TrimPrefix(u.Search(), "?"),
		hash:     strings.TrimPrefix(u.Hash(), "#"),
	}
}

// hasOpaquePath reports whether u's path is opaque.
func hasOpaquePath(u *urlspec.URL) bool { m := u.Model(); return m.HasOpaquePath() }

// parseScheme parses scheme + "://dummy.invalid/" and returns the
// resulting scheme (canonicalize a protocol).
func parseScheme(scheme string) (string, error) {
	u, err := urlspec.Parse(scheme + "://dummy.invalid/")
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(u.Protocol(), ":"), nil
}

// dummyWithScheme is a dummy URL whose scheme is scheme when scheme is
// special and not file (then its default port applies), else a non-special
// one: the port state reads a port the same way under every other scheme.
func dummyWithScheme(scheme string) urlspec.URL {
	switch scheme {
	case "http", "https", "ws", "wss", "ftp":
		u, _ := urlspec.Parse(scheme + "://dummy.invalid/")
		return u
	}
	u, _ := urlspec.Parse("x-dummy://dummy.invalid/")
	return u
}

// dummy is "create a dummy URL" (§Internals): https://dummy.invalid/.
func dummy() urlspec.URL {
	u, _ := urlspec.Parse("https://dummy.invalid/")
	return u
}

// setOnDummy runs the WHATWG setter of component c on u with v and returns
// the resulting getter value, without its leading '?' or '#'.
func setOnDummy(u urlspec.URL, c Component, v string) (string, error) {
	var err error
	switch c {
	case Username:
		u, err = u.WithUsername(v)
		return u.Username(), err
	case Password:
		u, err = u.WithPassword(v)
		return u.Password(), err
	case Hostname:
		u, err = u.WithHostname(v)
		return u.Hostname(), err
	case Port:
		u, err = u.WithPort(v)
		return u.Port(), err
	case Pathname:
		u, err = u.WithPathname(v)
		return u.Pathname(), err
	case Search:
		u, err = u.WithSearch(v)
		return strings.TrimPrefix(u.Search(), "?"), err
	case Hash:
		u, err = u.WithHash(v)
		return strings.TrimPrefix(u.Hash(), "#"), err
	}
	return "", &Error{Offset: -1, Reason: "no setter for " + c.String()}
}

// polyfillOpaquePathname is the urlpattern-polyfill's opaque pathname
// callback, for the differential test's model of its departures.
func polyfillOpaquePathname(v string) (string, error) {
	u, err := urlspec.Parse("data:" + v)
	if err != nil {
		return "", err
	}
	return u.Pathname(), nil
}

// polyfillCanonicalizePathname is the urlpattern-polyfill's
// canonicalizePathname for inputs: new URL(protocol + ":" + v) for a
// non-special protocol, else v (or "/-" + v) resolved against
// https://example.com as a URL reference.
func polyfillCanonicalizePathname(v, protocol string) (string, error) {
	if v == "" {
		return v, nil
	}
	if protocol != "" && !isSpecialScheme(protocol) {
		u, err := urlspec.Parse(protocol + ":" + v)
		if err != nil {
			return "", err
		}
		return u.Pathname(), nil
	}
	slash := v[0] == '/'
	if !slash {
		v = "/-" + v
	}
	base := "https://example.com"
	u, err := refops.NewURL(v, &base)
	if err != nil {
		return "", err
	}
	p := u.Pathname()
	if !slash {
		if len(p) < 2 {
			return "", nil
		}
		p = p[2:]
	}
	return p, nil
}

// TestURL reports whether the parsed URL u matches (the standard's match
// given a URL). A router parses each request URL once and tests it against
// every route with TestURL.
func (p *Pattern) TestURL(u urlspec.URL) bool {
	r, ok := stringRecord(&u)
	return ok && p.testRecord(&r)
}

// ExecURL is Exec for a parsed URL; the result's Inputs hold its href.
func (p *Pattern) ExecURL(u urlspec.URL) (res Result, ok bool) {
	r, ok := stringRecord(&u)
	if !ok {
		return Result{}, false
	}
	return p.execRecord(&r, []any{u.Href()})
}
