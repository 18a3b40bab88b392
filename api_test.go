package urlspec

import (
	"errors"
	"net/netip"
	"reflect"
	"slices"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/internal/wpt"
	"github.com/urlspec/urlspec/model"
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

// parseWithBase parses input against base, when there is one, as WPT's
// cases do: new URL(input, base).
func parseWithBase(input string, base *string) (URL, error) {
	if base == nil {
		return Parse(input)
	}
	b, err := Parse(*base)
	if err != nil {
		return URL{}, err
	}
	return b.Resolve(input)
}

// URL is comparable: == is same href, and an URL is a map key. Every URL a
// WPT case parses to is == to what its href parses to, offsets included
// (the fast path and the full pipeline agree, and the href is idempotent).
func TestURLComparable(t *testing.T) {
	a := MustParse("https://example.com/a?b#c")
	b := MustParse("HTTPS://EXAMPLE.com:443/x/../a?b#c")
	if a != b {
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
		u, err := parseWithBase(*c[0], c[1])
		if err != nil {
			continue
		}
		v, err := Parse(u.Href())
		if err != nil || v != u {
			t.Errorf("%q (href %q) reparses to %q %+v, %v; was %+v", *c[0], u.Href(), v.Href(), v.off, err, u.off)
		}
		var full URL
		if r, err := parseResolveNormalise(u.Href(), nil); err == nil {
			full = fromModel(&r)
		}
		if full != u {
			t.Errorf("%q: the full pipeline gives %+v, Parse %+v", u.Href(), full.off, u.off)
		}
		n++
	}
	t.Logf("%d WPT URLs reparse to ==", n)
}

// No method of URL has a pointer receiver, except those an interface
// forces (as for netip.Addr): UnmarshalText and Scan.
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

// Parse and Resolve on the inputs of the former CanParse's allocation
// guard: nothing for input that is already an href on the fast path, one
// allocation where the fast path rewrites the href, and for a failure only
// the error (the former CanParse allocated nothing there; its answer is now
// Parse's error, which is built).
func TestParseOutcomeAllocs(t *testing.T) {
	base := MustParse("https://example.com/dir/")
	for _, tt := range []struct {
		in     string
		base   *URL
		ok     bool
		allocs float64
	}{
		{"https://www.example.com/a/b/index.html?q=1#top", nil, true, 0},
		{"https://www.example.com", nil, true, 1}, // href + "/"
		{"file:///usr/local/lib/x.so", nil, true, 0},
		{"http://example.com:8080/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7/8/9", nil, true, 0},
		{"https://www.example.com/a/b", &base, true, 0},
		{"http://WWW.Example.COM/a", nil, true, 1},
		{"http://0x7f.1/a", nil, true, 1},
		{"http://[0:0:0:0:0:0:0:1]/a", nil, true, 1},
		{"not a URL", nil, false, 4},
		{"  /relative/path?q", nil, false, 4},
		{"", nil, false, 4},
		{"1http://x/", nil, false, 4},
	} {
		parse := func() error {
			var err error
			if tt.base != nil {
				_, err = tt.base.Resolve(tt.in)
			} else {
				_, err = Parse(tt.in)
			}
			return err
		}
		if err := parse(); (err == nil) != tt.ok {
			t.Errorf("Parse(%q): %v", tt.in, err)
		}
		n := testing.AllocsPerRun(100, func() { _ = parse() })
		if n > tt.allocs && !race.Enabled {
			t.Errorf("Parse(%q): %v allocs, want ≤ %v", tt.in, n, tt.allocs)
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
		{"mailto:x", []string{"b"}, "mailto:x", model.OpaquePathRefused},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		got, err := u.JoinPath(tt.elems...)
		if got.Href() != tt.want || tt.code == "" && err != nil || tt.code != "" && !errors.Is(err, tt.code) {
			t.Errorf("%q JoinPath %q = %q, %v; want %q, %v", tt.href, tt.elems, got.Href(), err, tt.want, tt.code)
		}
	}
	var zero URL
	if _, err := zero.JoinPath("a"); !errors.Is(err, model.EmptyURL) {
		t.Errorf("zero URL: %v", err)
	}
}

// withPathSegments(PathSegments()) (what JoinPath builds on) is the identity on every WPT URL
// without an opaque path.
func TestPathSegmentsRoundTrip(t *testing.T) {
	for _, c := range wptInputs(t) {
		u, err := Parse(*c[0])
		if err != nil || u.HasOpaquePath() {
			continue
		}
		v, err := u.withPathSegments(slices.Collect(u.PathSegments()))
		if err != nil || v != u {
			t.Errorf("%q: withPathSegments(PathSegments) = %q, %v", u.Href(), v.Href(), err)
		}
	}
}

func TestHostKind(t *testing.T) {
	tests := []struct {
		href string
		kind hostKind
		addr string
		dial string
		code Code
	}{
		{"http://example.com/", hostDomain, "", "example.com:80", ""},
		{"https://example.com:8443/", hostDomain, "", "example.com:8443", ""},
		{"http://[::1]:8080/", hostIPv6, "::1", "[::1]:8080", ""},
		{"https://[2001:db8::1]/", hostIPv6, "2001:db8::1", "[2001:db8::1]:443", ""},
		{"http://127.1/", hostIPv4, "127.0.0.1", "127.0.0.1:80", ""},
		{"ws://h/", hostDomain, "", "h:80", ""},
		{"wss://h/", hostDomain, "", "h:443", ""},
		{"ftp://h/", hostDomain, "", "h:21", ""},
		{"sc://1.2.3.4:5/", hostOpaque, "", "1.2.3.4:5", ""},
		{"sc://[::1]:5/", hostIPv6, "::1", "[::1]:5", ""},
		{"sc://h/", hostOpaque, "", "", model.PortInvalid},
		{"file:///x", hostEmpty, "", "", model.HostMissing},
		{"file://h/x", hostDomain, "", "", model.PortInvalid},
		{"sc:///x", hostEmpty, "", "", model.HostMissing},
		{"sc:/x", hostNone, "", "", model.HostMissing},
		{"mailto:x", hostNone, "", "", model.HostMissing},
	}
	for _, tt := range tests {
		u := MustParse(tt.href)
		if k := u.hostKind(); k != tt.kind {
			t.Errorf("%q: hostKind %v, want %v", tt.href, k, tt.kind)
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
	for href, name := range map[string]string{
		"https://example.com/": "domain", "http://10.0.0.1/": "ipv4", "http://[::1]/": "ipv6",
		"ssh://git@host/": "opaque", "file:///etc/hosts": "empty", "mailto:x@y": "none",
	} {
		if got := MustParse(href).hostKind().String(); got != name {
			t.Errorf("%q: hostKind %q, want %q", href, got, name)
		}
	}
	var zero URL
	if zero.hostKind() != hostNone || hostKind(9).String() != "hostKind(9)" {
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
	if err := u.Scan([]byte("nope")); !errors.Is(err, model.MissingSchemeNonRelativeURL) || u.Href() != "http://h/a" {
		t.Errorf("Scan bad bytes: %q %v", u.Href(), err)
	}
	if err := u.Scan(42); !errors.Is(err, model.UnsupportedScanType) {
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
