package claim

import (
	"fmt"
	"hash/maphash"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
)

// Claim is a parsed claim: one or more equations (==), inequations (!=)
// or tests (has(a, scheme)) joined by &&, over the variables a, b, c (URLs)
// and s, t (strings), optionally guarded: premise ==> conclusion, checked
// only on the cases where the premise holds.
type Claim struct {
	text    string
	premise []*relation // nil without a guard
	rels    []*relation // the conclusion
	vars    []string
}

// Parse parses and type-checks a claim. A malformed claim gives a
// *SyntaxError with the byte offset of the problem.
//
// A string literal where an URL is expected stands for the URL that
// parse(preprocess(literal), web) gives: goto("//", "./") is the goto of
// two references. Write parse("C:/x", file) for another mode.
func Parse(text string) (*Claim, error) {
	p := &parser{src: text}
	premise, rels, err := p.parseClaim()
	if err != nil {
		return nil, err
	}
	used := map[string]bool{}
	for _, r := range append(append([]*relation(nil), premise...), rels...) {
		if r.right == nil {
			if err := p.checkTest(r); err != nil {
				return nil, err
			}
			walk(r.left, func(n *node) {
				if n.op == opVar {
					used[n.name] = true
				}
			})
			continue
		}
		if err := p.check(r.left, kName); err != nil {
			return nil, err
		}
		if err := p.check(r.right, kName); err != nil {
			return nil, err
		}
		l, rt := r.left, r.right
		switch {
		case l.kind == kName && rt.kind == kName:
			return nil, p.errorf(r.pos, "compare an expression with %s, not two names", l.name)
		case l.kind == kName:
			if err := p.resolveName(l, rt.kind); err != nil {
				return nil, err
			}
		case rt.kind == kName:
			if err := p.resolveName(rt, l.kind); err != nil {
				return nil, err
			}
		}
		p.literalURL(l, rt.kind)
		p.literalURL(rt, l.kind)
		if l.kind != rt.kind {
			return nil, p.errorf(rt.pos, "cannot compare %s (%s) with %s (%s)", text[l.pos:l.end], l.kind, text[rt.pos:rt.end], rt.kind)
		}
		walk(l, func(n *node) {
			if n.op == opVar {
				used[n.name] = true
			}
		})
		walk(rt, func(n *node) {
			if n.op == opVar {
				used[n.name] = true
			}
		})
	}
	c := &Claim{text: text, premise: premise, rels: rels}
	for _, v := range []string{"a", "b", "c", "s", "t"} {
		if used[v] {
			c.vars = append(c.vars, v)
		}
	}
	return c, nil
}

// MustParse is Parse for claims known to be well formed; it panics on a
// malformed one.
func MustParse(text string) *Claim {
	c, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return c
}

func walk(n *node, f func(*node)) {
	for _, a := range n.args {
		walk(a, f)
	}
	f(n)
}

// String returns the claim as it was written.
func (c *Claim) String() string { return c.text }

// Variables returns the variables the claim uses, in the order a b c s t.
func (c *Claim) Variables() []string { return append([]string(nil), c.vars...) }

// checkTest type-checks a test: its term must be a truth value.
func (p *parser) checkTest(r *relation) error {
	if err := p.check(r.left, kBool); err != nil {
		return err
	}
	if l := r.left; l.kind != kBool {
		what := p.src[l.pos:l.end]
		if l.kind == kName {
			return p.errorf(l.pos, "%s is a name: it means a component type or a mode only as an argument", l.name)
		}
		return p.errorf(l.pos, "%s is %s, not a test: compare it with == or != (only a test such as has(a, scheme) stands alone)", what, l.kind)
	}
	return nil
}

// Guarded reports whether the claim has a premise (premise ==> conclusion).
func (c *Claim) Guarded() bool { return c.premise != nil }

// Vars gives the variables their values.
type Vars struct {
	A, B, C model.URL
	S, T    string
}

