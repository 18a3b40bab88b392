package claim_test

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/model"
)

// Malformed claims give a *SyntaxError at the right column with a message
// that says what is wrong.
func TestSyntaxErrors(t *testing.T) {
	for _, c := range []struct {
		claim string
		col   int
		msg   string
	}{
		{"", 1, "empty claim"},
		{"   ", 1, "empty claim"},
		{"goto(a, b", 10, "expected , or )"},
		{"goto(a, b) = a", 12, "single ="},
		{"goto(a, b) ≠ a", 12, "write != for ≠"},
		{"goto(a) == a", 1, "goto takes 2 arguments"},
		{"gotoo(a, b) == a", 1, `unknown function "gotoo"`},
		{"norm(s) == a", 6, "argument 1 of norm must be an URL, but s is a string"},
		{"parse(s, webb) == a", 10, `unknown mode "webb"`},
		{"upto(a, foo) == a", 9, `unknown component type "foo"`},
		{"print(a) == a", 13, "cannot compare print(a) (a string) with a (an URL)"},
		{"a == b c", 8, `expected &&, ==> or the end of the claim, found "c"`},
		{"x == a", 1, `unknown name "x"`},
		{"a == b || b == a", 8, "|| is not part of the claim language"},
		{"a == b & b == a", 8, "single &"},
		{"a == b == c", 8, "a second comparison needs &&"},
		{`"abc == s`, 1, "unterminated string"},
		{`"\q" == s`, 1, "bad string literal"},
		{"ord(a) == web", 11, `unknown component type "web"`},
		{"a(b) == a", 1, "a is a variable, not a function"},
		{"goto(a, b)", 1, "goto(a, b) is an URL, not a test: compare it with == or !="},
		{"has(a, scheme) ==> ", 16, "the claim ends after ==>"},
		{"has(a, scheme) ==> a == b ==> a == c", 27, "at most one ==>"},
		{"has(a, scheme) => a == b", 16, "write ==> for a guard"},
		{"has(a, scheme) -> a == b", 16, "write ==> for a guard"},
		{"has(a, scheme) ⇒ a == b", 16, "write ==> for a guard"},
		{"has(a, web) ==> a == b", 8, `unknown component type "web"`},
		{"has(a) ==> a == b", 1, "has takes 2 arguments"},
		{"!a == b", 1, "! negates a test"},
		{"a ==> a == b", 1, "a is an URL, not a test"},
		{"scheme(a) ==> a == b", 1, "scheme(a) is a string, not a test"},
		{"scheme ==> a == b", 1, "scheme is a name"},
		{"has(a, scheme) == a", 19, "cannot compare has(a, scheme) (a truth value) with a (an URL)"},
		{"!= a", 1, "expected an expression before !="},
		{"a == b ==> ", 8, "the claim ends after ==>"},
		{"a ==", 5, "the claim ends where an expression should be"},
		{"(a == b", 4, "expected ) to close the ( at column 1"},
		{"dir == file", 1, "not two names"},
		{"ε == é(a)", 6, `unknown function "é"`},
		{"a == #", 6, `found '#'`},
	} {
		_, err := claim.Parse(c.claim)
		var se *claim.SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q) = %v, want a *SyntaxError", c.claim, err)
			continue
		}
		if se.Column() != c.col || !strings.Contains(se.Msg, c.msg) {
			t.Errorf("Parse(%q): column %d %q; want column %d and %q", c.claim, se.Column(), se.Msg, c.col, c.msg)
		}
		if !strings.HasPrefix(se.Error(), "claim: column ") {
			t.Errorf("Error() = %q", se.Error())
		}
		caret := se.Caret()
		if lines := strings.Split(caret, "\n"); len(lines) != 2 || !strings.HasSuffix(lines[1], "^") || len([]rune(lines[1])) != c.col {
			t.Errorf("Caret() = %q", caret)
		}
	}
}

