package laws_test

import (
	"fmt"

	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/laws"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/whatif"
)

// Check one law of the table.
func ExampleLaw_Check() {
	l, _ := laws.ByName("goto-associative")
	r := l.Check(laws.Config{Cases: 1000, Seed: 1})
	fmt.Println(r.Law, r.Kind, r.Holds, r.Cases, r.OK())
	// Output: goto-associative law true 1000 true
}

// A non-law's check finds a counterexample, which is the expected
// outcome.
func ExampleLaw_Check_nonLaw() {
	l, _ := laws.ByName("force-nonlaw-2")
	r := l.Check(laws.Config{Seed: 1})
	fmt.Println(r.Kind, r.Holds, r.OK())
	for _, in := range r.Counterexample.Inputs {
		fmt.Println(in.Name, "=", in.Value)
	}
	// Output:
	// non-law false true
	// a = (scheme http)・(dir a)  (prints as "http:a/")
	// b = (path-root /)・(dir a)  (prints as "/a/")
}

// List the table.
func ExampleAll() {
	for _, l := range laws.All()[:5] {
		fmt.Println(l.Name, "|", l.Statement)
	}
	// Output:
	// goto-ord | ord(goto(a, b)) == min(ord(a), ord(b))
	// goto-associative | goto(goto(a, b), c) == goto(a, goto(b, c))
	// goto-left-identity | goto(ε, a) == a
	// goto-right-identity | goto(a, ε) == a, if a has no fragment
	// goto-postfix | b is a postfix of goto(a, b)
}

// Which laws stop holding if the specification dropped the rewrite rule
// port-empty (port ε ≈ ε)? Check the table with a normalisation that
// skips it.
func ExampleCheckAllEnv() {
	skip := func(u model.URL) model.URL {
		for {
			var next []normalize.Redex
			for _, r := range normalize.Redexes(u) {
				if r.Rule != normalize.PortEmpty {
					next = append(next, r)
				}
			}
			if len(next) == 0 {
				return u
			}
			u, _ = normalize.Rewrite(u, next[0])
		}
	}
	env := &claim.Env{Normalize: skip}
	notChecked := 0
	for _, r := range laws.CheckAllEnv(env, laws.Config{Cases: 2000, Seed: 1}) {
		switch {
		case r.NotChecked != "":
			notChecked++
		case !r.OK():
			fmt.Println(r.Law, "fails:", r.Counterexample.Inputs[0].Value)
		}
	}
	fmt.Println(notChecked, "laws not checked: their checks are built on the default normalisation")
	// Output:
	// print-parse-file fails: (authority (host h)・(port ε))  (prints as "//h:")
	// 33 laws not checked: their checks are built on the default normalisation
}

// A law written as a guarded claim counts the cases that satisfied its
// premise.
func ExampleLaw_CheckEnv() {
	l, _ := laws.ByName("legacy-generic-same-scheme")
	r := l.CheckEnv(nil, laws.Config{Cases: 10000, Seed: 1})
	fmt.Println(r.Holds, r.Cases, r.Satisfied)
	fmt.Println(l.EnvProblem(&claim.Env{Print: func(*model.URL) string { return "" }}) == "")
	n, _ := laws.ByName("norm-trace")
	fmt.Println(n.EnvProblem(&claim.Env{Normalize: normalize.Normalize}))
	// Output:
	// true 10000 357
	// true
	// the law's check is built on the default Normalize, which the environment replaces
}

// The laws hook of a what-if report: the laws checked under a variant.
// The zero variant is the library, so every law is checked and holds.
func ExampleVariantLaws() {
	check := laws.VariantLaws(100, 1)
	ls, _ := check(whatif.Variant{})
	held := 0
	for _, l := range ls {
		if l.Holds {
			held++
		}
	}
	fmt.Println(held == len(ls), ls[0].Name, ls[0].Cases)
	// Output: true goto-ord 100
}

// The environment of a variant's pipeline: none for the zero variant,
// otherwise the stages the variant changes (a host option: the grammar's
// host parsing, and the WHATWG parser built on it).
func ExampleVariantEnv() {
	fmt.Println(laws.VariantEnv(whatif.Variant{}) == nil)
	fmt.Println(laws.VariantEnv(whatif.MustParse("ipv4 -hex")).Replaced())
	// Output:
	// true
	// [Parse WHATWG]
}
