package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return out.String(), errb.String(), code
}

func TestCanonLines(t *testing.T) {
	out, errs, code := runCmd(t, "http://host/%25%32%35\r\n\nwww.google.com\nhttp://3279880203/blah", "canon", "--profile", "safe-browsing")
	if code != 0 || errs != "" || out != "http://host/%25\nhttp://www.google.com/\nhttp://195.127.0.11/blah\n" {
		t.Errorf("%d %q %q", code, out, errs)
	}
	// A failure keeps the lines aligned and reports on stderr.
	out, errs, code = runCmd(t, "http://a/?b&a\nhttp://[\nhttp://x\n", "canon", "--profile=whatwg-sort-query")
	if code != 1 || out != "http://a/?a&b\n\nhttp://x/\n" || !strings.Contains(errs, "IPv6-unclosed") {
		t.Errorf("%d %q %q", code, out, errs)
	}
	out, _, code = runCmd(t, "", "canon", "--profile", "surt", "http://www.example.com/a?b=2&a=1#f")
	if code != 0 || out != "com,example)/a?a=1&b=2\n" {
		t.Errorf("%d %q", code, out)
	}
}

func TestCanonTraceJSON(t *testing.T) {
	out, _, code := runCmd(t, "", "canon", "--profile", "aggressive", "--trace", "--json", "HTTP://www.a.com/index.html#f")
	var a struct {
		Input  string
		Output string
		Steps  []struct{ Rule, After string }
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil || code != 0 {
		t.Fatalf("%v %d %s", err, code, out)
	}
	var rules []string
	for _, s := range a.Steps {
		rules = append(rules, s.Rule)
	}
	if a.Output != "http://a.com/" || strings.Join(rules, " ") != "scheme-case remove-fragment remove-www remove-directory-index" {
		t.Errorf("%s", out)
	}
	out, _, code = runCmd(t, "", "canon", "--trace", "HTTP://a:80/")
	if code != 0 || !strings.Contains(out, "default-port") || !strings.Contains(out, "canonical        http://a/") {
		t.Errorf("%d %s", code, out)
	}
}

func TestCanonUsage(t *testing.T) {
	if _, errs, code := runCmd(t, "", "canon", "--profile", "nope"); code != 2 || !strings.Contains(errs, "unknown profile") {
		t.Errorf("%d %s", code, errs)
	}
	if out, _, code := runCmd(t, "", "canon", "--help"); code != 0 || !strings.Contains(out, "safe-browsing") {
		t.Errorf("%d %s", code, out)
	}
	if out, _, code := runCmd(t, "", "help", "canon"); code != 0 || !strings.HasPrefix(out, "usage: urlspec canon") {
		t.Errorf("%d %s", code, out)
	}
}