// Well-formed claims parse, report their variables and render as written.
func TestParse(t *testing.T) {
	for text, vars := range map[string]string{
		"goto(empty, a) == a":                                  "a",
		"ord(goto(a, b)) == min(ord(a), ord(b))":               "a b",
		"parse(print(c), file) != c && s == t":                 "c s t",
		`parse("http://h/", web) == norm(parse(s, web))`:       "s",
		"upto(a, path-root) == upto(upto(a, file), path-root)": "a",
		"(a) == ((a))":                                                             "a",
		"ord(a) == file && ord(b) != dir":                                          "a b",
		"preprocess(s) == preprocess(preprocess(s))":                               "s",
		"has(a, scheme) ==> force(force(a)) == force(a)":                           "a",
		"has(a, scheme) && !has(b, scheme) ==> scheme(generic(b, a)) == scheme(a)": "a b",
		"has(c, dir) == has(drop(c, file), dir)":                                   "c",
		"!has(a, authority) && has(b, query) ==> ord(a) != authority":              "a b",
	} {
		c, err := claim.Parse(text)
		if err != nil {
			t.Errorf("Parse(%q): %v", text, err)
			continue
		}
		if got := strings.Join(c.Variables(), " "); got != vars {
			t.Errorf("Parse(%q).Variables() = %q, want %q", text, got, vars)
		}
		if c.String() != text {
			t.Errorf("String() = %q", c.String())
		}
	}
}

func parseRef(t *testing.T, s string, m grammar.Mode) model.URL {
	t.Helper()
	p, _ := grammar.Preprocess(s)
	u, err := grammar.Parse(p, m)
	if err != nil {
		t.Fatalf("%q: %v", s, err)
	}
	return u
}

// Evaluation on given values, with failures and every intermediate value.
func TestEval(t *testing.T) {
	env := claim.Vars{A: parseRef(t, "http://h/a/b", grammar.Web), B: parseRef(t, "../c", grammar.Web), S: " http://x/ "}
	for text, holds := range map[string]bool{
		"norm(goto(a, b)) == parse(\"http://h/c\", web)":                         true,
		"goto(a, b) == parse(\"http://h/a/../c\", web)":                          true,
		"generic(b, a) == goto(a, b)":                                            true,
		"generic(b, b) == generic(b, empty)":                                     true, // both fail: neither has a scheme
		"force(b) == b":                                                          false,
		"force(b) != b":                                                          true, // a failure differs from a value
		"ord(b) == dir && ord(a) == scheme":                                      true,
		"upto(a, dir) == parse(\"http://h/a/\", web)":                            true,
		"min(ord(a), ord(b)) == ord(goto(a, b))":                                 true,
		"print(norm(a)) == \"http://h/a/b\"":                                     true,
		"parse(s, web) != parse(preprocess(s), web)":                             true,
		"whatwg(b, a) == force(legacy(b, a))":                                    true,
		"relativize(a, parse(\"http://h/a/c\", web)) == parse(\"c\", web)":       true,
		"encoded(parse(\"http://h/é\", web)) == parse(\"http://h/%C3%A9\", web)": true,
	} {
		c, err := claim.Parse(text)
		if err != nil {
			t.Fatalf("Parse(%q): %v", text, err)
		}
		ev := c.Eval(env)
		if ev.Holds != holds {
			t.Errorf("%s: holds = %v; steps %v", text, ev.Holds, ev.Steps)
		}
		if !holds && (ev.False == "" || len(ev.Steps) == 0) {
			t.Errorf("%s: no false relation or steps: %+v", text, ev)
		}
	}
	ev := claim.MustParse("goto(norm(a), b) == goto(a, b)").Eval(env)
	var names []string
	for _, s := range ev.Steps {
		names = append(names, s.Name)
	}
	if got := strings.Join(names, "; "); got != "norm(a); goto(norm(a), b); goto(a, b)" {
		t.Errorf("steps %q", got)
	}
}

