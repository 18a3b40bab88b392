package main

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/refops"
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
			out.jsonLine(v.json())
		} else {
			writeValid(out, v)
		}
		if v.strict != nil || v.standard != nil {
			return exitFailure
		}
		return exitOK
	})
}

// validity holds both verdicts on one input.
type validity struct {
	input    string
	mode     grammar.Mode
	base     *urlspec.URL
	absolute bool   // the input has a scheme
	ref      string // the components of the reference, when it parses
	strict   error  // the strict grammar's first violation, or nil
	standard error  // why it is not a valid URL string, or nil
}

func checkValid(input string, mode grammar.Mode, base *urlspec.URL) validity {
	v := validity{input: input, mode: grammar.ModeFor(input, mode), base: base}
	if r, err := urlspec.ParseRef(input, mode); err == nil {
		m := r.Model()
		v.absolute, v.ref = m.Has(model.SchemeType), m.String()
	} else {
		pre, _ := grammar.Preprocess(input)
		v.absolute = hasScheme(pre)
	}
	v.strict = refops.Valid(input, mode)
	v.standard = refops.CheckURLString(input, base)
	return v
}

// hasScheme reports whether s starts with a scheme and ':'.
func hasScheme(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c|0x20 >= 'a' && c|0x20 <= 'z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		case i > 0 && c == ':':
			return true
		default:
			return false
		}
	}
	return false
}

func (v validity) readAs() string {
	if v.absolute {
		return "absolute URL"
	}
	return "relative reference"
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

func (v validity) json() validJSON {
	a := validJSON{Input: v.input, ReadAs: v.readAs(), ValidURLString: v.standard == nil,
		StrictGrammar: v.strict == nil, Valid: v.standard == nil && v.strict == nil}
	if v.strict != nil {
		a.ErrorInfo = violationOf(v.strict)
	}
	var e *model.Error
	if errors.As(v.standard, &e) {
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
	out.Field(0, "input", display.Show(v.input))
	if v.absolute {
		out.Field(0, "read as", "an absolute URL "+p.Dim("("+v.mode.String()+" mode)"))
	} else {
		against := "no base: give one with --base"
		if v.base != nil {
			against = "against " + v.base.Href()
		}
		ref := ""
		if v.ref != "" {
			ref = ": " + v.ref
		}
		out.Field(0, "read as", "a relative reference"+ref+" "+p.Dim("(no scheme; "+v.mode.String()+" mode; "+against+")"))
	}
	const std = "(WHATWG URL Standard, §URL writing)"
	if v.standard == nil {
		out.Field(0, "valid URL string", p.Good("yes")+" "+p.Dim(std))
	} else {
		out.Field(0, "valid URL string", p.Bad("no")+" "+p.Dim(std))
		writeViolation(out, v.input, v.standard, false)
	}
	const strict = "(URL specification, §Strict URL Grammar)"
	if v.strict == nil {
		out.Field(0, "strict grammar", p.Good("valid")+" "+p.Dim(strict))
	} else {
		out.Field(0, "strict grammar", p.Bad("invalid")+" "+p.Dim(strict))
		writeViolation(out, v.input, v.strict, true)
	}
}

// writeViolation writes the input with a caret under the error's offset and,
// after the caret, the code (for the strict grammar) and the reason.
func writeViolation(out *output, input string, err error, withCode bool) {
	p := out.Pal
	var e *model.Error
	if !errors.As(err, &e) {
		out.Printf("  %s\n", p.Bad(err.Error()))
		return
	}
	what := e.Reason
	if withCode {
		what = string(e.Code) + ": " + e.Reason
	}
	if e.Offset < 0 || e.Offset > len(input) {
		out.Printf("  %s\n", what)
		return
	}
	line, caret := display.PointAt(input, e.Offset)
	out.Printf("  %s\n  %s %s\n", line, p.Bad(caret), what+" "+p.Dim("(byte "+strconv.Itoa(e.Offset)+")"))
}
