package urlspec

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// setterFuncs maps the WHATWG attribute names to the setters (the href
// setter is Parse, as setHref does on a variable).
var setterFuncs = map[string]func(*URL, string) error{
	"href": setHref, "protocol": assign(URL.WithProtocol), "username": assign(URL.WithUsername),
	"password": assign(URL.WithPassword), "host": assign(URL.WithHost), "hostname": assign(URL.WithHostname),
	"port": assign(URL.WithPort), "pathname": assign(URL.WithPathname), "search": assign(URL.WithSearch),
	"hash": assign(URL.WithHash),
}

// assign makes a With method a setter of a variable, as JavaScript's
// u.host = v.
func assign(with func(URL, string) (URL, error)) func(*URL, string) error {
	return func(u *URL, v string) error {
		r, err := with(*u, v)
		*u = r
		return err
	}
}

func mustParse(t testing.TB, s string) URL {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return u
}

// Table tests by setter (WHATWG §URL class), beyond WPT's setters_tests.json:
// the href after the change and the error code (empty: nil).
func TestSetters(t *testing.T) {
	tests := []struct {
		href, setter, value string
		want                string
		code                Code
	}{
		// protocol
		{"http://h/", "protocol", "https:foo", "https://h/", ""},
		{"http://h/", "protocol", "", "http://h/", model.InvalidScheme},
		{"http://h/", "protocol", "1x", "http://h/", model.InvalidScheme},
		{"http://h/", "protocol", "ht tp", "http://h/", model.InvalidScheme},
		{"http://h/", "protocol", "sc", "http://h/", model.SchemeChangeRefused},
		{"sc://h/", "protocol", "http", "sc://h/", model.SchemeChangeRefused},
		{"http://u@h/", "protocol", "file", "http://u@h/", model.SchemeChangeRefused},
		{"http://h:1/", "protocol", "file", "http://h:1/", model.SchemeChangeRefused},
		{"file:///x", "protocol", "http", "file:///x", model.SchemeChangeRefused},
		{"http://h/x", "protocol", "file", "file://h/x", ""},
		{"https://h:80/", "protocol", "ws", "ws://h/", ""},
		{"sc:x", "protocol", "SC2", "sc2:x", ""},
		// as the standard: hrefs that parse to another URL (see canonical)
		{"http://localhost/", "protocol", "file", "file://localhost/", ""},
		{"http://LOCALHOST:80/x", "protocol", "file", "file://localhost/x", ""},
		{"file://h/C:/x", "protocol", "http", "http://h/C:/x", ""},
		{"file://h/C:", "protocol", "https", "https://h/C:", ""},
		{"http://h/C|/x", "protocol", "file", "file://h/C|/x", ""},
		{"http://h/C|", "protocol", "file", "file://h/C|", ""},
		{"http://h/c:/x", "protocol", "file", "file://h/c:/x", ""},
		{"http://h/C|/x", "protocol", "http", "http://h/C|/x", ""},
		// username and password
		{"http://h/", "username", "a b:c@d", "http://a%20b%3Ac%40d@h/", ""},
		{"http://h/", "username", "%zz\t", "http://%zz%09@h/", ""},
		{"http://u:p@h/", "username", "", "http://:p@h/", ""},
		{"http://h/", "password", "p", "http://:p@h/", ""},
		{"http://u:p@h/", "password", "", "http://u@h/", ""},
		{"file://h/", "username", "u", "file://h/", model.CredentialsRefused},
		{"sc:///", "password", "p", "sc:///", model.CredentialsRefused},
		{"sc:/x", "username", "u", "sc:/x", model.CredentialsRefused},
		{"http://h/", "username", "\xff", "http://%EF%BF%BD@h/", ""},
		// host and hostname
		{"http://h/", "host", "EXAMPLE.com:0080", "http://example.com/", ""},
		{"http://h:1/", "host", "x:", "http://x:1/", ""},
		{"http://h:1/", "host", "x:y", "http://x:1/", ""},
		{"http://h/", "host", ":1", "http://h/", model.HostMissing},
		{"http://h/", "host", "a b", "http://h/", model.DomainInvalidCodePoint},
		{"http://h/", "host", "1.2.3.256", "http://h/", model.IPv4OutOfRangePart},
		{"http://h/", "host", "[::1", "http://h/", model.IPv6Unclosed},
		{"sc://u@h/", "host", "", "sc://u@h/", model.HostMissing},
		{"sc://h/", "host", "a\\b", "sc://h/", model.HostInvalidCodePoint},
		{"sc:/p", "host", "x:5", "sc://x:5/p", ""},
		{"sc:/p", "host", "", "sc:///p", ""},
		{"mailto:x", "host", "h", "mailto:x", model.OpaquePathRefused},
		{"file:///x", "host", "h", "file://h/x", ""},
		{"file://h/x", "host", "LOCALHOST", "file:///x", ""},
		{"file://h/x", "host", "a:1", "file://h/x", model.DomainInvalidCodePoint},
		{"file:///C:/x", "host", "h", "file://h/C:/x", ""},
		{"http://h/", "hostname", "x:1", "http://h/", model.HostnameWithPort},
		{"http://h:8/", "hostname", "[::1]", "http://[::1]:8/", ""},
		{"http://h/", "hostname", "[::1]:2", "http://h/", model.HostnameWithPort},
		// port
		{"http://h/", "port", "0080", "http://h/", ""},
		{"http://h/", "port", "81x", "http://h:81/", ""},
		{"http://h:81/", "port", "", "http://h/", ""},
		{"http://h:81/", "port", "x", "http://h:81/", model.PortInvalid},
		{"http://h:81/", "port", "99999999999999999999", "http://h:81/", model.PortOutOfRange},
		{"file://h/", "port", "1", "file://h/", model.CredentialsRefused},
		{"sc://h/", "port", "1", "sc://h:1/", ""},
		// pathname
		{"http://h/", "pathname", "a/./b/../c", "http://h/a/c", ""},
		{"http://h/", "pathname", "\\a\\..\\b", "http://h/b", ""},
		{"http://h/", "pathname", "/%2e%2E/x", "http://h/x", ""},
		{"http://h/", "pathname", "a?b#c", "http://h/a%3Fb%23c", ""},
		{"http://h/?q#f", "pathname", "", "http://h/?q#f", ""},
		{"sc://h/x", "pathname", "", "sc://h", ""},
		{"sc:/x", "pathname", "", "sc:/", ""},
		{"sc:/x", "pathname", "a\\b", "sc:/a\\b", ""},
		{"sc:/x", "pathname", "//a", "sc:/.//a", ""},
		{"sc://h/x", "pathname", "//a", "sc://h//a", ""},
		{"file:///x", "pathname", "C|/a/../..", "file:///C:/", ""},
		{"file://h/x", "pathname", "/c:", "file://h/c:", ""},
		{"file:///x", "pathname", "/a/../c|", "file:///c:", ""},
		{"file:///C:/x", "pathname", "y", "file:///y", ""},
		{"data:x", "pathname", "/y", "data:x", model.OpaquePathRefused},
		// search
		{"http://h/", "search", "?a=b c#d", "http://h/?a=b%20c%23d", ""},
		{"sc://h/", "search", "'", "sc://h/?'", ""},
		{"http://h/", "search", "'", "http://h/?%27", ""},
		{"http://h/?q", "search", "", "http://h/", ""},
		{"http://h/?q", "search", "?", "http://h/?", ""},
		{"sc:a ?q", "search", "", "sc:a%20", ""},
		// hash
		{"http://h/", "hash", "#a b#c", "http://h/#a%20b#c", ""},
		{"http://h/#f", "hash", "", "http://h/", ""},
		{"http://h/#f", "hash", "#", "http://h/#", ""},
		{"sc:a  #f", "hash", "", "sc:a %20", ""},
		{"sc:a #f", "hash", "g", "sc:a%20#g", ""},
		// href
		{"http://h/", "href", "HTTPS://X/a/../b", "https://x/b", ""},
		{"http://h/", "href", "x", "http://h/", model.MissingSchemeNonRelativeURL},
	}
	for _, tt := range tests {
		u := mustParse(t, tt.href)
		err := setterFuncs[tt.setter](&u, tt.value)
		if u.Href() != tt.want {
			t.Errorf("%q %s=%q: href %q, want %q", tt.href, tt.setter, tt.value, u.Href(), tt.want)
		}
		switch {
		case tt.code == "" && err != nil:
			t.Errorf("%q %s=%q: error %v, want nil", tt.href, tt.setter, tt.value, err)
		case tt.code != "":
			var e *Error
			if !errors.As(err, &e) || e.Code != tt.code || !errors.Is(err, tt.code) || e.Input != tt.value && tt.setter != "href" {
				t.Errorf("%q %s=%q: error %v, want an *Error with code %s about the value", tt.href, tt.setter, tt.value, err, tt.code)
			}
		}
		checkSetterResult(t, &u)
	}
}

