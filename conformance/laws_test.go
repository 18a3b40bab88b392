package conformance_test

import (
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/laws"
)

// lawConfig gives the number of cases per law: 10000 (the minimum)
// in the normal run, 1000 with -short, and URLSPEC_LAW_CASES=N for more on
// request; URLSPEC_LAW_SEED=S changes the seed (default 1).
func lawConfig(t *testing.T) laws.Config {
	cfg := laws.Config{Cases: 10000, Seed: 1}
	if testing.Short() {
		cfg.Cases = 1000
	}
	if s := os.Getenv("URLSPEC_LAW_CASES"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n <= 0 {
			t.Fatalf("URLSPEC_LAW_CASES=%q: want a positive number", s)
		}
		cfg.Cases = n
	}
	if s := os.Getenv("URLSPEC_LAW_SEED"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			t.Fatalf("URLSPEC_LAW_SEED=%q: want a number", s)
		}
		cfg.Seed = n
	}
	return cfg
}

// Every law of the table holds on cfg.Cases generated inputs, and every
// non-law (and known bug) gets a counterexample, which the test prints.
func TestLaws(t *testing.T) {
	cfg := lawConfig(t)
	t.Logf("%d cases per law, seed %d", cfg.Cases, cfg.Seed)
	for _, l := range laws.All() {
		t.Run(l.Name, func(t *testing.T) {
			t.Parallel()
			r := l.Check(cfg)
			cx := claim.FormatFailure(r.Counterexample, "    ")
			switch {
			case !r.OK() && r.Kind == "law":
				t.Errorf("%s (%s) fails after %d cases:\n%s", r.Statement, r.Section, r.Cases, cx)
			case !r.OK():
				t.Errorf("%s %q found no counterexample in %d cases (%d skipped); if it now holds, make it a law", r.Kind, r.Statement, r.Cases, r.Skipped)
			case r.Counterexample != nil:
				t.Logf("%s: %s\ncounterexample after %d cases, as expected:\n%s    note: %s", r.Kind, r.Statement, r.Cases, cx, r.Note)
			default:
				t.Logf("holds (%d cases, %d skipped by its precondition)", r.Cases, r.Skipped)
			}
			if r.Kind == "law" && r.Cases < cfg.Cases {
				t.Errorf("only %d of %d cases tested (%d skipped): the law's precondition excludes too many inputs", r.Cases, cfg.Cases, r.Skipped)
			}
		})
	}
}

// Shrinking gives small counterexamples: every input of a non-law's or
// known bug's counterexample renders in a few components.
func TestLawCounterexamplesAreSmall(t *testing.T) {
	for _, l := range laws.All() {
		if l.Kind == laws.MustHold {
			continue
		}
		r := l.Check(laws.Config{Cases: 2000, Seed: 1})
		if r.Counterexample == nil {
			t.Errorf("%s: no counterexample", l.Name)
			continue
		}
		for _, in := range r.Counterexample.Inputs {
			if n := strings.Count(in.Value, "・") + 1; n > 5 {
				t.Errorf("%s: input %s = %s has %d components after shrinking", l.Name, in.Name, in.Value, n)
			}
		}
	}
}

// The law checks can fail: each claim below breaks one law slightly
// (swapped arguments, a missing norm, the wrong mode) and must get a
// counterexample from the same generators.
func TestBrokenLawsAreCaught(t *testing.T) {
	for _, c := range []struct {
		claim string
		cfg   claim.Config
	}{
		{"ord(goto(a, b)) == ord(b)", claim.Config{}},
		{"goto(goto(a, b), c) == goto(b, goto(a, c))", claim.Config{}},
		{"goto(a, ε) == a", claim.Config{}},
		{"norm(a) == a", claim.Config{}},
		{"norm(parse(print(norm(a)), web)) == norm(a)", claim.Config{}},
		{"norm(parse(print(norm(a)), generic)) == norm(encoded(norm(a)))", claim.Config{Modes: nil}},
		{"force(force(a)) == a", claim.Config{}},
		{"goto(a, relativize(a, b)) == b", claim.Config{}},
		{"whatwg(a, b) == generic(a, b)", claim.Config{}},
		{"legacy(a, b) == generic(a, b)", claim.Config{}},
	} {
		c.cfg.Seed, c.cfg.Cases = 1, 10000
		r, err := claim.Check(c.claim, c.cfg)
		if err != nil {
			t.Fatal(err)
		}
		if r.Holds {
			t.Errorf("the broken law %q holds on %d cases: the generators miss what would break it", c.claim, r.Cases)
		}
	}
}

// The table itself: unique names, a statement and a section for each, and
// the kinds the issue asks for.
func TestLawTable(t *testing.T) {
	seen := map[string]bool{}
	kinds := map[laws.Kind]int{}
	for _, l := range laws.All() {
		if seen[l.Name] || l.Name == "" || l.Statement == "" || l.Section == "" {
			t.Errorf("bad entry %+v", l)
		}
		seen[l.Name] = true
		kinds[l.Kind]++
		if (l.Claim == nil) == (l.Property == nil) {
			t.Errorf("%s: needs exactly one of Claim and Property", l.Name)
		}
	}
	for _, name := range []string{"goto-ord", "goto-associative", "goto-left-identity", "goto-right-identity",
		"goto-postfix", "validate", "norm-idempotent", "print-parse-web", "print-parse-file", "print-parse-generic",
		"equivalence-identical", "equivalence-normal", "equivalence-decoded", "equivalence-whatwg", "relativize",
		"whatwg-getters", "norm-goto-0.10.1", "force-nonlaw-1", "force-nonlaw-2", "force-nonlaw-3"} {
		if !seen[name] {
			t.Errorf("the table has no %s", name)
		}
	}
	if kinds[laws.NonLaw] < 4 {
		t.Errorf("%d non-laws", kinds[laws.NonLaw])
	}
}
