package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestMatchGolden(t *testing.T) {
	out, errOut, code := runCLI(t, "", "match", "https://*.example.com/books/:id", "https://shop.example.com/books/42", "https://example.org/books/1")
	want := `pattern          https://*.example.com/books/:id
  protocol       https
  username       *
  password       *
  hostname       *.example.com
  port           ""
  pathname       /books/:id
  search         *
  hash           *

match            https://shop.example.com/books/42
  hostname       shop.example.com
    0            shop
  pathname       /books/42
    id           42

no match         https://example.org/books/1
  hostname       example.org does not match *.example.com
`
	if out != want || errOut != "" || code != exitFailure {
		t.Errorf("got exit %d, stderr %q, stdout\n%s\nwant exit 1, stdout\n%s", code, errOut, out, want)
	}
}

func TestMatchExitAndJSON(t *testing.T) {
	cases := []struct {
		args  []string
		stdin string
		code  int
	}{
		{[]string{"match", "https://example.com/:id", "https://example.com/1"}, "", exitOK},
		{[]string{"match", "https://example.com/:id", "https://example.com/1/2"}, "", exitFailure},
		{[]string{"match", "https://example.com/:id", "no URL"}, "", exitFailure},
		{[]string{"match", "https://example.com/:id"}, "https://example.com/1\nhttps://example.com/2\n", exitOK},
		{[]string{"match", "https://example.com/:id", "-"}, "https://example.com/1\nhttps://example.com/\n", exitFailure},
		{[]string{"match", "/:id", "--base", "https://example.com", "https://example.com/7"}, "", exitOK},
		{[]string{"match", "https://example.com/A", "--ignore-case", "https://example.com/a"}, "", exitOK},
		{[]string{"match"}, "", exitUsage},
		{[]string{"match", "/:id"}, "", exitUsage},                                  // relative pattern without --base
		{[]string{"match", "https://x/:id(a(?=b))", "https://x/ab"}, "", exitUsage}, // lookahead: RE2 cannot
		{[]string{"match", "--frob", "x"}, "", exitUsage},
		{[]string{"match", "--help"}, "", exitOK},
		{[]string{"help", "match"}, "", exitOK},
	}
	for _, c := range cases {
		_, _, code := runCLI(t, c.stdin, c.args...)
		if code != c.code {
			t.Errorf("urlspec %q: exit %d, want %d", c.args, code, c.code)
		}
	}
	out, _, code := runCLI(t, "", "match", `https://example.com/:year(\d+)/:month(\d+)?`, "https://example.com/2026", "https://example.org/", "--json")
	if code != exitFailure {
		t.Errorf("exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 {
		t.Fatalf("want 2 JSON lines, got %q", out)
	}
	var a, b matchJSON
	if err := json.Unmarshal([]byte(lines[0]), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(lines[1]), &b); err != nil {
		t.Fatal(err)
	}
	pn := a.Components["pathname"]
	if !a.Match || pn.Input != "/2026" || pn.Groups["year"] == nil || *pn.Groups["year"] != "2026" || pn.Groups["month"] != nil {
		t.Errorf("first line: %s", lines[0])
	}
	if b.Match || b.Failed != "hostname" || b.Pattern["pathname"] != `/:year(\d+)/:month(\d+)?` {
		t.Errorf("second line: %s", lines[1])
	}
	help, _, _ := runCLI(t, "", "match", "--help")
	if !strings.Contains(help, "Examples:") || !strings.Contains(help, "Exit status") {
		t.Errorf("match --help lacks examples or exit statuses")
	}
	usage, _, _ := runCLI(t, "", "help")
	if !strings.Contains(usage, "urlspec match PATTERN") {
		t.Error("the usage text does not list match")
	}
}
