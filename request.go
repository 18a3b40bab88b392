package urlspec

import (
	"net/http"
	"strings"

	"github.com/urlspec/urlspec/model"
)

// FromRequest returns the absolute URL that the client of an HTTP server
// asked for (RFC 9112 §3.2, request target; RFC 9110 §7.1, the target
// URI):
//
//   - origin-form ("/a/b?q", nearly every request): the scheme of the
//     connection (https when r.TLS is not nil, else http), the Host header
//     (r.Host) as host and port, and the target as path and query. The
//     target is only ever a path and a query: "//evil.example/x" and
//     "/\evil.example/x" keep the Host header's host and get the path
//     "//evil.example/x", where parsing the target as a reference against
//     "http://"+r.Host would take evil.example as the host (an open
//     redirect or SSRF in a middleware that trusts it).
//   - absolute-form ("http://example.com/a", sent to proxies): the target
//     as given, parsed with Parse.
//   - authority-form (CONNECT "example.com:443"): the connection's scheme
//     with the target as host and port, and the path "/".
//   - asterisk-form (OPTIONS "*"): the connection's scheme and the Host
//     header, with the path "/".
//
// Forwarding headers (Forwarded, X-Forwarded-Proto, X-Forwarded-Host) are
// ignored: a client can send any of them. Behind a reverse proxy that sets
// them, call FromProxiedRequest. The error is an *Error with code
// model.RequestTarget when the Host header or the target gives no URL.
func FromRequest(r *http.Request) (URL, error) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	return fromRequest(r, scheme, r.Host)
}

// FromProxiedRequest is FromRequest for a server behind a reverse proxy
// that sets the standard Forwarded header (RFC 7239: the proto= and host=
// of its first element) or the de-facto X-Forwarded-Proto and
// X-Forwarded-Host headers (their first value): those give the scheme and
// the host the client used, in that order of preference, and the
// connection's scheme and the Host header stand where they are absent.
// Call it only when every request passes through such a proxy and the
// proxy replaces these headers: otherwise any client can choose the URL's
// host.
func FromProxiedRequest(r *http.Request) (URL, error) {
	scheme, host := "http", r.Host
	if r.TLS != nil {
		scheme = "https"
	}
	fproto, fhost := forwarded(r.Header.Get("Forwarded"))
	if fproto == "" {
		fproto = firstValue(r.Header.Get("X-Forwarded-Proto"))
	}
	if fhost == "" {
		fhost = firstValue(r.Header.Get("X-Forwarded-Host"))
	}
	if fproto != "" {
		scheme = strings.ToLower(fproto)
		if scheme != "http" && scheme != "https" {
			return URL{}, requestError(fproto, "the forwarded protocol is neither http nor https")
		}
	}
	if fhost != "" {
		host = fhost
	}
	return fromRequest(r, scheme, host)
}

// fromRequest builds the URL of r with the given scheme and authority.
func fromRequest(r *http.Request, scheme, host string) (URL, error) {
	target := r.RequestURI
	if target == "" && r.URL != nil {
		// A request made by a client rather than read by a server.
		if r.URL.IsAbs() {
			target = r.URL.String()
		} else {
			target = r.URL.RequestURI()
		}
	}
	switch {
	case r.Method == http.MethodConnect && !strings.HasPrefix(target, "/"):
		return originURL(scheme, target)
	case target == "*":
		return originURL(scheme, host)
	case strings.HasPrefix(target, "/"):
		base, err := originURL(scheme, host)
		if err != nil {
			return URL{}, err
		}
		path, query, hasQuery := strings.Cut(target, "?")
		// A request target has no fragment: a '#' in it is data.
		path = strings.ReplaceAll(path, "#", "%23")
		u, err := base.WithPathname(path)
		if err != nil {
			return URL{}, requestError(target, err.Error())
		}
		if hasQuery {
			// "?" + query: the search setter keeps an empty query ("?")
			// where "" would remove it.
			if u, err = u.WithSearch("?" + strings.ReplaceAll(query, "#", "%23")); err != nil {
				return URL{}, requestError(target, err.Error())
			}
		}
		return u, nil
	}
	u, err := Parse(target)
	if err != nil {
		return URL{}, requestError(target, "the target is neither a path, an absolute URL nor an authority: "+err.Error())
	}
	return u, nil
}

// originURL returns scheme://authority/ after checking that authority is
// only a host and an optional port (no userinfo, path, query or fragment,
// which would make the URL's host another than the one written).
func originURL(scheme, authority string) (URL, error) {
	if authority == "" {
		return URL{}, requestError(authority, "no host (the request has no Host header)")
	}
	if i := strings.IndexAny(authority, "/\\?#@ \t\r\n"); i >= 0 {
		return URL{}, &Error{Code: model.RequestTarget, Input: authority, Offset: i, Reason: "the host has a character that ends or precedes a host"}
	}
	u, err := Parse(scheme + "://" + authority + "/")
	if err != nil {
		return URL{}, requestError(authority, err.Error())
	}
	return u, nil
}

func requestError(input, reason string) error {
	return &Error{Code: model.RequestTarget, Input: input, Offset: -1, Reason: reason}
}

// forwarded returns the proto and host parameters of the first element of
// a Forwarded header (RFC 7239 §4), unquoted.
func forwarded(h string) (proto, host string) {
	first, _, _ := strings.Cut(h, ",")
	for _, pair := range strings.Split(first, ";") {
		name, value, ok := strings.Cut(strings.TrimSpace(pair), "=")
		if !ok {
			continue
		}
		value = strings.TrimSpace(value)
		if len(value) >= 2 && value[0] == '"' && value[len(value)-1] == '"' {
			value = strings.ReplaceAll(value[1:len(value)-1], `\`, "")
		}
		switch strings.ToLower(name) {
		case "proto":
			proto = value
		case "host":
			host = value
		}
	}
	return proto, host
}

func firstValue(h string) string {
	v, _, _ := strings.Cut(h, ",")
	return strings.TrimSpace(v)
}
