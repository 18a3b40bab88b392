package urlspec

import (
	"errors"
	"net/netip"
	"reflect"
	"slices"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/internal/wpt"
)

// wptInputs returns the input and base of every WPT urltestdata case.
func wptInputs(t testing.TB) [][2]*string {
	t.Helper()
	cases, err := wpt.URLTestData("conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]*string
	for _, c := range cases {
		out = append(out, [2]*string{&c.Input, c.Base})
	}
	if len(out) < 800 {
		t.Fatalf("only %d WPT cases", len(out))
	}
	return out
}

// URL is comparable: == is same href, and an URL is a map key. Every URL a
// WPT case parses to is == to what its href parses to, offsets included
// (the fast path and the full pipeline agree, and the href is idempotent).
func TestURLComparable(t *testing.T) {
	a := MustParse("https://example.com/a?b#c")
	b := MustParse("HTTPS://EXAMPLE.com:443/x/../a?b#c")
	if a != b || !a.Equal(b) {
		t.Errorf("%q != %q", a.Href(), b.Href())
	}
	m := map[URL]int{a: 1}
	m[b]++
	if len(m) != 1 || m[MustParse("https://example.com/a?b#c")] != 2 {
		t.Errorf("map: %v", m)
	}
	if c := MustParse("https://example.com/a?b"); c == a {
		t.Error("different hrefs are ==")
	}
	n := 0
	for _, c := range wptInputs(t) {
		var base *URL
		if c[1] != nil {
			b, err := Parse(*c[1], nil)
			if err != nil {
				continue
			}
			base = &b
		}
		u, err := Parse(*c[0], base)
		if err != nil {
			continue
		}
		v, err := Parse(u.Href(), nil)
		if err != nil || v != u {
			t.Errorf("%q (href %q) reparses to %q %+v, %v; was %+v", *c[0], u.Href(), v.Href(), v.off, err, u.off)
		}
		var full URL
		if r, err := parseResolveNormalise(u.Href(), nil); err == nil {
			full = fromModel(r)
		}
		if full != u {
			t.Errorf("%q: the full pipeline gives %+v, Parse %+v", u.Href(), full.off, u.off)
		}
		n++
	}
	t.Logf("%d WPT URLs reparse to ==", n)
}

// No method of URL has a pointer receiver, except those an interface
// forces (as for netip.Addr): UnmarshalText, UnmarshalBinary and Scan.
func TestNoPointerReceivers(t *testing.T) {
	value := map[string]bool{}
	vt := reflect.TypeOf(URL{})
	for i := range vt.NumMethod() {
		value[vt.Method(i).Name] = true
	}
	var ptr []string
	pt := reflect.TypeOf(&URL{})
	for i := range pt.NumMethod() {
		if name := pt.Method(i).Name; !value[name] {
			ptr = append(ptr, name)
		}
	}
	if want := []string{"Scan", "UnmarshalBinary", "UnmarshalText"}; !slices.Equal(ptr, want) {
		t.Errorf("pointer-receiver methods %v, want %v", ptr, want)
	}
}

// CanParse agrees with Parse on every WPT case and allocates nothing on
// the fast path and for input without a scheme (no base).
func TestCanParse(t *testing.T) {
	for _, c := range wptInputs(t) {
		var base *URL
		if c[1] != nil {
			b, err := Parse(*c[1], nil)
			if err != nil {
				continue
			}
			base = &b
		}
		_, err := Parse(*c[0], base)
		if got := CanParse(*c[0], base); got != (err == nil) {
			t.Errorf("CanParse(%q, %v) = %v, Parse error %v", *c[0], c[1], got, err)
		}
	}
	base := MustParse("https://example.com/dir/")
	for _, tt := range []struct {
		in     string
		base   *URL
		ok     bool
		allocs float64
	}{
		{"https://www.example.com/a/b/index.html?q=1#top", nil, true, 0},
		{"https://www.example.com", nil, true, 0},
		{"file:///usr/local/lib/x.so", nil, true, 0},
		{"http://example.com:8080/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7/8/9", nil, true, 0},
		{"https://www.example.com/a/b", &base, true, 0},
		{"http://WWW.Example.COM/a", nil, true, 0},
		{"http://0x7f.1/a", nil, true, 0},
		{"http://[0:0:0:0:0:0:0:1]/a", nil, true, 0},
		{"not a URL", nil, false, 0},
		{"  /relative/path?q", nil, false, 0},
		{"", nil, false, 0},
		{"1http://x/", nil, false, 0},
	} {
		if got := CanParse(tt.in, tt.base); got != tt.ok {
			t.Errorf("CanParse(%q) = %v", tt.in, got)
		}
		n := testing.AllocsPerRun(100, func() { CanParse(tt.in, tt.base) })
		if n != tt.allocs && !race.Enabled {
			t.Errorf("CanParse(%q): %v allocs, want %v", tt.in, n, tt.allocs)
		}
	}
}

func TestJoinPath(t *testing.T) {
	tests := []struct {
		href  string
		elems []string
		want  string
		code  Code
	}{
		{"http://h/a", []string{"b c"}, "http://h/a/b%20c", ""},
		{"http://h/a/", []string{"b", "c"}, "http://h/a/b/c", ""},
		{"http://h", []string{"x"}, "http://h/x", ""},
		{"http://h/a?q#f", []string{"b"}, "http://h/a/b?q#f", ""},
		{"http://h/a", []string{"x/y", "p?q", "h#f", "50%", "a\\b"}, "http://h/a/x%2Fy/p%3Fq/h%23f/50%25/a%5Cb", ""},
		{"http://h/a", []string{"https://evil.example/"}, "http://h/a/https:%2F%2Fevil.example%2F", ""},
		{"http://h/a/b", []string{"..", "c"}, "http://h/a/c", ""},
		{"http://h/a/b", []string{".", "c"}, "http://h/a/b/c", ""},
		{"http://h/a/b", []string{"%2e%2e"}, "http://h/a/b/%252e%252e", ""},
		{"http://h/a", []string{"", "b"}, "http://h/a//b", ""},
		{"sc://h/a", []string{"a\\b"}, "sc://h/a/a\\b", ""},
		{"file:///C:/a", []string{"b"}, "file:///C:/a/b", ""},
		{"mailto:x", []string{"b"}, "mailto:x", OpaquePathRefused},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		got, err := u.JoinPath(tt.elems...)
		if got.Href() != tt.want || tt.code == "" && err != nil || tt.code != "" && !errors.Is(err, tt.code) {
			t.Errorf("%q JoinPath %q = %q, %v; want %q, %v", tt.href, tt.elems, got.Href(), err, tt.want, tt.code)
		}
	}
	var zero URL
	if _, err := zero.JoinPath("a"); !errors.Is(err, EmptyURL) {
		t.Errorf("zero URL: %v", err)
	}
}

// WithPathSegments(PathSegments()) is the identity on every WPT URL
// without an opaque path.
func TestPathSegmentsRoundTrip(t *testing.T) {
	for _, c := range wptInputs(t) {
		u, err := Parse(*c[0], nil)
		if err != nil || u.HasOpaquePath() {
			continue
		}
		v, err := u.WithPathSegments(slices.Collect(u.PathSegments())...)
		if err != nil || v != u {
			t.Errorf("%q: WithPathSegments(PathSegments) = %q, %v", u.Href(), v.Href(), err)
		}
	}
}

func TestHostKind(t *testing.T) {
	tests := []struct {
		href string
		kind HostKind
		addr string
		dial string
		code Code
	}{
		{"http://example.com/", HostDomain, "", "example.com:80", ""},
		{"https://example.com:8443/", HostDomain, "", "example.com:8443", ""},
		{"http://[::1]:8080/", HostIPv6, "::1", "[::1]:8080", ""},
		{"https://[2001:db8::1]/", HostIPv6, "2001:db8::1", "[2001:db8::1]:443", ""},
		{"http://127.1/", HostIPv4, "127.0.0.1", "127.0.0.1:80", ""},
		{"ws://h/", HostDomain, "", "h:80", ""},
		{"wss://h/", HostDomain, "", "h:443", ""},
		{"ftp://h/", HostDomain, "", "h:21", ""},
		{"sc://1.2.3.4:5/", HostOpaque, "", "1.2.3.4:5", ""},
		{"sc://[::1]:5/", HostIPv6, "::1", "[::1]:5", ""},
		{"sc://h/", HostOpaque, "", "", PortInvalid},
		{"file:///x", HostEmpty, "", "", HostMissing},
		{"file://h/x", HostDomain, "", "", PortInvalid},
		{"sc:///x", HostEmpty, "", "", HostMissing},
		{"sc:/x", HostNone, "", "", HostMissing},
		{"mailto:x", HostNone, "", "", HostMissing},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		if k := u.HostKind(); k != tt.kind {
			t.Errorf("%q: HostKind %v, want %v", tt.href, k, tt.kind)
		}
		a, ok := u.HostAddr()
		if want, _ := netip.ParseAddr(tt.addr); ok != (tt.addr != "") || a != want {
			t.Errorf("%q: HostAddr %v %v, want %q", tt.href, a, ok, tt.addr)
		}
		d, err := u.DialAddress()
		if d != tt.dial || tt.code == "" && err != nil || tt.code != "" && !errors.Is(err, tt.code) {
			t.Errorf("%q: DialAddress %q, %v; want %q, %v", tt.href, d, err, tt.dial, tt.code)
		}
	}
	var zero URL
	if zero.HostKind() != HostNone || HostKind(9).String() != "HostKind(9)" {
		t.Error("zero URL / invalid kind")
	}
}

func TestRedactedAndScan(t *testing.T) {
	for in, want := range map[string]string{
		"https://u:p@h/":       "https://u:xxxxx@h/",
		"https://u@h/":         "https://u@h/",
		"https://:secret@h/x":  "https://:xxxxx@h/x",
		"https://h/?password=": "https://h/?password=",
	} {
		if got := MustParse(in).Redacted(); got != want {
			t.Errorf("Redacted(%q) = %q, want %q", in, got, want)
		}
	}
	var u URL
	if err := u.Scan("HTTP://H/a"); err != nil || u.Href() != "http://h/a" {
		t.Errorf("Scan string: %q %v", u.Href(), err)
	}
	if err := u.Scan([]byte("nope")); !errors.Is(err, MissingSchemeNonRelativeURL) || u.Href() != "http://h/a" {
		t.Errorf("Scan bad bytes: %q %v", u.Href(), err)
	}
	if err := u.Scan(42); !errors.Is(err, UnsupportedScanType) {
		t.Errorf("Scan int: %v", err)
	}
	if v, _ := u.Value(); v != "http://h/a" {
		t.Errorf("Value %v", v)
	}
	if err := u.Scan(nil); err != nil || !u.IsZero() {
		t.Errorf("Scan nil: %v", err)
	}
	if v, err := u.Value(); v != nil || err != nil {
		t.Errorf("zero Value %v %v", v, err)
	}
}
