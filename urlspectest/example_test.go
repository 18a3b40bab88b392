package urlspectest_test

import (
	"fmt"
	"math/rand"
	"slices"
	"testing/quick"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/urlspectest"
)

// A user's own property test, as it would sit in a _test.go file: "a
// handler that redirects to the canonical URL redirects at most once", that
// is, canonicalising succeeds and canonicalising again changes nothing.
// canonical is the user's code under test. Its first version clears the
// credentials of every URL, and the generated URLs find the URLs that cannot
// have credentials (file: URLs, URLs without a host), where the setters
// fail; the fixed version passes. In a test function the loop would call
// t.Errorf instead of counting.
func Example() {
	firstTry := func(u urlspec.URL) (urlspec.URL, error) {
		u, err := u.WithHash("")
		if err == nil {
			u, err = u.WithUsername("")
		}
		if err == nil {
			u, err = u.WithPassword("")
		}
		return u, err
	}
	fixed := func(u urlspec.URL) (urlspec.URL, error) {
		u, err := u.WithHash("")
		if err == nil && u.Username() != "" {
			u, err = u.WithUsername("")
		}
		if err == nil && u.Password() != "" {
			u, err = u.WithPassword("")
		}
		return u, err
	}

	for _, canonical := range []func(urlspec.URL) (urlspec.URL, error){firstTry, fixed} {
		g := urlspectest.New(1)
		failures, shortest := 0, ""
		for range 1000 {
			u := g.URL()
			once, err := canonical(u)
			if err == nil {
				var twice urlspec.URL
				if twice, err = canonical(once); err == nil && twice != once {
					err = fmt.Errorf("%s, then %s", once, twice)
				}
			}
			if err != nil {
				failures++
				if shortest == "" || len(u.Href()) < len(shortest) {
					shortest = u.Href()
				}
			}
		}
		fmt.Printf("%d failures, shortest counterexample %q\n", failures, shortest)
	}
	// Output:
	// 536 failures, shortest counterexample "sc:"
	// 0 failures, shortest counterexample ""
}

// Resolving an URL's own href against any base gives the URL back: the
// property "an absolute URL does not depend on the base".
func Example_resolve() {
	g := urlspectest.New(2)
	held := 0
	for range 1000 {
		base, u := g.URL(), g.URL()
		if v, err := base.Resolve(u.Href()); err == nil && v == u {
			held++
		}
	}
	fmt.Println("held for", held, "of 1000 pairs")
	// Output:
	// held for 1000 of 1000 pairs
}

// A Gen from a seed gives the same values on every run: a failure is
// reproducible from the seed.
func ExampleNew() {
	g := urlspectest.New(1)
	for range 4 {
		fmt.Println(g.URL())
	}
	// Output:
	// file:///
	// file:///C:/%20//%zz/??#?
	// https://[ffff:ffff:0:ffff:1726:ffff:1:0]/@/%C3%A9?%#%C3%A9
	// sc:?%01
}

// The shape of a fuzz target over URLs: the fuzzer's bytes are the
// choices, so it explores the structure of URLs, not the bytes of a string.
//
//	func FuzzMyHandler(f *testing.F) {
//		f.Add([]byte{})
//		f.Fuzz(func(t *testing.T, data []byte) {
//			u := urlspectest.FromBytes(data).URL()
//			... // check the code under test on u
//		})
//	}
//
// No bytes at all give the simplest URL.
func ExampleFromBytes() {
	fmt.Println(urlspectest.FromBytes(nil).URL())
	fmt.Println(urlspectest.FromBytes([]byte{0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}).URL())
	fmt.Println(urlspectest.FromBytes([]byte("hello, fuzzer")).URL())
	// Output:
	// http://h/
	// http://h/////a/
	// data:
}

// FromFunc turns any source of integers into a Gen. With pgregory.net/rapid,
// which then shrinks a failing URL to a simple one:
//
//	rapid.Check(t, func(t *rapid.T) {
//		g := urlspectest.FromFunc(func(n int) int { return rapid.IntRange(0, n-1).Draw(t, "choice") })
//		u := g.URL()
//		... // check the code under test on u
//	})
//
// Here the choices come from a fixed list, then are all 0.
func ExampleFromFunc() {
	choices := []int{0, 0, 1, 1, 1, 1, 2, 2, 2, 2}
	g := urlspectest.FromFunc(func(n int) int {
		if len(choices) == 0 {
			return 0
		}
		c := choices[0] % n
		choices = choices[1:]
		return c
	})
	fmt.Println(g.URL())
	fmt.Println(g.URL())
	// Output:
	// http://%40@0.2.0.2/
	// http://h/
}

// FromRand draws from a math/rand generator, the kind testing/quick uses.
func ExampleFromRand() {
	g := urlspectest.FromRand(rand.New(rand.NewSource(1)))
	fmt.Println(g.URL())
	// Output:
	// z9:///%4
}

// One Gen makes URLs, references and URL strings from one stream of
// choices; make one per test case (it is not safe for concurrent use).
func ExampleGen() {
	g := urlspectest.New(6)
	fmt.Println(g.URL())
	fmt.Printf("%q\n", g.Ref(urlspec.ModeGeneric))
	fmt.Printf("%q\n", g.URLString())
	// Output:
	// file://[::ffff:102:304]/#%60
	// "blob:///%4?%zz#"
	// "https://www.mobileread.com/forums/external.php?type=rss2&amp;forumids=front"
}