func (e *Vars) lookup(name string) Value {
	switch name {
	case "a":
		return URLValue(e.A)
	case "b":
		return URLValue(e.B)
	case "c":
		return URLValue(e.C)
	case "s":
		return StringValue(e.S)
	}
	return StringValue(e.T)
}

// Evaluation is the result of evaluating a claim on given variables.
type Evaluation struct {
	// Holds reports whether every relation of the claim is true, or, for a
	// guarded claim, whether the conclusion is true where the premise is
	// (true when the premise is false).
	Holds bool
	// Premise reports whether the premise of a guarded claim holds (true
	// for a claim without a guard). When it does not, the conclusion is not
	// evaluated and Unmet is the first premise relation that is false.
	Premise bool
	Unmet   string
	// Inputs are the variables the claim uses, with their values.
	Inputs []gen.Binding
	// Steps are the values of the claim's subexpressions, innermost first,
	// each once.
	Steps []gen.Binding
	// False is the first relation that is false ("" when Holds), with the
	// values of its two sides.
	False       string
	Left, Right Value
	// test is set when the false relation is a test, whose term is
	// text[testPos:testEnd] (Right is then no value).
	test             bool
	testPos, testEnd int
}

// Eval evaluates the claim with the given variables, recording every
// step.
func (c *Claim) Eval(vars Vars) Evaluation { return c.explain(&vars, &defaultOps) }

// EvalEnv is Eval in the environment env (nil: the default operations).
// It does not look at EnvProblem: a function that cannot take env's
// operations uses the default ones.
func (c *Claim) EvalEnv(env *Env, vars Vars) Evaluation { return c.explain(&vars, opsFor(env)) }

// truth evaluates one relation: whether it is true, and the values of its
// sides (a test has only a left side). A test whose term fails is false,
// and so is its negation.
func (ev *evaluator) truth(r *relation) (bool, Value, Value) {
	l := ev.eval(r.left, 0)
	if r.right == nil {
		return l.Err == nil && l.Bool != r.not, l, Value{}
	}
	rt := ev.eval(r.right, 0)
	return l.Equal(rt) == r.equal, l, rt
}

// holds evaluates the claim without recording anything: the fast path of
// Check. It reports whether the premise holds (true without a guard) and,
// if so, whether the conclusion does.
func (c *Claim) holds(vars *Vars, ops *Env) (premise, holds bool) {
	ev := &evaluator{vars: vars, ops: ops}
	for _, r := range c.premise {
		if ok, _, _ := ev.truth(r); !ok {
			return false, true
		}
	}
	for _, r := range c.rels {
		if ok, _, _ := ev.truth(r); !ok {
			return true, false
		}
	}
	return true, true
}

// explain evaluates the claim recording the inputs and every step.
func (c *Claim) explain(vars *Vars, ops *Env) Evaluation {
	ev := newRecorder(vars, ops)
	out := Evaluation{Holds: true, Premise: true}
	for _, v := range c.vars {
		out.Inputs = append(out.Inputs, gen.Binding{Name: v, Value: vars.lookup(v).String()})
	}
	for _, r := range c.premise {
		if ok, _, _ := ev.truth(r); !ok {
			out.Premise = false
			out.Unmet = c.text[r.pos:r.end]
			out.Steps = ev.result()
			return out
		}
	}
	for _, r := range c.rels {
		ok, l, rt := ev.truth(r)
		if !ok && out.Holds {
			out.Holds = false
			out.False = c.text[r.pos:r.end]
			out.Left, out.Right = l, rt
			if r.right == nil {
				out.test, out.testPos, out.testEnd = true, r.left.pos, r.left.end
			}
		}
	}
	out.Steps = ev.result()
	return out
}

// StepDepth is how deep below the expression (or each side of a relation)
// the recorded steps go: the values of sub-expressions nested deeper than
// StepDepth calls are computed but not listed, and one step named "…" says
// how many were left out. NameDepth is how many levels of nested calls a
// step's name shows before it writes "…" for the arguments. Together they
// bound what an evaluation prints: at most a few steps per call near the
// top, each with a name of bounded nesting, so the output grows linearly
// with the expression, not with the square of its depth.
const (
	StepDepth = 8
	NameDepth = 3
)

