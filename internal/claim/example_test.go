package claim_test

import (
	"fmt"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Check a law of the spec: goto is associative.
func ExampleCheck() {
	r, err := claim.Check("goto(goto(a, b), c) == goto(a, goto(b, c))", claim.Config{Cases: 1000, Seed: 1})
	if err != nil {
		panic(err)
	}
	fmt.Print(r.Text())
	// Output: holds (1000 cases)
}

// A claim that does not hold gets its smallest counterexample, with every
// intermediate value: here the equation that spec 0.10.1 asks of a
// normalisation function.
func ExampleCheck_counterexample() {
	r, _ := claim.Check("norm(goto(norm(a), norm(b))) == norm(goto(a, b))", claim.Config{Seed: 1})
	fmt.Print(r.Text())
	// Output:
	// counterexample (found at case 61, seed 1, shrunk):
	//   a                            = (authority ε)  (prints as "//")
	//   b                            = (dir .)  (prints as "./")
	//   norm(a)                      = (authority ε)  (prints as "//")
	//   norm(b)                      = ε  (prints as "")
	//   goto(norm(a), norm(b))       = (authority ε)  (prints as "//")
	//   norm(goto(norm(a), norm(b))) = (authority ε)  (prints as "//")
	//   goto(a, b)                   = (authority ε)・(path-root /)・(dir .)  (prints as "///./")
	//   norm(goto(a, b))             = (authority ε)・(path-root /)  (prints as "///")
	//   norm(goto(norm(a), norm(b))) == norm(goto(a, b)) is false: (authority ε)  (prints as "//") ≠ (authority ε)・(path-root /)  (prints as "///")
}

// Claims about parsing take the URLs of one mode.
func ExampleConfig_modes() {
	r, _ := claim.Check("norm(parse(print(norm(a)), file)) == norm(encoded(norm(a)))",
		claim.Config{Cases: 1000, Seed: 1, Modes: []grammar.Mode{grammar.File}})
	fmt.Print(r.Text())
	// Output: holds (1000 cases)
}

// A malformed claim is a *SyntaxError that says where.
func ExampleParse_error() {
	_, err := claim.Parse("goto(a, b) = goto(b, a)")
	fmt.Println(err)
	fmt.Println(err.(*claim.SyntaxError).Caret())
	// Output:
	// claim: column 12: expected == or !=, found a single =: write ==
	// goto(a, b) = goto(b, a)
	//            ^
}

// Evaluate a claim on given URLs.
func ExampleClaim_Eval() {
	c := claim.MustParse("norm(goto(a, b)) == norm(b)")
	a, _ := grammar.Parse("http://h/x/y", grammar.Web)
	b, _ := grammar.Parse("//other/z/../w", grammar.Web)
	ev := c.Eval(claim.Vars{A: a, B: b})
	fmt.Println(ev.Holds)
	for _, s := range ev.Steps {
		fmt.Println(s.Name, "=", s.Value)
	}
	// Output:
	// false
	// goto(a, b) = (scheme http)・(authority (host other))・(path-root /)・(dir z)・(dir ..)・(file w)  (prints as "http://other/z/../w")
	// norm(goto(a, b)) = (scheme http)・(authority (host other))・(path-root /)・(file w)  (prints as "http://other/w")
	// norm(b) = (authority (host other))・(path-root /)・(file w)  (prints as "//other/w")
}

func ExampleParseExpr() {
	e, err := claim.ParseExpr(`goto("//", "./")`, grammar.Web)
	if err != nil {
		panic(err)
	}
	v, _ := e.Eval()
	fmt.Println(v)
	// Output:
	// (authority ε)・(path-root /)・(dir .)  (prints as "///./")
}

func ExampleExpr_Eval() {
	e, _ := claim.ParseExpr(`norm(goto("http://h/a/b", "../c"))`, grammar.Web)
	v, steps := e.Eval()
	for _, s := range steps {
		fmt.Println(s.Name, "=", s.Value)
	}
	fmt.Println(e, "is an URL:", v.IsURL(), "with", len(v.Components()), "components")
	// Output:
	// "http://h/a/b" = (scheme http)・(authority (host h))・(path-root /)・(dir a)・(file b)  (prints as "http://h/a/b")
	// "../c" = (dir ..)・(file c)  (prints as "../c")
	// goto("http://h/a/b", "../c") = (scheme http)・(authority (host h))・(path-root /)・(dir a)・(dir ..)・(file c)  (prints as "http://h/a/../c")
	// norm(goto("http://h/a/b", "../c")) = (scheme http)・(authority (host h))・(path-root /)・(file c)  (prints as "http://h/c")
	// norm(goto("http://h/a/b", "../c")) is an URL: true with 4 components
}

// A deeply nested expression: its steps stop StepDepth calls below the top,
// and a step's name shows NameDepth levels of calls.
func ExampleExpr_Eval_nested() {
	e, _ := claim.ParseExpr(strings.Repeat("norm(", 12)+`"http://h/a/../b"`+strings.Repeat(")", 12), grammar.Web)
	_, steps := e.Eval()
	fmt.Println(len(steps), "steps")
	fmt.Println(steps[0].Name, "=", steps[0].Value)
	fmt.Println(steps[1].Name)
	// Output:
	// 10 steps
	// … = 4 sub-expressions nested deeper than 8 calls not shown
	// norm(norm(norm(norm(…))))
}

// Two URLs written alike that are not equal: a domain and an opaque host.
func ExampleDifference() {
	web, _ := grammar.Parse("//h", grammar.Web)
	generic, _ := grammar.Parse("//h", grammar.Generic)
	fmt.Println(web.String() == generic.String(), web.Equal(&generic))
	fmt.Println(claim.Difference(claim.URLValue(web), claim.URLValue(generic)))
	// Output:
	// true false
	// the host h is a domain on the left, an opaque host on the right
}

// An expression may nest MaxDepth terms deep; one level more is a
// *SyntaxError, found before any deeper recursion.
func ExampleMaxDepth() {
	nested := func(d int) string {
		return strings.Repeat("norm(", d-1) + `"http://a/"` + strings.Repeat(")", d-1)
	}
	if _, err := claim.ParseExpr(nested(claim.MaxDepth), grammar.Web); err == nil {
		fmt.Println(claim.MaxDepth, "levels: accepted")
	}
	_, err := claim.ParseExpr(nested(claim.MaxDepth+1), grammar.Web)
	fmt.Println(claim.MaxDepth+1, "levels:", err.(*claim.SyntaxError).Msg)
	// Output:
	// 10000 levels: accepted
	// 10001 levels: the expression nests deeper than 10000 terms
}

// A guarded claim is checked only where its premise holds: legacy
// resolution is generic resolution after removing the reference's scheme
// when it is the base's (spec §Legacy Resolution).
func ExampleCheck_guard() {
	r, _ := claim.Check("has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)",
		claim.Config{Cases: 10000, Seed: 1})
	fmt.Print(r.Text())
	r, _ = claim.Check("has(a, scheme) && !has(a, scheme) ==> a == b", claim.Config{Cases: 100, Seed: 1})
	fmt.Print(r.Text())
	// Output:
	// holds on 10000 cases (357 satisfied the premise, 3.6%)
	// vacuous: the premise held on none of the 100 cases, so the conclusion was never checked (not shown to hold)
}

// An Env checks a claim under a changed specification: here, a
// normalisation that skips the rule dot.
func ExampleEnv() {
	skipDot := func(u model.URL) model.URL {
		for {
			var next []normalize.Redex
			for _, r := range normalize.Redexes(u) {
				if r.Rule != normalize.Dot {
					next = append(next, r)
				}
			}
			if len(next) == 0 {
				return u
			}
			u, _ = normalize.Rewrite(u, next[0])
		}
	}
	env := &claim.Env{Normalize: skipDot}
	text := `norm(parse("http://h/./a", web)) == parse("http://h/a", web)`
	r, _ := claim.Check(text, claim.Config{})
	fmt.Print(r.Text())
	r, _ = claim.Check(text, claim.Config{Env: env})
	fmt.Println(r.Counterexample.Message)
	fmt.Println(env.Replaced())
	// Output:
	// holds (the claim has no variables: evaluated once, nothing generated)
	// norm(parse("http://h/./a", web)) == parse("http://h/a", web) is false: (scheme http)・(authority (host h))・(path-root /)・(dir .)・(file a)  (prints as "http://h/./a") ≠ (scheme http)・(authority (host h))・(path-root /)・(file a)  (prints as "http://h/a")
	// [Normalize]
}

// Complete fills in the default operations.
func ExampleEnv_Complete() {
	ops := (*claim.Env)(nil).Complete()
	u, _ := ops.WHATWG("  HTTP://h/a/../b", nil)
	fmt.Println(ops.Print(&u))
	// Output: http://h/b
}

// The WHATWG parser without preprocessing: a leading space makes the
// input a relative reference, which needs a base.
func ExampleWHATWGPipeline() {
	pre := func(s string) string { return s }
	_, err := claim.WHATWGPipeline(pre, grammar.Parse, normalize.Normalize, " http://h/", nil)
	fmt.Println(err)
	// Output: missing-scheme-non-relative-URL: a relative reference needs a base URL
}

func ExampleDrop() {
	a, _ := grammar.Parse("http:x/y", grammar.Web)
	u, _ := claim.Drop(a, model.SchemeType)
	fmt.Println(u)
	// Output: (dir x)・(file y)
}

// Evaluate a guarded claim on given URLs: where the premise is false, the
// conclusion is not evaluated and the claim holds vacuously.
func ExampleClaim_EvalEnv() {
	c := claim.MustParse("has(a, scheme) ==> norm(a) == a")
	fmt.Println(c.Guarded())
	rel, _ := grammar.Parse("a/./b", grammar.Web)
	abs, _ := grammar.Parse("http://h/a/./b", grammar.Web)
	ev := c.EvalEnv(nil, claim.Vars{A: rel})
	fmt.Println(ev.Premise, ev.Unmet, ev.Holds)
	ev = c.EvalEnv(nil, claim.Vars{A: abs})
	fmt.Println(ev.Premise, ev.Holds)
	identity := &claim.Env{Normalize: func(u model.URL) model.URL { return u }}
	ev = c.EvalEnv(identity, claim.Vars{A: abs})
	fmt.Println(ev.Premise, ev.Holds)
	// Output:
	// true
	// false has(a, scheme) true
	// true false
	// true true
}

// EnvProblem names the functions that cannot take an environment's
// operations.
func ExampleClaim_EnvProblem() {
	c := claim.MustParse("norm(encoded(a)) == encoded(norm(a))")
	fmt.Printf("%q\n", c.EnvProblem(nil))
	fmt.Println(c.EnvProblem(&claim.Env{Print: func(*model.URL) string { return "" }}))
	// Output:
	// ""
	// encoded is built on the default Print, which the environment replaces
}

// The properties of a claim in an environment, for gen.Check.
func ExampleClaim_PropertyEnv() {
	c := claim.MustParse("preprocess(s) == s")
	keep := &claim.Env{Preprocess: func(s string) string { return s }}
	fmt.Println(gen.Check(c.PropertyEnv(keep, nil), 1000, 1).Err == nil)
	fmt.Println(gen.Check(c.DefinedPropertyEnv(nil, nil), 1000, 1).Err == nil)
	// Output:
	// true
	// false
}

func ExampleEnv_Replaced() {
	env := &claim.Env{Print: print.Unicode, Normalize: normalize.Normalize}
	fmt.Println(env.Replaced())
	// Output: [Normalize Print]
}

// Evaluate an expression in an environment.
func ExampleExpr_EvalEnv() {
	e, _ := claim.ParseExpr(`print(parse("http://h/ü", web))`, grammar.Web)
	v, _ := e.EvalEnv(nil)
	fmt.Println(v)
	v, _ = e.EvalEnv(&claim.Env{Print: print.Unicode})
	fmt.Println(v)
	// Output:
	// "http://h/%C3%BC"
	// "http://h/ü"
}
