package urlspec_test

import (
	"crypto/tls"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/model"
)

// request returns a request as a server reads it: method, request target
// (RequestURI) and Host header, with the given header lines.
func request(method, target, host string, header ...string) *http.Request {
	r := &http.Request{Method: method, RequestURI: target, Host: host, Header: http.Header{}}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Add(header[i], header[i+1])
	}
	return r
}

// FromRequest on each form of request target (RFC 9112 §3.2), with the
// Host header and the connection's scheme.
func TestFromRequest(t *testing.T) {
	withTLS := func(r *http.Request) *http.Request {
		r.TLS = &tls.ConnectionState{HandshakeComplete: true}
		return r
	}
	tests := []struct {
		name string
		r    *http.Request
		want string
	}{
		{"origin-form", httptest.NewRequest("GET", "/a/b?q=1", nil), "http://example.com/a/b?q=1"},
		{"origin-form, Host with port", request("GET", "/a", "Example.COM:8080"), "http://example.com:8080/a"},
		{"origin-form, default port", request("GET", "/a", "example.com:80"), "http://example.com/a"},
		{"origin-form, IPv6 Host", request("GET", "/a", "[::1]:8080"), "http://[::1]:8080/a"},
		{"origin-form, dot segments", request("GET", "/a/../b/./c", "example.com"), "http://example.com/b/c"},
		{"origin-form, percent-encoding kept", request("GET", "/a%2Fb/c d?x=%41 y", "example.com"), "http://example.com/a%2Fb/c%20d?x=%41%20y"},
		{"origin-form, '#' is data", request("GET", "/a#b?c#d", "example.com"), "http://example.com/a%23b?c%23d"},
		// The attack targets: the host stays the Host header's, and the path
		// is "//evil.example/x" (a '\' is a separator in a special URL).
		{"attack //", httptest.NewRequest("GET", "//evil.example/x", nil), "http://example.com//evil.example/x"},
		{"attack //, hand-made", request("GET", "//evil.example/x", "example.com"), "http://example.com//evil.example/x"},
		{`attack /\`, request("GET", `/\evil.example/x`, "example.com"), "http://example.com//evil.example/x"},
		{`attack \\`, request("GET", `/\\evil.example/x?q`, "example.com"), "http://example.com///evil.example/x?q"},
		// An empty query is kept: "?" alone.
		{"empty query", httptest.NewRequest("GET", "/a?", nil), "http://example.com/a?"},
		{"empty query and path", request("GET", "/?", "example.com"), "http://example.com/?"},
		// absolute-form (to a proxy): as given, whatever the Host header.
		{"absolute-form", httptest.NewRequest("GET", "http://example.com/a?b", nil), "http://example.com/a?b"},
		{"absolute-form, other Host", request("GET", "http://example.com/a?b", "other.example"), "http://example.com/a?b"},
		{"absolute-form, normalised", request("GET", "HTTP://Example.COM:80/a/../b", "example.com"), "http://example.com/b"},
		// authority-form (CONNECT): the connection's scheme, the target as
		// host and port, the path "/".
		{"CONNECT", httptest.NewRequest("CONNECT", "example.com:443", nil), "http://example.com:443/"},
		{"CONNECT over TLS", withTLS(request("CONNECT", "example.com:443", "example.com:443")), "https://example.com/"},
		// TLS: https, and its default port is dropped.
		{"TLS", withTLS(httptest.NewRequest("GET", "/x", nil)), "https://example.com/x"},
		{"TLS, Host with 443", withTLS(request("GET", "/x", "example.com:443")), "https://example.com/x"},
		{"TLS, Host with 80", withTLS(request("GET", "/x", "example.com:80")), "https://example.com:80/x"},
		// asterisk-form (OPTIONS *): the Host header and the path "/".
		{"OPTIONS *", httptest.NewRequest("OPTIONS", "*", nil), "http://example.com/"},
		// A request made by a client (no RequestURI): its URL.
		{"client request", mustRequest(t, "GET", "http://example.com/a?b"), "http://example.com/a?b"},
	}
	for _, tt := range tests {
		u, err := urlspec.FromRequest(tt.r)
		if err != nil || u.Href() != tt.want {
			t.Errorf("%s (%s %q, Host %q): %q, %v; want %q", tt.name, tt.r.Method, tt.r.RequestURI, tt.r.Host, u.Href(), err, tt.want)
		}
	}
}

// The attack targets never change the host, and the result's request URI
// is the path as the client wrote it (a '\' read as '/').
func TestFromRequestAttackTargets(t *testing.T) {
	for _, target := range []string{"//evil.example/x", `/\evil.example/x`} {
		u, err := urlspec.FromRequest(request("GET", target, "example.com"))
		if err != nil {
			t.Fatalf("%q: %v", target, err)
		}
		if u.Hostname() != "example.com" || u.Pathname() != "//evil.example/x" || u.RequestURI() != "//evil.example/x" {
			t.Errorf("%q: host %q, path %q", target, u.Hostname(), u.Pathname())
		}
		// Resolving the target against the Host's origin, the recipe that
		// FromRequest replaces, takes evil.example as the host.
		base := urlspec.MustParse("http://example.com/")
		if r, err := base.Resolve(target); err != nil || r.Hostname() != "evil.example" {
			t.Errorf("%q: Resolve gives %q, %v (the test's premise)", target, r.Href(), err)
		}
	}
}

// A Host header or target that gives no URL fails with an *Error with code
// model.RequestTarget.
func TestFromRequestErrors(t *testing.T) {
	tests := []struct {
		name string
		r    *http.Request
	}{
		{"Host with a path", request("GET", "/", "evil.com/x")},
		{"Host with userinfo", request("GET", "/", "a@b")},
		{"empty Host", request("GET", "/", "")},
		{"Host with a query", request("GET", "/", "h?q")},
		{"Host with a backslash", request("GET", "/", `h\x`)},
		{"Host with a space", request("GET", "/", "a b")},
		{"Host with a bad port", request("GET", "/", "h:99999")},
		{"Host not a host", request("GET", "/", "[::1")},
		{"OPTIONS * without Host", request("OPTIONS", "*", "")},
		{"CONNECT with userinfo", request("CONNECT", "u@evil.example:443", "example.com")},
		{"CONNECT with a path", request("CONNECT", "evil.example:443/x", "example.com")},
		{"target neither path nor URL", request("GET", "x y", "example.com")},
		{"relative target", request("GET", "a/b", "example.com")},
	}
	for _, tt := range tests {
		u, err := urlspec.FromRequest(tt.r)
		var e *urlspec.Error
		if !errors.As(err, &e) || e.Code != model.RequestTarget || !errors.Is(err, model.RequestTarget) {
			t.Errorf("%s (%s %q, Host %q): %q, %v; want an *Error with code %s", tt.name, tt.r.Method, tt.r.RequestURI, tt.r.Host, u.Href(), err, model.RequestTarget)
			continue
		}
		if !u.IsZero() {
			t.Errorf("%s: %q with the error", tt.name, u.Href())
		}
	}
}

// FromProxiedRequest reads the scheme and host from Forwarded (first
// element) or X-Forwarded-Proto and X-Forwarded-Host, Forwarded first;
// FromRequest ignores all of them.
func TestFromProxiedRequest(t *testing.T) {
	tests := []struct {
		name         string
		r            *http.Request
		want, direct string
	}{
		{"Forwarded", request("GET", "/a?b", "internal:8080", "Forwarded", "proto=https;host=example.org"),
			"https://example.org/a?b", "http://internal:8080/a?b"},
		{"Forwarded, quoted, first element", request("GET", "/a", "internal", "Forwarded", `for=192.0.2.60;Proto="https";HOST="example.org:8443", proto=http;host=evil.example`),
			"https://example.org:8443/a", "http://internal/a"},
		{"Forwarded, host only", request("GET", "/a", "internal", "Forwarded", "host=example.org"),
			"http://example.org/a", "http://internal/a"},
		{"X-Forwarded", request("GET", "/a?b", "internal:8080", "X-Forwarded-Proto", "https", "X-Forwarded-Host", "example.org"),
			"https://example.org/a?b", "http://internal:8080/a?b"},
		{"X-Forwarded, first value", request("GET", "/a", "internal", "X-Forwarded-Proto", "https, http", "X-Forwarded-Host", "example.org, evil.example"),
			"https://example.org/a", "http://internal/a"},
		{"Forwarded before X-Forwarded", request("GET", "/a", "internal", "Forwarded", "proto=https;host=example.org", "X-Forwarded-Proto", "http", "X-Forwarded-Host", "evil.example"),
			"https://example.org/a", "http://internal/a"},
		{"no forwarding headers", request("GET", "/a", "example.com"),
			"http://example.com/a", "http://example.com/a"},
		{"attack target behind a proxy", request("GET", "//evil.example/x", "internal", "X-Forwarded-Host", "example.org"),
			"http://example.org//evil.example/x", "http://internal//evil.example/x"},
	}
	for _, tt := range tests {
		u, err := urlspec.FromProxiedRequest(tt.r)
		if err != nil || u.Href() != tt.want {
			t.Errorf("%s: FromProxiedRequest %q, %v; want %q", tt.name, u.Href(), err, tt.want)
		}
		d, err := urlspec.FromRequest(tt.r)
		if err != nil || d.Href() != tt.direct {
			t.Errorf("%s: FromRequest %q, %v; want %q (forwarding headers ignored)", tt.name, d.Href(), err, tt.direct)
		}
	}
	// A forwarded protocol other than http or https, or a forwarded host
	// that is no host, fails.
	for _, r := range []*http.Request{
		request("GET", "/a", "internal", "Forwarded", "proto=ftp;host=example.org"),
		request("GET", "/a", "internal", "X-Forwarded-Proto", "javascript"),
		request("GET", "/a", "internal", "X-Forwarded-Host", "evil.example/x"),
		request("GET", "/a", "internal", "Forwarded", "host=a@b"),
	} {
		u, err := urlspec.FromProxiedRequest(r)
		if !errors.Is(err, model.RequestTarget) {
			t.Errorf("%v: %q, %v; want %s", r.Header, u.Href(), err, model.RequestTarget)
		}
	}
}

func mustRequest(t *testing.T, method, target string) *http.Request {
	t.Helper()
	r, err := http.NewRequest(method, target, nil)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func ExampleFromRequest() {
	for _, target := range []string{"/a/b?q=1", "//evil.example/x", `/\evil.example/x`} {
		r := httptest.NewRequest("GET", target, nil) // Host: example.com
		u, err := urlspec.FromRequest(r)
		fmt.Println(u, u.Hostname(), err)
	}
	r := httptest.NewRequest("CONNECT", "example.com:443", nil)
	r.TLS = &tls.ConnectionState{}
	fmt.Println(urlspec.FromRequest(r))
	r = httptest.NewRequest("GET", "/", nil)
	r.Host = "evil.com/x"
	_, err := urlspec.FromRequest(r)
	fmt.Println(errors.Is(err, model.RequestTarget))
	// Output:
	// http://example.com/a/b?q=1 example.com <nil>
	// http://example.com//evil.example/x example.com <nil>
	// http://example.com//evil.example/x example.com <nil>
	// https://example.com/ <nil>
	// true
}

func ExampleFromProxiedRequest() {
	r := httptest.NewRequest("GET", "/login?next=%2F", nil)
	r.Host = "10.0.0.7:8080" // the proxy's upstream address
	r.Header.Set("Forwarded", "for=192.0.2.60;proto=https;host=example.org")
	u, _ := urlspec.FromProxiedRequest(r)
	fmt.Println(u)
	d, _ := urlspec.FromRequest(r) // ignores the header
	fmt.Println(d)
	// Output:
	// https://example.org/login?next=%2F
	// http://10.0.0.7:8080/login?next=%2F
}
