// Package urlspectest generates URLs, references and URL strings for
// property-based tests and fuzz targets. Its audience is Go programmers and
// spec authors writing property-based tests and fuzz targets of their own
// code that handles URLs: a router, a canonicaliser, a redirect check, a
// crawler's dedupe. It is named like net/http/httptest and testing/fstest:
// test helpers for code that uses package urlspec.
//
// A Gen draws every decision it makes from a source of choices, one choice
// at a time, with choice 0 the simplest. So one generator serves every
// driver:
//
//   - New(seed): a seeded pseudo-random generator, for a loop in a test;
//   - testing/quick: the types URL, Ref and URLString implement
//     quick.Generator, so a property function can take them as arguments;
//   - go test -fuzz: FromBytes(data) makes the fuzzer's bytes the choices, so
//     its mutations of the bytes become mutations of the URL's structure;
//   - a shrinking property library such as pgregory.net/rapid: FromFunc takes
//     the library's draws as the choices, and the library then shrinks a
//     counterexample towards choice 0, that is towards simple URLs.
//
// With rapid, inside rapid.Check(t, func(t *rapid.T) { ... }):
//
//	g := urlspectest.FromFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
//	u := g.URL()
//
// This package does not import rapid or any other property library.
//
// The values cover the edge cases of the URL specification
// (https://github.com/alwinb/url-specification) and of the WHATWG URL
// Standard (https://url.spec.whatwg.org): special, file and non-special
// schemes, opaque paths, empty and default ports, credentials, IPv4, IPv6,
// internationalised and opaque hosts, drive letters, dot segments, empty
// queries and fragments, percent-encoded, non-ASCII and control characters;
// the URL strings also real-world URLs and mutations of them.
//
// The exact values a seed or a byte string gives may change between releases
// of this module; what stays is the kind of value each method returns.
package urlspectest

import (
	"math/rand"
	"reflect"
	"sync"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
)

// Gen generates URLs, references and URL strings from a source of choices.
// A Gen is not safe for concurrent use: make one per goroutine (or per
// fuzz or rapid case).
type Gen struct {
	src gen.Source
}

// New returns a Gen driven by a pseudo-random generator seeded with seed:
// the same seed gives the same values on every platform.
func New(seed uint64) *Gen { return &Gen{gen.NewSource(seed)} }

// FromBytes returns a Gen whose choices are read from data, for a
// go test -fuzz target: each choice takes one to four bytes, and once data
// is used up every choice is 0, so every byte string, the empty one
// included, gives valid values and the same values each time.
func FromBytes(data []byte) *Gen { return &Gen{gen.FromBytes(data)} }

// FromFunc returns a Gen whose choices come from choose, which is called
// with n ≥ 1 and should return a choice in [0, n), 0 being the simplest
// (a result outside is clamped into the range). It is the adapter for
// property libraries that draw and shrink integers; with pgregory.net/rapid,
// in a rapid.Check or rapid.Custom function with t *rapid.T:
//
//	g := urlspectest.FromFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
//	u := g.URL()
func FromFunc(choose func(n int) int) *Gen { return &Gen{gen.SourceFunc(choose)} }

// FromRand returns a Gen that draws its choices from r, the kind of
// random number generator that testing/quick hands to a Generate method.
func FromRand(r *rand.Rand) *Gen { return &Gen{gen.FromRand(r)} }

// URL returns an URL as urlspec.Parse returns them: never the zero URL,
// and urlspec.Parse(u.Href()) gives u back. It is a random component
// sequence of the spec's model (spec §URL Model) with a special scheme
// (http, https, ws, wss, ftp), the file scheme or a non-special scheme,
// printed and parsed. The simplest, from choices that are all 0, is
// http://h/; a shrinking property library shrinks towards it.
func (g *Gen) URL() urlspec.URL {
	mode := modes[g.src.Choose(len(modes))]
	for range 4 {
		if u, err := parseModel(g.src, mode); err == nil {
			return u
		}
	}
	return simplest()
}

// modes are the parser modes, in the order of gen.Mode (web first).
var modes = [...]grammar.Mode{grammar.Web, grammar.File, grammar.Generic}

