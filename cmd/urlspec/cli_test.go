package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/internal/display"
	"github.com/urlspec/urlspec/internal/explain"
	"github.com/urlspec/urlspec/internal/wpt"
)

// runCLI runs the command line args with stdin and returns its output and
// exit status.
func runCLI(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("urlspec %q panics: %v", args, r)
			}
		}()
		code = run(args, strings.NewReader(stdin), &out, &errb)
	}()
	return out.String(), errb.String(), code
}

// The two explanations the CLI issue asks to show, and one output of every
// other subcommand, in full.
var goldens = []struct {
	name  string
	args  []string
	stdin string
	code  int
	want  string
}{
	{"explain web", []string{"explain", "HTTP://EXAMPLE.com:80/a/./b/../c?q#f"}, "", 0, `input            HTTP://EXAMPLE.com:80/a/./b/../c?q#f
base             none

1 preprocess     §Preprocessing
  removed        nothing
  result         HTTP://EXAMPLE.com:80/a/./b/../c?q#f

2 mode           §Parser modes: parser-mode-for
  mode           web
  why            the input starts with the web-scheme "HTTP" and ':'

3 parse          §URL Grammar in web mode, §Host Parsing
  scheme         HTTP
  authority      (host example.com)・(port 80)
    host         example.com (domain)
                 ← written EXAMPLE.com: domain to ASCII
    port         80
  path-root      /
  dir            a
  dir            .
  dir            b
  dir            ..
  file           c
  query          q
  fragment       f

4 resolve        §Resolution: WHATWG resolution against the base
  case           force (legacy-resolve reference base)
  why            the reference is a web- or file-URL
  legacy         nothing to remove: there is no base
  reference      (scheme HTTP)・(authority (host example.com)・(port 80))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)・(query q)・(fragment f)
  goto keeps     base upto (ord reference) = base upto scheme = ε (no base)
  goto result    (scheme HTTP)・(authority (host example.com)・(port 80))・(path-root /)・(dir a)・(dir .)・(dir b)・(dir ..)・(file c)・(query q)・(fragment f)
  force          web (§Forced Web URL): nothing to change
  why            it has a host and a path-root

5 normalise      §Equivalences and Normalisation
  scheme-case    (scheme HTTP) → (scheme http)
  default-port   (authority (host example.com)・(port 80)) → (authority (host example.com))
  dot            (dir .) → ε
  dir-dots       (dir b)・(dir ..) → ε
  result         (scheme http)・(authority (host example.com))・(path-root /)・(dir a)・(file c)・(query q)・(fragment f)

6 print          §Printing
  for printing   nothing to change
  profile        special (a web-URL; §Encode Profile Selection)
  encoded        nothing: every character stands as it is

7 result         §Concluding: the getters
  href           http://example.com/a/c?q#f
  protocol       "http:"
  username       ""
  password       ""
  host           "example.com"
  hostname       "example.com"
  port           ""
  pathname       "/a/c"
  search         "?q"
  hash           "#f"
  origin         "http://example.com"
`},
	{"explain file base", []string{"explain", "../x", "--base", "file:///C:/dir/sub/"}, "", 0, `input            ../x
base             file:///C:/dir/sub/
  components     (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(dir sub)

1 preprocess     §Preprocessing
  removed        nothing
  result         ../x

2 mode           §Parser modes: parser-mode-for
  mode           file
  why            no scheme, so the fallback mode: file, the mode of the base's scheme "file"

3 parse          §URL Grammar in file mode, §Host Parsing
  dir            ..
  file           x

4 resolve        §Resolution: WHATWG resolution against the base
  case           force (legacy-resolve reference base)
  why            the reference has no scheme and the base is a web- or file-URL
  legacy         nothing to remove: the reference has no scheme
  reference      (dir ..)・(file x)
  goto keeps     base upto (ord reference) = base upto dir =
                 (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(dir sub)
  goto result    (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(dir sub)・(dir ..)・(file x)
  force          file (§Forced File URL): nothing to change
  why            it has an authority without credentials or port, and a drive or a path-root

5 normalise      §Equivalences and Normalisation
  dir-dots       (dir sub)・(dir ..) → ε
  result         (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(file x)

6 print          §Printing
  for printing   nothing to change
  profile        special (a file-URL; §Encode Profile Selection)
  encoded        nothing: every character stands as it is

7 result         §Concluding: the getters
  href           file:///C:/dir/x
  protocol       "file:"
  username       ""
  password       ""
  host           ""
  hostname       ""
  port           ""
  pathname       "/C:/dir/x"
  search         ""
  hash           ""
  origin         "null"
`},
	{"explain force", []string{"explain", "http:foo/bar"}, "", 0, `input            http:foo/bar
base             none

1 preprocess     §Preprocessing
  removed        nothing
  result         http:foo/bar

2 mode           §Parser modes: parser-mode-for
  mode           web
  why            the input starts with the web-scheme "http" and ':'

3 parse          §URL Grammar in web mode, §Host Parsing
  scheme         http
  dir            foo
  file           bar

4 resolve        §Resolution: WHATWG resolution against the base
  case           force (legacy-resolve reference base)
  why            the reference is a web- or file-URL
  legacy         nothing to remove: there is no base
  reference      (scheme http)・(dir foo)・(file bar)
  goto keeps     base upto (ord reference) = base upto scheme = ε (no base)
  goto result    (scheme http)・(dir foo)・(file bar)
  force          web (§Forced Web URL): changed (a validation warning)
    changed      ε → (path-root /)
    why          a forced web-URL has a path-root
    changed      (dir foo) → (authority (host foo))
    why          there is no authority, so the first dir or file that is not ε becomes the authority (parsed in web mode); it and the dirs before it are removed
  forced         (scheme http)・(authority (host foo))・(path-root /)・(file bar)

5 normalise      §Equivalences and Normalisation
  rules          none apply: already in normal form
  result         (scheme http)・(authority (host foo))・(path-root /)・(file bar)

6 print          §Printing
  for printing   nothing to change
  profile        special (a web-URL; §Encode Profile Selection)
  encoded        nothing: every character stands as it is

7 result         §Concluding: the getters
  href           http://foo/bar
  protocol       "http:"
  username       ""
  password       ""
  host           "foo"
  hostname       "foo"
  port           ""
  pathname       "/bar"
  search         ""
  hash           ""
  origin         "http://foo"
`},
	{"explain failure", []string{"explain", "https://a@/x"}, "", 1, `input            https://a@/x
base             none

1 preprocess     §Preprocessing
  removed        nothing
  result         https://a@/x

2 mode           §Parser modes: parser-mode-for
  mode           web
  why            the input starts with the web-scheme "https" and ':'

3 parse          §URL Grammar in web mode, §Host Parsing
  failure        host-missing: credentials or port without a host
    https://a@/x
              ^ byte 10
`},
	{"parse", []string{"parse", "HTTP://EXAMPLE.com:80/a/./b/../c?q#f"}, "", 0, `input            HTTP://EXAMPLE.com:80/a/./b/../c?q#f
mode             web (the input starts with the web-scheme "HTTP" and ':')
components       10 (spec §URL: one a line, in order)
  scheme         HTTP
  authority      (host example.com)・(port 80)
    host         example.com (domain)
                 ← written EXAMPLE.com: domain to ASCII
    port         80
  path-root      /
  dir            a
  dir            .
  dir            b
  dir            ..
  file           c
  query          q
  fragment       f
ascii            HTTP://example.com:80/a/./b/../c?q#f
unicode          HTTP://example.com:80/a/./b/../c?q#f
normalised       http://example.com/a/c?q#f
whatwg           http://example.com/a/c?q#f
validation       no errors (the WHATWG URL Standard's parser, new URL(INPUT))
valid            yes
`},
	{"parse relative generic", []string{"parse", "--mode", "generic", "../a/./b?q"}, "", 0, `input            ../a/./b?q
mode             generic (no scheme, so the fallback mode: generic, from --mode)
components       5 (spec §URL: one a line, in order)
  dir            ..
  dir            a
  dir            .
  file           b
  query          q
ascii            ../a/./b?q
unicode          ../a/./b?q
normalised       ../a/b?q
whatwg           none: a relative reference needs a base (urlspec resolve --base)
validation       none: a relative reference needs a base (urlspec resolve --base)
valid            yes
`},
	{"parse failure", []string{"parse", "http://a b"}, "", 1, `input            http://a b
mode             web (the input starts with the web-scheme "http" and ':')
failure          domain-invalid-code-point: forbidden domain code point U+0020
  http://a b
          ^ byte 8
validation       1 error (the WHATWG URL Standard's parser, new URL(INPUT))
  http://a b
         ^ domain-to-ASCII: Unicode ToASCII (strict) fails: U1: code point not allowed by UseSTD3ASCIIRules in label 1
`},
	{"resolve", []string{"resolve", "../x", "--base", "file:///C:/dir/sub/"}, "", 0, `input            ../x
base             file:///C:/dir/sub/
as               whatwg (WHATWG: new URL(input, base))
href             file:///C:/dir/x
components       (scheme file)・(authority ε)・(drive C:)・(path-root /)・(dir dir)・(file x)
  protocol       "file:"
  username       ""
  password       ""
  host           ""
  hostname       ""
  port           ""
  pathname       "/C:/dir/x"
  search         ""
  hash           ""
  origin         "null"
`},
	{"resolve generic", []string{"resolve", "--as=generic", "http:foo/bar", "--base", "http://host/"}, "", 0, `input            http:foo/bar
base             http://host/
as               generic (generic-resolve: base goto input, normalised)
href             http:foo/bar
components       (scheme http)・(dir foo)・(file bar)
  protocol       "http:"
  username       ""
  password       ""
  host           ""
  hostname       ""
  port           ""
  pathname       "foo/bar"
  search         ""
  hash           ""
  origin         "null"
`},
	{"resolve failure", []string{"resolve", "x"}, "", 1, `input            x
as               whatwg (WHATWG: new URL(input))
failure          missing-scheme-non-relative-URL: a relative reference needs a base URL
`},
	{"equiv", []string{"equiv", "HTTP://a:80/%7Ex", "http://a/~x"}, "", 1, `a                HTTP://a:80/%7Ex
b                http://a/~x
mode             web (for A or B without a scheme)
identical        no
  a              (scheme HTTP)・(authority (host a)・(port 80))・(path-root /)・(file %7Ex)
  b              (scheme http)・(authority (host a))・(path-root /)・(file ~x)
normal           no
  a              (scheme http)・(authority (host a))・(path-root /)・(file %7Ex)
  b              (scheme http)・(authority (host a))・(path-root /)・(file ~x)
encoded          no
  a              (scheme http)・(authority (host a))・(path-root /)・(file %7Ex)
  b              (scheme http)・(authority (host a))・(path-root /)・(file ~x)
decoded          yes
  a = b          (scheme http)・(authority (host a))・(path-root /)・(file ~x)
whatwg           no
  a              http://a/%7Ex
  b              http://a/~x
answer           not equivalent at level normal
`},
	{"equiv level", []string{"equiv", "--level", "decoded", "HTTP://a:80/%7Ex", "http://a/~x"}, "", 0, `a                HTTP://a:80/%7Ex
b                http://a/~x
mode             web (for A or B without a scheme)
decoded          yes
  a = b          (scheme http)・(authority (host a))・(path-root /)・(file ~x)
answer           equivalent at level decoded
`},
	{"valid", []string{"valid", "https://example.com/a?b#c"}, "", 0, `input            https://example.com/a?b#c
read as          an absolute URL (web mode)
valid URL string yes (WHATWG URL Standard, §URL writing)
strict grammar   valid (URL specification, §Strict URL Grammar)
`},
	{"invalid", []string{"valid", `http:\\example.com/`}, "", 1, `input            http:\\example.com/
read as          an absolute URL (web mode)
valid URL string no (WHATWG URL Standard, §URL writing)
  http:\\example.com/
       ^ scheme-relative-special-URL string: a special scheme must be followed by "//" (byte 5)
strict grammar   invalid (URL specification, §Strict URL Grammar)
  http:\\example.com/
       ^ invalid-reverse-solidus: '\' used as a path separator; the strict grammar has s = '/' (byte 5)
`},
	{"invalid quoted", []string{"valid", "http://a/\tb"}, "", 1, `input            "http://a/\tb"
read as          an absolute URL (web mode)
valid URL string no (WHATWG URL Standard, §URL writing)
  "http://a/\tb"
            ^ URL-path-segment string: U+0009 is not a URL code point (byte 9)
strict grammar   invalid (URL specification, §Strict URL Grammar)
  "http://a/\tb"
            ^ invalid-URL-unit: u+9: a tab or newline (preprocessing removes it; a valid URL-string has none) (byte 9)
`},
}

