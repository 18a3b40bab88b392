package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/internal/display"
)

// Exit statuses of every subcommand.
const (
	exitOK      = 0 // success
	exitFailure = 1 // a URL failed: parse or resolve failure, invalid, not equivalent
	exitUsage   = 2 // usage error
)

// flagDef describes one flag of a subcommand. A flag is written --name VALUE,
// --name=VALUE or with one dash; a boolean flag takes no value.
type flagDef struct {
	name    string
	boolean bool
	choices []string // allowed values, nil for any
}

// Flags shared by several subcommands.
var (
	flagJSON = flagDef{name: "json", boolean: true}
	flagMode = flagDef{name: "mode", choices: []string{"web", "file", "generic"}}
	flagBase = flagDef{name: "base"}
)

// options is a parsed subcommand command line.
type options struct {
	args []string          // positional arguments, in order
	vals map[string]string // flags given, by name ("true" for a boolean flag)
}

func (o *options) has(name string) bool   { _, ok := o.vals[name]; return ok }
func (o *options) get(name string) string { return o.vals[name] }
func (o *options) json() bool             { return o.has("json") }

// mode returns the --mode flag, or def when it is absent.
func (o *options) mode(def grammar.Mode) grammar.Mode {
	if !o.has("mode") {
		return def
	}
	m, err := grammar.ParseMode(o.get("mode"))
	if err != nil { // cannot happen: the choices were checked
		return def
	}
	return m
}

// errHelp is returned by parseArgs for -h, --help and -help.
var errHelp = errors.New("help requested")

// parseArgs parses args against defs. Flags may come before or after the
// positional arguments; "--" ends the flags (for an input that starts with
// '-'); a lone "-" is a positional argument (stdin).
func parseArgs(args []string, defs ...flagDef) (options, error) {
	o := options{vals: map[string]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			o.args = append(o.args, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			o.args = append(o.args, a)
			continue
		}
		name := strings.TrimLeft(a, "-")
		if len(a)-len(name) > 2 || name == "" {
			return o, fmt.Errorf("malformed flag %q", a)
		}
		value, hasValue := "", false
		if k := strings.IndexByte(name, '='); k >= 0 {
			name, value, hasValue = name[:k], name[k+1:], true
		}
		if name == "h" || name == "help" {
			return o, errHelp
		}
		var def *flagDef
		for k := range defs {
			if defs[k].name == name {
				def = &defs[k]
			}
		}
		if def == nil {
			return o, fmt.Errorf("unknown flag %q", a)
		}
		if _, dup := o.vals[name]; dup {
			return o, fmt.Errorf("flag --%s given twice", name)
		}
		switch {
		case def.boolean && hasValue:
			return o, fmt.Errorf("flag --%s takes no value", name)
		case def.boolean:
			value = "true"
		case !hasValue:
			if i+1 >= len(args) {
				return o, fmt.Errorf("flag --%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if def.choices != nil && !contains(def.choices, value) {
			return o, fmt.Errorf("flag --%s: %q is not one of %s", name, value, strings.Join(def.choices, ", "))
		}
		o.vals[name] = value
	}
	return o, nil
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// usageError reports a usage error of subcommand cmd on stderr and returns
// the usage exit status. For errHelp it prints the help on stdout instead and
// returns success.
func usageError(cmd string, err error, stdout, stderr io.Writer) int {
	h := helps[cmd]
	if errors.Is(err, errHelp) {
		fmt.Fprint(stdout, h)
		return exitOK
	}
	fmt.Fprintf(stderr, "urlspec %s: %v\n%s\nRun 'urlspec %s --help' for examples.\n", cmd, err, firstLines(h), cmd)
	return exitUsage
}

// firstLines returns the usage line(s) of a help text: up to its first blank
// line.
func firstLines(h string) string {
	if k := strings.Index(h, "\n\n"); k >= 0 {
		return h[:k]
	}
	return strings.TrimRight(h, "\n")
}

// eachInput calls f on every input: the positional arguments, where a lone
// "-" (or no argument at all) stands for the lines of stdin, one input a
// line. A line ends at "\n" or "\r\n". Empty lines are skipped unless
// keepEmpty is set: --json output has one line per input line, so there an
// empty line is an input, the empty string (which every command answers as
// it answers any input: parse reads it as the empty reference). It returns
// the highest status f returned, or exitFailure when stdin cannot be read.
func eachInput(args []string, stdin io.Reader, stderr io.Writer, keepEmpty bool, f func(string) int) int {
	if len(args) == 0 {
		args = []string{"-"}
	}
	status, readStdin := exitOK, false
	for _, a := range args {
		if a != "-" {
			status = max(status, f(a))
			continue
		}
		if readStdin {
			continue
		}
		readStdin = true
		if isTerminal(stdin) {
			fmt.Fprintln(stderr, "urlspec: reading inputs from stdin, one a line (end with Ctrl-D; --help for usage)")
		}
		err := eachLine(stdin, keepEmpty, func(line string) { status = max(status, f(line)) })
		if err != nil {
			fmt.Fprintln(stderr, "urlspec: reading stdin:", err)
			status = max(status, exitFailure)
		}
	}
	return status
}

// eachLine calls f on every line of r, without its line ending ("\n" or
// "\r\n"); a last line without "\n" is a line too, the empty string after a
// final "\n" is not. Empty lines are skipped unless keepEmpty is set.
func eachLine(r io.Reader, keepEmpty bool, f func(string)) error {
	if r == nil {
		return nil
	}
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadString('\n')
		if err == io.EOF && line == "" {
			return nil
		}
		line = strings.TrimSuffix(line, "\n")
		line = strings.TrimSuffix(line, "\r")
		if line != "" || keepEmpty {
			f(line)
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// output is the writer of a subcommand: it separates the readable blocks of
// successive inputs by a blank line and writes JSON Lines for --json; its
// Lines write fields, failures and components.
type output struct {
	display.Lines
	w      *bufio.Writer
	blocks int
}

func newOutput(stdout io.Writer) *output {
	w := bufio.NewWriter(stdout)
	return &output{Lines: display.Lines{W: w, Pal: paletteFor(stdout)}, w: w}
}

// block starts the readable output of one input.
func (o *output) block() {
	if o.blocks > 0 {
		o.w.WriteByte('\n')
	}
	o.blocks++
}

// jsonLine writes v as one line of JSON.
func (o *output) jsonLine(v any) {
	enc := json.NewEncoder(o.w)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(o.w, "{\"failure\":true,\"error\":%q}\n", err.Error())
	}
}

func (o *output) flush() { o.w.Flush() }
