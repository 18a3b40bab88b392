package claim_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// withoutRule is Normalize except that it never applies rule: the other
// equations applied exhaustively, leftmost first.
func withoutRule(rule normalize.Rule) func(model.URL) model.URL {
	return func(u model.URL) model.URL {
		for range 1 << 16 {
			var next *normalize.Redex
			for _, r := range normalize.Redexes(u) {
				if r.Rule != rule {
					next = &r
					break
				}
			}
			if next == nil {
				return u
			}
			v, err := normalize.Rewrite(u, *next)
			if err != nil {
				return u
			}
			u = v
		}
		return u
	}
}

// Each operation of an Env replaces the default in the claim functions and
// in string literals; a nil Env and an empty one are the defaults.
func TestEnv(t *testing.T) {
	cfg := func(env *claim.Env) claim.Config { return claim.Config{Cases: 2000, Seed: 3, Env: env} }
	identity := func(u model.URL) model.URL { return u }
	for _, c := range []struct {
		claim       string
		env         *claim.Env
		holds       bool
		notChecked  string
		defaultHold bool
	}{
		{"norm(a) == a", &claim.Env{Normalize: identity}, true, "", false},
		{"preprocess(s) == s", &claim.Env{Preprocess: func(s string) string { return s }}, true, "", false},
		{`parse(" x", generic) != " x"`, &claim.Env{Preprocess: func(s string) string { return s }}, false, "", true},
		{`print(a) == "p"`, &claim.Env{Print: func(*model.URL) string { return "p" }}, true, "", false},
		{`parse(s, web) == empty`, &claim.Env{Parse: func(string, grammar.Mode) (model.URL, error) { return model.URL{}, nil }}, true, "", false},
		{"encoded(a) == encoded(a)", &claim.Env{Print: func(*model.URL) string { return "" }}, false, "encoded is built on the default Print", true},
		{"relativize(a, b) == relativize(a, b)", &claim.Env{Normalize: identity}, false, "relativize is built on the default Normalize", true},
		{"encoded(a) == encoded(a)", &claim.Env{Normalize: identity}, true, "", true},
		{"norm(norm(a)) == norm(a)", &claim.Env{}, true, "", true},
	} {
		r, err := claim.Check(c.claim, cfg(c.env))
		if err != nil {
			t.Fatal(err)
		}
		if r.Holds != c.holds || !strings.Contains(r.NotChecked, c.notChecked) || (c.notChecked != "") != (r.NotChecked != "") {
			t.Errorf("%s in %v: holds %v, not checked %q; want %v, %q", c.claim, c.env.Replaced(), r.Holds, r.NotChecked, c.holds, c.notChecked)
		}
		if d, _ := claim.Check(c.claim, cfg(nil)); d.Holds != c.defaultHold {
			t.Errorf("%s by default: holds %v", c.claim, d.Holds)
		}
	}
}

// The nil Env gives exactly the results of Check without one.
func TestNilEnvIsDefault(t *testing.T) {
	for _, text := range []string{"norm(goto(norm(a), norm(b))) == norm(goto(a, b))", "goto(a, b) == goto(b, a)",
		"norm(parse(print(norm(a)), web)) == norm(encoded(norm(a)))", "has(b, scheme) ==> force(goto(a, force(b))) == force(goto(a, b))"} {
		plain, _ := claim.Check(text, claim.Config{Cases: 3000, Seed: 9})
		env, _ := claim.Check(text, claim.Config{Cases: 3000, Seed: 9, Env: nil})
		empty, _ := claim.Check(text, claim.Config{Cases: 3000, Seed: 9, Env: &claim.Env{}})
		if !reflect.DeepEqual(plain, env) || !reflect.DeepEqual(plain, empty) {
			t.Errorf("%s: %+v, nil env %+v, empty env %+v", text, plain, env, empty)
		}
	}
}

// Dropping the rule dot from normalisation: norm no longer makes a/./b and
// a/b equal.
func TestEnvWithoutRule(t *testing.T) {
	env := &claim.Env{Normalize: withoutRule(normalize.Dot)}
	text := `norm(parse("http://h/a/./b", web)) == norm(parse("http://h/a/b", web))`
	if r, _ := claim.Check(text, claim.Config{}); !r.Holds {
		t.Fatalf("default: %s", r.Text())
	}
	r, _ := claim.Check(text, claim.Config{Env: env})
	if r.Holds || r.Counterexample == nil {
		t.Fatalf("without dot: %s", r.Text())
	}
	// WHATWG, unset, is the pipeline with the Env's normalisation.
	full := env.Complete()
	u, err := full.WHATWG("http://h/a/./b", nil)
	if err != nil || full.Print(&u) != "http://h/a/./b" {
		t.Errorf("WHATWG without dot = %v, %v", u, err)
	}
	d := (*claim.Env)(nil).Complete()
	if u, err := d.WHATWG("http://h/a/./b", nil); err != nil || d.Print(&u) != "http://h/a/b" {
		t.Errorf("default WHATWG = %v, %v", u, err)
	}
}