type evaluator struct {
	vars   *Vars
	ops    *Env // complete: no nil operation
	record bool // record the steps
	steps  []gen.Binding
	// seen holds the key (see note) of every sub-expression recorded, so
	// that each is listed once.
	seen   map[stepKey]bool
	seed   maphash.Seed
	elided int // sub-expressions deeper than StepDepth, not recorded
	// vals is the stack of values of the evaluation (see push).
	vals []Value
}

// stepKey identifies a sub-expression: its rendered name and a hash of its
// whole structure (functions, literals and names, nested alike), computed
// bottom-up as the evaluation goes, so that identifying every node costs
// time linear in the expression, unlike comparing full renderings.
type stepKey struct {
	name string
	hash uint64
}

func newRecorder(vars *Vars, ops *Env) *evaluator {
	return &evaluator{vars: vars, ops: ops, seen: map[stepKey]bool{}, record: true, seed: maphash.MakeSeed()}
}

// result returns the recorded steps, led by one that says how many deeper
// sub-expressions were left out, if any.
func (ev *evaluator) result() []gen.Binding {
	if ev.elided == 0 {
		return ev.steps
	}
	note := gen.Binding{Name: "…", Value: fmt.Sprintf("%d sub-expressions nested deeper than %d calls not shown", ev.elided, StepDepth)}
	return append([]gen.Binding{note}, ev.steps...)
}

// nodeHash hashes n's own parts; the caller mixes in its arguments'.
func (ev *evaluator) nodeHash(n *node) uint64 {
	h := maphash.String(ev.seed, n.name)
	h = mix(h, maphash.String(ev.seed, n.str))
	return mix(h, uint64(n.op)|uint64(n.mode)<<8|uint64(n.ct)<<16|uint64(n.kind)<<24)
}

// mix combines a node's hash with that of its next argument.
func mix(h, arg uint64) uint64 { return (h^arg)*0x100000001b3 + 0x9e3779b97f4a7c15 }

// note records the value of n, at depth calls below the top, once.
func (ev *evaluator) note(n *node, depth int, hash uint64, v *Value) {
	if depth > StepDepth {
		ev.elided++
		return
	}
	key := stepKey{render(n, NameDepth), hash}
	if !ev.seen[key] {
		ev.seen[key] = true
		ev.steps = append(ev.steps, gen.Binding{Name: key.name, Value: v.String()})
	}
}

func (ev *evaluator) eval(n *node, depth int) Value {
	base := len(ev.vals)
	ev.push(n, depth)
	v := ev.vals[base]
	ev.vals = ev.vals[:base]
	return v
}

// push evaluates n and pushes its value on ev.vals; when recording, it
// returns n's structural hash. The values live on ev.vals, not in the
// frames of the recursion, so that a deeply nested expression takes a
// small stack frame per level.
func (ev *evaluator) push(n *node, depth int) uint64 {
	var hash uint64
	if ev.record {
		hash = ev.nodeHash(n)
	}
	switch n.op {
	case opVar:
		ev.vals = append(ev.vals, ev.vars.lookup(n.name))
		return hash
	case opEmpty:
		ev.vals = append(ev.vals, URLValue(model.URL{}))
		return hash
	case opString:
		ev.vals = append(ev.vals, StringValue(n.str))
		return hash
	case opURL:
		ev.vals = append(ev.vals, ev.literal(n))
		if ev.record {
			ev.note(n, depth, hash, &ev.vals[len(ev.vals)-1])
		}
		return hash
	case opName:
		if n.kind == kMode {
			ev.vals = append(ev.vals, Value{kind: kMode, Mode: n.mode})
		} else {
			ev.vals = append(ev.vals, Value{kind: kType, Type: n.ct})
		}
		return hash
	}
	f := functions[n.name]
	base := len(ev.vals)
	for _, a := range n.args {
		hash = mix(hash, ev.push(a, depth+1))
	}
	ev.apply(f, base)
	if ev.record {
		ev.note(n, depth, hash, &ev.vals[base])
	}
	return hash
}

