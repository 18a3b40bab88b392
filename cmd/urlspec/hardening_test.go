package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/claim"
	"github.com/urlspec/urlspec/internal/refops"
)

// TestJSONOneLinePerInputLine: every --json command that reads stdin
// answers each stdin line with exactly one JSON line, in order, empty and
// blank lines included, with "\r\n" endings and without a final "\n".
func TestJSONOneLinePerInputLine(t *testing.T) {
	lines := []string{"http://a/b", "", "   ", "../x", "\t", "http://[::1/", "sc:x y", ""}
	stdin := strings.Join(lines[:3], "\n") + "\r\n" + strings.Join(lines[3:], "\n") + "\nlast-without-newline"
	want := len(lines) + 1
	cmds := [][]string{
		{"parse", "--json"},
		{"resolve", "--json"},
		{"resolve", "--json", "--base", "http://h/a/b"},
		{"explain", "--json", "--base", "http://h/a/b"},
		{"valid", "--json"},
		{"readings", "--json"},
		{"canon", "--json"},
		{"canon", "--json", "--trace"},
		{"match", "http://*", "--json"},
		{"equiv", "--json"},
	}
	for _, args := range cmds {
		out, errs, code := runCLI(t, stdin, args...)
		if code == exitUsage && args[0] != "equiv" {
			t.Errorf("%q: usage error: %s", args, errs)
			continue
		}
		got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
		if len(got) != want {
			t.Errorf("%q: %d JSON lines for %d input lines:\n%s", args, len(got), want, out)
			continue
		}
		for i, l := range got {
			var v map[string]any
			if err := json.Unmarshal([]byte(l), &v); err != nil {
				t.Errorf("%q line %d is not a JSON object: %v: %s", args, i+1, err, l)
			}
		}
	}
	// The empty line is the input "": parse answers it as the empty reference.
	out, _, _ := runCLI(t, "\n", "parse", "--json")
	if !strings.HasPrefix(out, `{"input":"","mode":"web","components":[]`) {
		t.Errorf("parse --json of an empty line: %s", out)
	}
	// Without --json, empty lines are skipped.
	out, _, _ = runCLI(t, "http://a/\n\n", "canon")
	if out != "http://a/\n" {
		t.Errorf("canon of an empty line: %q", out)
	}
}

// TestUnknownCommand: one line and a hint, exit status 2.
func TestUnknownCommand(t *testing.T) {
	for _, args := range [][]string{{"foo"}, {"help", "foo"}, {"--frobnicate"}} {
		out, errs, code := runCLI(t, "", args...)
		if code != exitUsage || out != "" || strings.Count(errs, "\n") != 1 || !strings.Contains(errs, "run 'urlspec help' for the list") {
			t.Errorf("urlspec %q: exit %d, stdout %q, stderr %q; want one line with a hint, exit 2", args, code, out, errs)
		}
	}
}

// TestVersion: --version and version print the module and the Go version;
// a test binary has build information (without VCS stamps, which only
// go build and go install record).
func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"--version"}, {"version"}} {
		out, errs, code := runCLI(t, "", args...)
		if code != 0 || errs != "" || !strings.HasPrefix(out, "urlspec ") || !strings.Contains(out, "  go        go1.") || !strings.Contains(out, "revision") {
			t.Errorf("urlspec %q: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
	if _, _, code := runCLI(t, "", "version", "x"); code != exitUsage {
		t.Errorf("urlspec version x: exit %d, want 2", code)
	}
}

// TestEquivEveryLevel: --level takes every level of refops.Levels, and
// the README's command table lists every level and every subcommand.
func TestEquivEveryLevel(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range refops.Levels {
		out, errs, code := runCLI(t, "", "equiv", "http://a/%7Ex", "HTTP://A:80/~x", "--level", l.String())
		if code == exitUsage || !strings.Contains(out, "at level "+l.String()) {
			t.Errorf("equiv --level %s: exit %d, %s%s", l, code, out, errs)
		}
		if !bytes.Contains(readme, []byte(`\|`+l.String())) && !bytes.Contains(readme, []byte(`[--level `+l.String())) {
			t.Errorf("README's command table does not list the level %s", l)
		}
	}
	for name := range commands {
		if !bytes.Contains(readme, []byte("| `urlspec "+name)) {
			t.Errorf("README's command table has no row for urlspec %s", name)
		}
	}
}

// failingWriter fails every write after the first n bytes.
type failingWriter struct{ n int }

var errFull = errors.New("no space left on device")

func (w *failingWriter) Write(p []byte) (int, error) {
	if len(p) <= w.n {
		w.n -= len(p)
		return len(p), nil
	}
	k := w.n
	w.n = 0
	return k, errFull
}

// TestWriteErrors: every command reports a failed write of its output on
// stderr and exits 1, whether the first write fails or a later one (after 3 bytes).
func TestWriteErrors(t *testing.T) {
	cmds := [][]string{
		{"parse", "http://a/"},
		{"parse", "--json", "http://a/"},
		{"resolve", "x", "--base", "http://h/"},
		{"explain", "http://a/"},
		{"equiv", "http://a/", "http://a/"},
		{"valid", "http://a/"},
		{"readings", "http://a/"},
		{"canon", "http://a/"},
		{"canon", "--trace", "http://a/"},
		{"match", "http://*", "http://a/"},
		{"eval", `goto("//", "./")`},
		{"claim", "norm(norm(a)) == norm(a)", "--cases", "10"},
		{"laws", "--list"},
		{"batch"},
		{"help"},
		{"parse", "--help"},
		{"--version"},
	}
	for _, args := range cmds {
		for _, n := range []int{0, 3} {
			var errb bytes.Buffer
			stdin := strings.NewReader(`{"op":"whatwg","input":"http://a/"}` + "\n")
			code := run(args, stdin, &failingWriter{n: n}, &errb)
			if code != exitFailure || !strings.Contains(errb.String(), "writing stdout: "+errFull.Error()) || strings.Count(errb.String(), "writing stdout") != 1 {
				t.Errorf("urlspec %q on a writer that fails after %d bytes: exit %d, stderr %q; want exit 1 and one message", args, n, code, errb.String())
			}
		}
	}
}

// TestEvalStdin: eval - reads the expression from stdin, so that one longer
// than an argument (128 KiB on Linux) can be evaluated; its steps stay
// bounded.
func TestEvalStdin(t *testing.T) {
	// The deepest expression eval accepts, claim.MaxDepth terms, spaced
	// out to about 200 KB: longer than one argument can be (128 KB on Linux).
	d := claim.MaxDepth - 1
	expr := strings.Repeat("norm(          ", d) + `"http://a/"` + strings.Repeat(" )", d)
	out, errs, code := runCLI(t, expr+"\n", "eval", "-")
	if code != 0 || !strings.Contains(out, "string           http://a/\n") || !strings.Contains(out, "sub-expressions nested deeper than 8 calls not shown") {
		t.Errorf("eval - of a 200 KB expression: exit %d, stderr %q, stdout ends %q", code, errs, out[max(len(out)-300, 0):])
	}
	if strings.Count(out, "\n") > 40 {
		t.Errorf("eval - of a 200 KB expression prints %d lines", strings.Count(out, "\n"))
	}
}
