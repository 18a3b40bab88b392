package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/claim"
)

const claimUsage = `usage: urlspec claim 'EXPR' [--cases N] [--seed S] [--mode M] [--defined] [--json]

Evaluates the claim EXPR on generated URLs and prints "holds (N cases)" or
its smallest counterexample found, with every intermediate value.

A claim is one or more equations (==), inequations (!=) or tests (has(a,
scheme), negated !has(a, scheme)) joined by &&. A guarded claim
PREMISE ==> CONCLUSION is checked only on the cases where the premise holds:
it prints "holds on N cases (M satisfied the premise, P%%)", and a premise
that no case satisfies makes the claim vacuous, not true. Variables a, b and c are URLs, s and t strings; empty (or ε) is the empty
URL; a name is a component type (scheme authority drive path-root dir file
query fragment) or a mode (web file generic); "..." is a string. Functions:
%s
URLs are equal when they have the same components with the same values
(compare norm(x) == norm(y) for normal forms). A failed operation gives a
failure, which propagates; two failures are equal.

  --cases N   cases to try (default 10000)
  --seed S    seed of the generators (default 1)
  --mode M    generate the URLs in mode web, file or generic (default any)
  --defined   count a case only when both sides are defined (no failure)
  --json      one JSON object: {"claim", "holds", "cases", "seed",
              "counterexample": {"inputs", "steps", "message"}}, and for a
              guarded claim "guarded", "satisfied" and "vacuous"

Exit status: 0 the claim holds, 1 a counterexample was found or the guarded
claim is vacuous, 2 the claim is
malformed (the error gives its column; terms nested deeper than 10000 levels,
as in encoding/json, are malformed too) or a usage error.

Examples:
  urlspec claim 'goto(goto(a, b), c) == goto(a, goto(b, c))'
  urlspec claim 'norm(goto(norm(a), norm(b))) == norm(goto(a, b))'
  urlspec claim 'norm(parse(print(norm(a)), file)) == norm(encoded(norm(a)))' --mode file
  urlspec claim 'force(goto(force(a), b)) == force(goto(a, b))' --defined
  urlspec claim 'has(b, scheme) ==> force(goto(a, force(b))) == force(goto(a, b))'
  urlspec claim 'has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)'
  urlspec claim 'norm(parse("http://h/a/../b", web)) == parse("http://h/b", web)'
`

// cmdClaim implements "urlspec claim".
func cmdClaim(args []string, stdout, stderr io.Writer) int {
	usage := fmt.Sprintf(claimUsage, claim.Functions())
	opts := lawsCheckOptions{cases: claim.DefaultCases, seed: 1}
	var expr string
	var haveExpr, defined bool
	var modes []grammar.Mode
	for i := 0; i < len(args); i++ {
		if lawsIsHelp(args[i]) {
			fmt.Fprint(stdout, usage)
			return 0
		}
		last, ok, err := opts.parse(args, i)
		if err == nil && !ok {
			var v string
			if v, last, ok, err = lawsFlagValue(args, i, "mode"); ok && err == nil {
				modes, err = claimParseModes(v)
			}
		}
		if err == nil && !ok && (args[i] == "--defined" || args[i] == "-defined") {
			defined, ok = true, true
		}
		if err != nil {
			fmt.Fprintf(stderr, "urlspec claim: %v\n\n%s", err, usage)
			return 2
		}
		if !ok {
			if haveExpr {
				fmt.Fprintf(stderr, "urlspec claim: unexpected argument %q (quote the claim as one argument)\n\n%s", args[i], usage)
				return 2
			}
			expr, haveExpr = args[i], true
			continue
		}
		i = last
	}
	if !haveExpr {
		fmt.Fprintf(stderr, "urlspec claim: missing the claim\n\n%s", usage)
		return 2
	}
	c, err := claim.Parse(expr)
	if err != nil {
		var se *claim.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "urlspec claim: malformed claim at column %d: %s\n  %s\n", se.Column(), se.Msg, claimIndentCaret(se.Caret()))
		} else {
			fmt.Fprintln(stderr, "urlspec claim:", err)
		}
		return 2
	}
	r := c.Check(claim.Config{Cases: opts.cases, Seed: opts.seed, Modes: modes, Defined: defined})
	if opts.asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			fmt.Fprintln(stderr, "urlspec claim:", err)
			return 1
		}
	} else {
		fmt.Fprint(stdout, r.Text())
	}
	if !r.Holds {
		return 1
	}
	return 0
}

// indentCaret indents the second line of a caret diagram like the first.
func claimIndentCaret(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i+1] + "  " + s[i+1:]
		}
	}
	return s
}

// parseModes reads the value of --mode.
func claimParseModes(v string) ([]grammar.Mode, error) {
	if v == "any" || v == "all" {
		return nil, nil
	}
	m, err := grammar.ParseMode(v)
	if err != nil {
		return nil, fmt.Errorf("--mode wants web, file, generic or any, not %q", v)
	}
	return []grammar.Mode{m}, nil
}
