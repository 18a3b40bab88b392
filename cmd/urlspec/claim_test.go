package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// urlspec claim with a guard: the count of cases that satisfied the
// premise, in text and JSON; a vacuous claim exits 1; a malformed guard
// exits 2 with its column.
func TestClaimGuard(t *testing.T) {
	legacy := "has(a, scheme) && has(b, scheme) && scheme(norm(a)) == scheme(norm(b)) ==> legacy(a, b) == generic(drop(a, scheme), b)"
	out, errOut, code := lawsRun(t, "claim", legacy, "--cases", "2000")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "holds on 2000 cases (") || !strings.Contains(out, " satisfied the premise, ") {
		t.Errorf("exit %d %q %q", code, out, errOut)
	}
	out, _, code = lawsRun(t, "claim", legacy, "--cases", "2000", "--json")
	var r struct {
		Holds, Guarded, Vacuous bool
		Cases, Satisfied        int
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil || code != 0 || !r.Holds || !r.Guarded || r.Vacuous || r.Cases != 2000 || r.Satisfied == 0 {
		t.Errorf("json %q: %+v %v", out, r, err)
	}
	out, _, code = lawsRun(t, "claim", "has(a, scheme) && !has(a, scheme) ==> a == b", "--cases", "50")
	if code != 1 || !strings.HasPrefix(out, "vacuous: the premise held on none of the 50 cases") {
		t.Errorf("vacuous: exit %d %q", code, out)
	}
	out, _, code = lawsRun(t, "claim", "has(a, scheme) ==> a == b", "--cases", "50")
	if code != 1 || !strings.Contains(out, "the 1st to satisfy the premise") || !strings.Contains(out, "has(a, scheme) = true") {
		t.Errorf("counterexample: exit %d %q", code, out)
	}
	_, errOut, code = lawsRun(t, "claim", "has(a, scheme) => a == b")
	if code != 2 || !strings.Contains(errOut, "column 16: write ==> for a guard") {
		t.Errorf("malformed: exit %d %q", code, errOut)
	}
	out, _, code = lawsRun(t, "claim", "--help")
	for _, want := range []string{"has(url, type)", "defined(url)", "scheme(url)", "drop(url, type)", "PREMISE ==> CONCLUSION", "satisfied the premise"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("help lacks %q", want)
		}
	}
}
