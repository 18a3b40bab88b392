package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/laws"
)

// lawsRun runs the command line args and returns its output and status.
func lawsRun(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, strings.NewReader(""), &out, &errb)
	return out.String(), errb.String(), code
}

// urlspec laws: one line per law, every law holding and every non-law and
// known bug with its counterexample, exit 0.
func TestLawsCommand(t *testing.T) {
	out, errOut, code := lawsRun(t, "laws", "--cases", "300", "--seed", "3")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q\n%s", code, errOut, out)
	}
	var lines, whys []string
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "why: ") {
			whys = append(whys, line) // a non-law's explanation, below its line
			continue
		}
		lines = append(lines, line)
	}
	if len(lines) != len(laws.All())+1 {
		t.Fatalf("%d lines for %d laws:\n%s", len(lines), len(laws.All()), out)
	}
	nonLaws := 0
	for i, l := range laws.All() {
		if l.Kind != laws.MustHold {
			nonLaws++
		}
		line := lines[i]
		if !strings.HasPrefix(line, "ok   ") || !strings.Contains(line, " "+l.Name+" ") {
			t.Errorf("line %d: %q", i, line)
		}
		guarded := l.Claim != nil && l.Claim.Guarded()
		if l.Kind == laws.MustHold && !guarded && !strings.Contains(line, "holds (300 cases)") {
			t.Errorf("law line %q", line)
		}
		if guarded && (!strings.Contains(line, "holds (300 cases, ") || !strings.Contains(line, " satisfied the premise)")) {
			t.Errorf("law line %q", line)
		}
		if l.Kind != laws.MustHold && !strings.Contains(line, "counterexample after") {
			t.Errorf("non-law line %q", line)
		}
	}
	if last := lines[len(lines)-1]; !strings.Contains(last, "0 unexpected (at least 300 cases per law, seed 3)") || strings.Contains(last, "known bugs") {
		t.Errorf("summary %q", last)
	}
	if len(whys) != nonLaws {
		t.Errorf("%d explanations for %d non-laws:\n%s", len(whys), nonLaws, out)
	}
}

// urlspec laws --list: the table, one law a line, without checking.
func TestLawsList(t *testing.T) {
	out, _, code := lawsRun(t, "laws", "--list")
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if code != 0 || len(lines) != len(laws.All()) {
		t.Fatalf("exit %d, %d lines for %d laws:\n%s", code, len(lines), len(laws.All()), out)
	}
	for i, l := range laws.All() {
		if !strings.HasPrefix(lines[i], l.Kind.String()) || !strings.Contains(lines[i], " "+l.Name+" ") {
			t.Errorf("line %d: %q", i, lines[i])
		}
	}
}

// urlspec eval: the value of an expression, as components and as a string.
func TestEval(t *testing.T) {
	out, _, code := lawsRun(t, "eval", `goto("//", "./")`)
	want := `expr             goto("//", "./")
  "//"           = (authority ε)  (prints as "//")
  "./"           = (dir .)  (prints as "./")
value            (authority ε)・(path-root /)・(dir .)
  authority      ε
  path-root      /
  dir            .
string           ///./
`
	if code != 0 || out != want {
		t.Errorf("exit %d\n%s\nwant\n%s", code, out, want)
	}
	for _, tt := range []struct {
		args []string
		code int
		has  string
	}{
		{[]string{"eval", `norm("http:a/../b")`}, 0, "string           http:b\n"},
		{[]string{"eval", `force("x")`}, 1, "fails (force: an URL without a scheme cannot be forced)"},
		{[]string{"eval", `print(parse("C|/x", file))`}, 0, `value            "/C|/x"`},
		{[]string{"eval", `"C|/x"`, "--mode", "file"}, 0, "drive          C|"},
		{[]string{"eval", `goto(a, "x")`}, 2, ""},
		{[]string{"eval", `goto("x") == "x"`}, 2, ""},
		{[]string{"eval"}, 2, ""},
		{[]string{"eval", "--json", `goto("//", "./")`}, 0, `"string":"///./"`},
		{[]string{"claim", `"http://a/b" == norm("HTTP://a:80/b")`}, 0, "holds (the claim has no variables: evaluated once, nothing generated)"},
	} {
		out, _, code := lawsRun(t, tt.args...)
		if code != tt.code || !strings.Contains(out, tt.has) {
			t.Errorf("urlspec %q: exit %d, want %d; output lacks %q:\n%s", tt.args, code, tt.code, tt.has, out)
		}
	}
}