func TestGolden(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			out, errs, code := runCLI(t, g.stdin, g.args...)
			if code != g.code {
				t.Errorf("exit status %d, want %d (stderr %q)", code, g.code, errs)
			}
			if out != g.want {
				t.Errorf("urlspec %q: output differs; got:\n%s\nwant:\n%s", g.args, out, g.want)
			}
		})
	}
}

func TestExitStatus(t *testing.T) {
	tests := []struct {
		stdin string
		args  []string
		code  int
	}{
		{"", nil, 2},
		{"", []string{"nope"}, 2},
		{"", []string{"help"}, 0},
		{"", []string{"help", "nope"}, 2},
		{"", []string{"parse", "http://a/"}, 0},
		{"", []string{"parse", "http://[::1/"}, 1},
		{"", []string{"parse", "x", "--mode", "ftp"}, 2},
		{"", []string{"parse", "x", "--mode"}, 2},
		{"", []string{"parse", "x", "--bogus"}, 2},
		{"", []string{"parse", "x", "--json=1"}, 2},
		{"", []string{"parse", "x", "--mode", "web", "--mode", "file"}, 2},
		{"", []string{"parse", "--", "-x"}, 0},
		{"", []string{"parse", "http://a/", "http://a b/"}, 1},
		{"", []string{"resolve", "x", "--base", "http://h/"}, 0},
		{"", []string{"resolve", "x"}, 1},
		{"", []string{"resolve", "x", "--base", "nope"}, 1},
		{"", []string{"resolve", "x", "--as", "generic"}, 2},
		{"", []string{"resolve", "x", "--as", "other", "--base", "h:"}, 2},
		{"", []string{"resolve", "x", "--mode", "file", "--base", "file:///"}, 2},
		{"", []string{"resolve", "x", "--as", "legacy", "--mode", "file", "--base", "file:///"}, 0},
		{"", []string{"resolve", "x", "--as", "generic", "--base", "y"}, 1},
		{"", []string{"explain", "http://a/"}, 0},
		{"", []string{"explain", "x"}, 1},
		{"", []string{"explain", "x", "--base", "y"}, 1},
		{"", []string{"explain", "file://u@h/"}, 1},
		{"", []string{"explain", "x", "--mode", "web"}, 1},
		{"", []string{"explain", "x", "--mode", "nope"}, 2},
		{"", []string{"equiv", "http://a:80/", "http://A/"}, 0},
		{"", []string{"equiv", "http://a", "http://b/"}, 1},
		{"", []string{"equiv", "http://a"}, 2},
		{"", []string{"equiv", "a", "b", "c"}, 2},
		{"", []string{"equiv", "http://a b", "http://a"}, 1},
		{"", []string{"equiv", "a", "a", "--level", "nope"}, 2},
		{"http://a:80/\thttp://A/\n", []string{"equiv"}, 0},
		{"http://a\thttp://b/\n", []string{"equiv"}, 1},
		{"no tab here\n", []string{"equiv"}, 2},
		{"", []string{"valid", "http://a/"}, 0},
		{"", []string{"valid", "http://a/ b"}, 1},
		{"", []string{"valid", "x", "y", "--base", "http://h/"}, 0},
		{"", []string{"valid", "--mode", "generic", "%zz"}, 1},
		{"http://a/\n\nhttp://b/\r\n", []string{"valid"}, 0},
		{"http://a/\nhttp://b/ c\n", []string{"valid", "-"}, 1},
		{"", []string{"batch", "x"}, 2},
		{"{\"op\":\"whatwg\",\"input\":\"x\"}\n", []string{"batch"}, 0},
	}
	for _, tt := range tests {
		_, errs, code := runCLI(t, tt.stdin, tt.args...)
		if code != tt.code {
			t.Errorf("urlspec %q (stdin %q): exit status %d, want %d; stderr: %s", tt.args, tt.stdin, code, tt.code, errs)
		}
		if code == 2 && errs == "" {
			t.Errorf("urlspec %q: usage error without a message on stderr", tt.args)
		}
	}
}

