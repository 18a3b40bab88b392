package webcalc_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/webcalc"
)

func explainAnswer(t *testing.T, input, base, mode string) (webcalc.ExplainAnswer, string) {
	t.Helper()
	s := webcalc.Explain(input, base, mode)
	var a webcalc.ExplainAnswer
	if err := json.Unmarshal([]byte(s), &a); err != nil {
		t.Fatalf("Explain(%q, %q, %q): %v", input, base, mode, err)
	}
	return a, s
}

// TestFailureWords checks the failure the page shows for inputs that fail
// in each phase of package explain that can fail (base, mode, parse,
// resolve): the words `urlspec parse` and `urlspec explain` print after
// "failure" (the code and the reason), the failing phase as explain's JSON
// names it, and the failure lines with the caret. Every failing phase has
// an error: Explanation.Failed is true only when one of the base's, the
// mode's, the parse's or the resolution's errors is set, so the answer
// never falls back to a bare "failure" (which the page once rendered as
// "href: failure: failure").
func TestFailureWords(t *testing.T) {
	for _, c := range []struct {
		input, base, mode string
		failure, phase    string
		text              string
	}{
		{"https://[::1", "", "", "IPv6-unclosed: missing ]", "parse",
			"failure          IPv6-unclosed: missing ]\n  https://[::1\n              ^ byte 12\n"},
		{"http://exa mple.com/", "", "", "domain-invalid-code-point: forbidden domain code point U+0020", "parse",
			"failure          domain-invalid-code-point: forbidden domain code point U+0020\n  http://exa mple.com/\n            ^ byte 10\n"},
		{" https://[::1 ", "", "", "IPv6-unclosed: missing ]", "parse", // the caret is under the preprocessed input
			"failure          IPv6-unclosed: missing ]\n  https://[::1\n              ^ byte 12\n"},
		{"x", "", "", "missing-scheme-non-relative-URL: a relative reference needs a base URL", "resolve",
			"failure          missing-scheme-non-relative-URL: a relative reference needs a base URL\n"},
		{"x", "sc:o", "", "missing-scheme-non-relative-URL: a relative reference needs a base with an authority or a path-root", "resolve",
			"failure          missing-scheme-non-relative-URL: a relative reference needs a base with an authority or a path-root\n"},
		{"x", "", "bogus", `invalid-mode: mode must be "web", "file" or "generic"`, "mode",
			"failure          invalid-mode: mode must be \"web\", \"file\" or \"generic\"\n"},
		{"x", "http://[", "", "IPv6-unclosed: missing ]", "base",
			"failure          IPv6-unclosed: missing ]\n  http://[\n          ^ byte 8\n"},
	} {
		a, raw := explainAnswer(t, c.input, c.base, c.mode)
		if a.Failure != c.failure || a.Phase != c.phase || a.FailureText != c.text {
			t.Errorf("Explain(%q, %q, %q): failure %q, phase %q, text\n%s\nwant %q, %q,\n%s", c.input, c.base, c.mode,
				a.Failure, a.Phase, a.FailureText, c.failure, c.phase, c.text)
		}
		if a.Href != "" || a.Getters != nil {
			t.Errorf("Explain(%q, %q, %q): a failure with href %q", c.input, c.base, c.mode, a.Href)
		}
		// The phase is the one explain's JSON names, and the failure
		// line is in explain's text.
		var phases struct {
			Phase string `json:"failed_phase"`
		}
		if err := json.Unmarshal(a.Phases, &phases); err != nil || phases.Phase != a.Phase {
			t.Errorf("Explain(%q, %q, %q): failed_phase %q, explain's JSON %q (%v)", c.input, c.base, c.mode, a.Phase, phases.Phase, err)
		}
		if !strings.Contains(a.Text, "failure        "+c.failure+"\n") {
			t.Errorf("Explain(%q, %q, %q): explain's text has no failure line %q:\n%s", c.input, c.base, c.mode, c.failure, a.Text)
		}
		if strings.Contains(raw, `"failure"`+`:"failure"`) || strings.Contains(a.FailureText, "failure: failure") {
			t.Errorf("Explain(%q, %q, %q): a bare failure: %s", c.input, c.base, c.mode, raw)
		}
	}
}

