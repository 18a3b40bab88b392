package main

import (
	"strings"
	"testing"
)

// urlspec valid gives the two verdicts by name, says when an input is read
// as a relative reference, and exits 1 unless both say valid.
func TestValidTwoVerdicts(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"valid", "file:///C|/x"}, 1, `input            file:///C|/x
read as          an absolute URL (file mode)
valid URL string no (WHATWG URL Standard, §URL writing)
  file:///C|/x
           ^ URL-path-segment string: '|' is not a URL code point (byte 9)
strict grammar   valid (URL specification, §Strict URL Grammar)
`},
		{[]string{"valid", "example.com"}, 1, `input            example.com
read as          a relative reference: (file example.com) (no scheme; web mode; no base: give one with --base)
valid URL string no (WHATWG URL Standard, §URL writing)
  example.com
  ^ absolute-URL string: no scheme: a relative-URL string is valid only against a base URL (byte 0)
strict grammar   valid (URL specification, §Strict URL Grammar)
`},
		{[]string{"valid", "example.com", "--base", "https://example.org/"}, 0, `input            example.com
read as          a relative reference: (file example.com) (no scheme; web mode; against https://example.org/)
valid URL string yes (WHATWG URL Standard, §URL writing)
strict grammar   valid (URL specification, §Strict URL Grammar)
`},
		{[]string{"valid", "x", "--base", "mailto:a@b"}, 1, `input            x
read as          a relative reference: (file x) (no scheme; web mode; against mailto:a@b)
valid URL string no (WHATWG URL Standard, §URL writing)
  x
  ^ relative-URL-with-fragment string: the base URL has an opaque path: only '#' and a fragment are valid against it (byte 0)
strict grammar   valid (URL specification, §Strict URL Grammar)
`},
	}
	for _, tt := range tests {
		out, errs, code := runCLI(t, "", tt.args...)
		if code != tt.code || out != tt.want {
			t.Errorf("urlspec %q: exit %d (want %d), stderr %q; got:\n%s\nwant:\n%s", tt.args, code, tt.code, errs, out, tt.want)
		}
	}
	if _, errs, code := runCLI(t, "", "valid", "x", "--base", "nope"); code != 2 || !strings.Contains(errs, "--base") {
		t.Errorf("valid with a base that fails: exit %d, %q", code, errs)
	}
}

func TestValidJSONVerdicts(t *testing.T) {
	out, _, code := runCLI(t, "file:///C|/x\nexample.com\nhttp://a/ b\nhttps://a/\n", "valid", "--json")
	objs := jsonLines(t, out)
	if code != 1 || len(objs) != 4 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	c := objs[0]
	if c["read_as"] != "absolute URL" || c["valid_url_string"] != false || c["strict_grammar"] != true || c["valid"] != false {
		t.Errorf("file:///C|/x: %v", c)
	}
	if v := c["url_string_violation"].(map[string]any); v["offset"] != 9.0 || v["rule"] != "URL-path-segment string" || v["reason"] != "'|' is not a URL code point" {
		t.Errorf("file:///C|/x violation: %v", v)
	}
	if c := objs[1]; c["read_as"] != "relative reference" || c["valid_url_string"] != false || c["strict_grammar"] != true {
		t.Errorf("example.com: %v", c)
	}
	if c := objs[2]; c["valid_url_string"] != false || c["strict_grammar"] != false || c["code"] != "invalid-URL-unit" || c["offset"] != 9.0 {
		t.Errorf("http://a/ b: %v", c)
	}
	if c := objs[3]; c["valid"] != true || c["url_string_violation"] != nil || c["error"] != nil {
		t.Errorf("https://a/: %v", c)
	}
}

// urlspec parse lists the WHATWG parser's validation errors with a caret
// under each, and --json has them.
func TestParseValidationErrors(t *testing.T) {
	out, _, code := runCLI(t, "", "parse", "https:/ex%61mple.org:443\\a\tb|")
	want := `validation       6 errors (the WHATWG URL Standard's parser, new URL(INPUT))
  "https:/ex%61mple.org:443\\a\tb|"
                              ^ invalid-URL-unit: ASCII tab or newline (removed)
         ^ special-scheme-missing-following-solidus: special scheme not followed by "//"
         ^ special-scheme-missing-following-solidus: more than two slashes after a special scheme
          ^ domain-percent-encoded: the domain contains a percent-encoded byte
                           ^ invalid-reverse-solidus: '\' used as '/'
                                 ^ invalid-URL-unit: '|' is not a URL code point
`
	if code != 0 || !strings.Contains(out, want) {
		t.Errorf("exit %d; got:\n%s\nwant it to contain:\n%s", code, out, want)
	}
	out, _, code = runCLI(t, "", "parse", "--json", "http://h/a b", "https://a@", "http://h/")
	objs := jsonLines(t, out)
	if code != 1 || len(objs) != 3 {
		t.Fatalf("exit %d:\n%s", code, out)
	}
	errs := objs[0]["validation_errors"].([]any)
	if len(errs) != 1 || errs[0].(map[string]any)["name"] != "invalid-URL-unit" || errs[0].(map[string]any)["offset"] != 10.0 {
		t.Errorf("parse --json: %v", objs[0])
	}
	errs = objs[1]["validation_errors"].([]any)
	if objs[1]["failure"] != true || len(errs) != 2 || errs[1].(map[string]any)["name"] != "host-missing" {
		t.Errorf("parse --json (failure): %v", objs[1])
	}
	if errs := objs[2]["validation_errors"].([]any); len(errs) != 0 {
		t.Errorf("parse --json (no errors): %v", objs[2])
	}
}