var subcommands = []string{"parse", "resolve", "explain", "equiv", "valid", "batch"}

func TestHelp(t *testing.T) {
	for _, cmd := range subcommands {
		for _, args := range [][]string{{cmd, "--help"}, {cmd, "-h"}, {"help", cmd}, {"help", cmd, "--help"}} {
			out, errs, code := runCLI(t, "", args...)
			if code != 0 || errs != "" {
				t.Errorf("urlspec %q: exit %d, stderr %q", args, code, errs)
			}
			if !strings.HasPrefix(out, "usage: urlspec "+cmd) || !strings.Contains(out, "Examples:\n") || !strings.Contains(out, "Exit status:") {
				t.Errorf("urlspec %q: help lacks usage, examples or exit status:\n%s", args, out)
			}
		}
	}
	for _, cmd := range []string{"laws", "claim"} {
		out, _, code := runCLI(t, "", "help", cmd)
		if code != 0 || !strings.Contains(out, "urlspec "+cmd) {
			t.Errorf("urlspec help %s: exit %d:\n%s", cmd, code, out)
		}
	}
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}, {"help", "--help"}} {
		out, _, code := runCLI(t, "", args...)
		if code != 0 || out != usage {
			t.Errorf("urlspec %q: exit %d, want the usage on stdout", args, code)
		}
	}
	out, errs, code := runCLI(t, "")
	if code != 2 || out != "" || errs != usage {
		t.Errorf("urlspec without arguments: exit %d, want 2 and the usage on stderr", code)
	}
	for _, cmd := range subcommands {
		if !strings.Contains(usage, "urlspec "+cmd) {
			t.Errorf("the usage does not mention %s", cmd)
		}
	}
}

