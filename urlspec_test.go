package urlspec

import (
	"errors"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/internal/shortcut"
	"github.com/urlspec/urlspec/model"
)

// Errors carry a stable code, the original input and a byte offset into it.
func TestErrors(t *testing.T) {
	tests := []struct {
		in, base string
		code     model.Code
		offset   int
	}{
		{"http://a b/", "", model.DomainInvalidCodePoint, 8},
		{"  http://h:x/", "", model.PortInvalid, 11},
		{"ht\ttp://h:x/", "", model.PortInvalid, 10},
		{"http://[::1", "", model.IPv6Unclosed, 11},
		{"x", "", model.MissingSchemeNonRelativeURL, -1},
		{"?x", "sc:opaque", model.MissingSchemeNonRelativeURL, -1},
		{"http:", "", model.HostMissing, -1},
		{"file://u@h/", "", model.FileCredentials, -1},
		{"sc://a b/", "", model.HostInvalidCodePoint, 6},
	}
	for _, tt := range tests {
		var base *string
		if tt.base != "" {
			base = &tt.base
		}
		_, err := parseWithBase(tt.in, base)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) = %v, want %s", tt.in, err, tt.code)
			continue
		}
		if e.Code != tt.code || e.Offset != tt.offset || e.Input != tt.in || !errors.Is(err, tt.code) {
			t.Errorf("Parse(%q) = %s at %d of %q, want %s at %d", tt.in, e.Code, e.Offset, e.Input, tt.code, tt.offset)
		}
	}
}

// No panic and a valid model on input that is not UTF-8.
func TestInvalidUTF8(t *testing.T) {
	u, err := Parse("http://h/\xff?\xfe#\x80")
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Href(); got != "http://h/%EF%BF%BD?%EF%BF%BD#%EF%BF%BD" {
		t.Errorf("href = %q", got)
	}
	if _, err := Parse("http://\xff/"); !errors.Is(err, model.DomainToASCII) {
		t.Errorf("invalid UTF-8 host: %v", err)
	}
}

// The zero URL has empty getters and does not panic.
func TestZeroURL(t *testing.T) {
	var u URL
	for _, s := range []string{u.Href(), u.Protocol(), u.Username(), u.Password(), u.Host(), u.Hostname(), u.Port(), u.Pathname(), u.Search(), u.Hash()} {
		if s != "" {
			t.Errorf("zero URL getter = %q", s)
		}
	}
	if u.Origin().String() != "null" || u.String() != "" {
		t.Error("zero URL origin/string")
	}
}

// The pipeline itself (every shortcut off) allocates only the href of an
// URL it parses, absolute or relative (issue 22), nothing where the input
// (preprocessing only trimmed) is its own href, and a failing parse only
// its error: the stage that failed makes it and the root makes it about the
// input in place (urlspec.Error is model.Error). A failure of domain to
// ASCII (UTS #46) is not held to that: its reason names the label, built
// when it fails.
func TestPipelineAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	defer func(old bool) { shortcut.Off = old }(shortcut.Off)
	shortcut.Off = true
	base := MustParse("https://example.com/docs/a/b.html?x#y")
	for _, c := range []struct {
		in, base string
		want     float64
	}{
		{"https://www.example.com/a/b?q#f", "", 0}, // its own href: the href is the input
		{" https://www.example.com/a/b?q#f\n", "", 0},
		{"HTTPS://www.example.com/a/b", "", 1},
		{"http://h/a/../b c", "", 1},
		{"sc://host/a/b", "", 1},
		{"https://b\u00fccher.de/%7Efoo/./x?q=\u00e9#f", "", 1},
		{"../c/d?e", "base", 1},
		{"//other.example/x/y", "base", 1},
		{"?q#f", "base", 1},
		{"#\u00e9 f", "base", 1},
		{"?" + strings.Repeat("<", 40000), "base", 1}, // room of its own, which the href keeps
		{"http://a b/", "", 1},
		{"foo", "", 1},
		{"http://h:99999/", "", 1},
		{"http://[1::2::3]/", "", 1},
		{"http://1.2.3.4.5/", "", 1},
		{"http://a\tb c/", "", 1},
	} {
		in := c.in
		parse := func() { _, _ = Parse(in) }
		if c.base != "" {
			parse = func() { _, _ = base.Resolve(in) }
		}
		if n := testing.AllocsPerRun(100, parse); n > c.want {
			t.Errorf("%.60q (base %q): %v allocs, want ≤ %v", in, c.base, n, c.want)
		}
	}
}

