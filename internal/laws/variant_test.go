package laws

import (
	"strings"
	"testing"

	"github.com/urlspec/urlspec/whatif"
)

// The zero variant is the library: every law that holds by default holds
// in the hook's report, checked, on the same cases.
func TestVariantLawsZero(t *testing.T) {
	cfg := Config{Cases: 300, Seed: 1}
	want := map[string]Result{}
	n := 0
	for _, r := range CheckAll(cfg) {
		if r.Kind == MustHold.String() {
			want[r.Law] = r
			n++
		}
	}
	got, err := VariantLaws(cfg.Cases, cfg.Seed)(whatif.Variant{})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != n || n == 0 {
		t.Fatalf("%d laws reported, want the table's %d laws", len(got), n)
	}
	for _, l := range got {
		w, ok := want[l.Name]
		if !ok {
			t.Errorf("%s: not a law of the table", l.Name)
			continue
		}
		if w.Holds && (!l.Holds || l.Cases != w.Cases || l.Counterexample != "") {
			t.Errorf("%s holds by default, the zero variant reports %+v", l.Name, l)
		}
		if strings.HasPrefix(l.Counterexample, notCheckedPrefix) {
			t.Errorf("%s is not checked under the zero variant: %s", l.Name, l.Counterexample)
		}
	}
}

// A variant that is not zero replaces every stage (whatif does not say
// which it changes): the laws built on a default operation are reported as
// not checked, never as holding.
func TestVariantLawsNotChecked(t *testing.T) {
	v := whatif.MustParse("rule -port-empty")
	got, err := VariantLaws(200, 1)(v)
	if err != nil {
		t.Fatal(err)
	}
	notChecked := map[string]string{}
	holds := map[string]bool{}
	for _, l := range got {
		if strings.HasPrefix(l.Counterexample, notCheckedPrefix) {
			if l.Holds || l.Cases != 0 {
				t.Errorf("%s: not checked, yet %+v", l.Name, l)
			}
			notChecked[l.Name] = l.Counterexample
		}
		holds[l.Name] = l.Holds
	}
	for _, name := range []string{"print-parse-file", "norm-trace", "whatwg-getters", "relativize"} {
		if notChecked[name] == "" {
			t.Errorf("%s is reported as checked under %q (holds: %v)", name, v, holds[name])
		}
	}
	for _, name := range []string{"goto-associative", "norm-idempotent", "parse-resolve-normalise", "validate"} {
		if !holds[name] {
			t.Errorf("%s does not hold under %q", name, v)
		}
	}
	if env := VariantEnv(v); env == nil || len(env.Replaced()) != len(stages) {
		t.Errorf("VariantEnv(%q) replaces %v", v, env.Replaced())
	}
	if env := VariantEnv(whatif.Variant{}); env != nil {
		t.Errorf("VariantEnv of the zero variant replaces %v", env.Replaced())
	}
}

// With the stage the rule belongs to (normalisation, and the WHATWG
// parser built on it) taken from the variant and the others left at
// their defaults, disabling port-empty breaks the print→parse round trip
// in file mode, with a counterexample: the environment VariantEnv would
// give once whatif says which stages a variant changes.
func TestVariantLawsRuleBreaksLaw(t *testing.T) {
	v := whatif.MustParse("rule -port-empty")
	env := opsEnv(v.Ops(), []string{"Normalize", "WHATWG"})
	got := checkLaws(env, Config{Cases: 2000, Seed: 1})
	broken := 0
	for _, l := range got {
		if !l.Holds && l.Cases > 0 && l.Counterexample != "" && !strings.HasPrefix(l.Counterexample, notCheckedPrefix) {
			broken++
			t.Logf("%s fails: %s", l.Name, l.Counterexample)
		}
		if l.Name == "print-parse-file" && (l.Holds || !strings.Contains(l.Counterexample, "(port ε)")) {
			t.Errorf("print-parse-file without port-empty: %+v", l)
		}
		if l.Name == "norm-idempotent" && !l.Holds {
			t.Errorf("norm-idempotent without port-empty: %+v", l)
		}
	}
	if broken == 0 {
		t.Error("no law fails without port-empty")
	}
}

// A vacuous guarded law and a law not checked are never reported as
// holding.
func TestVariantLawText(t *testing.T) {
	if l := variantLaw(Result{Law: "x", Kind: "law", Holds: false, Vacuous: true, Cases: 5}); l.Holds || l.Counterexample != vacuousText {
		t.Errorf("vacuous: %+v", l)
	}
	if l := variantLaw(Result{Law: "x", Kind: "law", NotChecked: "why"}); l.Holds || l.Counterexample != "not checked: why" {
		t.Errorf("not checked: %+v", l)
	}
}