// checkSetterResult checks the invariants of every setter's result: it
// satisfies the model's constraints, and its href parses back to
// u.canonical(), which is u itself except for the two kinds of href that
// only setters make (see URL.Model), whose normalised model is the parsed
// URL's.
func checkSetterResult(t testing.TB, u *URL) {
	t.Helper()
	if u.Href() == "" {
		return
	}
	m := u.Model()
	if err := model.Validate(&m); err != nil {
		t.Errorf("%q: %v", u.Href(), err)
	}
	p, err := Parse(u.Href())
	if err != nil {
		t.Errorf("%q does not parse: %v", u.Href(), err)
		return
	}
	rec := u.record()
	want := normalize.Normalize(rec)
	if c := u.canonical(); c != p || c != *u && !settersOnlyHref(u) {
		t.Errorf("%q: canonical %q, parsed %q", u.Href(), c.Href(), p.Href())
	}
	if pm := p.Model(); !pm.Equal(&want) {
		t.Errorf("%q parses to %v %q, the setter gave %v", u.Href(), pm, p.Href(), want)
	}
}

// WithHost with a port of 65536 or more sets the host and keeps the port, as
// the standard requires, and says so.
func TestWithHostPortOutOfRange(t *testing.T) {
	u := mustParse(t, "http://example.net:8080/path")
	u, err := u.WithHost("example.com:65536")
	if u.Href() != "http://example.com:8080/path" {
		t.Errorf("href %q", u.Href())
	}
	if !errors.Is(err, model.PortOutOfRange) {
		t.Errorf("error %v, want port-out-of-range", err)
	}
}

