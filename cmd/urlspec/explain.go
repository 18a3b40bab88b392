package main

import (
	"io"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/explain"
	"github.com/urlspec/urlspec/model"
)

// hostNote is explain.HostNote, which parse shows too.
func hostNote(s string, mode grammar.Mode, u *model.URL) string { return explain.HostNote(s, mode, u) }

const explainHelp = `usage: urlspec explain INPUT... [--base BASE] [--mode MODE] [--json]

Show every phase of parse-resolve-and-normalise (§Concluding), the spec's
description of the WHATWG basic URL parser, for new URL(INPUT, BASE):
  1 preprocess  what §Preprocessing removed (leading and trailing c0-space, tabs
                and newlines) and the string that remains
  2 mode        the parser mode (§Parser modes) and why: the input's scheme, or
                the fallback from the base
  3 parse       the component sequence the grammar gives (§URL Grammar), with
                what host parsing did to the host
  4 resolve     WHATWG resolution (§Resolution): which case applies and why;
                the scheme legacy resolution removed; the prefix of the base
                that goto keeps; the result of goto; what force changed and why
  5 normalise   each rewrite equation applied, in order, with the components
                before and after (§Equivalences and Normalisation)
  6 print       normalise for printing; the percent-encode profile and why; the
                characters it encoded in each component (§Printing)
  7 result      the href, the Unicode printing and the eleven WHATWG getters

BASE is parsed first as new URL(BASE). The steps are recomputed with the
library's packages; the result is checked against urlspec.Parse.

Flags:
  --base BASE   the base URL
  --mode MODE   the fallback parser mode (web, file or generic) for an INPUT
                without a scheme, in place of the base's (or web); the result is
                then not necessarily new URL(INPUT, BASE)
  --json        one JSON object per input, with every phase

Examples:
  urlspec explain 'HTTP://EXAMPLE.com:80/a/./b/../c?q#f'
  urlspec explain '../x' --base 'file:///C:/dir/sub/'
  urlspec explain 'http:foo/bar' --base 'http://host/'
  urlspec explain ' https://ex%41mple.org/a b?c d#e f '
  urlspec explain '/p' --base 'sc:opaque'

Exit status: 0 the URL parses, 1 INPUT or BASE fails (the failing phase is
shown), 2 usage error.
`

// cmdExplain implements "urlspec explain".
func cmdExplain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagBase, flagMode, flagJSON)
	if err != nil {
		return usageError("explain", err, stdout, stderr)
	}
	out := newOutput(stdout)
	defer out.flush()
	var base *explain.Base
	if opts.has("base") {
		base = explain.NewBase(opts.get("base"))
	}
	var xo explain.Options
	if opts.has("mode") {
		xo.Mode = opts.get("mode")
	}
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		defer out.flush()
		x := explain.New(input, base, xo)
		if opts.json() {
			if err := x.WriteJSON(out.w); err != nil {
				out.jsonLine(map[string]any{"failure": true, "error": err.Error()})
			}
		} else {
			out.block()
			x.WriteText(out.w, out.Pal.On)
		}
		if x.Failed() {
			return exitFailure
		}
		return exitOK
	})
}