// shellWords splits an example command line of a help text: words separated
// by spaces, single-quoted words taken literally.
func shellWords(s string) []string {
	var words []string
	var w strings.Builder
	in, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quoted && c == '\'':
			quoted = false
		case quoted:
			w.WriteByte(c)
		case c == '\'':
			quoted, in = true, true
		case c == ' ':
			if in {
				words = append(words, w.String())
				w.Reset()
				in = false
			}
		default:
			w.WriteByte(c)
			in = true
		}
	}
	if in {
		words = append(words, w.String())
	}
	return words
}

// TestHelpExamples runs every example of every help text that is a plain
// urlspec command line: none may be a usage error.
func TestHelpExamples(t *testing.T) {
	texts := []string{usage}
	for _, h := range helps {
		texts = append(texts, h)
	}
	n := 0
	for _, h := range texts {
		_, ex, _ := strings.Cut(h, "Examples:\n")
		for _, line := range strings.Split(ex, "\n") {
			line = strings.TrimSpace(line)
			if !strings.HasPrefix(line, "urlspec ") || strings.ContainsAny(line, "|<>") {
				continue
			}
			args := shellWords(strings.TrimPrefix(line, "urlspec "))
			if args[0] == "laws" || args[0] == "claim" {
				continue
			}
			n++
			out, errs, code := runCLI(t, "", args...)
			if code == 2 || out == "" {
				t.Errorf("help example %s: exit %d, stdout %q, stderr %q", line, code, out, errs)
			}
		}
	}
	if n < 20 {
		t.Errorf("only %d help examples found", n)
	}
}

