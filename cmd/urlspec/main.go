// Command urlspec parses, resolves, explains, compares and validates URLs
// with the urlspec library, the URL specification's model of the WHATWG URL
// Standard.
//
// Usage:
//
//	urlspec parse INPUT... [--mode web|file|generic]    a reference's components, printings, validity
//	urlspec resolve INPUT... [--base BASE] [--as whatwg|generic|legacy] [--mode MODE]
//	urlspec explain INPUT... [--base BASE] [--mode MODE] every phase of parse-resolve-and-normalise
//	urlspec equiv A B [--level LEVEL] [--mode MODE]     equivalence at every level, with normal forms
//	urlspec valid INPUT... [--base BASE] [--mode MODE]  valid URL string (WHATWG) and strict grammar
//	urlspec batch [--max-line N] [--max-answer N]       JSON Lines on stdin, one answer a line
//	urlspec laws [--list] [--json]                      the spec's laws on generated URLs
//	urlspec claim 'EXPR'                                check an equation over generated URLs
//	urlspec eval 'EXPR'                                 the value of an expression, e.g. goto("//", "./")
//	urlspec canon [--profile NAME] [--trace]            canonicalise with a named profile
//	urlspec match PATTERN [URL...] [--base BASE]        match URLs against a URLPattern, with the groups
//	urlspec readings INPUT...                           where parsers read INPUT differently
//	urlspec version                                     the module version and VCS revision (also --version)
//
// Inputs come from the arguments or, when there are none (or for "-"), from
// stdin, one a line. --json prints one JSON object per input (JSON Lines),
// one line per stdin line, an empty line included (it is the empty string,
// an input like any other);
// --help on every subcommand shows its examples. Colour is used only when
// stdout is a terminal and NO_COLOR is not set.
//
// Exit status: 0 success, 1 a URL failed (it does not parse or resolve, is
// not valid, or the URLs are not equivalent) or the output could not be
// written, 2 usage error.
package main

