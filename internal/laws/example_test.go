package laws_test

import (
	"fmt"

	"github.com/urlspec/urlspec/internal/laws"
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
