package laws

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// skipRule is Normalize except that it never applies rule: the other
// equations, applied exhaustively, leftmost first.
func skipRule(rule normalize.Rule) func(model.URL) model.URL {
	return func(u model.URL) model.URL {
		for range 1 << 16 {
			var next []normalize.Redex
			for _, r := range normalize.Redexes(u) {
				if r.Rule != rule {
					next = append(next, r)
				}
			}
			if len(next) == 0 {
				return u
			}
			v, err := normalize.Rewrite(u, next[0])
			if err != nil {
				return u
			}
			u = v
		}
		return u
	}
}

// Skipping the rule port-empty (port ε ≈ ε) breaks the print→parse round
// trip in file mode: (authority (host h)・(port ε)) stays as it is, prints
// as //h: and reads back as a drive. Laws that cannot take the replaced
// normalisation are reported as not checked, never as holding.
func TestCheckAllEnvWithoutRule(t *testing.T) {
	env := &claim.Env{Normalize: skipRule(normalize.PortEmpty)}
	cfg := Config{Cases: 2000, Seed: 1}
	got := map[string]Result{}
	for _, r := range CheckAllEnv(env, cfg) {
		got[r.Law] = r
	}
	r := got["print-parse-file"]
	if r.Holds || r.Counterexample == nil || !strings.Contains(r.Counterexample.Error(), `(port ε)`) {
		t.Errorf("print-parse-file without port-empty: %+v", r)
	}
	if r.OK() {
		t.Error("a broken law is OK")
	}
	for _, name := range []string{"norm-trace", "equivalence-normal", "relativize", "authority-procedure", "norm-confluent", "whatwg-getters"} {
		if r := got[name]; r.NotChecked == "" || r.Holds || r.OK() || r.Cases != 0 {
			t.Errorf("%s is checked in an environment it cannot take: %+v", name, r)
		}
	}
	for _, name := range []string{"norm-idempotent", "goto-associative", "force-nonlaw-1-defined", "validate", "parse-resolve-normalise", "parser-mode-scheme"} {
		if r := got[name]; !r.OK() {
			t.Errorf("%s without port-empty: %+v", name, r)
		}
	}
	// The default normalisation: everything as CheckAll.
	for _, r := range CheckAll(cfg) {
		if r.Law == "print-parse-file" && !r.OK() {
			t.Errorf("print-parse-file fails by default: %+v", r)
		}
	}
}

// The nil Env is CheckAll; an Env that replaces nothing checks every law,
// with the same verdicts.
func TestCheckAllEnvDefault(t *testing.T) {
	cfg := Config{Cases: 300, Seed: 4}
	plain := CheckAll(cfg)
	nilEnv := CheckAllEnv(nil, cfg)
	empty := CheckAllEnv(&claim.Env{}, cfg)
	for i, r := range plain {
		a, _ := json.Marshal(r)
		b, _ := json.Marshal(nilEnv[i])
		if string(a) != string(b) {
			t.Errorf("nil env differs:\n%s\n%s", a, b)
		}
		e := empty[i]
		if e.NotChecked != "" || e.OK() != r.OK() || e.Holds != r.Holds {
			t.Errorf("%s: in an empty env %+v, by default %+v", r.Law, e, r)
		}
	}
}

// Every law says how it runs in an environment: as a claim, with a
// PropertyEnv, with the operations it Uses, or it is one of the laws built
// on the specification's structure alone (goto, force).
func TestLawsDeclareEnv(t *testing.T) {
	structural := map[string]bool{"goto-postfix": true, "force-goto-force-defined": true, "force-modified": true}
	for _, l := range table {
		if l.Claim == nil && l.PropertyEnv == nil && len(l.Uses) == 0 && !structural[l.Name] {
			t.Errorf("%s: a Go law with neither PropertyEnv nor Uses", l.Name)
		}
	}
}

// A law written as a guarded claim reports its satisfied cases; a vacuous
// one is not OK.
func TestGuardedLaw(t *testing.T) {
	l, _ := ByName("legacy-generic-same-scheme")
	r := l.Check(Config{Cases: 2000, Seed: 1})
	if !r.OK() || r.Satisfied == 0 || r.Satisfied >= r.Cases {
		t.Errorf("%+v", r)
	}
	v := Law{Name: "vacuous", Kind: MustHold, Claim: claim.MustParse("has(a, scheme) && !has(a, scheme) ==> a == b")}
	if r := v.Check(Config{Cases: 100, Seed: 1}); r.OK() || !r.Vacuous {
		t.Errorf("vacuous law: %+v", r)
	}
}

// An Env whose WHATWG is the library's parser (urlspec.Parse, its model
// percent-encoded) agrees with the pipeline of the Env's operations; one
// that drops the fragment does not.
func TestCheckEnvWHATWG(t *testing.T) {
	parser := func(dropFragment bool) func(string, *model.URL) (model.URL, error) {
		return func(input string, base *model.URL) (model.URL, error) {
			var u urlspec.URL
			var err error
			if base == nil {
				u, err = urlspec.Parse(input)
			} else {
				var b urlspec.Ref
				if b, err = urlspec.FromModel(*base); err == nil {
					var bu urlspec.URL
					if bu, err = b.URL(); err == nil {
						u, err = bu.Resolve(input)
					}
				}
			}
			if err != nil {
				return model.URL{}, err
			}
			m := u.Model()
			if dropFragment {
				m.Remove(model.FragmentType)
			}
			return m, nil
		}
	}
	cfg := Config{Cases: 2000, Seed: 1}
	l, _ := ByName("parse-resolve-normalise")
	v, _ := ByName("validate")
	g, _ := ByName("whatwg-getters")
	good := &claim.Env{WHATWG: parser(false)}
	for _, law := range []Law{l, v} {
		if r := law.CheckEnv(good, cfg); !r.OK() {
			t.Errorf("%s with urlspec.Parse as WHATWG: %+v", law.Name, r)
		}
	}
	if r := g.CheckEnv(good, cfg); r.NotChecked == "" {
		t.Errorf("whatwg-getters checked with a replaced WHATWG: %+v", r)
	}
	r := l.CheckEnv(&claim.Env{WHATWG: parser(true)}, cfg)
	if r.OK() || r.Counterexample == nil || !strings.Contains(r.Counterexample.Message, "#") {
		t.Errorf("a WHATWG without fragments: %+v", r)
	}
}