// apply replaces the arguments on ev.vals from base on by f's value on
// them (the first failure among them, if any). It is a function of its own,
// not inlined, so that its locals stay out of push's recursive frames.
//
//go:noinline
func (ev *evaluator) apply(f *function, base int) {
	args := ev.vals[base:]
	for i := range args {
		if args[i].Err != nil {
			ev.vals = append(ev.vals[:base], Value{kind: f.result, Err: args[i].Err})
			return
		}
	}
	v := f.call(ev.ops, args)
	ev.vals = append(ev.vals[:base], v)
}

// literal is the URL a string literal stands for.
func (ev *evaluator) literal(n *node) Value {
	return fromResult(ev.ops.Parse(ev.ops.Preprocess(n.str), n.mode))
}

// render writes n in a canonical form, f(x, y), showing calls nested up to
// depth levels deep and "…" for the arguments of deeper ones.
func render(n *node, depth int) string {
	var b strings.Builder
	renderTo(&b, n, depth)
	return b.String()
}

func renderTo(b *strings.Builder, n *node, depth int) {
	switch n.op {
	case opString, opURL:
		b.WriteString(strconv.Quote(n.str))
		return
	case opCall:
		b.WriteString(n.name)
		b.WriteByte('(')
		if depth <= 0 {
			b.WriteString("…)")
			return
		}
		for i, a := range n.args {
			if i > 0 {
				b.WriteString(", ")
			}
			renderTo(b, a, depth-1)
		}
		b.WriteByte(')')
		return
	}
	b.WriteString(n.name)
}

// Config says how many cases Check tries and how it generates them.
type Config struct {
	// Cases is the number of inputs to try (10000 when 0).
	Cases int
	// Seed seeds the generator; the same seed gives the same cases.
	Seed uint64
	// Modes are the parser modes the URL variables are generated in (each
	// variable draws one); nil means all three. Use one mode for claims
	// about parsing, such as norm(parse(print(norm(a)), web)) ==
	// norm(encoded(norm(a))).
	Modes []grammar.Mode
	// Defined counts a case as a counterexample only when both sides of
	// the false relation are defined (see DefinedProperty).
	Defined bool
	// Env replaces operations of the specification (nil: the library's
	// own); a claim that cannot be checked in it is reported as not
	// checked (see Env and Claim.EnvProblem).
	Env *Env
}

// DefaultCases is the number of cases Check tries when Config.Cases is 0.
const DefaultCases = 10000

// Result is the outcome of Check.
type Result struct {
	Claim string `json:"claim"`
	Holds bool   `json:"holds"`
	// Cases is the number of cases tried: all when the claim holds, up to
	// the first counterexample otherwise.
	Cases int `json:"cases"`
	// Skipped counts the cases that Config.Defined set aside (a side
	// failed).
	Skipped int    `json:"skipped,omitempty"`
	Seed    uint64 `json:"seed"`
	// Counterexample is the shrunk counterexample, nil when the claim holds.
	Counterexample *gen.Failure `json:"counterexample"`
	// Constant is set for a claim without variables, which is evaluated
	// once: there is nothing to generate.
	Constant bool `json:"constant,omitempty"`
	// Guarded is set for a claim premise ==> conclusion; Satisfied is then
	// the number of the Cases whose premise held, on which the conclusion
	// was checked. A guarded claim whose premise held on no case is
	// Vacuous: nothing was checked, and Holds is false.
	Guarded   bool `json:"guarded,omitempty"`
	Satisfied int  `json:"satisfied,omitempty"`
	Vacuous   bool `json:"vacuous,omitempty"`
	// NotChecked says why the claim was not checked in Config.Env (see
	// Claim.EnvProblem); Holds is then false and Cases 0.
	NotChecked string `json:"not_checked,omitempty"`
}

