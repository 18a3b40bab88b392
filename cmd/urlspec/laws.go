package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/urlspec/urlspec/internal/laws"
)

const lawsUsage = `usage: urlspec laws [--list] [--json] [--cases N] [--seed S] [--law NAME]...

Checks the URL specification's laws on generated URLs, one line each: the
five §Goto Properties, model.Validate after every operation, idempotent
normalisation, the print→parse round trip in each mode, the equivalence
levels as equivalence relations, relativize, the WHATWG getters against the
component model; and searches a small counterexample for each non-law (the
three of §Force Properties, spec 0.10.1's norm/goto equation) and for each
known bug.

  --list      list the laws (kind, name, section, statement) without checking
  --json      JSON Lines: {"law", "kind", "holds", "cases", "skipped",
              "counterexample", "statement", "section", "note"}, and for a
              law written as a guarded claim (premise ==> conclusion)
              "satisfied", the cases whose premise held
  --cases N   cases per law (default 10000)
  --seed S    seed of the generators (default 1)
  --law NAME  check only this law (repeatable)

Exit status: 0 when every law holds and every non-law and known bug has its
counterexample, 1 otherwise, 2 for a usage error.

Examples:
  urlspec laws
  urlspec laws --cases 100000 --seed 7
  urlspec laws --json --law norm-goto-0.10.1
`

// flagValue returns the value of option name at args[i] ("--name V" or
// "--name=V"), the index of the last argument used, and whether args[i]
// is that option.
func lawsFlagValue(args []string, i int, name string) (value string, last int, ok bool, err error) {
	a := args[i]
	for _, prefix := range []string{"--" + name, "-" + name} {
		if a == prefix {
			if i+1 >= len(args) {
				return "", i, true, fmt.Errorf("%s needs a value", prefix)
			}
			return args[i+1], i + 1, true, nil
		}
		if strings.HasPrefix(a, prefix+"=") {
			return a[len(prefix)+1:], i, true, nil
		}
	}
	return "", i, false, nil
}

// lawsCheckOptions are the options laws and claim share.
type lawsCheckOptions struct {
	cases  int
	seed   uint64
	asJSON bool
}

// parseCheckOption parses --cases, --seed and --json at args[i]; ok
// reports whether args[i] was one of them.
func (o *lawsCheckOptions) parse(args []string, i int) (last int, ok bool, err error) {
	if a := args[i]; a == "--json" || a == "-json" {
		o.asJSON = true
		return i, true, nil
	}
	if v, last, ok, err := lawsFlagValue(args, i, "cases"); ok {
		if err != nil {
			return last, true, err
		}
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return last, true, fmt.Errorf("--cases wants a positive number, not %q", v)
		}
		o.cases = n
		return last, true, nil
	}
	if v, last, ok, err := lawsFlagValue(args, i, "seed"); ok {
		if err != nil {
			return last, true, err
		}
		n, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			return last, true, fmt.Errorf("--seed wants a number, not %q", v)
		}
		o.seed = n
		return last, true, nil
	}
	return i, false, nil
}

func lawsIsHelp(a string) bool { return a == "--help" || a == "-h" || a == "-help" || a == "help" }