// TestValidityWords checks the validity the page shows: the strict
// verdict as `urlspec parse` prints it after "valid", and both verdicts of
// `urlspec valid`, each with the input, a caret and what is wrong in words.
func TestValidityWords(t *testing.T) {
	for _, c := range []struct {
		input, base, mode string
		valid, urlString  bool
		summary, text     string
	}{
		{"https://[::1", "", "", false, false, "no: IPv6-unclosed at byte 12 (missing ])",
			"valid URL string no (WHATWG URL Standard, §URL writing)\n" +
				"  https://[::1\n          ^ valid host string: '[' without a closing ']' (byte 8)\n" +
				"strict grammar   invalid (URL specification, §Strict URL Grammar)\n" +
				"  https://[::1\n              ^ IPv6-unclosed: missing ] (byte 12)\n"},
		{"http://exa mple.com/", "", "", false, false, "no: domain-invalid-code-point at byte 10 (forbidden domain code point U+0020)",
			"valid URL string no (WHATWG URL Standard, §URL writing)\n" +
				"  http://exa mple.com/\n         ^ valid domain string: Unicode ToASCII (strict) fails: U1: code point not allowed by UseSTD3ASCIIRules in label 1 (byte 7)\n" +
				"strict grammar   invalid (URL specification, §Strict URL Grammar)\n" +
				"  http://exa mple.com/\n            ^ domain-invalid-code-point: forbidden domain code point U+0020 (byte 10)\n"},
		// Parses (as http://a/%20b), but is valid by neither rule.
		{"http://a/ b", "", "", false, false, "no: invalid-URL-unit at byte 9 (u+20 in dir and file: F (invalid and fixed by percent-encoding))",
			"valid URL string no (WHATWG URL Standard, §URL writing)\n" +
				"  http://a/ b\n           ^ URL-path-segment string: U+0020 is not a URL code point (byte 9)\n" +
				"strict grammar   invalid (URL specification, §Strict URL Grammar)\n" +
				"  http://a/ b\n           ^ invalid-URL-unit: u+20 in dir and file: F (invalid and fixed by percent-encoding) (byte 9)\n"},
		{"http://a/?x y", "", "", false, false, "no: invalid-URL-unit at byte 11 (u+20 in query: F (invalid and fixed by percent-encoding))",
			"valid URL string no (WHATWG URL Standard, §URL writing)\n" +
				"  http://a/?x y\n             ^ URL-query string: U+0020 is not a URL code point (byte 11)\n" +
				"strict grammar   invalid (URL specification, §Strict URL Grammar)\n" +
				"  http://a/?x y\n             ^ invalid-URL-unit: u+20 in query: F (invalid and fixed by percent-encoding) (byte 11)\n"},
		// Valid under the strict grammar (C| is a drive), not a valid URL
		// string.
		{"file:///C|/x", "", "", true, false, "yes",
			"valid URL string no (WHATWG URL Standard, §URL writing)\n" +
				"  file:///C|/x\n           ^ URL-path-segment string: '|' is not a URL code point (byte 9)\n" +
				"strict grammar   valid (URL specification, §Strict URL Grammar)\n"},
		// A relative reference: a valid URL string against the base only.
		{"../x", "file:///C:/dir/sub/", "", true, true, "yes",
			"valid URL string yes (WHATWG URL Standard, §URL writing)\n" +
				"strict grammar   valid (URL specification, §Strict URL Grammar)\n"},
	} {
		a, _ := explainAnswer(t, c.input, c.base, c.mode)
		v := a.Validity
		if v.Valid != c.valid || v.URLString != c.urlString || v.Summary != c.summary || v.Text != c.text {
			t.Errorf("Explain(%q, %q, %q): validity %v, url string %v, summary %q, text\n%s\nwant %v, %v, %q,\n%s",
				c.input, c.base, c.mode, v.Valid, v.URLString, v.Summary, v.Text, c.valid, c.urlString, c.summary, c.text)
		}
		if strings.Contains(v.Summary, "failure: failure") || strings.Contains(v.Text, "failure: failure") {
			t.Errorf("Explain(%q, %q, %q): a bare failure in the validity", c.input, c.base, c.mode)
		}
	}
}