// A long href (more room than a Buffer lends) is printed into room of its
// own, which the href keeps when it uses at least half of it: one
// allocation, and the same URL as a short input's pipeline gives. (The
// spans of 20,000 dirs are more than a Buffer keeps: one more allocation,
// and the garbage they make empties the Buffers' pool now and then.)
func TestLongHref(t *testing.T) {
	for _, c := range []struct {
		in, want string
		allocs   float64
	}{
		{"http://h/" + strings.Repeat("\u00e9", 20000), "http://h/" + strings.Repeat("%C3%A9", 20000), 1},
		{"http://h/#" + strings.Repeat("<", 40000), "http://h/#" + strings.Repeat("%3C", 40000), 1},
		{"HTTP://h/" + strings.Repeat("a/../", 20000) + "x", "http://h/x", 3},
		{"http://h:" + strings.Repeat("0", 100000) + "1/a", "http://h:1/a", 1},
	} {
		u, err := Parse(c.in)
		if err != nil || u.Href() != c.want {
			t.Errorf("Parse(%.20q...) = %.40q..., %v; want %.40q...", c.in, u.Href(), err, c.want)
			continue
		}
		if u.Pathname() != strings.SplitN(strings.SplitN(c.want[len("http://h"):], "#", 2)[0], "?", 2)[0] && !strings.HasPrefix(c.want, "http://h:") {
			t.Errorf("Parse(%.20q...): pathname %.40q", c.in, u.Pathname())
		}
		if race.Enabled {
			continue
		}
		if n := testing.AllocsPerRun(5, func() { _, _ = Parse(c.in) }); n > c.allocs {
			t.Errorf("Parse(%.20q...): %v allocs, want ≤ %v", c.in, n, c.allocs)
		}
	}
}

// Allocation guard for the whole WHATWG pipeline: the dir slices and the
// href; on the fast path (already-normalised web and file URLs) the href is
// the input and the URL holds nothing else, so nothing is allocated (but
// the "/" appended to an input without a path).
func TestParseAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	for in, want := range map[string]float64{
		"https://www.example.com/a/b/index.html?q=1#top":   0, // fast path: the input is the href
		"https://www.example.com/":                         0, // fast path
		"https://www.example.com":                          1, // fast path: href + "/"
		"file:///usr/local/lib/x.so":                       0, // fast path
		"https://WWW.Example.com/a?b#c":                    1, // fast path: the href with the host lower-cased
		"http://0x7f.1:8080/a":                             1, // fast path: the href with the address written out
		"http://[::FFFF:1.2.3.4]":                          1, // fast path: the href with the address written out, and '/'
		"HTTPS://www.example.com/a/b":                      1, // the pipeline: the href
		"http://h/a/../b c":                                1, // the pipeline: the href
		"sc://host/a/b":                                    0, // the pipeline: the input is the href
		"mailto:someone@example.com":                       0, // the pipeline: the input is the href
		"HTTP://WWW.Example.COM:80/x/y/../z%41?q r#f":      1, // the pipeline, from here on: the href
		" https://a.com/\tx/./y ":                          1,
		"HTTP://WW\tW.A.COM:443/x/..\t/./\u00e9%73":        1,
		"https://b\u00fccher.de/a/b":                       1,
		"https://B\u00dcCHER.de:443/a/./b?c#d":             1,
		"https://Guide-t%61gs.io:443/a?b=c\rd":             1,
		"http://" + strings.Repeat("\u00e9.", 100) + "b/x": 1,
		"file:///C|/x":                                     1, // rule drive-pipe: "C:" is part of a constant
		"FILE://localhost/c|/x/../y":                       1,
		"non-spec:/a/..//path":                             1, // printed with "/." before its path, by the printer itself
	} {
		n := testing.AllocsPerRun(100, func() {
			if _, err := Parse(in); err != nil {
				t.Fatal(err)
			}
		})
		if n > want {
			t.Errorf("Parse(%q): %v allocs, want ≤ %v", in, n, want)
		}
	}
}
