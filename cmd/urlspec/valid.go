package main

import (
	"errors"
	"fmt"
	"io"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/model"
)

const validHelp = `usage: urlspec valid INPUT... [--base BASE] [--mode web|file|generic] [--json]

Give two verdicts on each INPUT, each by its own rule:

  valid URL string   the WHATWG URL Standard's "valid URL string" (§URL writing):
                     an absolute-URL-with-fragment string or, with --base, a
                     relative-URL-with-fragment string against BASE. Without a
                     base an input with no scheme is not a valid URL string.
  strict grammar     the URL specification's strict grammar (§Strict URL Grammar,
                     with the component-character table of spec 0.10.1), which
                     also holds relative references: no leading or trailing
                     c0-space, tab or newline; '/' as the only separator; percent
                     signs only in pct-encoded-bytes; no credentials; only
                     characters of class v or E in each component; strict IPv4,
                     RFC 3986 IPv6 and valid domains; web-URLs with a host.

The two differ: 'file:///C|/x' is valid under the strict grammar (C| is a
drive) but not a valid URL string ('|' is not a URL code point), and
'example.com' is read as a relative reference (a path) that the strict grammar
accepts but that is a valid URL string only against a base. Each invalid
verdict shows where it fails, with a caret under the input, and why.

Flags:
  --base BASE   the base URL for the standard's verdict on relative references
  --mode MODE   parser mode for input without a scheme: web (default), file or generic
  --json        one JSON object per input: "input", "read_as" ("absolute URL" or
                "relative reference"), "valid_url_string" with, when false,
                "url_string_violation" {"offset", "rule", "reason"}; "strict_grammar"
                with, when false, "code", "offset", "reason" and "error"; and "valid",
                true when both verdicts are

Examples:
  urlspec valid 'https://example.com/a?b#c'
  urlspec valid 'http:\\example.com/'
  urlspec valid 'file:///C|/x'
  urlspec valid example.com
  urlspec valid example.com --base https://example.org/
  urlspec valid 'a/b%zz' --mode generic
  cat urls.txt | urlspec valid --json

Exit status: 0 every INPUT is valid by both verdicts, 1 some INPUT is not, 2
usage error.
`

// cmdValid implements "urlspec valid".
func cmdValid(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagBase, flagMode, flagJSON)
	if err != nil {
		return usageError("valid", err, stdout, stderr)
	}
	mode := opts.mode(grammar.Web)
	var base *urlspec.URL
	if opts.has("base") {
		b, err := urlspec.Parse(opts.get("base"))
		if err != nil {
			fmt.Fprintln(stderr, "urlspec valid: --base:", display.DescribeError(err))
			return exitUsage
		}
		base = &b
	}
	out := newOutput(stdout)
	defer out.flush()
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		defer out.flush()
		v := checkValid(input, mode, base)
		if opts.json() {
			out.jsonLine(validityJSON(v))
		} else {
			writeValid(out, v)
		}
		if v.Strict != nil || v.Standard != nil {
			return exitFailure
		}
		return exitOK
	})
}

// validity holds both verdicts on one input.
type validity = display.Validity

func checkValid(input string, mode grammar.Mode, base *urlspec.URL) validity {
	return display.CheckValidity(input, mode, base)
}

type validJSON struct {
	Input          string     `json:"input"`
	ReadAs         string     `json:"read_as"`
	ValidURLString bool       `json:"valid_url_string"`
	Violation      *urlString `json:"url_string_violation,omitempty"`
	StrictGrammar  bool       `json:"strict_grammar"`
	Valid          bool       `json:"valid"`
	display.ErrorInfo
}

type urlString struct {
	Offset int    `json:"offset"`
	Rule   string `json:"rule"`
	Reason string `json:"reason"`
}

func validityJSON(v validity) validJSON {
	a := validJSON{Input: v.Input, ReadAs: v.ReadAs(), ValidURLString: v.Standard == nil,
		StrictGrammar: v.Strict == nil, Valid: v.Standard == nil && v.Strict == nil}
	if v.Strict != nil {
		a.ErrorInfo = violationOf(v.Strict)
	}
	var e *model.Error
	if errors.As(v.Standard, &e) {
		a.Violation = &urlString{e.Offset, e.Reason, ""}
		if rule, reason, ok := cut(e.Reason, ": "); ok {
			a.Violation.Rule, a.Violation.Reason = rule, reason
		}
	}
	return a
}

func cut(s, sep string) (before, after string, ok bool) {
	for i := 0; i+len(sep) <= len(s); i++ {
		if s[i:i+len(sep)] == sep {
			return s[:i], s[i+len(sep):], true
		}
	}
	return s, "", false
}

func writeValid(out *output, v validity) {
	out.block()
	p := out.Pal
	out.Field(0, "input", display.Show(v.Input))
	if v.Absolute {
		out.Field(0, "read as", "an absolute URL "+p.Dim("("+v.Mode.String()+" mode)"))
	} else {
		against := "no base: give one with --base"
		if v.Base != nil {
			against = "against " + v.Base.Href()
		}
		ref := ""
		if v.Ref != "" {
			ref = ": " + v.Ref
		}
		out.Field(0, "read as", "a relative reference"+ref+" "+p.Dim("(no scheme; "+v.Mode.String()+" mode; "+against+")"))
	}
	out.Verdicts(v)
}
