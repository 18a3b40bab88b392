package urlspectest_test

import (
	"math/rand"
	"slices"
	"strings"
	"testing"
	"testing/quick"
	"unicode/utf8"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/urlspectest"
)

var allModes = []urlspec.Mode{urlspec.ModeWeb, urlspec.ModeFile, urlspec.ModeGeneric}

// checkURL reports what is wrong with a generated URL: it must be a URL as
// Parse returns them, so never zero and a fixed point of Parse.
func checkURL(t *testing.T, u urlspec.URL) {
	t.Helper()
	if u.IsZero() {
		t.Fatal("URL() returned the zero URL")
	}
	v, err := urlspec.Parse(u.Href())
	if err != nil {
		t.Fatalf("Parse(%q): %v", u.Href(), err)
	}
	if v != u {
		t.Fatalf("Parse(%q) = %q, want the URL back", u.Href(), v.Href())
	}
}

// checkRef reports what is wrong with a generated reference: printing and
// parsing it again in its mode gives the same href.
func checkRef(t *testing.T, r urlspec.Ref, mode urlspec.Mode) {
	t.Helper()
	p, err := urlspec.ParseRef(r.Href(), mode)
	if err != nil {
		t.Fatalf("ParseRef(%q, %v): %v", r.Href(), mode, err)
	}
	if p.Href() != r.Href() {
		t.Fatalf("ParseRef(%q, %v).Href() = %q", r.Href(), mode, p.Href())
	}
}

// Every generated URL parses back to itself, over 10,000 cases, and the
// URLs cover the kinds of URL that Parse returns.
func TestURLRoundTrip(t *testing.T) {
	const cases = 10000
	g := urlspectest.New(1)
	kinds := map[string]int{}
	distinct := map[urlspec.URL]bool{}
	for range cases {
		u := g.URL()
		checkURL(t, u)
		distinct[u] = true
		switch {
		case u.Scheme() == "file":
			kinds["file"]++
		case u.HasOpaquePath():
			kinds["opaque path"]++
		case u.Origin().IsOpaque():
			kinds["non-special"]++
		default:
			kinds["special"]++
		}
		if u.Port() != "" {
			kinds["port"]++
		}
		if u.Username() != "" {
			kinds["credentials"]++
		}
		if _, ok := u.HostAddr(); ok {
			kinds["IP address"]++
		}
		if strings.HasPrefix(u.Hostname(), "xn--") || strings.Contains(u.Hostname(), ".xn--") {
			kinds["IDNA"]++
		}
		if u.Search() != "" || strings.Contains(u.Href(), "?") {
			kinds["query"]++
		}
		if strings.Contains(u.Href(), "#") {
			kinds["fragment"]++
		}
	}
	t.Logf("%d URLs, %d distinct: %v", cases, len(distinct), kinds)
	for _, k := range []string{"file", "opaque path", "non-special", "special", "port", "credentials", "IP address", "IDNA", "query", "fragment"} {
		if kinds[k] < cases/100 {
			t.Errorf("only %d of %d URLs are of the kind %q", kinds[k], cases, k)
		}
	}
	if len(distinct) < cases*8/10 {
		t.Errorf("only %d of %d URLs are distinct", len(distinct), cases)
	}
}

// Every generated reference prints and parses back to itself, and the
// references are relative and absolute.
func TestRefRoundTrip(t *testing.T) {
	const cases = 10000
	g := urlspectest.New(2)
	for _, mode := range allModes {
		absolute := 0
		for range cases {
			r := g.Ref(mode)
			checkRef(t, r, mode)
			if r.HasScheme() {
				absolute++
			}
		}
		t.Logf("mode %v: %d of %d references absolute", mode, absolute, cases)
		if absolute < cases/10 || absolute > cases*9/10 {
			t.Errorf("mode %v: %d of %d references absolute, want both kinds", mode, absolute, cases)
		}
	}
	// A mode that is none of the three reads as generic.
	a, b := urlspectest.New(3).Ref(urlspec.Mode(200)), urlspectest.New(3).Ref(urlspec.ModeGeneric)
	if a.Href() != b.Href() {
		t.Errorf("Ref(200) = %q, Ref(ModeGeneric) = %q", a.Href(), b.Href())
	}
}

// URL strings are parser input, valid or not: some parse and some do not,
// some have a scheme and some not, a few are not UTF-8.
func TestURLString(t *testing.T) {
	const cases = 10000
	g := urlspectest.New(4)
	parsed, invalidUTF8, empty := 0, 0, 0
	for range cases {
		s := g.URLString()
		if _, err := urlspec.Parse(s); err == nil {
			parsed++
		}
		if !utf8.ValidString(s) {
			invalidUTF8++
		}
		if s == "" {
			empty++
		}
	}
	t.Logf("%d strings: %d parse, %d not UTF-8, %d empty", cases, parsed, invalidUTF8, empty)
	if parsed < cases/10 || parsed > cases*9/10 {
		t.Errorf("%d of %d strings parse, want both kinds", parsed, cases)
	}
	if invalidUTF8 == 0 {
		t.Error("no string is invalid UTF-8")
	}
}

// draw records what a Gen makes: URLs, references in each mode and strings.
func draw(g *urlspectest.Gen) []string {
	var out []string
	for range 5 {
		out = append(out, g.URL().Href(), g.URLString())
		for _, mode := range allModes {
			out = append(out, g.Ref(mode).Href())
		}
	}
	return out
}

