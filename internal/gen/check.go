package gen

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
)

// Property is a check over generated input: it draws the values it needs
// from src with the generators of this package and returns nil when the
// property holds for them, or ErrSkip when the input does not meet the
// property's precondition. A property must be deterministic: the same
// choices must give the same answer (Check replays choices to shrink).
type Property func(src Source) error

// ErrSkip is what a Property returns for an input that its precondition
// excludes: Check counts it as skipped, neither passed nor failed.
var ErrSkip = errors.New("gen: input skipped")

// Binding names a value in a counterexample: an input (a, b, s, …) or an
// intermediate result (norm(a), goto(a, b), …).
type Binding struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Failure is the error a property returns to describe a counterexample:
// the generated inputs, the intermediate values, and what went wrong.
// Check keeps it intact, so callers can show each part.
type Failure struct {
	Inputs  []Binding `json:"inputs"`
	Steps   []Binding `json:"steps,omitempty"`
	Message string    `json:"message"`
}

// Error renders the failure on one line: the message, then the inputs.
func (f *Failure) Error() string {
	var b strings.Builder
	b.WriteString(f.Message)
	for i, in := range f.Inputs {
		if i == 0 {
			b.WriteString(" with ")
		} else {
			b.WriteString(", ")
		}
		b.WriteString(in.Name)
		b.WriteString(" = ")
		b.WriteString(in.Value)
	}
	return b.String()
}

// Outcome is the result of Check.
type Outcome struct {
	// Cases is the number of inputs tested: as many as asked when the
	// property held, otherwise up to and including the first failing one.
	Cases int
	// Skipped is the number of further inputs that the property skipped
	// (ErrSkip).
	Skipped int
	// Err is nil when the property held for every input; otherwise it is
	// the property's error on the shrunk counterexample.
	Err error
	// Choices is the shrunk counterexample's choice sequence (nil when the
	// property held): Replay(Choices) regenerates it.
	Choices []int
	// Original is the choice sequence of the failing input before shrinking.
	Original []int
}

// ShrinkBudget is the number of property evaluations Check spends on
// shrinking a counterexample.
const ShrinkBudget = 4000

// Check runs p on generated inputs until cases of them have been tested
// (input i comes from its own stream of seed, so a failure is reproducible
// from seed and i alone; inputs that p skips with ErrSkip do not count, and
// Check gives up after 10×cases inputs). It stops at the first failure,
// shrinks its choice sequence with Shrink and reports the property's error
// on the shrunk input. A panic in p counts as a failure.
func Check(p Property, cases int, seed uint64) Outcome {
	tested, skipped := 0, 0
	fails := func(s Source) bool {
		err := Run(p, s)
		return err != nil && !errors.Is(err, ErrSkip)
	}
	for i := 0; tested < cases && i < 10*cases; i++ {
		t := Record(CaseSource(seed, i))
		err := Run(p, t)
		if errors.Is(err, ErrSkip) {
			skipped++
			continue
		}
		tested++
		if err != nil {
			orig := append([]int(nil), t.Choices()...)
			choices := Shrink(orig, fails, ShrinkBudget)
			if e := Run(p, Replay(choices)); e != nil && !errors.Is(e, ErrSkip) {
				err = e
			} else {
				choices = orig
			}
			return Outcome{Cases: tested, Skipped: skipped, Err: err, Choices: choices, Original: orig}
		}
	}
	return Outcome{Cases: tested, Skipped: skipped}
}

// CaseSource returns the Source of input number i of a run with seed: a
// PCG stream of its own.
func CaseSource(seed uint64, i int) Source {
	return randSource{rand.New(rand.NewPCG(seed, uint64(i)*0x9e3779b97f4a7c15+1))}
}

// Run calls p on src and turns a panic into an error.
func Run(p Property, src Source) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("panic: %v", r)
		}
	}()
	return p(src)
}

// Shrink returns a choice sequence that still fails and is as small as it
// could find in budget evaluations of fails, comparing sequences shortlex
// (shorter first, then smaller choices first). Because every generator here
// maps smaller choices to simpler values and reads 0 past the end of a
// sequence, a shortlex-smaller sequence is a simpler value: fewer
// components, shorter lists, earlier (simpler) edge values.
//
// The passes, repeated while one of them helps: delete runs of 8, 4, 2 and 1
// choices (dropping list elements and optional parts); zero runs of choices;
// lower a choice and delete up to 8 choices after it (an optional part and
// its content, or an alternative and the choices it made); lower each
// choice to the least value that still fails (binary search).
func Shrink(choices []int, fails func(Source) bool, budget int) []int {
	best := append([]int(nil), choices...)
	tries := 0
	try := func(cand []int) bool {
		if tries >= budget {
			return false
		}
		tries++
		t := Replay(cand)
		if !fails(t) {
			return false
		}
		used := t.Choices()
		if !shortlexLess(used, best) {
			return false
		}
		best = append([]int(nil), used...)
		return true
	}
	for improved := true; improved && tries < budget; {
		improved = false
		for k := 8; k >= 1; k /= 2 {
			for i := len(best) - k; i >= 0; i-- {
				if i+k > len(best) {
					continue
				}
				cand := make([]int, 0, len(best)-k)
				cand = append(append(cand, best[:i]...), best[i+k:]...)
				if try(cand) {
					improved = true
				}
			}
		}
		for k := 8; k >= 1; k /= 2 {
			for i := 0; i+k <= len(best); i++ {
				if allZero(best[i : i+k]) {
					continue
				}
				cand := append([]int(nil), best...)
				clear(cand[i : i+k])
				if try(cand) {
					improved = true
				}
			}
		}
		// Lower a choice (to 0: an optional part becomes absent; or to
		// another alternative) and delete the choices that followed it
		// (its content).
		for i := 0; i < len(best); i++ {
		lower:
			for _, v := range []int{0, 1, best[i] / 2, best[i] - 1} {
				for k := 1; k <= 8 && v < best[i] && i+1+k <= len(best); k++ {
					cand := make([]int, 0, len(best)-k)
					cand = append(append(append(cand, best[:i]...), v), best[i+1+k:]...)
					if try(cand) {
						improved = true
						break lower
					}
				}
			}
		}
		for i := 0; i < len(best); i++ {
			if best[i] == 0 {
				continue
			}
			cand := append([]int(nil), best...)
			cand[i] = 0
			if try(cand) {
				improved = true
				continue
			}
			lo, hi := 1, best[i] // best[i] fails; find a smaller one that does
			for lo < hi && i < len(best) {
				mid := lo + (hi-lo)/2
				cand := append([]int(nil), best...)
				cand[i] = mid
				if try(cand) {
					improved = true
					if i >= len(best) {
						break
					}
					hi = min(mid, best[i])
				} else {
					lo = mid + 1
				}
			}
		}
	}
	return best
}

func allZero(s []int) bool {
	for _, c := range s {
		if c != 0 {
			return false
		}
	}
	return true
}

// shortlexLess reports whether a comes before b: shorter, or as long and
// lexicographically smaller.
func shortlexLess(a, b []int) bool {
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}