// urlspec laws --json: JSON Lines with the fields the issue names.
func TestLawsJSON(t *testing.T) {
	out, _, code := lawsRun(t, "laws", "--json", "--cases=200", "--law", "goto-ord", "--law", "norm-goto-0.10.1")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("%d lines:\n%s", len(lines), out)
	}
	for i, line := range lines {
		var r struct {
			Law            string          `json:"law"`
			Holds          *bool           `json:"holds"`
			Cases          int             `json:"cases"`
			Counterexample json.RawMessage `json:"counterexample"`
		}
		if err := json.Unmarshal([]byte(line), &r); err != nil || r.Holds == nil || r.Counterexample == nil {
			t.Fatalf("line %d %q: %v", i, line, err)
		}
		switch r.Law {
		case "goto-ord":
			if !*r.Holds || r.Cases != 200 || string(r.Counterexample) != "null" {
				t.Errorf("%s", line)
			}
		case "norm-goto-0.10.1":
			if *r.Holds || !strings.Contains(string(r.Counterexample), `"inputs"`) {
				t.Errorf("%s", line)
			}
		default:
			t.Errorf("unexpected law %q", r.Law)
		}
	}
}

func TestLawsUsage(t *testing.T) {
	for _, args := range [][]string{
		{"laws", "--cases", "x"}, {"laws", "--cases"}, {"laws", "--seed", "-1"}, {"laws", "--law", "nope"}, {"laws", "extra"},
	} {
		if _, errOut, code := lawsRun(t, args...); code != 2 || !strings.Contains(errOut, "usage: urlspec laws") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
	out, _, code := lawsRun(t, "laws", "--help")
	if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "--json") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
}

// urlspec claim: holds (exit 0), counterexample (exit 1) with every
// intermediate value, malformed (exit 2) with the column.
func TestClaimCommand(t *testing.T) {
	out, _, code := lawsRun(t, "claim", "goto(goto(a, b), c) == goto(a, goto(b, c))", "--cases", "200")
	if code != 0 || out != "holds (200 cases)\n" {
		t.Errorf("exit %d: %q", code, out)
	}
	out, _, code = lawsRun(t, "claim", "--seed", "1", "norm(goto(norm(a), norm(b))) == norm(goto(a, b))")
	if code != 1 || !strings.HasPrefix(out, "counterexample (found at case") {
		t.Errorf("exit %d:\n%s", code, out)
	}
	for _, want := range []string{"\n  a ", "\n  b ", "\n  norm(a) ", "\n  goto(norm(a), norm(b)) ", "\n  norm(goto(a, b)) ", "is false"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	_, errOut, code := lawsRun(t, "claim", "goto(a, b) = a")
	if code != 2 || !strings.Contains(errOut, "column 12") || !strings.Contains(errOut, "\n  goto(a, b) = a\n             ^\n") {
		t.Errorf("malformed: exit %d, stderr %q", code, errOut)
	}
	out, _, code = lawsRun(t, "claim", "norm(parse(print(norm(a)), file)) == norm(encoded(norm(a)))", "--mode", "file", "--cases", "300", "--json")
	var r struct {
		Claim string `json:"claim"`
		Holds bool   `json:"holds"`
		Cases int    `json:"cases"`
	}
	if err := json.Unmarshal([]byte(out), &r); code != 0 || err != nil || !r.Holds || r.Cases != 300 {
		t.Errorf("--json --mode file: exit %d %q %v", code, out, err)
	}
	out, _, code = lawsRun(t, "claim", "force(goto(force(a), b)) == force(goto(a, b))", "--defined")
	if code != 1 || strings.Contains(out, "fails (") {
		t.Errorf("--defined: exit %d\n%s", code, out)
	}
	for _, args := range [][]string{{"claim"}, {"claim", "a == a", "b == b"}, {"claim", "a == a", "--mode", "ftp"}, {"claim", "a == a", "--cases", "0"}} {
		if _, errOut, code := lawsRun(t, args...); code != 2 || !strings.Contains(errOut, "usage: urlspec claim") {
			t.Errorf("%q: exit %d, stderr %q", args, code, errOut)
		}
	}
	out, _, code = lawsRun(t, "claim", "--help")
	if code != 0 || !strings.Contains(out, "Examples:") || !strings.Contains(out, "relativize(url, url)") {
		t.Errorf("--help: exit %d\n%s", code, out)
	}
}