// Check finds that true claims hold and shrinks counterexamples of false
// ones to small inputs.
func TestCheck(t *testing.T) {
	r, err := claim.Check("goto(goto(a, b), c) == goto(a, goto(b, c))", claim.Config{Cases: 2000, Seed: 1})
	if err != nil || !r.Holds || r.Cases != 2000 || r.Counterexample != nil {
		t.Fatalf("associativity: %+v, %v", r, err)
	}
	if got := r.Text(); got != "holds (2000 cases)\n" {
		t.Errorf("Text() = %q", got)
	}
	r, _ = claim.Check("goto(a, b) == goto(b, a)", claim.Config{Seed: 1})
	if r.Holds || r.Counterexample == nil {
		t.Fatalf("commutativity holds? %+v", r)
	}
	f := r.Counterexample
	if len(f.Inputs) != 2 || len(f.Inputs[0].Value)+len(f.Inputs[1].Value) > 60 {
		t.Errorf("counterexample not small: %+v", f)
	}
	text := r.Text()
	for _, want := range []string{"counterexample", "\n  a ", "\n  b ", "\n  goto(a, b) = ", "\n  goto(b, a) = ", "is false"} {
		if !strings.Contains(text, want) {
			t.Errorf("Text() lacks %q:\n%s", want, text)
		}
	}
	t.Logf("%s", text)
	// Defined: a counterexample needs both sides defined.
	r, _ = claim.Check("force(a) == a", claim.Config{Seed: 1, Defined: true})
	if r.Holds || strings.Contains(r.Counterexample.Message, "fails (") {
		t.Errorf("defined counterexample: %+v", r.Counterexample)
	}
	r, _ = claim.Check("force(a) == a", claim.Config{Seed: 1})
	if r.Holds {
		t.Errorf("force(a) == a holds")
	}
	// Modes restrict the URL variables.
	r, _ = claim.Check("upto(a, drive) == upto(a, path-root)", claim.Config{Seed: 1, Modes: []grammar.Mode{grammar.Web}})
	if !r.Holds {
		t.Errorf("web URLs have drives: %s", r.Text())
	}
	r, _ = claim.Check("upto(a, drive) == upto(a, path-root)", claim.Config{Seed: 1, Modes: []grammar.Mode{grammar.File}})
	if r.Holds {
		t.Error("file URLs have no drives")
	}
}

// A claim without variables is evaluated once per case all the same.
func TestConstantClaim(t *testing.T) {
	r, err := claim.Check(`norm(parse("a/./b/../c", generic)) == parse("a/c", generic)`, claim.Config{Cases: 10})
	if err != nil || !r.Holds {
		t.Errorf("%+v %v", r, err)
	}
}

func TestFunctions(t *testing.T) {
	doc := claim.Functions()
	for _, f := range []string{"goto(url, url)", "force(url)", "norm(url)", "print(url)", "parse(str, mode)",
		"generic(url, url)", "legacy(url, url)", "whatwg(url, url)", "ord(url)", "upto(url, type)", "relativize(url, url)"} {
		if !strings.Contains(doc, f) {
			t.Errorf("Functions() lacks %s:\n%s", f, doc)
		}
	}
}

// Force follows the reference implementation: web- and file-URLs are
// forced, other schemes kept, relative references fail.
func TestForce(t *testing.T) {
	if _, err := claim.Force(parseRef(t, "a/b", grammar.Web)); !errors.Is(err, claim.ErrNoScheme) {
		t.Errorf("force of a relative reference: %v", err)
	}
	u, err := claim.Force(parseRef(t, "http:h", grammar.Web))
	if err != nil || u.String() != "(scheme http)・(authority (host h))・(path-root /)" {
		t.Errorf("force(http:h) = %v, %v", u, err)
	}
	g := parseRef(t, "sc:x", grammar.Web)
	if u, err := claim.Force(g); err != nil || !u.Equal(&g) {
		t.Errorf("force(sc:x) = %v, %v", u, err)
	}
}