// cmdLaws implements "urlspec laws".
func cmdLaws(args []string, stdout, stderr io.Writer) int {
	opts := lawsCheckOptions{cases: laws.DefaultCases, seed: 1}
	var only []string
	list := false
	for i := 0; i < len(args); i++ {
		if lawsIsHelp(args[i]) {
			fmt.Fprint(stdout, lawsUsage)
			return 0
		}
		if args[i] == "--list" || args[i] == "-list" {
			list = true
			continue
		}
		last, ok, err := opts.parse(args, i)
		if err == nil && !ok {
			var v string
			v, last, ok, err = lawsFlagValue(args, i, "law")
			if ok && err == nil {
				if _, known := laws.ByName(v); !known {
					err = fmt.Errorf("no law %q; the laws are %s", v, lawsNames())
				}
				only = append(only, v)
			}
		}
		if err != nil {
			fmt.Fprintf(stderr, "urlspec laws: %v\n\n%s", err, lawsUsage)
			return 2
		}
		if !ok {
			fmt.Fprintf(stderr, "urlspec laws: unexpected argument %q\n\n%s", args[i], lawsUsage)
			return 2
		}
		i = last
	}
	cfg := laws.Config{Cases: opts.cases, Seed: opts.seed}
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	if list {
		return lawsList(only, opts.asJSON, enc, stdout)
	}
	status, held, found, bad, bugs := 0, 0, 0, 0, 0
	for _, l := range laws.All() {
		if len(only) > 0 && !lawsContains(only, l.Name) {
			continue
		}
		r := l.Check(cfg)
		if !r.OK() {
			status, bad = 1, bad+1
		} else if r.Holds {
			held++
		} else {
			found++
		}
		if l.Kind == laws.KnownBug {
			bugs++
		}
		if opts.asJSON {
			if err := enc.Encode(r); err != nil {
				fmt.Fprintln(stderr, "urlspec laws:", err)
				return 1
			}
			continue
		}
		fmt.Fprintln(stdout, lawsLine(r))
		if r.Kind != laws.MustHold.String() && r.Note != "" {
			fmt.Fprintf(stdout, "     %-9s %s\n", "", "why: "+r.Note)
		}
	}
	if !opts.asJSON {
		what := "non-laws have"
		if bugs > 0 {
			what = "non-laws and known bugs have"
		}
		fmt.Fprintf(stdout, "%d laws hold, %d %s their counterexample, %d unexpected (at least %d cases per law, seed %d)\n",
			held, found, what, bad, cfg.Cases, cfg.Seed)
	}
	return status
}

// lawsList writes the table without checking it: one law a line, or JSON
// Lines {"law", "kind", "section", "statement", "note"}.
func lawsList(only []string, asJSON bool, enc *json.Encoder, stdout io.Writer) int {
	for _, l := range laws.All() {
		if len(only) > 0 && !lawsContains(only, l.Name) {
			continue
		}
		if asJSON {
			enc.Encode(map[string]string{"law": l.Name, "kind": l.Kind.String(), "section": l.Section, "statement": l.Statement, "note": l.Note})
			continue
		}
		fmt.Fprintf(stdout, "%-9s %-38s %s  %s\n", l.Kind, l.Name, l.Section, l.Statement)
	}
	return 0
}

func lawsContains(xs []string, x string) bool {
	for _, y := range xs {
		if x == y {
			return true
		}
	}
	return false
}

func lawsNames() string {
	var names []string
	for _, l := range laws.All() {
		names = append(names, l.Name)
	}
	return strings.Join(names, ", ")
}

// lawLine renders a result on one line: verdict, kind, name, cases, and
// the statement or the counterexample.
func lawsLine(r laws.Result) string {
	verdict := "ok  "
	if !r.OK() {
		verdict = "FAIL"
	}
	head := fmt.Sprintf("%s %-9s %-38s", verdict, r.Kind, r.Law)
	switch {
	case r.NotChecked != "":
		return fmt.Sprintf("%s not checked: %s", head, r.NotChecked)
	case r.Vacuous:
		return fmt.Sprintf("%s vacuous: the premise held on none of %d cases  %s", head, r.Cases, r.Statement)
	case r.Counterexample == nil && r.Satisfied > 0:
		return fmt.Sprintf("%s holds (%d cases, %d satisfied the premise)  %s", head, r.Cases, r.Satisfied, r.Statement)
	case r.Counterexample == nil:
		return fmt.Sprintf("%s holds (%d cases)  %s", head, r.Cases, r.Statement)
	}
	var in []string
	for _, b := range r.Counterexample.Inputs {
		in = append(in, b.Name+" = "+lawsCompactValue(b.Value))
	}
	msg := r.Counterexample.Message
	if i := strings.Index(msg, " is false: "); i >= 0 {
		msg = msg[:i+len(" is false")] // the values are in --json and in urlspec claim
	}
	return fmt.Sprintf("%s counterexample after %d cases: %s: %s", head, r.Cases, strings.Join(in, ", "), msg)
}

// compactValue keeps the printed URL-string of a value rendered by the
// claim package ("… (prints as "s")"), which is shorter on one line.
func lawsCompactValue(v string) string {
	if i := strings.LastIndex(v, "  (prints as "); i >= 0 && strings.HasSuffix(v, ")") {
		return "<" + strings.TrimSuffix(strings.TrimPrefix(v[i+len("  (prints as "):], `"`), `")`) + ">"
	}
	return v
}
