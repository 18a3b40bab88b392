package main

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/refops"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
	"github.com/urlspec/urlspec/resolve"
)

const equivHelp = `usage: urlspec equiv A B [--level identical|normal|encoded|decoded|whatwg] [--mode MODE] [--json]

Parse A and B as references (absolute or relative) in MODE and say whether they
are equivalent at every level (§Equivalences and Normalisation; RFC 3986 §6.2),
with the canonical form of each at that level:
  identical  the same components with the same values (the parsed components)
  normal     equal after normalisation: every rewrite equation (the normal forms)
  encoded    equal normal forms once percent-encoded as printing encodes them:
             http://a/ü and http://a/%C3%BC print alike, so they are
             encoded- but not normal-equivalent
  decoded    equal after also decoding percent-encoded unreserved characters
             (ALPHA DIGIT - . _ ~) and upper-casing other percent-encodings
  whatwg     equal hrefs after WHATWG resolution against no base and
             normalisation, as browsers compare URLs; a reference that WHATWG
             resolution rejects is compared at the normal level
identical implies normal, normal implies encoded and encoded implies decoded
(laws equivalence-*-implies-*); whatwg is another view
(it forces, as a browser does, but decodes nothing).

With no A and B, each line of stdin holds A and B separated by a tab. With
--json every line gets one answer line, in order: a line without a tab (an
empty line too) is answered {"line": ..., "failure": true, "error":
"invalid-input: no tab between A and B"}.

Flags:
  --level LEVEL  the level that decides the exit status (default normal); with
                 --level only that level is shown
  --mode MODE    parser mode for A and B without a scheme: web (default), file, generic
  --json         one JSON object per pair

Examples:
  urlspec equiv 'HTTP://a:80/%7Ex' 'http://a/~x'
  urlspec equiv 'http://a/%7Ex' 'http://a/~x' --level decoded
  urlspec equiv 'a/./b/../c' 'a/c' --mode generic
  printf 'http://a/b\thttp://a/c/../b\n' | urlspec equiv --json

Exit status: 0 equivalent at LEVEL, 1 not equivalent (or A or B fails to parse),
2 usage error.
`

// flagLevel takes every level of refops.Levels, by name, so that the flag
// and the library cannot drift apart.
var flagLevel = flagDef{name: "level", choices: levelNames()}

func levelNames() []string {
	var names []string
	for _, l := range refops.Levels {
		names = append(names, l.String())
	}
	return names
}

// cmdEquiv implements "urlspec equiv".
func cmdEquiv(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagLevel, flagMode, flagJSON)
	if err != nil {
		return usageError("equiv", err, stdout, stderr)
	}
	level := urlspec.LevelNormal
	if opts.has("level") {
		level, _ = refops.ParseLevel(opts.get("level"))
	}
	mode := opts.mode(grammar.Web)
	out := newOutput(stdout)
	defer out.flush()
	do := func(a, b string) int {
		defer out.flush()
		q := compare(a, b, mode)
		if opts.json() {
			return q.writeJSON(out, level, opts.has("level"))
		}
		return q.write(out, level, opts.has("level"))
	}
	switch len(opts.args) {
	case 2:
		return do(opts.args[0], opts.args[1])
	case 0:
		status := exitOK
		err := eachLine(stdin, opts.json(), func(line string) {
			a, b, ok := strings.Cut(line, "\t")
			if !ok && opts.json() {
				// One JSON line per input line, this one too.
				out.jsonLine(equivLineFailure{Line: line, Failure: true, Error: "invalid-input: no tab between A and B"})
				out.flush()
				status = max(status, exitUsage)
				return
			}
			if !ok {
				fmt.Fprintf(stderr, "urlspec equiv: stdin line %s has no tab between A and B\n", display.Show(line))
				status = max(status, exitUsage)
				return
			}
			status = max(status, do(a, b))
		})
		if err != nil {
			fmt.Fprintln(stderr, "urlspec equiv: reading stdin:", err)
			status = max(status, exitFailure)
		}
		return status
	}
	return usageError("equiv", errors.New("give two URLs A and B, or none to read pairs from stdin"), stdout, stderr)
}

// comparison is A and B and their forms at every level.
type comparison struct {
	a, b       string
	mode       grammar.Mode
	ua, ub     urlspec.Ref
	errA, errB error
}

func compare(a, b string, mode grammar.Mode) *comparison {
	q := &comparison{a: a, b: b, mode: mode}
	q.ua, q.errA = urlspec.ParseRef(a, mode)
	q.ub, q.errB = urlspec.ParseRef(b, mode)
	return q
}

