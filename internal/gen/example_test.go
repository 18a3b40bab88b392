package gen_test

import (
	"fmt"
	"testing/quick"

	"pgregory.net/rapid"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Generate URLs in each parser mode from a seeded source: valid by
// construction, with hosts of the kind the mode parses.
func ExampleURL() {
	src := gen.NewSource(4)
	for _, m := range []grammar.Mode{grammar.Web, grammar.File, grammar.Generic} {
		u := gen.URL(src, m)
		fmt.Println(m, model.Validate(&u) == nil, u)
	}
	// Output:
	// web true (scheme FTP)・(path-root /)・(dir 日本)・(dir "\x00")・(file " ")・(query %)
	// file true (authority (username %40)・(host example.com)・(port ε))・(path-root /)・(dir .%2e)・(dir a)・(dir /)
	// generic true (scheme z9)・(path-root /)・(file %4)・(query #)
}

// Check a property on generated URLs and get a shrunk counterexample.
// Here the (false) property says that normalising never removes the
// last component: the smallest counterexample is a lone dot segment.
func ExampleCheck() {
	out := gen.Check(func(src gen.Source) error {
		u := gen.AnyURL(src)
		n := normalize.Normalize(u)
		if !u.IsEmpty() && n.IsEmpty() {
			return fmt.Errorf("%v normalises to ε", u)
		}
		return nil
	}, 10000, 1)
	fmt.Println(out.Err)
	// Output: (dir .) normalises to ε
}

// The generators as testing/quick arguments.
func Example_quick() {
	roundTrip := func(u gen.Web) bool {
		n := normalize.Normalize(u.URL)
		back, err := grammar.Parse(print.ASCII(&n), grammar.Web)
		want := print.Encoded(&n)
		back, want = normalize.Normalize(back), normalize.Normalize(want)
		return err == nil && back.Equal(&want)
	}
	fmt.Println(quick.Check(roundTrip, &quick.Config{MaxCount: 1000}))
	// Output: <nil>
}

// The generators under pgregory.net/rapid, which then shrinks
// counterexamples by shrinking the choices.
func ExampleSourceFunc() {
	urls := rapid.Custom(func(t *rapid.T) model.URL {
		draw := gen.SourceFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
		return gen.URL(draw, grammar.Generic)
	})
	// In a test: rapid.Check(t, func(t *rapid.T) { u := urls.Draw(t, "u"); ... })
	_ = urls
	fmt.Println("ok")
	// Output: ok
}

// Mutate real URLs into parser inputs.
func ExampleMutate() {
	src := gen.NewSource(2)
	for range 3 {
		fmt.Printf("%q\n", gen.Mutate(src, "http://example.com/a/b?q#f"))
	}
	// Output:
	// "http://exa/example.com/a/b?q"
	// "http:/ple.com/a/b?q#f"
	// "httß://example.com/a/b?.com/a/b?q#f"
}
