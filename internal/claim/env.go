package claim

import (
	"sort"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

// Env is an environment: the operations of the specification that the
// claim functions use, each replaceable, so that a claim (or a law) can be
// checked under a changed specification ("which laws stop holding if the
// standard dropped this rewrite rule?"). A nil field, like a nil *Env, is
// the default operation, the library's own; Complete fills them in.
//
// preprocess(s) is Preprocess, parse(s, m) is Parse, norm(x) is Normalize,
// print(x) is Print, and a string literal where an URL is expected is
// Parse(Preprocess(literal), web). The other functions (goto, force,
// generic, legacy, whatwg, ord, upto, min, has, scheme, drop) are the
// specification's structure, the same in every environment. Two of them
// are built on normalisation and printing and cannot take replacements:
// encoded(x) (the URL print(x) represents) when Print is replaced, and
// relativize(x, y) when Normalize or Print is; a claim that uses them in
// such an environment is not checked (Claim.EnvProblem), rather than
// checked with the default.
type Env struct {
	// Preprocess is spec §Preprocessing (default: grammar.Preprocess).
	Preprocess func(input string) string
	// Parse is the URL grammar in a mode, without preprocessing (default:
	// grammar.Parse).
	Parse func(input string, mode grammar.Mode) (model.URL, error)
	// Normalize is spec §Equivalences and Normalisation (default:
	// normalize.Normalize).
	Normalize func(u model.URL) model.URL
	// Print is the ASCII URL-string of an URL (default: print.ASCII).
	Print func(u *model.URL) string
	// WHATWG is the WHATWG URL parser on an input and an optional base:
	// the normalised URL, before or after percent-encoding (the laws
	// compare its results as Print prints them). Default: WHATWGPipeline
	// with this Env's Preprocess, Parse and Normalize, before encoding.
	WHATWG func(input string, base *model.URL) (model.URL, error)
}

// Complete returns the environment with every nil operation replaced by
// the default one; a nil env gives the defaults.
func (e *Env) Complete() Env {
	var c Env
	if e != nil {
		c = *e
	}
	if c.Preprocess == nil {
		c.Preprocess = func(s string) string {
			p, _ := grammar.Preprocess(s)
			return p
		}
	}
	if c.Parse == nil {
		c.Parse = grammar.Parse
	}
	if c.Normalize == nil {
		c.Normalize = normalize.Normalize
	}
	if c.Print == nil {
		c.Print = print.ASCII
	}
	if c.WHATWG == nil {
		pre, parse, norm := c.Preprocess, c.Parse, c.Normalize
		c.WHATWG = func(input string, base *model.URL) (model.URL, error) {
			return WHATWGPipeline(pre, parse, norm, input, base)
		}
	}
	return c
}

// Replaced returns the names of the operations that env replaces (its
// non-nil fields), sorted; none for a nil env.
func (e *Env) Replaced() []string {
	if e == nil {
		return nil
	}
	var out []string
	for name, set := range map[string]bool{"Preprocess": e.Preprocess != nil, "Parse": e.Parse != nil,
		"Normalize": e.Normalize != nil, "Print": e.Print != nil, "WHATWG": e.WHATWG != nil} {
		if set {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// WHATWGPipeline is parse-resolve-and-normalise (spec §Concluding) with
// the given operations, up to and without percent-encoding: preprocess
// the input; choose the parser mode with the base's mode as fallback (web
// without a base); parse; WHATWG-resolve against the base; normalise.
func WHATWGPipeline(pre func(string) string, parse func(string, grammar.Mode) (model.URL, error),
	norm func(model.URL) model.URL, input string, base *model.URL) (model.URL, error) {
	var b model.URL
	if base != nil {
		b = *base
	}
	s := pre(input)
	mode := grammar.ModeFor(s, grammar.ModeForURL(&b, grammar.Web))
	p, err := parse(s, mode)
	if err != nil {
		return model.URL{}, err
	}
	r, _, err := resolve.WHATWGResolve(&p, &b)
	if err != nil {
		return model.URL{}, err
	}
	return norm(r), nil
}

// defaultOps is the default environment, completed.
var defaultOps = (*Env)(nil).Complete()

// opsFor returns the completed operations of env.
func opsFor(env *Env) *Env {
	if env == nil {
		return &defaultOps
	}
	c := env.Complete()
	return &c
}

// envBlockers lists, for the functions built on operations they cannot
// take from an Env, the operations whose replacement they would miss.
var envBlockers = map[string][]string{
	"encoded":    {"Print"},
	"relativize": {"Normalize", "Print"},
}

// EnvProblem says why the claim cannot be checked in env: it uses a
// function built on an operation that env replaces and that the function
// cannot take from env (see Env). It returns "" when the claim can be
// checked, always for a nil env.
func (c *Claim) EnvProblem(env *Env) string {
	if env == nil {
		return ""
	}
	replaced := map[string]bool{}
	for _, r := range env.Replaced() {
		replaced[r] = true
	}
	var problems []string
	seen := map[string]bool{}
	for _, rel := range append(append([]*relation(nil), c.premise...), c.rels...) {
		for _, side := range []*node{rel.left, rel.right} {
			if side == nil {
				continue
			}
			walk(side, func(n *node) {
				if n.op != opCall || seen[n.name] {
					return
				}
				for _, op := range envBlockers[n.name] {
					if replaced[op] {
						seen[n.name] = true
						problems = append(problems, n.name+" is built on the default "+op+", which the environment replaces")
						return
					}
				}
			})
		}
	}
	return strings.Join(problems, "; ")
}
