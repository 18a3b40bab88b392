package main

import (
	"io"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

const parseHelp = `usage: urlspec parse INPUT... [--mode web|file|generic] [--all-errors] [--json]

Parse each INPUT as a reference in the spec's model — an absolute URL or a
relative reference — without a base, resolution or normalisation
(§Preprocessing, §Parser modes, §URL Grammar, §Host Parsing), and show:
  the parser mode and why; the component sequence, one component a line (the
  authority's own components indented below it); the ASCII and the Unicode
  printing of the parsed URL; its normal form; the WHATWG result
  (new URL(INPUT), when INPUT is absolute); the validation errors of the
  WHATWG parser on INPUT (without a base), each with a caret under the input
  (the first 10, then how many more); and its strict validity.

Flags:
  --mode MODE   parser mode for input without a scheme: web (default), file or generic
  --all-errors  list every validation error, not only the first 10
  --json        one JSON object per input ("validation_errors": [{"name",
                "offset", "reason"}], the WHATWG parser's)

Examples:
  urlspec parse 'HTTP://EXAMPLE.com:80/a/./b/../c?q#f'
  urlspec parse '../a/./b?q' --mode generic
  urlspec parse '//C|/dir/file' --mode file
  printf '%s\n' 'http://a/b' 'sc:x y' | urlspec parse --json

Exit status: 0 parsed, 1 the grammar rejects INPUT (a bad host or port), 2 usage error.
`

// cmdParse implements "urlspec parse".
func cmdParse(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagMode, flagJSON, flagDef{name: "all-errors", boolean: true})
	if err != nil {
		return usageError("parse", err, stdout, stderr)
	}
	limit := maxListedErrors
	if opts.has("all-errors") {
		limit = -1
	}
	out := newOutput(stdout)
	defer out.flush()
	mode := opts.mode(grammar.Web)
	fallbackWhy := "web, the default"
	if opts.has("mode") {
		fallbackWhy = mode.String() + ", from --mode"
	}
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		defer out.flush()
		if opts.json() {
			return parseJSON(out, input, mode)
		}
		return parseText(out, input, mode, fallbackWhy, limit)
	})
}

// parsed is what parse finds out about one input.
type parsed struct {
	pre      string
	mode     grammar.Mode
	url      model.URL
	err      error
	validErr error
	whatwg   urlspec.URL
	whatwgOK error
	// errs are the validation errors of the WHATWG parser on the input,
	// without a base.
	errs []urlspec.ValidationError
}

func parseOne(input string, mode grammar.Mode) parsed {
	var p parsed
	p.pre, _ = grammar.Preprocess(input)
	p.mode = grammar.ModeFor(p.pre, mode)
	var u urlspec.Ref
	u, p.err = urlspec.ParseRef(input, mode)
	if p.err == nil {
		p.url = u.Model()
	}
	p.validErr = refops.Valid(input, mode)
	p.whatwg, p.errs, p.whatwgOK = refops.ParseWithValidationErrors(input, nil)
	return p
}

func parseText(out *output, input string, mode grammar.Mode, fallbackWhy string, limit int) int {
	out.block()
	p := parseOne(input, mode)
	out.Field(0, "input", display.Show(input))
	_, why := display.ModeWhy(p.pre, mode, fallbackWhy)
	out.Field(0, "mode", p.mode.String()+" "+out.Pal.Dim("("+why+")"))
	if p.err != nil {
		out.Failure(0, "failure", input, p.err)
		out.writeValidationErrors(input, p.errs, limit)
		return exitFailure
	}
	out.Field(0, "components", strconv.Itoa(len(display.ComponentList(&p.url)))+" "+out.Pal.Dim("(spec §URL: one a line, in order)"))
	out.Components(2, &p.url, hostNote(p.pre, p.mode, &p.url))
	out.Field(0, "ascii", display.Show(print.ASCII(&p.url)))
	out.Field(0, "unicode", display.Show(print.Unicode(&p.url)))
	n := normalize.Normalize(p.url)
	norm := display.Show(print.ASCII(&n))
	if n.Equal(&p.url) {
		norm += " " + out.Pal.Dim("(already normal)")
	}
	out.Field(0, "normalised", norm)
	switch {
	case !p.url.Has(model.SchemeType):
		out.Field(0, "whatwg", out.Pal.Dim("none: a relative reference needs a base (urlspec resolve --base)"))
	case p.whatwgOK == nil:
		out.Field(0, "whatwg", display.Show(p.whatwg.Href()))
	default:
		out.Field(0, "whatwg", out.Pal.Warn("failure: "+display.DescribeError(p.whatwgOK)))
	}
	if p.url.Has(model.SchemeType) {
		out.writeValidationErrors(input, p.errs, limit)
	} else {
		out.Field(0, "validation", out.Pal.Dim("none: a relative reference needs a base (urlspec resolve --base)"))
	}
	if p.validErr == nil {
		out.Field(0, "valid", out.Pal.Good("yes"))
	} else {
		out.Field(0, "valid", out.Pal.Warn("no: "+display.ViolationSummary(p.validErr))+" "+out.Pal.Dim("(urlspec valid shows where)"))
	}
	return exitOK
}

