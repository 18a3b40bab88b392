package main

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/webcalc"
)

// TestWebPageWords checks that the web page (package webcalc) says what
// the command prints: a failure as parse and explain print it, the strict
// verdict as parse's "valid" line, and both verdicts as valid prints them.
func TestWebPageWords(t *testing.T) {
	for _, in := range []string{"https://[::1", "http://exa mple.com/", "http://a/ b", "http://a/?x y", "file:///C|/x", "http://a/b", "x"} {
		var a webcalc.ExplainAnswer
		if err := json.Unmarshal([]byte(webcalc.Explain(in, "", "")), &a); err != nil {
			t.Fatal(err)
		}
		parse, _, _ := runCLI(t, "", "parse", in)
		explain, _, _ := runCLI(t, "", "explain", in)
		valid, _, _ := runCLI(t, "", "valid", in)
		if a.Failure != "" {
			// parse parses without resolving: only a failure of the parse
			// phase is its failure.
			if a.Phase == "parse" && !strings.Contains(parse, "\n"+a.FailureText) {
				t.Errorf("%q: the page's failure\n%s\nis not in urlspec parse's output:\n%s", in, a.FailureText, parse)
			}
			if !strings.Contains(explain, "  failure        "+a.Failure+"\n") {
				t.Errorf("%q: the page's failure %q is not in urlspec explain's output:\n%s", in, a.Failure, explain)
			}
		}
		if a.Phase != "parse" && !strings.Contains(parse, "\nvalid            "+a.Validity.Summary) {
			t.Errorf("%q: the page's validity %q is not in urlspec parse's output:\n%s", in, a.Validity.Summary, parse)
		}
		if !strings.HasSuffix(valid, a.Validity.Text) {
			t.Errorf("%q: the page's verdicts\n%s\nare not urlspec valid's:\n%s", in, a.Validity.Text, valid)
		}
	}
}
