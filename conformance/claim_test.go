package conformance_test

import (
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
)

// The spec's own statements, written in the claim language, as a spec
// author would check them: examples with literal URL-strings (each must
// hold), its laws (hold on generated URLs) and its non-laws (a
// counterexample).
func TestSpecStatementsAsClaims(t *testing.T) {
	web := []grammar.Mode{grammar.Web}
	for _, c := range []struct {
		section, claim string
		modes          []grammar.Mode
		holds          bool
	}{
		// §The Goto Operation: the path-root that goto adds.
		{"§Goto", `goto(parse("//host", generic), parse("foo/bar", generic)) == parse("//host/foo/bar", generic)`, nil, true},
		// §A note about multiple slashes: against http://host/ ...
		{"§Multiple slashes", `norm(whatwg(parse("http:foo/bar", web), parse("http://host/", web))) == parse("http://host/foo/bar", web)`, nil, true},
		{"§Multiple slashes", `norm(whatwg(parse("http:/foo/bar", web), parse("http://host/", web))) == parse("http://host/foo/bar", web)`, nil, true},
		{"§Multiple slashes", `norm(whatwg(parse("http://foo/bar", web), parse("http://host/", web))) == parse("http://foo/bar", web)`, nil, true},
		{"§Multiple slashes", `norm(whatwg(parse("http:///foo/bar", web), parse("http://host/", web))) == parse("http://foo/bar", web)`, nil, true},
		// ... and without a base they are all the same.
		{"§Multiple slashes", `norm(whatwg(parse("http:foo/bar", web), ε)) == norm(whatwg(parse("http:///foo/bar", web), ε))`, nil, true},
		// §Normalise for Printing: (path-root /)・(dir ε)・(file foo) prints with a (dir .).
		{"§Printing", `print(parse("/.//foo", generic)) == "/.//foo" && norm(parse("/.//foo", generic)) != parse("//foo", generic)`, nil, true},
		// §Generic Resolution: neither URL has a scheme: it fails, on both sides.
		{"§Generic Resolution", `generic(parse("a", web), parse("b", web)) == generic(parse("c", web), ε)`, nil, true},
		// §Legacy Resolution drops an equal scheme, generic resolution keeps it.
		{"§Legacy Resolution", `legacy(parse("HTTP:x", web), parse("http://h/a/", web)) == parse("http://h/a/x", web) && generic(parse("HTTP:x", web), parse("http://h/a/", web)) == parse("HTTP:x", web)`, nil, true},
		// §Goto Properties on generated URLs.
		{"§Goto Properties", "ord(goto(a, b)) == min(ord(a), ord(b))", nil, true},
		{"§Goto Properties", "goto(goto(a, b), c) == goto(a, goto(b, c))", nil, true},
		{"§Goto Properties", "goto(ε, a) == a", nil, true},
		{"§Goto Properties", "goto(upto(a, fragment), ε) == upto(a, fragment)", nil, true},
		// goto is not commutative (§The Goto Operation).
		{"§The Goto Operation", "goto(a, b) == goto(b, a)", nil, false},
		// §Printing: the round trip, in web mode.
		{"§Printing", "norm(parse(print(norm(a)), web)) == norm(encoded(norm(a)))", web, true},
		// §Force Properties: the second non-law has a counterexample with
		// both sides defined.
		{"§Force Properties", "force(goto(force(a), b)) == force(goto(a, b))", nil, false},
		// spec 0.10.1: the normalisation equation does not hold.
		{"spec 0.10.1", "norm(goto(norm(a), norm(b))) == norm(goto(a, b))", nil, false},
	} {
		r, err := claim.Check(c.claim, claim.Config{Cases: 3000, Seed: 1, Modes: c.modes})
		if err != nil {
			t.Errorf("%s: %q: %v", c.section, c.claim, err)
			continue
		}
		if r.Holds != c.holds {
			t.Errorf("%s: %q: holds = %v, want %v\n%s", c.section, c.claim, r.Holds, c.holds, r.Text())
		}
	}
}

// The claim checker's answer for a false claim names every intermediate
// value, and its counterexample is small.
func TestClaimCounterexampleReport(t *testing.T) {
	r, err := claim.Check("force(goto(force(a), b)) == force(goto(a, b))", claim.Config{Seed: 1, Defined: true})
	if err != nil {
		t.Fatal(err)
	}
	text := r.Text()
	for _, step := range []string{"force(a) ", "goto(force(a), b) ", "force(goto(force(a), b)) ", "goto(a, b) ", "force(goto(a, b)) "} {
		if !strings.Contains(text, "\n  "+step) {
			t.Errorf("the report lacks %q:\n%s", step, text)
		}
	}
	for _, in := range r.Counterexample.Inputs {
		if strings.Count(in.Value, "・") > 2 {
			t.Errorf("input %s = %s is not small", in.Name, in.Value)
		}
	}
	t.Logf("\n%s", text)
}
