package laws

import (
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/whatif"
)

// VariantEnv returns the environment of v's pipeline for CheckAllEnv: the
// stages v changes (whatif.Variant.Changed), the library's operations for
// the others; nil for the zero Variant.
func VariantEnv(v whatif.Variant) *claim.Env {
	if v.IsZero() {
		return nil
	}
	env := claim.Env(v.Changed())
	return &env
}

// schemesNotChecked is why no law is checked under a variant that changes
// the special-scheme table.
const schemesNotChecked = "the variant changes the special-scheme table, which the laws' resolution and force read from the library (claim.Env has no slot for it)"

// VariantLaws returns the laws hook of whatif.Inputs: it checks every law
// of the table (Kind MustHold; the non-laws, whose counterexamples are
// expected either way, are left out and not searched) on cases generated
// inputs with seed, under the variant's pipeline (VariantEnv), as
// CheckAllEnv does. A law that cannot be checked under the variant (its
// check is built on an operation the variant replaces) is reported with
// NotChecked saying why, and every law so under a variant that changes
// the special-scheme table; a vacuous guarded law (no case satisfied its
// premise) with Vacuous. The command `urlspec whatif` and the desk
// calculator's what-if panel both use it.
func VariantLaws(cases int, seed uint64) func(whatif.Variant) ([]whatif.Law, error) {
	return func(v whatif.Variant) ([]whatif.Law, error) {
		if v.ChangesSchemes() {
			out := []whatif.Law{}
			for _, l := range table {
				if l.Kind == MustHold {
					out = append(out, whatif.Law{Name: l.Name, NotChecked: schemesNotChecked})
				}
			}
			return out, nil
		}
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
		l.Holds, l.Cases, l.NotChecked = false, 0, r.NotChecked
	case r.Vacuous:
		l.Holds, l.Vacuous = false, true
	case r.Counterexample != nil:
		l.Counterexample = r.Counterexample.Error()
	}
	return l
}