// form returns the canonical form of u at level, as shown: the component
// rendering, or for whatwg the href (or the rejection).
func form(u urlspec.Ref, level urlspec.Level) string {
	switch level {
	case urlspec.LevelIdentical:
		m := u.Model()
		return m.String()
	case urlspec.LevelNormal:
		n := refops.Normalize(u)
		m := n.Model()
		return m.String()
	case urlspec.LevelEncoded:
		e := urlspec.EncodedForm(u)
		m := e.Model()
		return m.String()
	case urlspec.LevelDecoded:
		d := urlspec.DecodedForm(u)
		m := d.Model()
		return m.String()
	}
	m := u.Model()
	var empty model.URL
	r, _, err := resolve.WHATWGResolve(&m, &empty)
	if err != nil {
		return "rejected by WHATWG resolution (" + display.DescribeError(err) + "); compared at the normal level"
	}
	r = normalize.Normalize(r)
	return print.ASCII(&r)
}

func (q *comparison) levels(level urlspec.Level, only bool) []urlspec.Level {
	if only {
		return []urlspec.Level{level}
	}
	return refops.Levels
}

func (q *comparison) write(out *output, level urlspec.Level, only bool) int {
	out.block()
	p := out.Pal
	out.Field(0, "a", display.Show(q.a))
	out.Field(0, "b", display.Show(q.b))
	out.Field(0, "mode", q.mode.String()+" "+out.Pal.Dim("(for A or B without a scheme)"))
	if q.errA != nil || q.errB != nil {
		if q.errA != nil {
			out.Failure(0, "failure a", q.a, q.errA)
		}
		if q.errB != nil {
			out.Failure(0, "failure b", q.b, q.errB)
		}
		return exitFailure
	}
	for _, l := range q.levels(level, only) {
		eq := urlspec.Equivalent(q.ua, q.ub, l)
		fa, fb := form(q.ua, l), form(q.ub, l)
		answer := p.Bad("no")
		if eq {
			answer = p.Good("yes")
		}
		out.Field(0, l.String(), answer)
		if fa == fb {
			out.Field(2, "a = b", fa)
		} else {
			out.Field(2, "a", fa)
			out.Field(2, "b", fb)
		}
	}
	eq := urlspec.Equivalent(q.ua, q.ub, level)
	verdict := "equivalent"
	if !eq {
		verdict = "not equivalent"
	}
	out.Field(0, "answer", p.Heading(verdict)+" at level "+level.String())
	if eq {
		return exitOK
	}
	return exitFailure
}

type levelJSON struct {
	Level      string `json:"level"`
	Equivalent bool   `json:"equivalent"`
	A          string `json:"a"`
	B          string `json:"b"`
}

type equivAnswer struct {
	A          string      `json:"a"`
	B          string      `json:"b"`
	Mode       string      `json:"mode"`
	Level      string      `json:"level"`
	Equivalent bool        `json:"equivalent"`
	Levels     []levelJSON `json:"levels"`
}

// equivLineFailure is the --json answer to a stdin line that is not a pair
// (an empty line included), so that answers stay one a line.
type equivLineFailure struct {
	Line    string `json:"line"`
	Failure bool   `json:"failure"`
	Error   string `json:"error"`
}

type equivFailure struct {
	A        string             `json:"a"`
	B        string             `json:"b"`
	Mode     string             `json:"mode"`
	Failure  bool               `json:"failure"`
	FailureA *display.ErrorInfo `json:"error_a,omitempty"`
	FailureB *display.ErrorInfo `json:"error_b,omitempty"`
}

func (q *comparison) writeJSON(out *output, level urlspec.Level, only bool) int {
	if q.errA != nil || q.errB != nil {
		f := equivFailure{A: q.a, B: q.b, Mode: q.mode.String(), Failure: true}
		if q.errA != nil {
			f.FailureA = display.Ptr(display.ErrorInfoOf(q.errA))
		}
		if q.errB != nil {
			f.FailureB = display.Ptr(display.ErrorInfoOf(q.errB))
		}
		out.jsonLine(f)
		return exitFailure
	}
	eq := urlspec.Equivalent(q.ua, q.ub, level)
	ans := equivAnswer{A: q.a, B: q.b, Mode: q.mode.String(), Level: level.String(), Equivalent: eq}
	for _, l := range q.levels(level, only) {
		ans.Levels = append(ans.Levels, levelJSON{l.String(), urlspec.Equivalent(q.ua, q.ub, l), form(q.ua, l), form(q.ub, l)})
	}
	out.jsonLine(ans)
	if eq {
		return exitOK
	}
	return exitFailure
}