// simplest is the URL that choices that are all 0 give (http://h/), or,
// should that ever fail to parse, the first built-in real-world URL that
// parses.
var simplest = sync.OnceValue(func() urlspec.URL {
	if u, err := parseModel(gen.FromBytes(nil), grammar.Web); err == nil {
		return u
	}
	for _, s := range gen.Seeds() {
		if u, err := urlspec.Parse(s); err == nil {
			return u
		}
	}
	return urlspec.URL{}
})

// parseModel generates an absolute URL in mode, makes it one that the WHATWG
// parser accepts, prints it and parses the URL-string.
func parseModel(src gen.Source, mode grammar.Mode) (urlspec.URL, error) {
	m := gen.AbsoluteURL(src, mode)
	switch mode {
	case grammar.Web:
		// A web-URL needs a host (WHATWG: special URLs other than file
		// always have one); without an authority the parser would make
		// one from the first path segment, which mostly fails.
		a := m.Authority()
		if !m.Has(model.AuthorityType) || !a.HasHost() {
			a.SetHost(gen.Host(src, mode))
			m.SetAuthority(a)
			if (m.NumDirs() > 0 || m.Has(model.FileType)) && !m.Has(model.PathRootType) {
				m.Set(model.PathRootType, "/") // spec §URL Model: the path-root constraint
			}
		}
	case grammar.File:
		// A file-URL has neither credentials nor a port (WHATWG §URL
		// parsing, file host state).
		if m.Has(model.AuthorityType) {
			a := m.Authority()
			a.RemoveUsername()
			a.RemovePassword()
			a.RemovePort()
			m.SetAuthority(a)
		}
	}
	r, err := urlspec.FromModel(m)
	if err != nil {
		return urlspec.URL{}, err
	}
	return urlspec.Parse(r.Href())
}

// Ref returns a reference as urlspec.ParseRef(s, mode) returns them:
// absolute or relative, and not normalised (dot segments, empty ports,
// upper-case schemes and percent-encoded unreserved characters stay).
// It is a random component sequence of the spec's model (spec §URL Model)
// whose scheme, when it has one, selects mode (spec §Parser modes), printed
// and parsed with ParseRef. A mode other than ModeWeb, ModeFile and
// ModeGeneric is read as ModeGeneric. The simplest reference, from choices
// that are all 0, is the empty reference.
func (g *Gen) Ref(mode urlspec.Mode) urlspec.Ref {
	if mode != grammar.Web && mode != grammar.File {
		mode = grammar.Generic
	}
	for range 4 {
		m, err := urlspec.FromModel(gen.URL(g.src, mode))
		if err != nil {
			continue // cannot happen: gen.URL satisfies model.Validate
		}
		if r, err := urlspec.ParseRef(m.Href(), mode); err == nil {
			return r
		}
	}
	return urlspec.Ref{}
}

// URLString returns a string for a parser to read, valid or not: built
// from the URL grammar (spec §URL Grammar) with its lenient variants,
// a real-world URL, or a mutation of one. The strings have leading and
// trailing spaces, tabs and newlines, backslashes, odd hosts and ports, dot
// segments, drive letters, percent sequences, non-ASCII characters and,
// rarely, invalid UTF-8. The simplest, from choices that are all 0, is "".
func (g *Gen) URLString() string { return gen.URLString(g.src) }

// URL is an urlspec.URL that testing/quick generates with Gen.URL:
//
//	quick.Check(func(u urlspectest.URL) bool { ... u.Href() ... }, nil)
type URL struct{ urlspec.URL }

// Generate implements testing/quick.Generator. The size hint is not used.
func (URL) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(URL{FromRand(r).URL()})
}

// Ref is an urlspec.Ref that testing/quick generates with Gen.Ref, and the
// parser mode it was generated in (ModeWeb, ModeFile or ModeGeneric).
type Ref struct {
	urlspec.Ref
	Mode urlspec.Mode
}

// Generate implements testing/quick.Generator. The size hint is not used.
func (Ref) Generate(r *rand.Rand, _ int) reflect.Value {
	g := FromRand(r)
	mode := modes[g.src.Choose(len(modes))]
	return reflect.ValueOf(Ref{g.Ref(mode), mode})
}

// URLString is a string that testing/quick generates with Gen.URLString.
type URLString string

// Generate implements testing/quick.Generator. The size hint is not used.
func (URLString) Generate(r *rand.Rand, _ int) reflect.Value {
	return reflect.ValueOf(URLString(FromRand(r).URLString()))
}
