package whatif_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/whatif"
)

func ExampleParse() {
	v, err := whatif.Parse("encode fragment +^; rule -default-port; ipv4 -hex")
	fmt.Println(v, err)
	_, err = whatif.Parse("encode fragmnt +^")
	var se *whatif.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Token)
	}
	// Output:
	// encode fragment +^; rule -default-port; ipv4 -hex <nil>
	// 7 fragmnt
}

func ExampleMustParse() {
	v := whatif.MustParse("scheme +git:9418")
	u, _ := v.NewURL(`GIT:\\example.org:9418\repo.git`, "")
	fmt.Println(u.Href, u.Origin)
	// Output:
	// git://example.org/repo.git git://example.org
}

func ExampleSyntaxError() {
	_, err := whatif.Parse("uts46 +transitionl")
	fmt.Println(err)
	// Output:
	// whatif: "transitionl" at byte 7: unknown UTS #46 flag: want one of transitional, hyphens, bidi, joiners, std3, dnslength
}

func ExampleVariant_String() {
	v := whatif.MustParse("  encode special.path   -^ ;print -opaque-space")
	fmt.Println(v.String())
	// Output:
	// encode special.path -^; print -opaque-space
}

func ExampleVariant_Then() {
	a, b := whatif.MustParse("ipv4 -hex"), whatif.MustParse("ipv4 -octal")
	fmt.Println(a.Then(b))
	u, err := a.Then(b).NewURL("http://0177.0.0.01/", "")
	fmt.Println(u.Href, err)
	// Output:
	// ipv4 -hex; ipv4 -octal
	// http://177.0.0.1/ <nil>
}

func ExampleVariant_IsZero() {
	var v whatif.Variant
	fmt.Println(v.IsZero(), whatif.MustParse("").IsZero(), whatif.MustParse("rule -dot").IsZero())
	// Output:
	// true true false
}

func ExampleVariant_NewURL() {
	for _, text := range []string{"", "encode path -^", "rule -dir-dots"} {
		u, err := whatif.MustParse(text).NewURL("a/../b^c", "http://h/x/y")
		fmt.Printf("%-16q %s %s %v\n", text, u.Href, u.Pathname, err)
	}
	// Output:
	// ""               http://h/x/b%5Ec /x/b%5Ec <nil>
	// "encode path -^" http://h/x/b^c /x/b^c <nil>
	// "rule -dir-dots" http://h/x/a/../b%5Ec /x/a/../b%5Ec <nil>
}

func ExampleVariant_Ops() {
	ops := whatif.MustParse("scheme +foo:99; rule -default-port").Ops()
	u, err := ops.Parse(`foo:\\h:99\a`, grammar.Web)
	fmt.Println(&u, err)
	n := ops.Normalize(u)
	fmt.Println(ops.Print(&n))
	w, err := ops.WHATWG(" FOO://h:99/a/./b ", nil)
	fmt.Println(ops.Print(&w), err)
	// Output:
	// (scheme foo)・(authority (host h)・(port 99))・(path-root /)・(file a) <nil>
	// foo://h:99/a
	// foo://h:99/a/b <nil>
}

func ExampleImpact() {
	data, err := os.ReadFile("../conformance/testdata/urltestdata.json")
	if err != nil {
		panic(err)
	}
	r, err := whatif.Impact(whatif.MustParse("encode path -^"), whatif.Inputs{
		URLTestData: data,
		Corpus:      []string{"http://h/a^b", "http://h/a?b^c", "../^\x1fhttp://h/a/b"},
		Laws: func(v whatif.Variant) ([]whatif.Law, error) {
			return []whatif.Law{{Name: "idempotent", Holds: true, Cases: 1}}, nil
		},
	})
	if err != nil {
		panic(err)
	}
	fmt.Println(len(r.URLTestData.Changed), "of", r.URLTestData.Cases, "WPT cases change;", r.URLTestData.DiffLines, "diff lines")
	c := r.Corpus
	fmt.Println(c.Lines, c.Unchanged, c.Changed, c.NewlyFailing, c.NewlyParsing)
	for _, k := range c.Kinds {
		fmt.Println(k.Kind, k.Count, k.Examples[0].Before, k.Examples[0].After)
	}
	fmt.Println(r.Laws[0].Name, r.Laws[0].Holds)
	// Output:
	// 2 of 891 WPT cases change; 8 diff lines
	// 3 1 2 0 0
	// changed: pathname 2 http://h/a%5Eb http://h/a^b
	// idempotent true
}

func ExampleReport_Write() {
	r, _ := whatif.Impact(whatif.MustParse("ipv4 -hex"), whatif.Inputs{
		Corpus: []string{"http://0x7f.1/", "http://127.1/", "http://0x7f.example/"},
	})
	r.Write(os.Stdout, "text")
	// Output:
	// Impact of variant: ipv4 -hex
	//
	// Corpus
	// ======
	// 3 lines: 2 unchanged, 0 change href, 1 newly failing, 0 newly parsing.
	//
	// newly failing: IPv4-non-numeric-part (1), smallest:
	//   "http://0x7f.1/": "http://127.0.0.1/" → "failure (IPv4-non-numeric-part)"
}

func ExampleVariant_Changed() {
	c := whatif.MustParse("rule -default-port").Changed()
	fmt.Println(c.Preprocess == nil, c.Parse == nil, c.Normalize == nil, c.Print == nil, c.WHATWG == nil)
	// Output: true true false true false
}

func ExampleVariant_ChangesSchemes() {
	fmt.Println(whatif.MustParse("scheme +git:9418").ChangesSchemes(), whatif.MustParse("encode fragment +^").ChangesSchemes())
	// Output: true false
}
