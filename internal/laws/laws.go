// Package laws is the table of the URL specification's laws, checked on
// generated inputs: the five §Goto Properties, model.Validate after every
// operation, idempotent normalisation, the print→parse round trip in each
// mode, the equivalence levels as equivalence relations, relativize, the
// WHATWG getters against the component model, and the claims of §Force
// Properties and of spec 0.10.1 that do not hold (non-laws), for which the
// check searches for a small counterexample.
//
// The same table drives conformance/laws_test.go and `urlspec laws`.
package laws

import (
	"errors"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/gen"
)

// Kind says whether a law must hold or is known not to.
type Kind uint8

const (
	// MustHold is a law: a counterexample is a bug in the library (or in the
	// spec).
	MustHold Kind = iota
	// NonLaw is a statement that does not hold in general: the spec says so
	// (§Force Properties), or we found that it does not (spec 0.10.1's
	// norm/goto equation). Its check searches for a counterexample, and
	// finding one is the expected outcome.
	NonLaw
	// KnownBug is a law that should hold but does not: a bug in the
	// library, reported with its counterexample and not fixed yet. Its check
	// expects a counterexample, so the suite stays green and shows it; once
	// the bug is fixed the check fails until the entry becomes MustHold.
	KnownBug
)

var kindNames = [...]string{"law", "non-law", "known-bug"}

// String returns "law", "non-law" or "known-bug".
func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid-kind"
}

// Law is one entry of the table.
type Law struct {
	// Name is a short stable identifier, e.g. "goto-associative".
	Name string
	// Kind is MustHold or NonLaw.
	Kind Kind
	// Section is the spec section the law comes from.
	Section string
	// Statement is the law in the notation of the claim language where it
	// can be written so, in words otherwise.
	Statement string
	// Note explains a non-law's outcome or a law's scope.
	Note string
	// Claim is the law as a claim, or nil for laws checked by Go code.
	Claim *claim.Claim
	// Modes are the modes a Claim's URLs are drawn from (nil: all three).
	Modes []grammar.Mode
	// Property checks the law on one generated input (nil for a Claim).
	Property gen.Property
	// Fallback, for a non-law, is a weaker property searched when Property
	// finds no counterexample (see the force non-laws).
	Fallback gen.Property
	// FallbackNote describes a counterexample that Fallback found.
	FallbackNote string
	// PropertyEnv, when set, is Property in an environment of replaced
	// operations (CheckEnv); PropertyEnv(nil) must be Property.
	PropertyEnv func(env *claim.Env) gen.Property
	// Uses lists the operations of claim.Env (by field name) that the
	// law's Go code depends on without taking them from an environment: in
	// an environment that replaces one of them, the law is not checked.
	Uses []string
	// definedFirst: Claim is searched with DefinedProperty first and
	// Property as the fallback (the force non-laws).
	definedFirst bool
}

// allOps is Uses for a law built on the whole WHATWG parser (urlspec.Parse
// and what is built on it).
var allOps = []string{"Preprocess", "Parse", "Normalize", "Print", "WHATWG"}

// Config says how many cases each law is checked on and with which seed.
type Config struct {
	// Cases per law (DefaultCases when 0). A non-law stops at its first
	// counterexample.
	Cases int
	// Seed seeds the generators; the same seed gives the same cases.
	Seed uint64
}

// DefaultCases is the number of cases per law when Config.Cases is 0.
const DefaultCases = 10000

// Result is the outcome of checking one law. Its JSON form is one line of
// `urlspec laws --json`. Skipped counts the cases whose input the law's
// precondition excludes (for example, inputs the WHATWG parser rejects in
// the getter law).
type Result struct {
	Law            string       `json:"law"`
	Kind           string       `json:"kind"`
	Holds          bool         `json:"holds"`
	Cases          int          `json:"cases"`
	Skipped        int          `json:"skipped"`
	Counterexample *gen.Failure `json:"counterexample"`
	Statement      string       `json:"statement"`
	Section        string       `json:"section"`
	Note           string       `json:"note,omitempty"`
	// Satisfied is, for a law written as a guarded claim (premise ==>
	// conclusion), the number of Cases whose premise held; Vacuous is set
	// when none did (Holds is then false).
	Satisfied int  `json:"satisfied,omitempty"`
	Vacuous   bool `json:"vacuous,omitempty"`
	// NotChecked says why the law was not checked in CheckEnv's
	// environment (it uses an operation the environment replaces and
	// cannot take it from there); Holds is then false and Cases 0.
	NotChecked string `json:"not_checked,omitempty"`
}

// OK reports whether the outcome is the expected one: a law holds, a
// non-law or a known bug has a counterexample. A law not checked, or a
// vacuous guarded law, is not OK.
func (r Result) OK() bool {
	if r.NotChecked != "" || r.Vacuous {
		return false
	}
	if r.Kind == MustHold.String() {
		return r.Holds
	}
	return !r.Holds && r.Counterexample != nil
}