// maxListedErrors is how many validation errors parse lists by default:
// past it, one line says how many more there are (as compilers cap their
// error listings); --all-errors lists them all.
const maxListedErrors = 10

// writeValidationErrors writes the validation errors of the WHATWG parser
// on input (without a base): how many, then the input once and, for each of
// the first limit errors in the order reported (all when limit < 0), a
// caret under its offset with its name and reason, then "… N more". The
// columns of every offset are computed in one pass over the input, so the
// cost is linear in the input plus the output.
func (o *output) writeValidationErrors(input string, errs []urlspec.ValidationError, limit int) {
	what := o.Pal.Dim("(the WHATWG URL Standard's parser, new URL(INPUT))")
	if len(errs) == 0 {
		o.Field(0, "validation", "no errors "+what)
		return
	}
	n := strconv.Itoa(len(errs)) + " errors"
	if len(errs) == 1 {
		n = "1 error"
	}
	o.Field(0, "validation", o.Pal.Warn(n)+" "+what)
	line, cols := display.Columns(input)
	o.Printf("  %s\n", line)
	shown := errs
	if limit >= 0 && len(errs) > limit {
		shown = errs[:limit]
	}
	for _, e := range shown {
		off := min(max(e.Offset, 0), len(input))
		o.Printf("  %s %s: %s\n", o.Pal.Warn(strings.Repeat(" ", cols[off])+"^"), e.Name, e.Reason)
	}
	if more := len(errs) - len(shown); more > 0 {
		o.Printf("  %s\n", o.Pal.Dim("… "+strconv.Itoa(more)+" more (--all-errors lists them all; --json gives them all)"))
	}
}

// validationErrorJSON is a validation error as --json and batch print it.
type validationErrorJSON struct {
	Name   string `json:"name"`
	Offset int    `json:"offset"`
	Reason string `json:"reason"`
}

// validationErrorsJSON converts errs, never returning nil (so that no
// errors print as []).
func validationErrorsJSON(errs []urlspec.ValidationError) []validationErrorJSON {
	out := make([]validationErrorJSON, 0, len(errs))
	for _, e := range errs {
		out = append(out, validationErrorJSON{e.Name, e.Offset, e.Reason})
	}
	return out
}

type parseAnswer struct {
	Input      string                  `json:"input"`
	Mode       string                  `json:"mode"`
	Components []display.ComponentJSON `json:"components"`
	Structure  string                  `json:"structure"`
	ASCII      string                  `json:"ascii"`
	Unicode    string                  `json:"unicode"`
	Normalised string                  `json:"normalised"`
	WHATWG     *string                 `json:"whatwg"`
	Valid      bool                    `json:"valid"`
	Violation  *display.ErrorInfo      `json:"violation,omitempty"`
	// ValidationErrors are those of the WHATWG parser on INPUT, without a
	// base.
	ValidationErrors []validationErrorJSON `json:"validation_errors"`
}

type parseFailure struct {
	Input string `json:"input"`
	Mode  string `json:"mode"`
	display.ErrorInfo
	ValidationErrors []validationErrorJSON `json:"validation_errors"`
}

func parseJSON(out *output, input string, mode grammar.Mode) int {
	p := parseOne(input, mode)
	if p.err != nil {
		out.jsonLine(parseFailure{input, p.mode.String(), display.ErrorInfoOf(p.err), validationErrorsJSON(p.errs)})
		return exitFailure
	}
	n := normalize.Normalize(p.url)
	a := parseAnswer{
		Input: input, Mode: p.mode.String(), Components: display.ComponentRecords(&p.url),
		Structure: p.url.String(), ASCII: print.ASCII(&p.url), Unicode: print.Unicode(&p.url),
		Normalised: print.ASCII(&n), Valid: p.validErr == nil,
		ValidationErrors: validationErrorsJSON(p.errs),
	}
	if p.whatwgOK == nil && p.url.Has(model.SchemeType) {
		a.WHATWG = display.Ptr(p.whatwg.Href())
	}
	if p.validErr != nil {
		a.Violation = display.Ptr(violationOf(p.validErr))
	}
	out.jsonLine(a)
	return exitOK
}