// TestDifferenceShown: a counterexample whose two sides are written alike
// says what differs (issue: "(authority (host h)) ≠ (authority (host h))").
func TestDifferenceShown(t *testing.T) {
	r, err := claim.Check("parse(print(a),web) == parse(print(a),generic)", claim.Config{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Holds || r.Counterexample == nil {
		t.Fatalf("the claim holds: %+v", r)
	}
	msg := r.Counterexample.Message
	if !strings.Contains(msg, "(they are written alike, but the host h is a domain on the left, an opaque host on the right)") {
		t.Errorf("counterexample message does not say what differs:\n%s", r.Text())
	}

	parse := func(s string, m grammar.Mode) claim.Value {
		u, err := grammar.Parse(s, m)
		if err != nil {
			t.Fatal(err)
		}
		return claim.URLValue(u)
	}
	ipv4 := parse("http://1.2.3.4/", grammar.Web)
	opaque := parse("sc://1.2.3.4/", grammar.Generic)
	var withOpaque model.URL = ipv4.URL.Clone()
	a := opaque.URL.Authority()
	withOpaque.SetAuthority(a)
	for _, c := range []struct {
		name string
		v, w claim.Value
		want string
	}{
		{"domain and opaque", parse("//h", grammar.Web), parse("//h", grammar.Generic), "the host h is a domain on the left, an opaque host on the right"},
		{"ipv4 and opaque", ipv4, claim.URLValue(withOpaque), "the host 1.2.3.4 is an IPv4 address on the left, an opaque host on the right"},
		{"equal", ipv4, ipv4, ""},
		{"written differently", parse("//h", grammar.Web), parse("//g", grammar.Web), ""},
		{"empty password and none", parse("http://u:@h/", grammar.Web), parse("http://u@h/", grammar.Web), ""},
		{"composed and decomposed", claim.StringValue("é"), claim.StringValue("e\u0301"), `the strings differ in bytes: "\u00e9" on the left, "e\u0301" on the right`},
	} {
		if got := claim.Difference(c.v, c.w); got != c.want {
			t.Errorf("%s: Difference(%v, %v) = %q, want %q", c.name, c.v, c.w, got, c.want)
		}
	}
}

// TestMaxDepth: terms nest MaxDepth (10,000) levels deep and no deeper, in
// calls and in parentheses alike, in an expression and in a claim; the
// refusal points at the term one level too deep.
func TestMaxDepth(t *testing.T) {
	if claim.MaxDepth != 10000 {
		t.Fatalf("MaxDepth is %d, the help texts say 10000", claim.MaxDepth)
	}
	for _, c := range []struct{ name, open, leaf, close string }{
		{"calls", "norm(", `"http://a/"`, ")"},
		{"parens", "(", "empty", ")"},
	} {
		nested := func(d int) string { // d terms, each inside the one before
			return strings.Repeat(c.open, d-1) + c.leaf + strings.Repeat(c.close, d-1)
		}
		if _, err := claim.ParseExpr(nested(10000), grammar.Web); err != nil {
			t.Errorf("%s: depth 10000 does not parse: %v", c.name, err)
		}
		if _, err := claim.Parse(nested(10000) + " == empty"); err != nil {
			t.Errorf("%s: a claim of depth 10000 does not parse: %v", c.name, err)
		}
		_, err := claim.ParseExpr(nested(10001), grammar.Web)
		var se *claim.SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%s: depth 10001 parses (err %v)", c.name, err)
		}
		if want := 10000 * len(c.open); se.Msg != "the expression nests deeper than 10000 terms" || se.Offset != want {
			t.Errorf("%s: depth 10001: %q at offset %d, want offset %d", c.name, se.Msg, se.Offset, want)
		}
		if _, err := claim.Parse("empty == " + nested(10001)); !errors.As(err, &se) {
			t.Errorf("%s: a claim of depth 10001 parses (err %v)", c.name, err)
		}
	}
}

// A guarded claim is checked where its premise holds; the satisfied cases
// of a premise and of its negation add up to all cases.
func TestGuard(t *testing.T) {
	cfg := claim.Config{Cases: 3000, Seed: 5}
	with, _ := claim.Check("has(a, scheme) ==> a == a", cfg)
	without, _ := claim.Check("!has(a, scheme) ==> a == a", cfg)
	if !with.Holds || !without.Holds || !with.Guarded || with.Cases != 3000 || without.Cases != 3000 {
		t.Fatalf("%+v %+v", with, without)
	}
	if with.Satisfied == 0 || without.Satisfied == 0 || with.Satisfied+without.Satisfied != 3000 {
		t.Errorf("satisfied %d + %d, want 3000 with neither 0", with.Satisfied, without.Satisfied)
	}
	if want := "holds on 3000 cases (" + itoa(with.Satisfied) + " satisfied the premise, "; !strings.HasPrefix(with.Text(), want) {
		t.Errorf("Text() = %q, want prefix %q", with.Text(), want)
	}
	// A conclusion that the premise makes true everywhere.
	r, _ := claim.Check("has(a, scheme) ==> ord(a) == scheme", cfg)
	if !r.Holds || r.Satisfied != with.Satisfied {
		t.Errorf("ord of an URL with a scheme: %+v", r)
	}
	// Unguarded, the same conclusion fails.
	if r, _ := claim.Check("ord(a) == scheme", cfg); r.Holds {
		t.Error("ord(a) == scheme holds for every a")
	}
	// A premise no case satisfies: vacuous, not holding.
	r, _ = claim.Check("has(a, scheme) && !has(a, scheme) ==> a == b", cfg)
	if r.Holds || !r.Vacuous || r.Satisfied != 0 || r.Counterexample != nil || !strings.HasPrefix(r.Text(), "vacuous: ") {
		t.Errorf("contradictory premise: %+v %q", r, r.Text())
	}
	r, _ = claim.Check(`has(parse("x", generic), scheme) ==> a == a`, cfg)
	if r.Holds || !r.Vacuous {
		t.Errorf("false constant premise: %+v", r)
	}
	// The counterexample satisfies the premise, also after shrinking.
	r, _ = claim.Check("has(a, query) ==> has(a, fragment)", cfg)
	if r.Holds || r.Counterexample == nil || r.Satisfied == 0 {
		t.Fatalf("%+v", r)
	}
	if in := r.Counterexample.Inputs[0].Value; !strings.Contains(in, "(query") || strings.Contains(in, "(fragment") {
		t.Errorf("counterexample a = %s", in)
	}
	if !strings.Contains(r.Counterexample.Message, "has(a, fragment) is false: has(a, fragment) = false") {
		t.Errorf("message %q", r.Counterexample.Message)
	}
	// A test whose term fails is false, and so is its negation.
	for _, text := range []string{`has(force(parse("x", web)), scheme)`, `!has(force(parse("x", web)), scheme)`,
		`defined(force(parse("x", web)))`, `!defined(parse("http://h/", web))`} {
		if r, _ := claim.Check(text, cfg); r.Holds {
			t.Errorf("%s holds", text)
		}
	}
}

// The first and third force non-laws (spec §Force Properties) hold where
// both sides are defined; the second does not.
func TestForceDefinedGuard(t *testing.T) {
	cfg := claim.Config{Cases: 5000, Seed: 1}
	for i, c := range []string{"force(goto(force(a), force(b))) == force(goto(a, b))", "force(goto(force(a), b)) == force(goto(a, b))", "force(goto(a, force(b))) == force(goto(a, b))"} {
		l, r, _ := strings.Cut(c, " == ")
		r2, _ := claim.Check("defined("+l+") && defined("+r+") ==> "+c, cfg)
		if r2.Holds != (i != 1) || r2.Satisfied == 0 {
			t.Errorf("%s where defined: %s", c, r2.Text())
		}
	}
}

// Legacy resolution is generic resolution after removing the same scheme
// (spec §Legacy Resolution), on the cases where a and b have the same
// scheme; without the guard it is false.
func TestLegacyGuarded(t *testing.T) {
	cfg := claim.Config{Cases: 5000, Seed: 1}
	r, _ := claim.Check("has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)", cfg)
	if !r.Holds || r.Satisfied == 0 {
		t.Errorf("%+v", r)
	}
	if r, _ := claim.Check("legacy(a, b) == generic(drop(a, scheme), b)", cfg); r.Holds {
		t.Error("holds without the guard")
	}
}

func TestDropScheme(t *testing.T) {
	u, err := claim.Drop(parseRef(t, "http://h/a?q", grammar.Web), model.SchemeType)
	if err != nil || u.String() != "(authority (host h))・(path-root /)・(file a)・(query q)" {
		t.Errorf("drop scheme: %v %v", u, err)
	}
	if _, err := claim.Drop(parseRef(t, "http://h/a/b", grammar.Web), model.PathRootType); err == nil {
		t.Error("dropping the path-root after an authority breaks the path-root constraint, but Drop succeeds")
	}
	for text, want := range map[string]string{
		`scheme(parse("HTTP:x", web))`: `"HTTP"`,
		`scheme(parse("x", web))`:      "fails (scheme: the URL has no scheme)",
		`has(parse("a/b", web), dir)`:  "true",
	} {
		e, err := claim.ParseExpr(text, grammar.Web)
		if err != nil {
			t.Fatal(err)
		}
		if v, _ := e.Eval(); v.String() != want {
			t.Errorf("%s = %s, want %s", text, v, want)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