// Test checks the law on the one input that src generates: nil when it
// holds (or the input is outside the law's precondition), otherwise the
// counterexample, usually a *gen.Failure. Fuzz targets call it with
// gen.FromBytes.
func (l Law) Test(src gen.Source) error {
	err := gen.Run(l.property(), src)
	if errors.Is(err, gen.ErrSkip) {
		return nil
	}
	return err
}

func (l Law) property() gen.Property { return l.propertyIn(nil) }

// propertyIn is the law's property in env (nil: the default operations).
func (l Law) propertyIn(env *claim.Env) gen.Property {
	switch {
	case l.Claim != nil && l.definedFirst:
		return l.Claim.DefinedPropertyEnv(env, l.Modes)
	case l.Claim != nil:
		return l.Claim.PropertyEnv(env, l.Modes)
	case env != nil && l.PropertyEnv != nil:
		return l.PropertyEnv(env)
	}
	return l.Property
}

// fallbackIn is the law's fallback property in env, nil if it has none.
func (l Law) fallbackIn(env *claim.Env) gen.Property {
	if l.Claim != nil && l.definedFirst {
		return l.Claim.PropertyEnv(env, l.Modes)
	}
	return l.Fallback
}

// EnvProblem says why the law cannot be checked in env: it uses an
// operation that env replaces without taking it from env. It returns ""
// when the law can be checked there, always for a nil env.
func (l Law) EnvProblem(env *claim.Env) string {
	if env == nil {
		return ""
	}
	if l.Claim != nil {
		return l.Claim.EnvProblem(env)
	}
	var hit []string
	for _, op := range env.Replaced() {
		for _, u := range l.Uses {
			if u == op {
				hit = append(hit, op)
			}
		}
	}
	if len(hit) == 0 {
		return ""
	}
	return "the law's check is built on the default " + strings.Join(hit, ", ") + ", which the environment replaces"
}

// Check checks the law on cfg.Cases generated inputs. A non-law or a
// known bug is searched on at least DefaultCases inputs (the search stops
// at its first counterexample), so that a small Cases still finds one.
func (l Law) Check(cfg Config) Result { return l.CheckEnv(nil, cfg) }

// CheckEnv is Check under a changed specification: env replaces
// operations of the specification (nil: the library's own, which is
// Check). A law that cannot be checked in env (EnvProblem) is reported as
// not checked, never as holding.
func (l Law) CheckEnv(env *claim.Env, cfg Config) Result {
	n := cfg.Cases
	if n <= 0 || l.Kind != MustHold && n < DefaultCases {
		n = DefaultCases
	}
	r := Result{Law: l.Name, Kind: l.Kind.String(), Statement: l.Statement, Section: l.Section, Note: l.Note}
	if why := l.EnvProblem(env); why != "" {
		r.NotChecked = why
		return r
	}
	if l.Claim != nil && l.Claim.Guarded() {
		c := l.Claim.Check(claim.Config{Cases: n, Seed: cfg.Seed, Modes: l.Modes, Env: env})
		r.Holds, r.Cases, r.Skipped, r.Counterexample = c.Holds, c.Cases, c.Skipped, c.Counterexample
		r.Satisfied, r.Vacuous = c.Satisfied, c.Vacuous
		return r
	}
	p := l.propertyIn(env)
	out := gen.Check(p, n, cfg.Seed)
	r.Cases, r.Skipped = out.Cases, out.Skipped
	if fb := l.fallbackIn(env); out.Err == nil && fb != nil {
		out = gen.Check(fb, n, cfg.Seed)
		r.Cases += out.Cases
		r.Skipped += out.Skipped
		if out.Err != nil {
			r.Note = l.FallbackNote
		}
	}
	r.Holds = out.Err == nil
	if out.Err != nil {
		f, ok := out.Err.(*gen.Failure)
		if !ok {
			f = &gen.Failure{Message: out.Err.Error()}
		}
		r.Counterexample = f
	}
	return r
}

// All returns the table, in a stable order: the goto properties, the
// invariants, normalisation, printing, equivalence, relativize, WHATWG,
// force, and the non-laws last.
func All() []Law { return append([]Law(nil), table...) }

// ByName returns the law called name.
func ByName(name string) (Law, bool) {
	for _, l := range table {
		if l.Name == name {
			return l, true
		}
	}
	return Law{}, false
}

// CheckAll checks every law with cfg.
func CheckAll(cfg Config) []Result { return CheckAllEnv(nil, cfg) }

// CheckAllEnv checks every law with cfg under a changed specification:
// env replaces operations of the specification (nil: CheckAll). Comparing
// its results with CheckAll's tells which laws stop holding under the
// change; a law that cannot be checked in env is reported as not checked
// (Result.NotChecked).
func CheckAllEnv(env *claim.Env, cfg Config) []Result {
	var out []Result
	for _, l := range table {
		out = append(out, l.CheckEnv(env, cfg))
	}
	return out
}
