package integration_test

import (
	"fmt"
	"testing"

	"pgregory.net/rapid"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
)

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
