// Package webcalc computes what the URL desk calculator (web/) shows, as
// JSON strings: the explanation of one input, the comparison of two URLs,
// a checked claim, an evaluated expression and the what-if report of a
// variant of the specification (package whatif). The WebAssembly engine
// (web/wasm) calls it; so do the tests, which compare the page with it.
package webcalc

import (
	"encoding/json"
	"errors"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/explain"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/print"
)

func marshal(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return `{"error":` + quoteJSON(err.Error()) + `}`
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Component is one component of a component sequence.
type Component struct {
	Type  string `json:"type"`
	Value string `json:"value"`
}

func componentsOf(u *model.URL) []Component {
	cs := []Component{}
	for c := range u.Components() {
		v := c.Value
		if c.Type == model.AuthorityType {
			v = c.Authority.String()
		}
		if v == "" {
			v = "ε"
		}
		cs = append(cs, Component{c.Type.String(), v})
	}
	return cs
}

// Validity is what the page shows of an input's validity, in the words
// of the urlspec command (package display gives both): the strict
// grammar's verdict (spec §Strict URL Grammar) as one line, as `urlspec
// parse` prints it, and both verdicts of `urlspec valid` (the WHATWG URL
// Standard's valid URL string and the strict grammar), each with a caret
// under the violation and what is wrong.
type Validity struct {
	// Valid is the strict grammar's verdict.
	Valid bool `json:"valid"`
	// URLString is the standard's verdict: the input is a valid URL
	// string (against the base, when there is one).
	URLString bool   `json:"url_string"`
	Mode      string `json:"mode"`
	// Summary is the strict verdict as `urlspec parse` prints it after
	// "valid": "yes", or "no: code at byte N (reason)".
	Summary string `json:"summary"`
	// Text is the two verdicts as `urlspec valid` prints them.
	Text string `json:"text"`
	// Error is the strict grammar's first violation ("code: reason"),
	// Offset its byte offset (-1: none) and Line and Caret the input with
	// a caret under it, as Text shows them.
	Error  string `json:"error,omitempty"`
	Offset int    `json:"offset"`
	Line   string `json:"line,omitempty"`
	Caret  string `json:"caret,omitempty"`
}

func validity(input string, mode grammar.Mode, base *urlspec.URL) Validity {
	v := display.CheckValidity(input, mode, base)
	a := Validity{Valid: v.Strict == nil, URLString: v.Standard == nil, Mode: v.Mode.String(), Summary: "yes", Offset: -1}
	var text strings.Builder
	(&display.Lines{W: &text}).Verdicts(v)
	a.Text = text.String()
	if v.Strict == nil {
		return a
	}
	a.Summary = "no: " + display.ViolationSummary(v.Strict)
	a.Error = display.ViolationText(v.Strict, true)
	var e *model.Error
	if errors.As(v.Strict, &e) && e.Offset >= 0 && e.Offset <= len(input) {
		a.Offset = e.Offset
		a.Line, a.Caret = display.PointAt(input, e.Offset)
	}
	return a
}

// Getters are the WHATWG getters of a parse result.
type Getters = display.Getters

// GettersOf returns the getters of u.
func GettersOf(u urlspec.URL) Getters { return display.GettersOf(u) }

// ExplainAnswer is what the page shows for an input, a base and a mode.
type ExplainAnswer struct {
	Input string `json:"input"`
	Base  string `json:"base"`
	Mode  string `json:"mode"`
	// Failure, when the input or the base fails, is what `urlspec parse`
	// and `urlspec explain` print after "failure": the code and the
	// reason (display.DescribeError).
	Failure string `json:"failure,omitempty"`
	// Phase is the phase that fails, as explain's JSON names it
	// (failed_phase: base, mode, parse or resolve).
	Phase string `json:"failed_phase,omitempty"`
	// FailureText is the failure's lines as the command prints them:
	// the failure line and, when the error has an offset, the input with
	// a caret under it and the byte offset (display's Lines.Failure).
	FailureText string          `json:"failure_text,omitempty"`
	Href        string          `json:"href,omitempty"`
	Unicode     string          `json:"unicode,omitempty"`
	Getters     *Getters        `json:"getters,omitempty"`
	Components  []Component     `json:"components"`
	Validity    Validity        `json:"validity"`
	Text        string          `json:"text"`
	Phases      json.RawMessage `json:"phases"`
}

// Explain explains input against base ("" for none) in mode ("" for the
// WHATWG fallback: the base's mode, or web) with package explain, and adds
// the strict-validity verdict in the mode the input is parsed in.
func Explain(input, base, mode string) string {
	var b *explain.Base
	if base != "" {
		b = explain.NewBase(base)
	}
	x := explain.New(input, b, explain.Options{Mode: mode})
	a := ExplainAnswer{Input: input, Base: base, Mode: mode, Components: []Component{}}
	var text strings.Builder
	x.WriteText(&text, false)
	a.Text = text.String()
	phases, err := json.Marshal(x)
	if err != nil {
		phases = []byte("null")
	}
	a.Phases = phases
	r, rerr := x.Result()
	switch phase, in, err := x.Failure(); {
	case err != nil:
		// The words of `urlspec parse` and `urlspec explain`: the code and
		// reason, and the input with a caret under the offset.
		a.Failure, a.Phase = display.DescribeError(err), phase
		var ft strings.Builder
		(&display.Lines{W: &ft}).Failure(0, "failure", in, err)
		a.FailureText = ft.String()
	case rerr != nil:
		// The phases succeed but the result does not (never expected
		// without a mode): the line the explanation ends with.
		a.Failure = display.DescribeError(rerr)
		var ft strings.Builder
		(&display.Lines{W: &ft}).Field(0, "mismatch", x.Mismatch())
		a.FailureText = ft.String()
	default:
		a.Href, a.Unicode = r.Href(), r.Unicode()
		g := GettersOf(r)
		a.Getters = &g
		m := r.Model()
		a.Components = componentsOf(&m)
	}
	// The validity of the input in the mode it is parsed in (the given
	// mode, or the base's, or web) and, for the standard's verdict,
	// against the base.
	vm := grammar.Web
	if mode != "" {
		if pm, err := grammar.ParseMode(mode); err == nil {
			vm = pm
		}
	}
	var bu *urlspec.URL
	if base != "" {
		if u, err := urlspec.Parse(base); err == nil {
			bu = &u
			if mode == "" {
				bm := u.Model()
				vm = grammar.ModeForURL(&bm, grammar.Web)
			}
		}
	}
	a.Validity = validity(input, vm, bu)
	return marshal(a)
}

// Level is the answer at one equivalence level.
type Level struct {
	Level      string `json:"level"`
	Equivalent bool   `json:"equivalent"`
}

// CompareAnswer is what the page shows for two URLs.
type CompareAnswer struct {
	A, B       string  `json:"-"`
	Error      string  `json:"error,omitempty"`
	Levels     []Level `json:"levels"`
	NormalA    string  `json:"normal_a,omitempty"`
	NormalB    string  `json:"normal_b,omitempty"`
	DecodedA   string  `json:"decoded_a,omitempty"`
	DecodedB   string  `json:"decoded_b,omitempty"`
	RelativeAB string  `json:"relativize_a_b"`
	RelativeBA string  `json:"relativize_b_a"`
}

// Compare parses a and b as references in mode ("" for web) and compares
// them at every equivalence level, with their normal and decoded forms
// and relativize in both directions (a reference from a to b, and from b
// to a).
func Compare(a, b, mode string) string {
	m := grammar.Web
	if mode != "" {
		if pm, err := grammar.ParseMode(mode); err == nil {
			m = pm
		}
	}
	ans := CompareAnswer{Levels: []Level{}}
	ua, err := urlspec.ParseRef(a, m)
	if err != nil {
		ans.Error = "A: " + err.Error()
		return marshal(ans)
	}
	ub, err := urlspec.ParseRef(b, m)
	if err != nil {
		ans.Error = "B: " + err.Error()
		return marshal(ans)
	}
	for _, l := range refops.Levels {
		ans.Levels = append(ans.Levels, Level{l.String(), urlspec.Equivalent(ua, ub, l)})
	}
	na, nb := refops.Normalize(ua), refops.Normalize(ub)
	ans.NormalA, ans.NormalB = na.Href(), nb.Href()
	da, db := urlspec.DecodedForm(ua), urlspec.DecodedForm(ub)
	ans.DecodedA, ans.DecodedB = da.Href(), db.Href()
	rel := func(base, target urlspec.Ref) string {
		r, err := urlspec.Relativize(base, target)
		if err != nil {
			return "fails: " + err.Error()
		}
		m := r.Model()
		if s := print.ASCII(&m); s != "" {
			return s
		}
		return "ε (the empty reference: B is A)"
	}
	ans.RelativeAB, ans.RelativeBA = rel(ua, ub), rel(ub, ua)
	return marshal(ans)
}

// ClaimAnswer is what the page shows for a claim.
type ClaimAnswer struct {
	Error  string        `json:"error,omitempty"`
	Result *claim.Result `json:"result,omitempty"`
	Text   string        `json:"text"`
}

// Claim checks the claim expr on cases generated inputs (claim's default
// when 0), seed 1, and returns the result with its shrunk counterexample.
func Claim(expr string, cases int) string {
	r, err := claim.Check(expr, claim.Config{Cases: cases, Seed: 1})
	if err != nil {
		return marshal(ClaimAnswer{Error: err.Error(), Text: syntaxText(err)})
	}
	return marshal(ClaimAnswer{Result: &r, Text: r.Text()})
}

func syntaxText(err error) string {
	var se *claim.SyntaxError
	if errors.As(err, &se) {
		return "malformed at column " + itoa(se.Column()) + ": " + se.Msg + "\n" + se.Caret() + "\n"
	}
	return err.Error() + "\n"
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// EvalAnswer is what the page shows for an expression.
type EvalAnswer struct {
	Error      string        `json:"error,omitempty"`
	Value      string        `json:"value"`
	String     string        `json:"string,omitempty"`
	Components []Component   `json:"components,omitempty"`
	Steps      []claim.Value `json:"-"`
	Text       string        `json:"text"`
}

// Eval evaluates an expression without variables (string literals used as
// URLs are parsed in mode, "" for web).
func Eval(expr, mode string) string {
	m := grammar.Web
	if mode != "" {
		if pm, err := grammar.ParseMode(mode); err == nil {
			m = pm
		}
	}
	e, err := claim.ParseExpr(expr, m)
	if err != nil {
		return marshal(EvalAnswer{Error: err.Error(), Text: syntaxText(err)})
	}
	v, steps := e.Eval()
	ans := EvalAnswer{Value: v.String()}
	var b strings.Builder
	for _, s := range steps {
		b.WriteString(s.Name + " = " + s.Value + "\n")
	}
	ans.Text = b.String()
	if v.IsURL() && !v.Failed() {
		ans.String = print.ASCII(&v.URL)
		ans.Components = componentsOf(&v.URL)
	}
	return marshal(ans)
}