// Error offsets point into the value as given, tabs and newlines included.
func TestSetterErrorOffsets(t *testing.T) {
	u := mustParse(t, "http://h/")
	_, err := u.WithHostname("\tab\n:1")
	var e *Error
	if !errors.As(err, &e) || e.Code != model.HostnameWithPort || e.Offset != 4 {
		t.Errorf("error %+v, want hostname-with-port at 4", err)
	}
	_, err = u.WithProtocol("h\tt p")
	if !errors.As(err, &e) || e.Code != model.InvalidScheme || e.Offset != 3 {
		t.Errorf("error %+v, want invalid-scheme at 3", err)
	}
}

// On the zero URL every setter but href (Parse) fails with model.EmptyURL.
func TestSettersZeroURL(t *testing.T) {
	for name, set := range setterFuncs {
		var u URL
		err := set(&u, "http://h/")
		if name == "href" {
			if err != nil || u.Href() != "http://h/" {
				t.Errorf("href on the zero URL: %v, %q", err, u.Href())
			}
			continue
		}
		if !errors.Is(err, model.EmptyURL) || u.Href() != "" {
			t.Errorf("%s on the zero URL: %v, %q", name, err, u.Href())
		}
	}
}

// Setters return a new URL and leave the one they are called on as it was.
func TestSettersValueSemantics(t *testing.T) {
	u := mustParse(t, "http://h/a")
	v, err := u.WithPathname("b")
	if err != nil {
		t.Fatal(err)
	}
	if u.Href() != "http://h/a" || v.Href() != "http://h/b" || u == v {
		t.Errorf("u %q, result %q", u.Href(), v.Href())
	}
	if w := mustParse(t, "http://h/b"); w != v {
		t.Errorf("the setter's result %q is not == to the parsed %q", v.Href(), w.Href())
	}
}