import (
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

const usage = `urlspec — URLs as the URL specification defines them (WHATWG-exact)

Usage:
  urlspec parse INPUT... [--mode web|file|generic]
        the component sequence of a reference, its ASCII and Unicode printings, its validity
  urlspec resolve INPUT... [--base BASE] [--as whatwg|generic|legacy] [--mode MODE]
        resolve INPUT against BASE; whatwg (the default) is new URL(INPUT, BASE)
  urlspec explain INPUT... [--base BASE] [--mode MODE]
        every phase of parse-resolve-and-normalise, step by step
  urlspec equiv A B [--level identical|normal|encoded|decoded|whatwg] [--mode MODE]
        are A and B equivalent? the answer at every level, with the normal forms
  urlspec valid INPUT... [--base BASE] [--mode MODE]
        two verdicts, each with a caret under the input where it fails: the WHATWG
        standard's "valid URL string" and the URL specification's strict grammar
  urlspec batch [--max-line BYTES] [--max-answer BYTES]
        JSON Lines requests on stdin, one JSON answer a line on stdout
  urlspec laws [--list] [--json] [--cases N] [--seed S] [--law NAME]...
        check the spec's laws on generated URLs, one line each
  urlspec claim 'EXPR' [--cases N] [--seed S] [--mode MODE] [--json]
        check an equation over generated URLs, or show its smallest counterexample
  urlspec eval 'EXPR' [--mode MODE] [--json]
        the value of an expression such as goto("//", "./"): components and string
  urlspec canon [--profile NAME] [--trace] [INPUT...]
        canonicalise with a named profile: whatwg, crawl, surt, safe-browsing, ...
  urlspec match PATTERN [URL...] [--base BASE] [--ignore-case] [--json]
        match URLs against a URL pattern (WHATWG URLPattern), showing the groups
  urlspec readings INPUT... [--attacks] [--json]
        how WHATWG, RFC 3986, legacy resolution and net/url read INPUT, and where they part
  urlspec whatif VARIANT [CORPUS...] [--format text|json|markdown]
        the impact of a change to the standard: WPT patch, corpus counts
  urlspec version
        the module version and the VCS revision it was built from (also --version)
  urlspec help [COMMAND]
        this text, or the help of COMMAND

Inputs come from the arguments or, when there are none (or for "-"), from stdin,
one a line (equiv: A and B on one line, separated by a tab). Put -- before an
input that starts with '-'. Flags may come before or after the inputs.
--json prints one JSON object per input (JSON Lines): one line per stdin
line, an empty line included (it is the input "", the empty reference);
without --json empty lines are skipped. --help shows examples.
Colour is used only when stdout is a terminal and NO_COLOR is not set.

Examples:
  urlspec explain 'HTTP://EXAMPLE.com:80/a/./b/../c?q#f'
  urlspec explain '../x' --base 'file:///C:/dir/sub/'
  urlspec resolve '../x' --base 'http://h/a/b/c' --as generic
  urlspec equiv 'http://a/%7Ex' 'HTTP://A:80/~x'
  urlspec valid 'http:\\example.com/'
  urlspec claim 'norm(norm(a)) == norm(a)'
  cat urls.txt | urlspec resolve --json
  echo '{"op":"whatwg","input":"../x","base":"http://h/a/b"}' | urlspec batch

Exit status: 0 success, 1 a URL failed (parse or resolve failure, not valid,
not equivalent) or stdout could not be written, 2 usage error.
`

// helps holds the --help text of each subcommand that this file dispatches
// to with a help of its own.
var helps = map[string]string{
	"parse":   parseHelp,
	"resolve": resolveHelp,
	"explain": explainHelp,
	"equiv":   equivHelp,
	"valid":   validHelp,
	"batch":   batchHelp,
}

const batchHelp = `usage: urlspec batch [--max-line BYTES] [--max-answer BYTES] < requests.jsonl

Read JSON Lines requests on stdin and write one JSON answer a line on stdout, in
the same order. A request is
  {"op": OP, "input": "...", "base": "..." or null, "mode": "web"|"file"|"generic"}
with OP one of:
  whatwg     new URL(input, base): the eleven getters by their WHATWG names
             (optional "encoding": the query's encoding, an Encoding Standard label)
  set        {"op": "set", "input": href, "setter": NAME, "value": "..."}: the
             WHATWG setter NAME (href, protocol, ..., hash), then the getters
  generic    generic-resolve input against base, normalised: getters and "components"
  legacy     legacy-resolve input against base, normalised: getters and "components"
  normalize  parse input in mode (default: the base's, else web), goto base, normalise
  parse      parse and print, without normalising
  valid      {"valid": bool, "error": code, "offset": n} under the strict grammar
A failure, or a malformed line, is answered {"failure": true, "error": "code: reason"}
(for op whatwg with "errors" too). A request's optional "id" (any JSON value) is
echoed as the first member of its answer.

Every line gets exactly one answer, in order, so answers pair with requests by
position: an empty or blank line is answered {"failure": true, "error":
"invalid-request: empty line"} (or "blank line"); a '\r' before the '\n' and a
UTF-8 byte order mark at the start of the input are ignored.

Limits per line, so that one line cannot take the process's memory (with
the defaults the maximum RSS stays under 256 MB whatever the line holds):
  --max-line BYTES    a request line longer than BYTES (default 1M) is not
                      parsed: its bytes are read and dropped, and it is
                      answered {"failure": true, "error": "request-too-large:
                      ..."}
  --max-answer BYTES  an answer longer than BYTES (default 16M; a URL with
                      many validation errors has a long one) is replaced by
                      {"failure": true, "error": "answer-too-large: ..."}
BYTES is a number with an optional k, M or G (powers of 1024); 0 is no limit.

Examples:
  echo '{"op":"whatwg","input":"../x","base":"http://h/a/b"}' | urlspec batch
  echo '{"op":"generic","input":"../../g","base":"sc://a/b/c/d"}' | urlspec batch
  echo '{"op":"set","input":"http://a/b","setter":"pathname","value":"c d"}' | urlspec batch

Exit status: 0 all requests answered (failures included), 1 stdin or stdout
failed, 2 usage error.
`

func isHelp(s string) bool { return s == "-h" || s == "--help" || s == "-help" }

func main() {
	status := run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	if err := os.Stdout.Close(); err != nil && status != exitFailure {
		fmt.Fprintln(os.Stderr, "urlspec: closing stdout:", err)
		status = exitFailure
	}
	os.Exit(status)
}

// checkedWriter passes writes on to w until one fails, and then fails every
// later write with the same error without writing: it keeps the first write
// error of a command, which run reports.
type checkedWriter struct {
	w   io.Writer
	err error
}

func (c *checkedWriter) Write(p []byte) (int, error) {
	if c.err != nil {
		return 0, c.err
	}
	n, err := c.w.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	c.err = err
	return n, err
}

// run executes the command line args and returns the exit status. Every
// write to stdout is checked: when one fails (a full disk, /dev/full, a
// closed pipe), run reports the first failure on stderr and returns
// exitFailure, whatever the command's own status.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	cw := &checkedWriter{w: stdout}
	if f, ok := stdout.(*os.File); ok {
		// Keep the terminal test of paletteFor and isTerminal working.
		cw.w = f
	}
	status := dispatch(args, stdin, cw, stderr)
	if cw.err != nil {
		name := "urlspec"
		if len(args) > 0 && commands[args[0]] {
			name += " " + args[0]
		}
		fmt.Fprintf(stderr, "%s: writing stdout: %v\n", name, cw.err)
		return exitFailure
	}
	return status
}

