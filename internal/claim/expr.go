package claim

import (
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/gen"
	"github.com/urlspec/urlspec/model"
)

// Expr is a parsed expression of the claim language without variables,
// such as goto("//", "./"): what `urlspec eval` evaluates.
type Expr struct {
	text string
	root *node
}

// ParseExpr parses and type-checks an expression without variables. A
// string literal where an URL is expected stands for the URL the grammar
// parses it as in literalMode, after preprocessing (a string literal
// elsewhere is a string). A malformed expression, or one with a variable,
// gives a *SyntaxError.
func ParseExpr(text string, literalMode grammar.Mode) (*Expr, error) {
	p := &parser{src: text, literalMode: literalMode}
	if p.peek() == "" {
		return nil, p.errorf(0, "empty expression: write one such as goto(\"//\", \"./\")")
	}
	n, err := p.parseTerm()
	if err != nil {
		return nil, err
	}
	if rest := p.peek(); rest != "" {
		return nil, p.errorf(p.pos, "expected the end of the expression, found %s (eval takes one expression; claim checks equations)", describe(rest))
	}
	if err := p.check(n, kName); err != nil {
		return nil, err
	}
	if n.kind == kName {
		return nil, p.errorf(n.pos, "%s is a name: it means a component type or a mode only as an argument", n.name)
	}
	var bad *node
	walk(n, func(m *node) {
		if m.op == opVar && bad == nil {
			bad = m
		}
	})
	if bad != nil {
		return nil, p.errorf(bad.pos, "%s is a variable: eval evaluates expressions without variables (urlspec claim generates values for them)", bad.name)
	}
	p.literalURL(n, kURL)
	return &Expr{text: text, root: n}, nil
}

// String returns the expression as it was written.
func (e *Expr) String() string { return e.text }

// Eval evaluates the expression: its value and the value of every
// subexpression, innermost first, each once, the whole expression last.
// Sub-expressions nested deeper than StepDepth calls are evaluated but not
// listed: a first step named "…" then says how many were left out; a step's
// name shows NameDepth levels of nested calls. The steps are so bounded by
// the expression's length, whatever its depth.
func (e *Expr) Eval() (Value, []gen.Binding) { return e.EvalEnv(nil) }

// EvalEnv is Eval in the environment env (nil: the default operations).
func (e *Expr) EvalEnv(env *Env) (Value, []gen.Binding) {
	ev := newRecorder(&Vars{}, opsFor(env))
	v := ev.eval(e.root, 0)
	return v, ev.result()
}

// IsURL reports whether the value is an URL (or the failure of an
// operation whose result is an URL).
func (v Value) IsURL() bool { return v.kind == kURL }

// Components returns the component sequence of an URL value (nil for
// other values).
func (v Value) Components() []model.Component {
	if v.kind != kURL || v.Err != nil {
		return nil
	}
	var cs []model.Component
	for c := range v.URL.Components() {
		cs = append(cs, c)
	}
	return cs
}
