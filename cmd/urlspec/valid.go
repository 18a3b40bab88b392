package main

import (
	"errors"
	"io"
	"strconv"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

const validHelp = `usage: urlspec valid INPUT... [--mode web|file|generic] [--json]

Check each INPUT against the strict URL grammar (§Strict URL Grammar, with the
component-character table of spec 0.10.1): no leading or trailing c0-space,
tab or newline; '/' as the only separator; percent signs only in
pct-encoded-bytes; no credentials; only characters of class v or E in each
component; strict IPv4, RFC 3986 IPv6 and valid domains; web-URLs with a host.
For an invalid INPUT show the first violation: its code, the byte offset with
a caret under the input, and the rule or character class that fails.

Flags:
  --mode MODE   parser mode for input without a scheme: web (default), file or generic
  --json        one JSON object per input: {"input", "valid"} and for an invalid
                input "code", "offset", "reason" and "error"

Examples:
  urlspec valid 'https://example.com/a?b#c'
  urlspec valid 'http:\\example.com/'
  urlspec valid 'https://user@example.com/'
  urlspec valid 'a/b%zz' --mode generic
  cat urls.txt | urlspec valid --json

Exit status: 0 every INPUT is valid, 1 some INPUT is not, 2 usage error.
`

// cmdValid implements "urlspec valid".
func cmdValid(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagMode, flagJSON)
	if err != nil {
		return usageError("valid", err, stdout, stderr)
	}
	mode := opts.mode(grammar.Web)
	out := newOutput(stdout)
	defer out.flush()
	return eachInput(opts.args, stdin, stderr, func(input string) int {
		defer out.flush()
		err := urlspec.Valid(input, mode)
		if opts.json() {
			a := validJSON{Input: input, Valid: err == nil}
			if err != nil {
				a.errorInfo = violationOf(err)
			}
			out.jsonLine(a)
		} else {
			writeValid(out, input, mode, err)
		}
		if err != nil {
			return exitFailure
		}
		return exitOK
	})
}

type validJSON struct {
	Input string `json:"input"`
	Valid bool   `json:"valid"`
	errorInfo
}

func writeValid(out *output, input string, mode grammar.Mode, err error) {
	out.block()
	p := out.pal
	if err == nil {
		out.field(0, "valid", p.good(show(input)))
		return
	}
	var e *model.Error
	if !errors.As(err, &e) {
		out.field(0, "invalid", p.bad(err.Error()))
		return
	}
	head := string(e.Code)
	if e.Offset >= 0 {
		head += " at byte " + strconv.Itoa(e.Offset)
	}
	out.field(0, "invalid", p.bad(head)+" "+p.dim("("+modeName(input, mode)+" mode)"))
	if e.Offset >= 0 && e.Offset <= len(input) {
		line, caret := pointAt(input, e.Offset)
		out.printf("  %s\n  %s\n", line, p.bad(caret))
	} else {
		out.printf("  %s\n", show(input))
	}
	if e.Reason != "" {
		out.field(0, "reason", e.Reason)
	}
}

// modeName returns the name of the mode that parser-mode-for selects for input.
func modeName(input string, fallback grammar.Mode) string {
	return grammar.ModeFor(input, fallback).String()
}