var setterSeeds = []string{
	"http://u:p@example.com:8080/a/b?q#f", "https://h/", "file:///C:/x", "file://h/a/",
	"sc://h/x?y#z", "sc:/a/b", "sc:opaque ?q#f", "mailto:x@y", "ws://[::1]:1/", "blob:https://h/x",
	"non-spec:/.//p", "data:space  ?query#fragment", "file://h/C:/x", "http://h/c|/",
	"http://localhost/C|/x", "https://LOCALHOST:8443/c|",
}

// FuzzSetters: no setter panics, and every result satisfies the model's
// constraints and parses back to its canonical() (checkSetterResult).
func FuzzSetters(f *testing.F) {
	names := []string{"href", "protocol", "username", "password", "host", "hostname", "port", "pathname", "search", "hash"}
	for i, s := range setterSeeds {
		for j := range names {
			f.Add(s, uint8(j), []string{"x", "", "\\\\", "//h", "a:1", "[::1]:2", "C|/..", "\xff", "?#", "file"}[(i+j)%10])
		}
	}
	f.Fuzz(func(t *testing.T, href string, setter uint8, value string) {
		u, err := Parse(href)
		if err != nil {
			return
		}
		before := u.Href()
		name := names[int(setter)%len(names)]
		err = setterFuncs[name](&u, value)
		if err != nil && u.Href() != before && !(name == "host" && errors.Is(err, model.PortOutOfRange)) {
			t.Errorf("%q %s=%q: error %v but the URL changed to %q", href, name, value, err, u.Href())
		}
		var e *Error
		if err != nil && !errors.As(err, &e) {
			t.Errorf("%q %s=%q: error %T is not an *Error", href, name, value, err)
		}
		checkSetterResult(t, &u)
	})
}

// settersOnlyHref reports whether u is a file: URL with the host
// localhost or a first path segment like "C|": the URLs that the setters
// make and Parse never returns.
func settersOnlyHref(u *URL) bool {
	if u.Protocol() != "file:" {
		return false
	}
	p := u.Pathname()
	return u.Hostname() == "localhost" || len(p) >= 3 && p[2] == '|' && model.IsDrive(p[1:3]) && (len(p) == 3 || p[3] == '/')
}

