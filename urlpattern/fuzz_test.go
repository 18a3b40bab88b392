package urlpattern_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/urlpattern"
)

// FuzzPattern compiles a constructor string and matches an input against
// it. Properties: nothing panics; Test agrees with Exec; and the normalised
// pattern strings are a fixed point: compiling them again (as an Init)
// succeeds and gives the same pattern strings, the same hasRegExpGroups and
// the same answer on the input (compile → generate → compile is stable).
func FuzzPattern(f *testing.F) {
	seedFromWPT(f)
	f.Add("https://*.example.com/books/:id", "https://shop.example.com/books/42", false)
	f.Add(`https://example.com/:y(\d+)/:m(\d{2})?`, "https://example.com/2026/03", true)
	f.Add("http{s}?://{:sub.}?example.com/{:a}*/*\\?q=:q#*", "http://example.com/x/y?q=1#f", false)
	f.Fuzz(func(t *testing.T, pattern, input string, ignoreCase bool) {
		opts := urlpattern.Options{IgnoreCase: ignoreCase}
		p, err := urlpattern.New(pattern, opts)
		if err != nil {
			return
		}
		r, ok := p.Exec(input)
		if ok != p.Test(input) {
			t.Fatalf("Exec ok=%v, Test=%v", ok, !ok)
		}
		var in urlpattern.Init
		for _, c := range components {
			s := p.Component(c)
			switch c {
			case urlpattern.Protocol:
				// Processing an Init removes one trailing ':' of the protocol,
				// one leading '?' of the search and one leading '#' of the
				// hash ("process protocol/search/hash for init"): each gets
				// one to remove, so that a pattern string that itself ends or
				// starts so (the hash of ":###" is "#") arrives whole.
				s += ":"
				in.Protocol = &s
			case urlpattern.Username:
				in.Username = &s
			case urlpattern.Password:
				in.Password = &s
			case urlpattern.Hostname:
				in.Hostname = &s
			case urlpattern.Port:
				in.Port = &s
			case urlpattern.Pathname:
				in.Pathname = &s
			case urlpattern.Search:
				s = "?" + s
				in.Search = &s
			case urlpattern.Hash:
				s = "#" + s
				in.Hash = &s
			}
		}
		if port, ok := specialDefaultPort[p.Protocol()]; ok && p.Port() == port {
			// Outside the property, by the standard itself: the constructor
			// empties a port that is the special scheme's default port
			// before it compiles the components, comparing the port as
			// written (URLPattern, "initialize", the step after the
			// wildcards), and canonicalising a port stops at its first
			// non-digit (the port state with a state override): so the
			// port pattern "80\xb5" of http stays and becomes "80", and
			// "80" given again is emptied.
			return
		}
		q, err := urlpattern.NewInit(in, opts)
		if err != nil && p.Hostname() == "[" {
			// Outside the property, by the standard itself: a hostname
			// pattern is read as IPv6 only from two code points on
			// ("hostname pattern is an IPv6 address"), and generating a
			// pattern string drops the backslash of \[ ('[' is not a
			// pattern syntax character), so \[ compiles and its pattern
			// string "[" does not; urlpattern-polyfill throws alike
			// (docs/urlpattern.md).
			return
		}
		if err != nil {
			t.Fatalf("the normalised pattern strings of %q do not compile: %v", pattern, err)
		}
		for _, c := range components {
			if strings.Contains(p.Component(c), "{}") {
				// Outside the property, by the standard itself: a group
				// whose fixed text encodes to nothing is a part with an
				// empty value, which "generate a pattern string" writes
				// as "{}" with its modifier, and "add a part" drops an
				// empty group when the string is parsed again (":{#}?u"
				// has the pathname "{}?u", which compiles to "u";
				// urlpattern-polyfill gives the same pathname).
				return
			}
			if p.Component(c) != q.Component(c) {
				t.Fatalf("%s: %q recompiles to %q", c, p.Component(c), q.Component(c))
			}
		}
		if p.HasRegExpGroups() != q.HasRegExpGroups() {
			t.Fatal("hasRegExpGroups changed")
		}
		r2, ok2 := q.Exec(input)
		if ok != ok2 {
			t.Fatalf("recompiled pattern: match %v, was %v", ok2, ok)
		}
		if ok {
			for _, c := range components {
				a, b := r.Get(c), r2.Get(c)
				if a.Input != b.Input || len(a.Groups) != len(b.Groups) {
					t.Fatalf("%s: recompiled result %+v, was %+v", c, b, a)
				}
			}
		}
	})
}

// specialDefaultPort is the default port of each special scheme that has
// one (WHATWG URL, special schemes).
var specialDefaultPort = map[string]string{"ftp": "21", "http": "80", "https": "443", "ws": "80", "wss": "443"}

// seedFromWPT adds the string patterns of the WPT data with their inputs.
func seedFromWPT(f *testing.F) {
	b, err := os.ReadFile("testdata/urlpatterntestdata.json")
	if err != nil {
		f.Fatal(err)
	}
	var cases []wptCase
	if err := json.Unmarshal(b, &cases); err != nil {
		f.Fatal(err)
	}
	for _, c := range cases {
		if len(c.Pattern) == 0 {
			continue
		}
		pat := parseArg(c.Pattern[0])
		if !pat.isString {
			continue
		}
		input := ""
		if len(c.Inputs) > 0 {
			if a := parseArg(c.Inputs[0]); a.isString {
				input = a.s
			}
		}
		f.Add(pat.s, input, false)
	}
}