// The same bytes give the same values; other bytes other values; no bytes
// the simplest values.
func TestFromBytesDeterministic(t *testing.T) {
	src := rand.New(rand.NewSource(5))
	distinct := map[string]bool{}
	for range 1000 {
		data := make([]byte, src.Intn(200))
		src.Read(data)
		a, b := draw(urlspectest.FromBytes(data)), draw(urlspectest.FromBytes(slices.Clone(data)))
		if !slices.Equal(a, b) {
			t.Fatalf("FromBytes(%x) gave %q, then %q", data, a, b)
		}
		distinct[strings.Join(a, "\n")] = true
	}
	if len(distinct) < 900 {
		t.Errorf("1000 byte strings gave only %d distinct draws", len(distinct))
	}
	g := urlspectest.FromBytes(nil)
	if u, r, s := g.URL().Href(), g.Ref(urlspec.ModeWeb).Href(), g.URLString(); u != "http://h/" || r != "" || s != "" {
		t.Errorf("FromBytes(nil): URL %q, Ref %q, URLString %q; want http://h/, \"\", \"\"", u, r, s)
	}
}

// FromFunc passes n on and clamps what the function returns, so any
// function gives valid values; all-zero choices give the simplest ones.
func TestFromFunc(t *testing.T) {
	g := urlspectest.FromFunc(func(n int) int {
		if n < 1 {
			t.Fatalf("choose called with n = %d", n)
		}
		return 0
	})
	if u := g.URL(); u.Href() != "http://h/" {
		t.Errorf("all-zero choices: URL %q, want http://h/", u.Href())
	}
	for _, bad := range []func(int) int{
		func(n int) int { return n },
		func(n int) int { return -1 },
		func(n int) int { return 1 << 40 },
	} {
		g := urlspectest.FromFunc(bad)
		for range 100 {
			checkURL(t, g.URL())
			for _, mode := range allModes {
				checkRef(t, g.Ref(mode), mode)
			}
			g.URLString()
		}
	}
	// The choices of a recorded run replay to the same values.
	rnd := rand.New(rand.NewSource(6))
	var choices []int
	a := draw(urlspectest.FromFunc(func(n int) int { c := rnd.Intn(n); choices = append(choices, c); return c }))
	i := 0
	b := draw(urlspectest.FromFunc(func(int) int { i++; return choices[i-1] }))
	if !slices.Equal(a, b) || i != len(choices) {
		t.Errorf("replayed choices gave %q, want %q", b, a)
	}
}

// New and FromRand are deterministic in their seed.
func TestSeeded(t *testing.T) {
	if a, b := draw(urlspectest.New(7)), draw(urlspectest.New(7)); !slices.Equal(a, b) {
		t.Errorf("New(7) gave %q, then %q", a, b)
	}
	if a, b := draw(urlspectest.New(7)), draw(urlspectest.New(8)); slices.Equal(a, b) {
		t.Errorf("New(7) and New(8) gave the same values %q", a)
	}
	a := draw(urlspectest.FromRand(rand.New(rand.NewSource(7))))
	b := draw(urlspectest.FromRand(rand.New(rand.NewSource(7))))
	if !slices.Equal(a, b) {
		t.Errorf("FromRand gave %q, then %q", a, b)
	}
}

// The testing/quick types generate valid values.
func TestQuick(t *testing.T) {
	cfg := &quick.Config{MaxCount: 2000, Rand: rand.New(rand.NewSource(8))}
	if err := quick.Check(func(u urlspectest.URL) bool {
		v, err := urlspec.Parse(u.Href())
		return !u.IsZero() && err == nil && v == u.URL
	}, cfg); err != nil {
		t.Error(err)
	}
	modes := map[urlspec.Mode]int{}
	if err := quick.Check(func(r urlspectest.Ref) bool {
		modes[r.Mode]++
		p, err := urlspec.ParseRef(r.Href(), r.Mode)
		return err == nil && p.Href() == r.Href()
	}, cfg); err != nil {
		t.Error(err)
	}
	for _, mode := range allModes {
		if modes[mode] == 0 {
			t.Errorf("no reference in mode %v: %v", mode, modes)
		}
	}
	parsed := 0
	if err := quick.Check(func(s urlspectest.URLString) bool {
		if _, err := urlspec.Parse(string(s)); err == nil {
			parsed++
		}
		return true
	}, cfg); err != nil {
		t.Error(err)
	}
	if parsed == 0 || parsed == cfg.MaxCount {
		t.Errorf("%d of %d quick URL strings parse, want both kinds", parsed, cfg.MaxCount)
	}
}

// FuzzGen: every byte string makes valid values, deterministically.
func FuzzGen(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7})
	f.Add([]byte("http://example.com/a?b#c"))
	f.Add([]byte{6, 6, 6, 6, 7, 7, 7, 7, 255, 254, 253})
	f.Fuzz(func(t *testing.T, data []byte) {
		g := urlspectest.FromBytes(data)
		checkURL(t, g.URL())
		for _, mode := range allModes {
			checkRef(t, g.Ref(mode), mode)
		}
		s := g.URLString()
		if u, err := urlspec.Parse(s); err == nil {
			checkURL(t, u)
		}
		if a, b := draw(urlspectest.FromBytes(data)), draw(urlspectest.FromBytes(data)); !slices.Equal(a, b) {
			t.Fatalf("FromBytes(%x) is not deterministic: %q, then %q", data, a, b)
		}
	})
}
