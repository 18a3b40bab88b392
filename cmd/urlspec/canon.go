package main

import (
	"bufio"
	"fmt"
	"io"

	"github.com/urlspec/urlspec/canon"
	"github.com/urlspec/urlspec/internal/display"
)

const canonHelp = `usage: urlspec canon [--profile NAME] [--trace] [--json] [INPUT...]

Canonicalise each INPUT (or each line of stdin) with a named profile of
package canon and print the canonical form, one line per input, in order.
A profile reads the input into the component model, applies its rewrite
rules in order and prints an URL-string (or a SURT):

  whatwg             the WHATWG URL Standard (the default): parse, normalise, href
  crawl              whatwg without the fragment: the crawler's dedupe key
  whatwg-sort-query  whatwg, and the query's parameters sorted by name
  safe-browsing      Google Safe Browsing's canonicalisation (its published vectors pass)
  surt               the Internet Archive's SURT key (surt.surt, the CDX key form):
                     com,example)/path?a&b
  surt-with-scheme   surt.surt(url, with_scheme=True, trailing_comma=True):
                     http://(com,example,)/path?a&b
  heritrix-surt      the Heritrix-style SURT form: scheme kept, www. removed, query sorted
  purell-safe        whatwg plus upper-case and decoded-unreserved percent-encodings
  aggressive         purell-safe plus fragment, www., index files, empty segments and
                     query removed, query sorted

An input the profile rejects (for the WHATWG profiles: one the WHATWG parser
rejects) prints an empty line on stdout, to keep the lines aligned, and the
error on stderr. Output is buffered: the command streams stdin as fast as it
can read it.

Flags:
  --profile NAME  the profile (default whatwg)
  --trace         show every rule applied to each input, with the URL after it
  --json          one JSON object per input: {"input", "output"} or
                  {"input", "failure": true, "error"}; with --trace also "steps"

Examples:
  urlspec canon --profile safe-browsing 'http://host/%25%32%35'
  urlspec canon --profile surt 'http://www.example.com/a?b=2&a=1#f'
  urlspec canon --profile aggressive --trace 'HTTP://www.a.com//b/./index.html?#f'
  cat urls.txt | urlspec canon --profile whatwg-sort-query > canonical.txt

Exit status: 0 every input canonicalised, 1 some input failed, 2 usage error.
`

func init() { helps["canon"] = canonHelp }

type canonJSON struct {
	Input   string          `json:"input"`
	Output  *string         `json:"output,omitempty"`
	Failure bool            `json:"failure,omitempty"`
	Error   string          `json:"error,omitempty"`
	Steps   []canonStepJSON `json:"steps,omitempty"`
}

type canonStepJSON struct {
	Rule  string `json:"rule"`
	After string `json:"after"`
}

// cmdCanon implements "urlspec canon".
func cmdCanon(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagDef{name: "profile"}, flagDef{name: "trace", boolean: true}, flagJSON)
	if err != nil {
		return usageError("canon", err, stdout, stderr)
	}
	name := "whatwg"
	if opts.has("profile") {
		name = opts.get("profile")
	}
	p, ok := canon.ByName(name)
	if !ok {
		return usageError("canon", fmt.Errorf("unknown profile %q (one of %s)", name, canon.Names()), stdout, stderr)
	}
	trace := opts.has("trace")
	if !trace && !opts.json() {
		return canonLines(p, opts.args, stdin, stdout, stderr)
	}
	out := newOutput(stdout)
	defer out.flush()
	interactive := isTerminal(stdin)
	return eachInput(opts.args, stdin, stderr, opts.json(), func(input string) int {
		if interactive {
			defer out.flush()
		}
		var res string
		var steps []canon.Step
		var err error
		if trace {
			res, steps, err = p.Trace(input)
		} else {
			res, err = p.Canonicalize(input)
		}
		if opts.json() {
			a := canonJSON{Input: input}
			if err != nil {
				a.Failure, a.Error = true, display.DescribeError(err)
			} else {
				a.Output = &res
			}
			for _, s := range steps {
				a.Steps = append(a.Steps, canonStepJSON{Rule: s.Rule, After: s.After.String()})
			}
			out.jsonLine(a)
		} else {
			out.block()
			pal := out.Pal
			out.Field(0, "input", display.Show(input))
			out.Field(0, "profile", p.Name())
			for _, s := range steps {
				out.Printf("  %s %s\n", pal.Label(display.Pad(s.Rule, 26)), s.After.String())
			}
			if err != nil {
				out.Field(0, "failure", pal.Bad(display.DescribeError(err)))
			} else {
				out.Field(0, "canonical", pal.Good(res))
			}
		}
		if err != nil {
			return exitFailure
		}
		return exitOK
	})
}

// canonLines is the plain, fast path: one canonical form a line, through one
// reused buffer and one buffered writer.
func canonLines(p canon.Profile, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	w := bufio.NewWriterSize(stdout, 64<<10)
	defer w.Flush()
	interactive := isTerminal(stdin)
	var buf []byte
	status := exitOK
	one := func(input string) {
		var err error
		buf, err = p.AppendCanonical(buf[:0], input)
		if err != nil {
			status = exitFailure
			w.Flush()
			fmt.Fprintf(stderr, "urlspec canon: %s: %s\n", display.Show(input), display.DescribeError(err))
			buf = buf[:0]
		}
		buf = append(buf, '\n')
		w.Write(buf)
		if interactive {
			w.Flush()
		}
	}
	if len(args) == 0 {
		args = []string{"-"}
	}
	for _, a := range args {
		if a != "-" {
			one(a)
			continue
		}
		if err := eachLine(stdin, false, one); err != nil {
			fmt.Fprintln(stderr, "urlspec canon: reading stdin:", err)
			status = exitFailure
		}
	}
	if err := w.Flush(); err != nil {
		return exitFailure // run reports the write error
	}
	return status
}
