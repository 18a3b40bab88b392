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
		if l.NotChecked != "" {
			t.Errorf("%s is not checked under the zero variant: %s", l.Name, l.NotChecked)
		}
	}
}

// A variant replaces only the stages it changes (whatif.Variant.Changed):
// disabling port-empty replaces normalisation (and the WHATWG parser built
// on it), which breaks the print→parse round trip in file mode with a
// counterexample; laws built on other stages are still checked, and the
// laws whose check is built on the default normalisation are reported as
// not checked, never as holding.
func TestVariantLawsRuleBreaksLaw(t *testing.T) {
	v := whatif.MustParse("rule -port-empty")
	env := VariantEnv(v)
	if env == nil || env.Normalize == nil || env.WHATWG == nil || env.Print != nil || env.Parse != nil || env.Preprocess != nil {
		t.Fatalf("VariantEnv(%q) = %+v, want Normalize and WHATWG replaced", v, env)
	}
	got, err := VariantLaws(2000, 1)(v)
	if err != nil {
		t.Fatal(err)
	}
	broken, checked := 0, 0
	for _, l := range got {
		if l.NotChecked != "" {
			if l.Holds || l.Cases != 0 {
				t.Errorf("%s: not checked, yet %+v", l.Name, l)
			}
			continue
		}
		checked++
		if !l.Holds && !l.Vacuous {
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
	if checked == 0 {
		t.Error("no law is checked under a rule variant")
	}
	if env := VariantEnv(whatif.Variant{}); env != nil {
		t.Errorf("VariantEnv of the zero variant replaces %v", env.Replaced())
	}
}

// Under a variant that changes the special-scheme table no law is
// checked: resolution and force read the library's table.
func TestVariantLawsSchemes(t *testing.T) {
	got, err := VariantLaws(100, 1)(whatif.MustParse("scheme -http"))
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range got {
		if l.NotChecked == "" || l.Holds {
			t.Errorf("%s under scheme -http: %+v", l.Name, l)
		}
	}
}

// A vacuous guarded law and a law not checked are never reported as
// holding.
func TestVariantLawText(t *testing.T) {
	if l := variantLaw(Result{Law: "x", Kind: "law", Holds: false, Vacuous: true, Cases: 5}); l.Holds || !l.Vacuous {
		t.Errorf("vacuous: %+v", l)
	}
	if l := variantLaw(Result{Law: "x", Kind: "law", NotChecked: "why"}); l.Holds || l.NotChecked != "why" {
		t.Errorf("not checked: %+v", l)
	}
}
