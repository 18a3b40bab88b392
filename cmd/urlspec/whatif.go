package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/internal/laws"
	"github.com/urlspec/urlspec/whatif"
)

const whatifHelp = `usage: urlspec whatif VARIANT [CORPUS...] [--format text|json|markdown] [--wpt DIR] [--no-patch] [--laws N] [--seed S]

The measured impact of a change to the URL standard. VARIANT states the
change in one line (see docs/whatif.md); the report lists:
  - the web-platform-tests cases of urltestdata.json and setters_tests.json
    whose expectation changes, and a unified diff that changes the files;
  - for the CORPUS (files of URLs, one a line; "-" or no file: stdin when it
    is not a terminal; a line "input<U+001F>base" is input against base):
    how many lines change href, newly fail or newly parse, with the
    smallest examples of each kind of change;
  - the laws (urlspec laws) that stop holding under the variant, with
    their counterexamples, and those that cannot be checked under it.

VARIANT is changes separated by ';', each a keyword and ±items:
  encode [PROFILE.]PART ±CHARS    percent-encode sets; PART username, password, userinfo,
                                  host, dir, file, path, query, fragment; PROFILE generic,
                                  special, minimal, minimal-special (none: all four)
  rule -RULE                      disable a rewrite rule (scheme-case, default-port, dot, ...)
  uts46 ±FLAG                     transitional, hyphens, bidi, joiners, std3, dnslength
  ipv4 ±FORM                      hex, octal, short (fewer than four parts)
  forbidden host|domain ±CHARS    forbidden host / domain code points
  scheme +NAME:PORT -NAME         the special-scheme table
  preprocess strip|remove ±CHARS  code points stripped at both ends / removed
  print ±opaque-space             a space ending an opaque path printed as %20
CHARS: printable ASCII, U+XXXX, U+XXXX..U+YYYY.

Flags:
  --format F  text (default), json or markdown
  --wpt DIR   the directory of urltestdata.json and setters_tests.json (default:
              conformance/testdata of the module around the current directory);
              "none" leaves WPT out
  --no-patch  leave the patches out (their size is still reported)
  --laws N    check each law on N generated cases (default 1000); 0 leaves
              the laws out
  --seed S    seed of the laws' generators (default 1)

Examples:
  urlspec whatif 'encode path -^'
  urlspec whatif 'ipv4 -hex -octal' --no-patch
  urlspec whatif 'uts46 +transitional' --no-patch < bench/testdata/workloads/idna.tsv
  urlspec whatif 'forbidden host -|; forbidden domain -U+0001..U+0008 -U+007F' --format markdown
  urlspec whatif 'rule -default-port' --format json < urls.txt

Exit status: 0 the report was written, 1 a file could not be read, 2 usage error.
`

func init() { helps["whatif"] = whatifHelp; commands["whatif"] = true }

// cmdWhatif implements "urlspec whatif".
func cmdWhatif(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagDef{name: "format", choices: []string{"text", "json", "markdown"}}, flagDef{name: "wpt"}, flagDef{name: "no-patch", boolean: true}, flagDef{name: "laws"}, flagDef{name: "seed"})
	if err != nil {
		return usageError("whatif", err, stdout, stderr)
	}
	if len(opts.args) == 0 {
		return usageError("whatif", errors.New("missing VARIANT"), stdout, stderr)
	}
	v, err := whatif.Parse(opts.args[0])
	if err != nil {
		var se *whatif.SyntaxError
		if errors.As(err, &se) {
			fmt.Fprintf(stderr, "urlspec whatif: %v\n  %s\n  %s^\n", err, se.Text, strings.Repeat(" ", len([]rune(se.Text[:se.Offset]))))
			return exitUsage
		}
		return usageError("whatif", err, stdout, stderr)
	}
	cases, seed := uint64(1000), uint64(1)
	for _, f := range []struct {
		name string
		v    *uint64
	}{{"laws", &cases}, {"seed", &seed}} {
		if opts.has(f.name) {
			if *f.v, err = strconv.ParseUint(opts.get(f.name), 10, 63); err != nil {
				return usageError("whatif", fmt.Errorf("--%s wants a number, not %q", f.name, opts.get(f.name)), stdout, stderr)
			}
		}
	}
	var in whatif.Inputs
	if cases > 0 {
		in.Laws = laws.VariantLaws(int(cases), seed)
	}
	dir := opts.get("wpt")
	if !opts.has("wpt") {
		dir = findTestdata()
	}
	if dir != "none" {
		if dir == "" {
			fmt.Fprintln(stderr, "urlspec whatif: conformance/testdata not found above the current directory; give --wpt DIR or --wpt none")
			return exitFailure
		}
		if in.URLTestData, err = os.ReadFile(filepath.Join(dir, "urltestdata.json")); err != nil {
			fmt.Fprintln(stderr, "urlspec whatif:", err)
			return exitFailure
		}
		if in.Setters, err = os.ReadFile(filepath.Join(dir, "setters_tests.json")); err != nil {
			fmt.Fprintln(stderr, "urlspec whatif:", err)
			return exitFailure
		}
	}
	files := opts.args[1:]
	if len(files) == 0 && !isTerminal(stdin) {
		files = []string{"-"}
	}
	for _, f := range files {
		var r io.Reader = stdin
		if f != "-" {
			fh, err := os.Open(f)
			if err != nil {
				fmt.Fprintln(stderr, "urlspec whatif:", err)
				return exitFailure
			}
			defer fh.Close()
			r = fh
		}
		if err := eachLine(r, false, func(line string) { in.Corpus = append(in.Corpus, line) }); err != nil {
			fmt.Fprintf(stderr, "urlspec whatif: reading %s: %v\n", f, err)
			return exitFailure
		}
		if in.Corpus == nil {
			in.Corpus = []string{}
		}
	}
	rep, err := whatif.Impact(v, in)
	if err != nil {
		fmt.Fprintln(stderr, "urlspec whatif:", err)
		return exitFailure
	}
	if opts.has("no-patch") {
		for _, w := range []*whatif.WPTImpact{rep.URLTestData, rep.Setters} {
			if w != nil {
				w.Patch = ""
			}
		}
	}
	format := "text"
	if opts.has("format") {
		format = opts.get("format")
	}
	if err := rep.Write(stdout, format); err != nil {
		return exitFailure // run reports the write error
	}
	return exitOK
}

// findTestdata returns conformance/testdata of the nearest directory at or
// above the current one that has it, or "".
func findTestdata() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		d := filepath.Join(dir, "conformance", "testdata")
		if _, err := os.Stat(filepath.Join(d, "urltestdata.json")); err == nil {
			return d
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return ""
		}
		dir = parent
	}
}
