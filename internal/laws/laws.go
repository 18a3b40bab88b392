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
}

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
}

// OK reports whether the outcome is the expected one: a law holds, a
// non-law or a known bug has a counterexample.
func (r Result) OK() bool {
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

func (l Law) property() gen.Property {
	if l.Claim != nil {
		return l.Claim.Property(l.Modes)
	}
	return l.Property
}

// Check checks the law on cfg.Cases generated inputs. A non-law or a
// known bug is searched on at least DefaultCases inputs (the search stops
// at its first counterexample), so that a small Cases still finds one.
func (l Law) Check(cfg Config) Result {
	n := cfg.Cases
	if n <= 0 || l.Kind != MustHold && n < DefaultCases {
		n = DefaultCases
	}
	p := l.property()
	r := Result{Law: l.Name, Kind: l.Kind.String(), Statement: l.Statement, Section: l.Section, Note: l.Note}
	out := gen.Check(p, n, cfg.Seed)
	r.Cases, r.Skipped = out.Cases, out.Skipped
	if out.Err == nil && l.Fallback != nil {
		out = gen.Check(l.Fallback, n, cfg.Seed)
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
func CheckAll(cfg Config) []Result {
	var out []Result
	for _, l := range table {
		out = append(out, l.Check(cfg))
	}
	return out
}
