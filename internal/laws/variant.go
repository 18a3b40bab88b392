package laws

import (
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/whatif"
)

// notCheckedPrefix starts the Counterexample text of a law that VariantLaws
// reports as not checked under a variant: whatif.Law has no field for it,
// so the law is reported with Holds false, Cases 0 and this text followed
// by the reason (Result.NotChecked).
const notCheckedPrefix = "not checked: "

// vacuousText is the Counterexample text of a guarded law that no
// generated case satisfied under a variant (Result.Vacuous).
const vacuousText = "vacuous: no generated case satisfied the law's premise"

// VariantEnv returns the environment of v's pipeline for CheckAllEnv: nil
// for the zero Variant (the library itself, so every law is checked), and
// otherwise every operation of claim.Env replaced by v.Ops()'s
// (variantStages).
func VariantEnv(v whatif.Variant) *claim.Env {
	if v.IsZero() {
		return nil
	}
	return opsEnv(v.Ops(), variantStages(v))
}

// stages lists the operations of claim.Env by field name.
var stages = []string{"Preprocess", "Parse", "Normalize", "Print", "WHATWG"}

// variantStages returns the operations of claim.Env (by field name) that
// VariantEnv replaces for a variant that is not zero: all of them. A
// whatif.Variant does not say which stages its changes reach (it exposes
// its text form, IsZero and Ops, whose functions are the variant's even
// where they compute what the default does), and a stage left at its
// default would check a law against the library rather than the variant.
// Replacing every stage marks every law built on a default operation "not
// checked" (Law.EnvProblem): more laws than the variant's changes
// require. When whatif tells which stages a variant changes, return them
// here.
func variantStages(v whatif.Variant) []string {
	if v.IsZero() {
		return nil
	}
	return stages
}

// opsEnv returns the environment that takes the named operations
// (claim.Env field names, see stages) from ops and leaves the others at
// their defaults.
func opsEnv(ops whatif.Ops, replaced []string) *claim.Env {
	env := &claim.Env{}
	for _, name := range replaced {
		switch name {
		case "Preprocess":
			env.Preprocess = ops.Preprocess
		case "Parse":
			env.Parse = ops.Parse
		case "Normalize":
			env.Normalize = ops.Normalize
		case "Print":
			env.Print = ops.Print
		case "WHATWG":
			env.WHATWG = ops.WHATWG
		}
	}
	return env
}

// VariantLaws returns the laws hook of whatif.Inputs: it checks every law
// of the table (Kind MustHold; the non-laws, whose counterexamples are
// expected either way, are left out and not searched) on cases generated
// inputs with seed, under the variant's pipeline (VariantEnv), as
// CheckAllEnv does. A law that cannot be checked under the variant is
// reported with Holds false, Cases 0 and a Counterexample text "not
// checked: " and the reason (Result.NotChecked), since whatif.Law has no
// field for it; a vacuous guarded law (no case satisfied its premise)
// with Holds false and the text "vacuous: …". The command `urlspec
// whatif` and the desk calculator's what-if panel both use it.
func VariantLaws(cases int, seed uint64) func(whatif.Variant) ([]whatif.Law, error) {
	return func(v whatif.Variant) ([]whatif.Law, error) {
		return checkLaws(VariantEnv(v), Config{Cases: cases, Seed: seed}), nil
	}
}

// checkLaws checks the laws (Kind MustHold) of the table in env, in
// table order, each as VariantLaws describes.
func checkLaws(env *claim.Env, cfg Config) []whatif.Law {
	out := []whatif.Law{}
	for _, l := range table {
		if l.Kind == MustHold {
			out = append(out, variantLaw(l.CheckEnv(env, cfg)))
		}
	}
	return out
}

// variantLaw is a Result in the words of whatif.Law.
func variantLaw(r Result) whatif.Law {
	l := whatif.Law{Name: r.Law, Holds: r.Holds, Cases: r.Cases}
	switch {
	case r.NotChecked != "":
		l.Holds, l.Cases = false, 0
		l.Counterexample = notCheckedPrefix + r.NotChecked
	case r.Vacuous:
		l.Holds = false
		l.Counterexample = vacuousText
	case r.Counterexample != nil:
		l.Counterexample = r.Counterexample.Error()
	}
	return l
}