// commands are the subcommands, for messages.
var commands = map[string]bool{
	"parse": true, "resolve": true, "explain": true, "equiv": true, "valid": true, "laws": true,
	"canon": true, "readings": true, "claim": true, "eval": true, "match": true, "batch": true,
	"version": true, "help": true,
}

// unknownCommand reports a command that does not exist, on one line with a
// hint.
func unknownCommand(stderr io.Writer, prefix, name string) int {
	fmt.Fprintf(stderr, "%s: unknown command %q; run 'urlspec help' for the list\n", prefix, name)
	return exitUsage
}

// version returns what "urlspec version" prints: the module path and
// version, the Go version, and the VCS revision, commit time and whether
// the working tree was modified, as the Go toolchain stamped them into the
// binary (runtime/debug.ReadBuildInfo). A binary built without module
// information says "(devel)"; one built outside a VCS checkout (or with
// -buildvcs=false) has no revision.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "urlspec (devel): no build information in this binary\n"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "urlspec %s\n", v)
	if info.Main.Path != "" {
		fmt.Fprintf(&b, "  module    %s\n", info.Main.Path)
	}
	fmt.Fprintf(&b, "  go        %s\n", info.GoVersion)
	settings := map[string]string{}
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if r := settings["vcs.revision"]; r != "" {
		fmt.Fprintf(&b, "  revision  %s\n", r)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(&b, "  time      %s\n", t)
		}
		if settings["vcs.modified"] == "true" {
			fmt.Fprintf(&b, "  modified  yes (built from a working tree with uncommitted changes)\n")
		} else {
			fmt.Fprintf(&b, "  modified  no\n")
		}
	} else {
		fmt.Fprintf(&b, "  revision  unknown (built without VCS information)\n")
	}
	return b.String()
}

