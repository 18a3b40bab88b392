package integration_test

import (
	"fmt"
	"slices"
	"testing"

	"pgregory.net/rapid"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/urlspectest"
)

// The public generators of package urlspectest under pgregory.net/rapid,
// as a user of the library writes them: urlspectest.FromFunc turns rapid's
// draws into the choices of a urlspectest.Gen.

// urls is a rapid generator of urlspec.URL values, built on urlspectest.
var urls = rapid.Custom(func(t *rapid.T) urlspec.URL {
	g := urlspectest.FromFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
	return g.URL()
})

// A user's properties over urlspectest URLs under rapid: an URL's href
// parses back to the URL, and resolving it against any base gives the URL
// back. Then a false property, "no URL has a port": rapid must shrink its
// counterexample to the simplest URL with a port, http://h:PORT/.
func TestRapidURLSpecTest(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		base, u := urls.Draw(t, "base"), urls.Draw(t, "u")
		if v, err := urlspec.Parse(u.Href()); err != nil || v != u {
			t.Fatalf("Parse(%q) = %v, %v", u.Href(), v, err)
		}
		if v, err := base.Resolve(u.Href()); err != nil || v != u {
			t.Fatalf("%v.Resolve(%q) = %v, %v", base, u.Href(), v, err)
		}
	})
	// rapid writes the failing case of the false property to
	// testdata/rapid/ under the working directory: make that a temporary one.
	t.Chdir(t.TempDir())
	var last urlspec.URL
	rec := &recorder{}
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStop {
				panic(r)
			}
		}()
		rapid.Check(rec, func(t *rapid.T) {
			u := urls.Draw(t, "u")
			if u.Port() != "" {
				last = u
				t.Fatalf("port: %v", u)
			}
		})
	}()
	if !rec.failed {
		t.Fatal("rapid found no URL with a port")
	}
	t.Logf("rapid's shrunk counterexample: %v", last)
	// Everything but the port shrinks away: the simplest URL, http://h/,
	// with a port.
	if last.Port() == "" || last.Href() != "http://h:"+last.Port()+"/" {
		t.Errorf("rapid shrank to %v; want http://h:PORT/", last)
	}
}

// The URL generators of internal/gen under pgregory.net/rapid, through the
// adapter gen.SourceFunc: rapid draws every choice, so it also shrinks
// every counterexample. (Moved here from internal/gen so that rapid is not
// in the library's module graph.)

// urlOf is a rapid generator built on gen.URL.
func urlOf(mode grammar.Mode) *rapid.Generator[model.URL] {
	return rapid.Custom(func(t *rapid.T) model.URL {
		return gen.URL(gen.SourceFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") }), mode)
	})
}

// The generators under rapid: valid URLs, and rapid's shrinking gives
// small counterexamples.
func TestRapid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		u := urlOf(grammar.File).Draw(t, "u")
		if err := model.Validate(&u); err != nil {
			t.Fatalf("%v: %v", u, err)
		}
	})
	// A false property: "no URL has both a drive and a query". rapid must
	// shrink a counterexample down to those two components.
	var last model.URL
	rec := &recorder{}
	func() {
		defer func() {
			if r := recover(); r != nil && r != errStop {
				panic(r)
			}
		}()
		rapid.Check(rec, func(t *rapid.T) {
			u := urlOf(grammar.File).Draw(t, "u")
			if u.Has(model.DriveType) && u.Has(model.QueryType) {
				last = u
				t.Fatalf("drive and query: %v", u)
			}
		})
	}()
	if !rec.failed {
		t.Fatal("rapid found no URL with a drive and a query")
	}
	if n := count(&last); n != 2 || last.Query() != "q" {
		t.Errorf("rapid shrank to %v; want (drive C:)・(query q)", last)
	}
	t.Logf("rapid's shrunk counterexample: %v", last)
}

func count(u *model.URL) int {
	n := 0
	for range u.Components() {
		n++
	}
	return n
}

var errStop = &struct{ string }{"stop"}

// recorder is a rapid.TB that records a failure instead of failing.
// (rapid keeps the failing case of its first run in
// testdata/rapid/recorder/ and replays it first on every later run.)
type recorder struct{ failed bool }

func (r *recorder) Helper()               {}
func (r *recorder) Name() string          { return "recorder" }
func (r *recorder) Logf(string, ...any)   {}
func (r *recorder) Log(...any)            {}
func (r *recorder) Skipf(string, ...any)  { panic(errStop) }
func (r *recorder) Skip(...any)           { panic(errStop) }
func (r *recorder) SkipNow()              { panic(errStop) }
func (r *recorder) Errorf(string, ...any) { r.failed = true }
func (r *recorder) Error(...any)          { r.failed = true }
func (r *recorder) Fatalf(string, ...any) { r.failed = true; panic(errStop) }
func (r *recorder) Fatal(...any)          { r.failed = true; panic(errStop) }
func (r *recorder) FailNow()              { r.failed = true; panic(errStop) }
func (r *recorder) Fail()                 { r.failed = true }
func (r *recorder) Failed() bool          { return r.failed }

// The generators under pgregory.net/rapid, which then shrinks
// counterexamples by shrinking the choices: gen.SourceFunc turns rapid's
// draws into the choices of any generator of internal/gen. In a test:
//
//	rapid.Check(t, func(t *rapid.T) { u := urls.Draw(t, "u"); ... })
func Example_sourceFuncRapid() {
	urls := rapid.Custom(func(t *rapid.T) model.URL {
		draw := gen.SourceFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
		return gen.URL(draw, grammar.Generic)
	})
	for seed := range 3 {
		u := urls.Example(seed)
		fmt.Println(model.Validate(&u) == nil)
	}
	// Output:
	// true
	// true
	// true
}

// A user's property test under rapid over urlspectest.FromFunc: "JoinPath
// adds exactly one segment, the one given" (an URL with an opaque path,
// such as mailto:x, has no segments to add to). In a test, with t *testing.T:
//
//	rapid.Check(t, func(t *rapid.T) {
//		u := urls.Draw(t, "u")
//		if !joinAddsOneSegment(u) { t.Fatalf("JoinPath on %v", u) }
//	})
//
// rapid then shrinks a failing URL to a simple one.
func Example_urlspectestRapid() {
	urls := rapid.Custom(func(t *rapid.T) urlspec.URL {
		g := urlspectest.FromFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
		return g.URL()
	})
	joinAddsOneSegment := func(u urlspec.URL) bool {
		if u.HasOpaquePath() {
			return true
		}
		v, err := u.JoinPath("x")
		if err != nil {
			return false
		}
		before, after := slices.Collect(u.PathSegments()), slices.Collect(v.PathSegments())
		if len(before) > 0 && before[len(before)-1] == "" {
			before = before[:len(before)-1] // http://h/a/ ends in the segment "", which "x" replaces
		}
		return len(after) == len(before)+1 && after[len(after)-1] == "x"
	}
	held := 0
	for seed := range 100 {
		if joinAddsOneSegment(urls.Example(seed)) {
			held++
		}
	}
	fmt.Println("held for", held, "of 100 URLs")
	// Output:
	// held for 100 of 100 URLs
}