// A base whose href only a setter makes counts as the URL its href parses
// to: the standard's URL constructor takes the base as a string. The
// expected hrefs are whatwg-url 17.3.0's new URL(input, base), base made
// with base.protocol = "file".
func TestParseBaseFromSetter(t *testing.T) {
	tests := []struct{ start, input, want string }{
		{"http://localhost/x", "y", "file:///y"},
		{"http://localhost/x", "..", "file:///"},
		{"http://localhost/x", "../..", "file:///"},
		{"http://localhost/x", "/z", "file:///z"},
		{"http://localhost/x", "//h2/", "file://h2/"},
		{"http://localhost/x", "?q", "file:///x?q"},
		{"http://localhost/x", "#f", "file:///x#f"},
		{"http://localhost/x", "C|/w", "file:///C:/w"},
		{"http://localhost/x", "", "file:///x"},
		{"http://localhost/x", "./", "file:///"},
		{"http://localhost/x", "/", "file:///"},
		{"http://localhost/x", "//localhost/", "file:///"},
		{"http://h/C|/x", "y", "file://h/C:/y"},
		{"http://h/C|/x", "..", "file://h/C:/"},
		{"http://h/C|/x", "../..", "file://h/C:/"},
		{"http://h/C|/x", "/z", "file://h/C:/z"},
		{"http://h/C|/x", "//h2/", "file://h2/"},
		{"http://h/C|/x", "?q", "file://h/C:/x?q"},
		{"http://h/C|/x", "#f", "file://h/C:/x#f"},
		{"http://h/C|/x", "C|/w", "file://h/C:/w"},
		{"http://h/C|/x", "", "file://h/C:/x"},
		{"http://h/C|/x", "./", "file://h/C:/"},
		{"http://h/C|/x", "/", "file://h/C:/"},
		{"http://h/C|/x", "//localhost/", "file:///"},
		{"http://h/C|", "y", "file://h/C:/y"},
		{"http://h/C|", "..", "file://h/C:/"},
		{"http://h/C|", "../..", "file://h/C:/"},
		{"http://h/C|", "/z", "file://h/C:/z"},
		{"http://h/C|", "//h2/", "file://h2/"},
		{"http://h/C|", "?q", "file://h/C:?q"},
		{"http://h/C|", "#f", "file://h/C:#f"},
		{"http://h/C|", "C|/w", "file://h/C:/w"},
		{"http://h/C|", "", "file://h/C:"},
		{"http://h/C|", "./", "file://h/C:/"},
		{"http://h/C|", "/", "file://h/C:/"},
		{"http://h/C|", "//localhost/", "file:///"},
		{"http://localhost/C|/x/", "y", "file:///C:/x/y"},
		{"http://localhost/C|/x/", "..", "file:///C:/"},
		{"http://localhost/C|/x/", "../..", "file:///C:/"},
		{"http://localhost/C|/x/", "/z", "file:///C:/z"},
		{"http://localhost/C|/x/", "//h2/", "file://h2/"},
		{"http://localhost/C|/x/", "?q", "file:///C:/x/?q"},
		{"http://localhost/C|/x/", "#f", "file:///C:/x/#f"},
		{"http://localhost/C|/x/", "C|/w", "file:///C:/w"},
		{"http://localhost/C|/x/", "", "file:///C:/x/"},
		{"http://localhost/C|/x/", "./", "file:///C:/x/"},
		{"http://localhost/C|/x/", "/", "file:///C:/"},
		{"http://localhost/C|/x/", "//localhost/", "file:///"},
	}
	for _, tt := range tests {
		b, err := mustParse(t, tt.start).WithProtocol("file")
		if err != nil {
			t.Fatal(err)
		}
		u, err := b.Resolve(tt.input)
		if err != nil || u.Href() != tt.want {
			t.Errorf("Parse(%q, %q): %q, %v; want %q", tt.input, b.Href(), u.Href(), err, tt.want)
		}
	}
}

// Every pair of setters from URLs in the states only setters make (file:
// URLs with host localhost or a first segment C|) and from their neighbours:
// each result satisfies checkSetterResult, and a refused change leaves the
// URL as it was.
func TestSetterPairsFromSetterOnlyStates(t *testing.T) {
	starts := []string{"http://localhost/C|/x", "https://LOCALHOST/c|", "http://h/C|/x?q#f", "ws://localhost:8080/C:/",
		"file://h/C:/x", "file:///C:/", "sc://localhost/C|/x", "sc:/C|/x"}
	steps := [][2]string{{"protocol", "file"}, {"protocol", "http"}, {"protocol", "sc"}, {"host", "localhost"},
		{"host", "h"}, {"host", ""}, {"hostname", "LOCALHOST"}, {"port", "8080"}, {"port", ""}, {"username", "u"},
		{"password", "p"}, {"pathname", "C|/y"}, {"pathname", "/a/../D|"}, {"pathname", ".."}, {"search", "q"},
		{"hash", ""}, {"href", "file://localhost/C|/z"}}
	n := 0
	for _, s := range starts {
		for _, a := range steps {
			for _, b := range steps {
				u := mustParse(t, s)
				for _, st := range [][2]string{{"protocol", "file"}, a, b} {
					before := u
					err := setterFuncs[st[0]](&u, st[1])
					if err != nil && u != before {
						t.Errorf("%q %s=%q: error %v but the URL changed to %q", before.Href(), st[0], st[1], err, u.Href())
					}
					checkSetterResult(t, &u)
					n++
				}
			}
		}
	}
	t.Logf("%d setter steps checked", n)
}