// Property returns the claim as a gen.Property: it draws the claim's
// variables (URLs with gen.URL in one of modes, strings with
// gen.URLString) and fails with a *gen.Failure when the claim is false.
//
// For a guarded claim, a case whose premise is false passes: the property
// holds vacuously there (Check counts the cases that satisfy the premise).
func (c *Claim) Property(modes []grammar.Mode) gen.Property {
	return c.property(modes, false, &defaultOps, nil)
}

// PropertyEnv is Property in the environment env (nil: the default
// operations). It does not look at EnvProblem: a function that cannot take
// env's operations uses the default ones.
func (c *Claim) PropertyEnv(env *Env, modes []grammar.Mode) gen.Property {
	return c.property(modes, false, opsFor(env), nil)
}

// DefinedProperty is Property, except that a case is a counterexample only
// when both sides of the false relation are defined (neither is a
// failure): it looks for counterexamples that do not rest on an operation
// failing on one side only.
func (c *Claim) DefinedProperty(modes []grammar.Mode) gen.Property {
	return c.property(modes, true, &defaultOps, nil)
}

// DefinedPropertyEnv is DefinedProperty in the environment env.
func (c *Claim) DefinedPropertyEnv(env *Env, modes []grammar.Mode) gen.Property {
	return c.property(modes, true, opsFor(env), nil)
}

// premiseCount counts the cases whose premise held, until the first
// counterexample (the shrinking that follows is not counted).
type premiseCount struct {
	n    int
	done bool
}

func (pc *premiseCount) add(failed bool) {
	if pc == nil || pc.done {
		return
	}
	pc.n++
	pc.done = failed
}

func (c *Claim) property(modes []grammar.Mode, defined bool, ops *Env, count *premiseCount) gen.Property {
	if len(modes) == 0 {
		modes = []grammar.Mode{grammar.Web, grammar.File, grammar.Generic}
	}
	return func(src gen.Source) error {
		var env Vars
		for _, v := range c.vars {
			switch v {
			case "s":
				env.S = gen.URLString(src)
			case "t":
				env.T = gen.URLString(src)
			default:
				u := gen.URL(src, modes[src.Choose(len(modes))])
				switch v {
				case "a":
					env.A = u
				case "b":
					env.B = u
				default:
					env.C = u
				}
			}
		}
		premise, holds := c.holds(&env, ops)
		if !premise {
			return nil
		}
		if holds {
			count.add(false)
			return nil
		}
		ev := c.explain(&env, ops)
		if defined && (ev.Left.Failed() || ev.Right.Failed()) {
			return gen.ErrSkip
		}
		count.add(true)
		var msg string
		if ev.test {
			msg = fmt.Sprintf("%s is false: %s = %s", ev.False, c.text[ev.testPos:ev.testEnd], ev.Left)
		} else {
			op := "≠"
			if ev.Left.Equal(ev.Right) {
				op = "="
			}
			msg = fmt.Sprintf("%s is false: %s %s %s", ev.False, ev.Left, op, ev.Right)
			if d := Difference(ev.Left, ev.Right); d != "" {
				// The two sides are written alike: say what differs.
				msg += " (they are written alike, but " + d + ")"
			}
		}
		return &gen.Failure{
			Inputs:  ev.Inputs,
			Steps:   ev.Steps,
			Message: msg,
		}
	}
}

// Check evaluates the claim on generated inputs and returns either that it
// holds or its smallest counterexample found (shrunk with gen.Shrink), with
// every intermediate value.
func (c *Claim) Check(cfg Config) Result {
	n := cfg.Cases
	if n <= 0 {
		n = DefaultCases
	}
	if len(c.vars) == 0 {
		n = 1
	}
	if why := c.EnvProblem(cfg.Env); why != "" {
		return Result{Claim: c.text, Seed: cfg.Seed, Guarded: c.Guarded(), NotChecked: why}
	}
	var count premiseCount
	out := gen.Check(c.property(cfg.Modes, cfg.Defined, opsFor(cfg.Env), &count), n, cfg.Seed)
	r := Result{Claim: c.text, Holds: out.Err == nil, Cases: out.Cases, Skipped: out.Skipped, Seed: cfg.Seed, Constant: len(c.vars) == 0}
	if c.Guarded() {
		r.Guarded, r.Satisfied = true, count.n
		if out.Err == nil && count.n == 0 {
			r.Holds, r.Vacuous = false, true
		}
	}
	if out.Err != nil {
		f, ok := out.Err.(*gen.Failure)
		if !ok {
			f = &gen.Failure{Message: out.Err.Error()}
		}
		r.Counterexample = f
	}
	return r
}