// jsonLines decodes each line of out as a JSON object.
func jsonLines(t *testing.T, out string) []map[string]any {
	t.Helper()
	var objs []map[string]any
	for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("not a JSON object: %q: %v", line, err)
		}
		objs = append(objs, m)
	}
	return objs
}

func TestJSON(t *testing.T) {
	out, _, code := runCLI(t, "http://a/b\nsc:x y\nhttp://a b/\n", "parse", "--json")
	objs := jsonLines(t, out)
	if code != 1 || len(objs) != 3 {
		t.Fatalf("parse --json: exit %d, %d lines:\n%s", code, len(objs), out)
	}
	if objs[0]["structure"] != "(scheme http)・(authority (host a))・(path-root /)・(file b)" || objs[0]["valid"] != true ||
		objs[0]["whatwg"] != "http://a/b" || len(objs[0]["components"].([]any)) != 4 {
		t.Errorf("parse --json: %v", objs[0])
	}
	if objs[1]["valid"] != false || objs[1]["violation"].(map[string]any)["code"] != "invalid-URL-unit" {
		t.Errorf("parse --json (invalid): %v", objs[1])
	}
	if objs[2]["failure"] != true || objs[2]["code"] != "domain-invalid-code-point" || objs[2]["offset"] != 8.0 {
		t.Errorf("parse --json (failure): %v", objs[2])
	}

	out, _, code = runCLI(t, "a\n../../d\n", "resolve", "--base", "http://h/x/y/z", "--json")
	objs = jsonLines(t, out)
	if code != 0 || len(objs) != 2 || objs[0]["href"] != "http://h/x/y/a" || objs[1]["pathname"] != "/d" || objs[1]["origin"] != "http://h" {
		t.Errorf("resolve --json: exit %d:\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "resolve", "x", "--base", "nope", "--json")
	if objs = jsonLines(t, out); code != 1 || objs[0]["failure"] != true || !strings.HasPrefix(objs[0]["error"].(string), "base: ") {
		t.Errorf("resolve --json (bad base): exit %d: %s", code, out)
	}

	out, _, code = runCLI(t, "", "explain", "HTTP://EXAMPLE.com:80/a/./b/../c?q#f", "--json")
	objs = jsonLines(t, out)
	x := objs[0]
	steps := x["normalise"].(map[string]any)["steps"].([]any)
	rules := []string{}
	for _, s := range steps {
		rules = append(rules, s.(map[string]any)["rule"].(string))
	}
	if code != 0 || strings.Join(rules, " ") != "scheme-case default-port dot dir-dots" ||
		x["result"].(map[string]any)["href"] != "http://example.com/a/c?q#f" ||
		x["mode"].(map[string]any)["mode"] != "web" || x["resolve"].(map[string]any)["case"] != "force-legacy" ||
		x["print"].(map[string]any)["profile"] != "special" {
		t.Errorf("explain --json: exit %d:\n%s", code, out)
	}
	out, _, code = runCLI(t, "", "explain", "a b?c d", "--base", "http://h/", "--json")
	enc := jsonLines(t, out)[0]["print"].(map[string]any)["encoded"].([]any)
	if code != 0 || len(enc) != 2 || enc[0].(map[string]any)["component"] != "file" || enc[1].(map[string]any)["as"] != "%20" {
		t.Errorf("explain --json encoded: %s", out)
	}
	out, _, code = runCLI(t, "", "explain", "x", "--json")
	if x = jsonLines(t, out)[0]; code != 1 || x["failed_phase"] != "resolve" || x["failure"].(map[string]any)["code"] != "missing-scheme-non-relative-URL" {
		t.Errorf("explain --json failure: %s", out)
	}

	out, _, code = runCLI(t, "", "equiv", "http://a/%7e", "http://a/~", "--json")
	x = jsonLines(t, out)[0]
	if code != 1 || x["equivalent"] != false || len(x["levels"].([]any)) != 5 || x["levels"].([]any)[3].(map[string]any)["equivalent"] != true {
		t.Errorf("equiv --json: exit %d: %s", code, out)
	}

	out, _, code = runCLI(t, "http://a/\nhttp://a/ b\n", "valid", "--json")
	objs = jsonLines(t, out)
	if code != 1 || objs[0]["valid"] != true || objs[1]["valid"] != false || objs[1]["offset"] != 9.0 || objs[1]["code"] != "invalid-URL-unit" {
		t.Errorf("valid --json: exit %d: %s", code, out)
	}
	if _, ok := objs[0]["error"]; ok {
		t.Errorf("valid --json: a valid input has an error: %v", objs[0])
	}
}

func TestStdin(t *testing.T) {
	out, _, code := runCLI(t, "http://a/\r\n\n  \nhttp://b/", "valid")
	want := "input            http://a/\n"
	if code != 1 || !strings.HasPrefix(out, want) || !strings.Contains(out, "\ninput            \"  \"\n") ||
		!strings.Contains(out, "  \"  \"\n   ^ leading-or-trailing-C0-control-or-space") || !strings.HasSuffix(out, "\ninput            http://b/\nread as          an absolute URL (web mode)\nvalid URL string yes (WHATWG URL Standard, §URL writing)\nstrict grammar   valid (URL specification, §Strict URL Grammar)\n") {
		t.Errorf("valid on stdin: exit %d:\n%s", code, out)
	}
	// "-" reads stdin once, in place, beside arguments.
	out, _, _ = runCLI(t, "http://b/\n", "resolve", "--json", "http://a/", "-", "http://c/", "-")
	var hrefs []string
	for _, o := range jsonLines(t, out) {
		hrefs = append(hrefs, o["href"].(string))
	}
	if strings.Join(hrefs, " ") != "http://a/ http://b/ http://c/" {
		t.Errorf("resolve with - : %v", hrefs)
	}
}

// TestExplainWPT runs explain on every case of WPT's urltestdata.json: the
// steps it shows must give the same result as urlspec.Parse, and fail
// exactly where the test data fails.
func TestExplainWPT(t *testing.T) {
	cases, err := wpt.URLTestData("../../conformance/testdata/urltestdata.json")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range cases {
		n++
		var base *explain.Base
		if c.Base != nil {
			base = explain.NewBase(*c.Base)
		}
		x := explain.New(c.Input, base, explain.Options{})
		if x.Failed() != c.Failure {
			t.Errorf("explain %q (base %v): failed = %v, want %v", c.Input, c.Base, x.Failed(), c.Failure)
			continue
		}
		if !c.Failure && (x.Href() != c.Href || x.Mismatch() != "") {
			t.Errorf("explain %q (base %v): href %q, want %q %s", c.Input, c.Base, x.Href(), c.Href, x.Mismatch())
		}
		var buf bytes.Buffer
		o := newOutput(&buf)
		x.WriteText(o.w, false)
		o.jsonLine(x)
		o.flush()
		if !c.Failure && !strings.Contains(buf.String(), "  href           "+display.Show(c.Href)) {
			t.Errorf("explain %q: the readable output lacks the href:\n%s", c.Input, buf.String())
		}
	}
	if n != 891 {
		t.Errorf("%d cases, want 891", n)
	}
}

// TestNoPanic runs every subcommand, readable and --json, on awkward input.
func TestNoPanic(t *testing.T) {
	inputs := []string{"", " ", "\x00", "\xff\xfe", "http://\xff/", "%", "a\tb\nc", "file:", "file://C|/..\\..",
		"http://[::1", "http:", "sc:", "//", "?#", "http://a:99999/", "\u200b", strings.Repeat("../", 1000) + "x",
		"http://" + strings.Repeat("a.", 200), "blob:https://a/b", "javascript:alert(1)", "\\\\server\\share"}
	for _, in := range inputs {
		for _, cmd := range []string{"parse", "resolve", "explain", "valid"} {
			for _, extra := range [][]string{nil, {"--json"}, {"--base", "http://h/a/"}, {"--base", in}, {"--mode", "file"}, {"--mode", "generic"}} {
				args := append([]string{cmd, "--", in}, extra...)
				if len(extra) > 0 {
					args = append(append([]string{cmd}, extra...), "--", in)
				}
				runCLI(t, "", args...)
			}
		}
		for _, other := range inputs {
			runCLI(t, "", "equiv", "--", in, other)
			runCLI(t, "", "equiv", "--json", "--mode", "generic", "--", in, other)
		}
		runCLI(t, in+"\n"+in, "parse")
		runCLI(t, in, "equiv")
	}
}

func TestColour(t *testing.T) {
	if paletteFor(&bytes.Buffer{}).On {
		t.Error("colour on for a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if paletteFor(f).On {
		t.Error("colour on for a regular file")
	}
}

func TestParseArgs(t *testing.T) {
	o, err := parseArgs([]string{"a", "--mode=file", "-json", "--", "--mode", "-"}, flagMode, flagJSON)
	if err != nil || strings.Join(o.args, " ") != "a --mode -" || o.get("mode") != "file" || !o.json() {
		t.Errorf("parseArgs: %+v, %v", o, err)
	}
	for _, bad := range [][]string{{"---x"}, {"--"}, {"--mode"}, {"--nope"}} {
		if _, err := parseArgs(bad, flagMode); err == nil && bad[0] != "--" {
			t.Errorf("parseArgs(%q) accepts", bad)
		}
	}
	if _, err := parseArgs([]string{"--help"}, flagMode); err != errHelp {
		t.Errorf("--help: %v", err)
	}
}

// The library's own answer is what explain shows as the result.
func TestExplainUsesParse(t *testing.T) {
	b, _ := urlspec.Parse("http://h/a/b")
	u, _ := b.Resolve("../c?d")
	x := explain.New("../c?d", explain.NewBase("http://h/a/b"), explain.Options{})
	if r, _ := x.Result(); r.Href() != u.Href() || x.Href() != u.Href() {
		t.Errorf("explain result %q, Parse %q", r.Href(), u.Href())
	}
}

// FuzzCLI runs parse, explain, equiv and valid on arbitrary input and base:
// none may panic, explain must agree with urlspec.Parse, and --json output
// must be JSON.
func FuzzCLI(f *testing.F) {
	for _, s := range []string{"HTTP://EXAMPLE.com:80/a/./b/../c?q#f", "../x", "file:///C:/dir/sub/", "http:foo", "sc:/.//p", "a\tb", "\xff"} {
		f.Add(s, "http://h/a/")
		f.Add(s, "file:///C:/dir/sub/")
	}
	f.Fuzz(func(t *testing.T, input, base string) {
		if input == "-" || base == "-" {
			return // "-" stands for stdin
		}
		x := explain.New(input, explain.NewBase(base), explain.Options{})
		if x.Mismatch() != "" {
			t.Errorf("explain %q against %q: %s (explain gives %q)", input, base, x.Mismatch(), x.Href())
		}
		var buf bytes.Buffer
		o := newOutput(&buf)
		x.WriteText(o.w, false)
		o.jsonLine(x)
		o.flush()
		for _, args := range [][]string{{"parse", "--json", "--", input}, {"valid", "--json", "--", input}, {"equiv", "--json", "--", input, base}} {
			out, _, code := runCLI(t, "", args...)
			if code == 2 {
				t.Errorf("urlspec %q: usage error", args)
			}
			jsonLines(t, out)
			runCLI(t, "", args[0], "--", args[len(args)-1])
		}
	})
}