// URL gives URLs as urlspec.Parse returns them.
func ExampleGen_URL() {
	g := urlspectest.New(3)
	for range 5 {
		u := g.URL()
		v, err := urlspec.Parse(u.Href())
		fmt.Println(u, err == nil && v == u)
	}
	// Output:
	// a:#_b%41:%C4%B0 true
	// sc://%40@[2cb:0:1:1:0:1:379f:66cf]/.../%7F?a=b&c=d true
	// ws://[1:0:c009:1:1:1:3357:e6e4]/#%C3%A9 true
	// ws://x.xz.a10a.bzzaa/a:b/%2%65/? true
	// https://76.229.52.205/?{} true
}

// Ref gives references, relative or absolute, as urlspec.ParseRef returns
// them in a parser mode.
func ExampleGen_Ref() {
	g := urlspectest.New(4)
	for range 3 {
		fmt.Printf("%q\n", g.Ref(urlspec.ModeWeb))
	}
	for range 3 {
		fmt.Printf("%q\n", g.Ref(urlspec.ModeFile))
	}
	// Output:
	// "FTP:/%E6%97%A5%E6%9C%AC/%00/%20?%"
	// "//%40@example.com:/%2E%2E?q"
	// "a%20b/=/%23/%4?%23"
	// "//[::ffff:cb8:ffff:0:1:1]/D|/C:/"
	// "file://localhost:/%/%2F/;/?a=b"
	// "//:p@[1:1:63cc:ffff:1:1:1:8bf8]:/z:?##"
}

// URLString gives strings for a parser, valid or not.
func ExampleGen_URLString() {
	g := urlspectest.New(5)
	for range 5 {
		s := g.URLString()
		_, err := urlspec.Parse(s)
		fmt.Printf("%q parses: %v\n", s, err == nil)
	}
	// Output:
	// "urn:?%" parses: true
	// "file://deps/npm/nodE_modules/semver/fus/compare-loose.js" parses: true
	// "urn:///././/{}/c|//.#\"é😀;\\" parses: true
	// "https://tools.ietf.org/html/rfc2666" parses: true
	// "ftp:\\xn--n3hx:y/C:" parses: false
}

// With testing/quick, a property function takes URL arguments. In a test:
//
//	if err := quick.Check(property, nil); err != nil { t.Error(err) }
func ExampleURL() {
	// JoinPath adds exactly one segment, the one given, to an URL with a
	// hierarchical path (one that ends in '/' has a last segment "",
	// which the new one replaces).
	property := func(u urlspectest.URL) bool {
		if u.HasOpaquePath() {
			return true // JoinPath fails on those, as documented
		}
		v, err := u.JoinPath("new segment")
		if err != nil {
			return false
		}
		before, after := slices.Collect(u.PathSegments()), slices.Collect(v.PathSegments())
		if len(before) > 0 && before[len(before)-1] == "" {
			before = before[:len(before)-1]
		}
		return len(after) == len(before)+1 && after[len(after)-1] == "new%20segment"
	}
	cfg := &quick.Config{MaxCount: 1000, Rand: rand.New(rand.NewSource(1))}
	fmt.Println(quick.Check(property, cfg))
	// Output:
	// <nil>
}

// Generate is what testing/quick calls; a test rarely calls it itself.
func ExampleURL_Generate() {
	r := rand.New(rand.NewSource(1))
	u := urlspectest.URL{}.Generate(r, 0).Interface().(urlspectest.URL)
	fmt.Println(u)
	// Output:
	// z9:///%4
}

// A Ref carries the mode it was generated in, for ParseRef.
func ExampleRef() {
	property := func(r urlspectest.Ref) bool {
		p, err := urlspec.ParseRef(r.Href(), r.Mode)
		return err == nil && p.Href() == r.Href()
	}
	cfg := &quick.Config{MaxCount: 1000, Rand: rand.New(rand.NewSource(1))}
	fmt.Println(quick.Check(property, cfg))
	// Output:
	// <nil>
}

// Generate is what testing/quick calls; a test rarely calls it itself.
func ExampleRef_Generate() {
	r := rand.New(rand.NewSource(2))
	ref := urlspectest.Ref{}.Generate(r, 0).Interface().(urlspectest.Ref)
	fmt.Printf("%q in mode %v\n", ref, ref.Mode)
	// Output:
	// "/Z:/a:b/%E6%97%A5%E6%9C%AC/%4/#" in mode file
}

// Parsing never panics, whatever the string, and what parses is a fixed
// point of Parse.
func ExampleURLString() {
	property := func(s urlspectest.URLString) bool {
		u, err := urlspec.Parse(string(s))
		if err != nil {
			return true
		}
		v, err := urlspec.Parse(u.Href())
		return err == nil && v == u
	}
	cfg := &quick.Config{MaxCount: 1000, Rand: rand.New(rand.NewSource(1))}
	fmt.Println(quick.Check(property, cfg))
	// Output:
	// <nil>
}

// Generate is what testing/quick calls; a test rarely calls it itself.
func ExampleURLString_Generate() {
	r := rand.New(rand.NewSource(3))
	s := urlspectest.URLString("").Generate(r, 0).Interface().(urlspectest.URLString)
	fmt.Printf("%q\n", s)
	// Output:
	// "\ta:/\\h:0 ?`\u00a0%\x00ǅa"
}
