package main

import (
	"errors"
	"io"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
)

const resolveHelp = `usage: urlspec resolve INPUT... [--base BASE] [--as whatwg|generic|legacy] [--mode MODE] [--json]

Resolve each INPUT against BASE and show the result: its href, its component
sequence and the eleven WHATWG getters.

  --as whatwg   (default) the WHATWG basic URL parser, new URL(INPUT, BASE):
                parse-resolve-and-normalise (§Concluding); BASE is optional and
                is itself parsed as new URL(BASE)
  --as generic  generic-resolve (§Resolution): BASE goto INPUT, then normalise
  --as legacy   legacy-resolve: generic, after removing INPUT's scheme when it
                equals BASE's (ignoring case), then normalise
  For generic and legacy, BASE is required and is parsed as a reference in the
  mode of its own scheme (else --mode, else web), and INPUT in --mode, else in
  the base's mode; neither is forced.

Flags:
  --base BASE   the base URL
  --as KIND     whatwg (default), generic or legacy
  --mode MODE   web, file or generic (generic and legacy only)
  --json        one JSON object per input

Examples:
  urlspec resolve '../x' --base 'file:///C:/dir/sub/'
  urlspec resolve 'http:foo/bar' --base 'http://host/'
  urlspec resolve 'http:foo/bar' --base 'http://host/' --as generic
  urlspec resolve '../../../g' --base 'sc://a/b/c/d;p?q' --as generic
  printf '%s\n' a b/c ../d | urlspec resolve --base 'http://h/x/y' --json

Exit status: 0 resolved, 1 INPUT or BASE fails to parse or resolve, 2 usage error.
`

var flagAs = flagDef{name: "as", choices: []string{"whatwg", "generic", "legacy"}}

// cmdResolve implements "urlspec resolve".
func cmdResolve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagBase, flagAs, flagMode, flagJSON)
	if err != nil {
		return usageError("resolve", err, stdout, stderr)
	}
	kind := "whatwg"
	if opts.has("as") {
		kind = opts.get("as")
	}
	if kind == "whatwg" && opts.has("mode") {
		return usageError("resolve", errors.New("--mode applies to --as generic and legacy; WHATWG takes the mode from the base"), stdout, stderr)
	}
	if kind != "whatwg" && !opts.has("base") {
		return usageError("resolve", errors.New("--as "+kind+" needs --base"), stdout, stderr)
	}
	out := newOutput(stdout)
	defer out.flush()
	r := resolver{kind: kind, hasBase: opts.has("base"), baseInput: opts.get("base"), mode: opts.mode(grammar.Web), modeGiven: opts.has("mode")}
	r.prepare()
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		defer out.flush()
		u, err := r.resolve(input)
		if opts.json() {
			return resolveJSON(out, &r, input, u, err)
		}
		return resolveText(out, &r, input, u, err)
	})
}

// resolver resolves inputs against one base.
type resolver struct {
	kind       string
	hasBase    bool
	baseInput  string
	mode       grammar.Mode
	modeGiven  bool
	base       urlspec.URL // the base of WHATWG resolution
	baseRef    urlspec.Ref // the base of generic and legacy resolution
	baseErr    error
	inputMode  grammar.Mode
	baseFailed bool
}

// prepare parses the base.
func (r *resolver) prepare() {
	r.inputMode = r.mode
	if !r.hasBase {
		return
	}
	if r.kind == "whatwg" {
		r.base, r.baseErr = urlspec.Parse(r.baseInput)
	} else {
		pre, _ := grammar.Preprocess(r.baseInput)
		r.baseRef, r.baseErr = urlspec.ParseRef(r.baseInput, grammar.ModeFor(pre, r.mode))
		if r.baseErr == nil && !r.modeGiven {
			m := r.baseRef.Model()
			r.inputMode = grammar.ModeForURL(&m, r.mode)
		}
	}
	r.baseFailed = r.baseErr != nil
}

// errBase marks a failure of the base.
type errBase struct{ err error }

func (e errBase) Error() string { return "base: " + e.err.Error() }
func (e errBase) Unwrap() error { return e.err }

// resolved is the result of a resolution: an URL (WHATWG) or a reference
// (generic and legacy resolution).
type resolved interface {
	getterSource
	Model() model.URL
}

func (r *resolver) resolve(input string) (resolved, error) {
	if r.baseFailed {
		return nil, errBase{r.baseErr}
	}
	if r.kind == "whatwg" {
		var base *urlspec.URL
		if r.hasBase {
			base = &r.base
		}
		u, err := refops.Parse(input, base)
		return &u, err
	}
	u, err := urlspec.ParseRef(input, r.inputMode)
	if err != nil {
		return nil, err
	}
	if r.kind == "generic" {
		u, err = refops.GenericResolve(u, r.baseRef)
	} else {
		u, err = refops.LegacyResolve(u, r.baseRef)
	}
	if err != nil {
		return nil, err
	}
	n := refops.Normalize(u)
	return &n, nil
}

func (r *resolver) describe() string {
	switch r.kind {
	case "generic":
		return "generic-resolve: base goto input, normalised"
	case "legacy":
		return "legacy-resolve: generic, without input's scheme when it equals base's; normalised"
	}
	if r.hasBase {
		return "WHATWG: new URL(input, base)"
	}
	return "WHATWG: new URL(input)"
}

func resolveText(out *output, r *resolver, input string, u resolved, err error) int {
	out.block()
	out.Field(0, "input", display.Show(input))
	if r.hasBase {
		out.Field(0, "base", display.Show(r.baseInput))
	}
	out.Field(0, "as", r.kind+" "+out.Pal.Dim("("+r.describe()+")"))
	if err != nil {
		var eb errBase
		if errors.As(err, &eb) {
			out.Failure(0, "base failure", r.baseInput, err)
		} else {
			out.Failure(0, "failure", input, err)
		}
		return exitFailure
	}
	out.Field(0, "href", out.Pal.Heading(display.Show(u.Href())))
	m := u.Model()
	out.Field(0, "components", m.String())
	for _, g := range getterList(u) {
		if g.Name == "href" {
			continue
		}
		out.Field(2, g.Name, quote(g.Value))
	}
	return exitOK
}

type resolveAnswer struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	As    string  `json:"as"`
	gettersJSON
	Components string `json:"components"`
}

type resolveFailure struct {
	Input string  `json:"input"`
	Base  *string `json:"base"`
	As    string  `json:"as"`
	display.ErrorInfo
}

func resolveJSON(out *output, r *resolver, input string, u resolved, err error) int {
	var base *string
	if r.hasBase {
		base = &r.baseInput
	}
	if err != nil {
		out.jsonLine(resolveFailure{input, base, r.kind, display.ErrorInfoOf(err)})
		return exitFailure
	}
	m := u.Model()
	out.jsonLine(resolveAnswer{input, base, r.kind, gettersJSONOf(u), m.String()})
	return exitOK
}