// Check parses text and checks it with cfg.
func Check(text string, cfg Config) (Result, error) {
	c, err := Parse(text)
	if err != nil {
		return Result{}, err
	}
	return c.Check(cfg), nil
}

// Text renders the result for people: "holds (N cases)", or the
// counterexample with its inputs and every intermediate value, one a line.
func (r Result) Text() string {
	if r.NotChecked != "" {
		return "not checked under this environment: " + r.NotChecked + "\n"
	}
	if r.Vacuous && r.Constant {
		return "vacuous: the premise is false (the claim has no variables: evaluated once); the conclusion was not checked\n"
	}
	if r.Vacuous {
		return fmt.Sprintf("vacuous: the premise held on none of the %d cases, so the conclusion was never checked (not shown to hold)\n", r.Cases)
	}
	if r.Guarded && r.Holds && !r.Constant {
		set := ""
		if r.Skipped > 0 {
			set = fmt.Sprintf("; %d further cases set aside because a side fails", r.Skipped)
		}
		return fmt.Sprintf("holds on %d cases (%d satisfied the premise, %s%s)\n", r.Cases, r.Satisfied, percent(r.Satisfied, r.Cases), set)
	}
	if r.Constant && r.Holds {
		return "holds (the claim has no variables: evaluated once, nothing generated)\n"
	}
	if r.Constant {
		var b strings.Builder
		b.WriteString("false (the claim has no variables: evaluated once, nothing generated):\n")
		b.WriteString(FormatFailure(r.Counterexample, "  "))
		return b.String()
	}
	if r.Holds && r.Skipped > 0 {
		return fmt.Sprintf("holds (%d cases, %d of them set aside because a side fails)\n", r.Cases, r.Skipped)
	}
	if r.Holds {
		return fmt.Sprintf("holds (%d cases)\n", r.Cases)
	}
	var b strings.Builder
	if r.Guarded {
		fmt.Fprintf(&b, "counterexample (found at case %d, the %s to satisfy the premise, seed %d, shrunk):\n", r.Cases, ordinal(r.Satisfied), r.Seed)
	} else {
		fmt.Fprintf(&b, "counterexample (found at case %d, seed %d, shrunk):\n", r.Cases, r.Seed)
	}
	b.WriteString(FormatFailure(r.Counterexample, "  "))
	return b.String()
}

// FormatFailure renders a counterexample: inputs, then steps, names
// aligned, then the message; each line starts with indent.
func FormatFailure(f *gen.Failure, indent string) string {
	if f == nil {
		return ""
	}
	w := 0
	for _, x := range append(append([]gen.Binding(nil), f.Inputs...), f.Steps...) {
		w = max(w, utf8.RuneCountInString(x.Name))
	}
	w = min(w, 48)
	var b strings.Builder
	for _, x := range append(append([]gen.Binding(nil), f.Inputs...), f.Steps...) {
		pad := max(w-utf8.RuneCountInString(x.Name), 0)
		fmt.Fprintf(&b, "%s%s%s = %s\n", indent, x.Name, strings.Repeat(" ", pad), x.Value)
	}
	fmt.Fprintf(&b, "%s%s\n", indent, f.Message)
	return b.String()
}

// percent writes n of total as a percentage with one decimal.
func percent(n, total int) string {
	if total == 0 {
		return "0%"
	}
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64) + "%"
}

// ordinal writes 1st, 2nd, 3rd, 4th ….
func ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return strconv.Itoa(n) + suffix
}