// cmdBatch implements "urlspec batch".
func cmdBatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	opts, err := parseArgs(args, flagDef{name: "max-line"}, flagDef{name: "max-answer"})
	if err == nil && len(opts.args) > 0 {
		err = fmt.Errorf("takes no arguments; requests come on stdin")
	}
	lim := defaultBatchLimits
	for _, f := range []struct {
		name string
		v    *int
	}{{"max-line", &lim.maxLine}, {"max-answer", &lim.maxAnswer}} {
		if err == nil && opts.has(f.name) {
			*f.v, err = parseSize(opts.get(f.name))
			if err != nil {
				err = fmt.Errorf("--%s: %v", f.name, err)
			}
		}
	}
	if err != nil {
		return usageError("batch", err, stdout, stderr)
	}
	if err := batchWithLimits(stdin, stdout, lim); err != nil {
		if cw, ok := stdout.(*checkedWriter); !ok || cw.err == nil {
			fmt.Fprintln(stderr, "urlspec batch:", err) // else run reports it
		}
		return exitFailure
	}
	return exitOK
}

// parseSize reads a byte count: digits with an optional suffix k, M or G
// (powers of 1024, as in 1M = 1048576); 0 means no limit.
func parseSize(s string) (int, error) {
	mult := 1
	switch {
	case strings.HasSuffix(s, "k"), strings.HasSuffix(s, "K"):
		mult = 1 << 10
	case strings.HasSuffix(s, "M"):
		mult = 1 << 20
	case strings.HasSuffix(s, "G"):
		mult = 1 << 30
	}
	digits := s
	if mult > 1 {
		digits = s[:len(s)-1]
	}
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 || digits == "" || digits[0] == '+' || n > (1<<40)/mult {
		return 0, fmt.Errorf("%q is not a byte count such as 1048576, 1024k or 1M (0 for no limit)", s)
	}
	return n * mult, nil
}

// dispatch runs the subcommand args[0].
func dispatch(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return 2
	}
	switch args[0] {
	case "parse":
		return cmdParse(args[1:], stdin, stdout, stderr)
	case "resolve":
		return cmdResolve(args[1:], stdin, stdout, stderr)
	case "explain":
		return cmdExplain(args[1:], stdin, stdout, stderr)
	case "equiv":
		return cmdEquiv(args[1:], stdin, stdout, stderr)
	case "valid":
		return cmdValid(args[1:], stdin, stdout, stderr)
	case "laws":
		return cmdLaws(args[1:], stdout, stderr)
	case "canon":
		return cmdCanon(args[1:], stdin, stdout, stderr)
	case "readings":
		return cmdReadings(args[1:], stdin, stdout, stderr)
	case "claim":
		return cmdClaim(args[1:], stdout, stderr)
	case "eval":
		return cmdEval(args[1:], stdin, stdout, stderr)
	case "match":
		return cmdMatch(args[1:], stdin, stdout, stderr)
	case "whatif":
		return cmdWhatif(args[1:], stdin, stdout, stderr)
	case "version", "--version", "-version":
		if len(args) > 1 {
			fmt.Fprintln(stderr, "urlspec version: takes no arguments")
			return exitUsage
		}
		fmt.Fprint(stdout, version())
		return exitOK
	case "batch":
		return cmdBatch(args[1:], stdin, stdout, stderr)
	case "help", "-h", "--help", "-help":
		if len(args) > 1 && isHelp(args[1]) {
			args = args[:1]
		}
		if len(args) > 1 {
			if h, ok := helps[args[1]]; ok {
				fmt.Fprint(stdout, h)
				return 0
			}
			if args[1] == "laws" || args[1] == "claim" || args[1] == "eval" {
				return dispatch([]string{args[1], "--help"}, stdin, stdout, stderr)
			}
			if args[1] == "help" {
				fmt.Fprint(stdout, usage)
				return 0
			}
			if args[1] == "version" {
				fmt.Fprint(stdout, "usage: urlspec version (or urlspec --version)\n\nPrints the module version and the VCS revision, time and modified flag\nthat the Go toolchain stamped into the binary.\n")
				return 0
			}
			if args[1] == "canon" || args[1] == "match" || args[1] == "readings" {
				return dispatch([]string{args[1], "--help"}, stdin, stdout, stderr)
			}
			return unknownCommand(stderr, "urlspec help", args[1])
		}
		fmt.Fprint(stdout, usage)
		return 0
	}
	return unknownCommand(stderr, "urlspec", args[0])
}
