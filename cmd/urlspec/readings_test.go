package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/readings"
)

func TestReadingsCommand(t *testing.T) {
	out, _, code := runCmd(t, "", "readings", `http://evil.example\@good.example/`)
	if code != 1 || !strings.Contains(out, "they part at byte 7 (userinfo)") || !strings.Contains(out, "net/url fails") {
		t.Errorf("%d\n%s", code, out)
	}
	out, _, code = runCmd(t, "https://a.example/\n", "readings")
	if code != 0 || !strings.Contains(out, "agree            yes") {
		t.Errorf("%d\n%s", code, out)
	}
	out, _, code = runCmd(t, "", "readings", "--json", "//evil.example/x")
	var a struct {
		Agree     bool
		Diverge   int
		Component string
		Readings  []struct{ Name, Host, Error string }
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil || code != 1 {
		t.Fatalf("%v %d %s", err, code, out)
	}
	if a.Agree || a.Component != "error" || len(a.Readings) != 5 || a.Readings[0].Error == "" || a.Readings[3].Host != "evil.example" {
		t.Errorf("%s", out)
	}
	out, _, _ = runCmd(t, "", "readings", "--attacks", "--json")
	if n := strings.Count(out, "\n"); n != len(readings.AttackShapes()) {
		t.Errorf("%d lines for %d shapes", n, len(readings.AttackShapes()))
	}
	if _, errs, code := runCmd(t, "", "readings", "--attacks", "x"); code != 2 || !strings.Contains(errs, "--attacks takes no INPUT") {
		t.Errorf("%d %s", code, errs)
	}
	if out, _, code := runCmd(t, "", "help", "readings"); code != 0 || !strings.HasPrefix(out, "usage: urlspec readings") {
		t.Errorf("%d %s", code, out)
	}
}
