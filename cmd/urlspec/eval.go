package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/print"
)

const evalUsage = `usage: urlspec eval 'EXPR'|- [--mode web|file|generic] [--json]

Evaluates one expression of the claim language (see urlspec claim --help)
without variables and prints its value: an URL as its component sequence (one
component a line) and as the URL-string it prints as, a string quoted; and
the value of every subexpression, innermost first (those nested deeper than
8 calls are left out, and a first line "…" says how many; a name shows 3
levels of calls, then "…"). EXPR "-" reads the expression from stdin, for one
longer than an argument can be. A string literal where an URL is expected
stands for the URL the grammar parses it as, after preprocessing, in the mode
of --mode (web by default); parse("…", MODE) chooses the mode of one literal.

The functions:
%s
  --mode MODE  the parser mode of string literals used as URLs (default web)
  --json       one JSON object: {"expr", "steps": [{"name", "value"}],
               "value", "components", "string", "failure"}

Exit status: 0 the expression has a value, 1 an operation in it fails
(the failure is the value), 2 the expression is malformed (this includes
terms nested deeper than 10000 levels, the limit encoding/json puts on JSON:
a call's arguments and a parenthesized term are one level deeper; the time
and memory of eval stay linear in the expression's length).

Examples:
  urlspec eval 'goto("//", "./")'
  urlspec eval 'force("http:foo/bar")'
  urlspec eval 'norm("http:a/../b")'
  urlspec eval 'relativize("http://h/a/b/c", "http://h/a/d")'
  urlspec eval 'print(parse("C|/x", file))'
`

type evalJSON struct {
	Expr       string                  `json:"expr"`
	Steps      []evalStepJSON          `json:"steps"`
	Value      string                  `json:"value"`
	Components []display.ComponentJSON `json:"components,omitempty"`
	String     *string                 `json:"string,omitempty"`
	Failure    *display.ErrorInfo      `json:"failure,omitempty"`
}

type evalStepJSON struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// cmdEval implements "urlspec eval".
func cmdEval(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	usage := fmt.Sprintf(evalUsage, claim.Functions())
	var expr string
	var haveExpr, asJSON bool
	mode := grammar.Web
	for i := 0; i < len(args); i++ {
		a := args[i]
		if lawsIsHelp(a) {
			fmt.Fprint(stdout, usage)
			return exitOK
		}
		if a == "--json" || a == "-json" {
			asJSON = true
			continue
		}
		if v, last, ok, err := lawsFlagValue(args, i, "mode"); ok {
			if err == nil {
				mode, err = grammar.ParseMode(v)
			}
			if err != nil {
				fmt.Fprintf(stderr, "urlspec eval: --mode wants web, file or generic: %v\n\n%s", err, usage)
				return exitUsage
			}
			i = last
			continue
		}
		if a == "--" && i+1 < len(args) && !haveExpr {
			i++
			a = args[i]
		}
		if haveExpr {
			fmt.Fprintf(stderr, "urlspec eval: unexpected argument %q (quote the expression as one argument)\n\n%s", a, usage)
			return exitUsage
		}
		expr, haveExpr = a, true
	}
	if !haveExpr {
		fmt.Fprintf(stderr, "urlspec eval: missing the expression\n\n%s", usage)
		return exitUsage
	}
	if expr == "-" {
		// The expression from stdin: longer than an argument can be.
		b, err := io.ReadAll(stdin)
		if err != nil {
			fmt.Fprintln(stderr, "urlspec eval: reading stdin:", err)
			return exitFailure
		}
		expr = strings.TrimRight(string(b), "\r\n")
	}
	e, err := claim.ParseExpr(expr, mode)
	if err != nil {
		var se *claim.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "urlspec eval: malformed expression at column %d: %s\n  %s\n", se.Column(), se.Msg, claimIndentCaret(se.Caret()))
		} else {
			fmt.Fprintln(stderr, "urlspec eval:", err)
		}
		return exitUsage
	}
	v, steps := e.Eval()
	status := exitOK
	if v.Failed() {
		status = exitFailure
	}
	out := newOutput(stdout)
	defer out.flush()
	if asJSON {
		j := evalJSON{Expr: expr, Steps: []evalStepJSON{}, Value: v.String()}
		for _, s := range steps {
			j.Steps = append(j.Steps, evalStepJSON{s.Name, s.Value})
		}
		switch {
		case v.Failed():
			j.Failure = display.Ptr(display.ErrorInfoOf(v.Err))
		case v.IsURL():
			j.Components = display.ComponentRecords(&v.URL)
			j.String = display.Ptr(print.ASCII(&v.URL))
		}
		out.jsonLine(j)
		return status
	}
	p := out.Pal
	out.Field(0, "expr", p.Heading(expr))
	// The subexpressions, the whole expression last (as the value).
	for _, s := range steps[:max(len(steps)-1, 0)] {
		out.Field(2, s.Name, "= "+s.Value)
	}
	switch {
	case v.Failed():
		out.Field(0, "value", p.Bad(v.String()))
	case v.IsURL():
		out.Field(0, "value", v.URL.String())
		out.Components(2, &v.URL, "")
		out.Field(0, "string", display.Show(print.ASCII(&v.URL)))
		if u := print.Unicode(&v.URL); u != print.ASCII(&v.URL) {
			out.Field(0, "unicode", display.Show(u))
		}
	default:
		out.Field(0, "value", v.String())
	}
	return status
}
