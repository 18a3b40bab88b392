package urlpattern

import (
	"regexp"
	"strings"
	"testing"
)

// The translation of ECMAScript ("v" flag) regular expressions to RE2, one
// construct a row: the Go expression must match exactly the strings the
// ECMAScript one matches among the samples.
func TestTranslateMatches(t *testing.T) {
	cases := []struct {
		re      string
		yes, no []string
		fold    bool
	}{
		{`^\d+$`, []string{"0", "123"}, []string{"", "a", "１"}, false},
		{`^\w+$`, []string{"a_Z9"}, []string{"é", "-"}, false},
		{`^\s$`, []string{" ", "\t", "\u00a0", "\u2028", "\ufeff", "\v"}, []string{"a", "\u200b"}, false},
		{`^.$`, []string{"a", "é", "😀"}, []string{"\n", "\r", "\u2028", "\u2029", ""}, false},
		{`^[[a-z]--a]$`, []string{"b", "z"}, []string{"a", "A", "-"}, false},
		{`^[\d&&[0-1]]$`, []string{"0", "1"}, []string{"2", "a"}, false},
		{`^[^\/]+?$`, []string{"ab"}, []string{"a/b", ""}, false},
		{`^[a\-z]$`, []string{"a", "-", "z"}, []string{"b"}, false},
		{`^\p{Lu}\p{Script=Greek}$`, []string{"AΩ"}, []string{"aΩ", "AZ"}, false},
		{`^\P{L}$`, []string{"1", "-"}, []string{"a"}, false},
		{`^\u{1F600}\u0041\x42\cJ$`, []string{"😀AB\n"}, []string{"😀AB"}, false},
		{`^\uD83D\uDE00$`, []string{"😀"}, nil, false},
		{`^a{2,3}$`, []string{"aa", "aaa"}, []string{"a", "aaaa"}, false},
		{`^(?:ab|cd)+$`, []string{"abcd"}, []string{"abc"}, false},
		{`^(?<x>a)b$`, []string{"ab"}, []string{"b"}, false},
		{`^\/\.\*\?\(\)\[\]\{\}\|\^\$\\$`, []string{`/.*?()[]{}|^$\`}, nil, false},
		{`^[]$`, nil, []string{"a", ""}, false},
		{`^[^]$`, []string{"a", "\n"}, nil, false},
		{`^\bab\B`, []string{"abc"}, []string{"ab"}, false},
		{`^straße$`, []string{"STRAßE", "straße"}, []string{"strasse"}, true},
	}
	for _, c := range cases {
		src, _, err := translateRegexp(c.re, c.fold)
		if err != nil {
			t.Errorf("%s: %v", c.re, err)
			continue
		}
		re, err := regexp.Compile(src)
		if err != nil {
			t.Errorf("%s → %s: %v", c.re, src, err)
			continue
		}
		for _, s := range c.yes {
			if !re.MatchString(s) {
				t.Errorf("%s (%s) does not match %q", c.re, src, s)
			}
		}
		for _, s := range c.no {
			if re.MatchString(s) {
				t.Errorf("%s (%s) matches %q", c.re, src, s)
			}
		}
	}
}

// What ECMAScript rejects, and what RE2 cannot express, fails with a clear
// error.
func TestTranslateErrors(t *testing.T) {
	cases := []struct{ re, want string }{
		{`a(?=b)`, "lookahead or lookbehind"},
		{`a(?!b)`, "lookahead or lookbehind"},
		{`(?<=a)b`, "lookahead or lookbehind"},
		{`(?<!a)b`, "lookahead or lookbehind"},
		{`(a)\1`, "backreference"},
		{`(?<n>a)\k<n>`, "named backreference"},
		{`[\q{abc}]`, "string literal"},
		{`a{1001}`, "above 1000"},
		{`\p{Script_Extensions=Latn}`, "Script_Extensions"},
		{`(?R)`, "group syntax"},
		{`\H`, "invalid escape"},
		{`\m`, "invalid escape"},
		{`[(]`, "must be escaped"},
		{`[a&&&b]`, ""},
		{`a**`, "nothing to repeat"},
		{`{`, "lone '{'"},
		{`a]`, "lone ']'"},
		{`(?<a>x)(?<a>y)`, "duplicate group name"},
		{`[z-a]`, "out of order"},
		{`a{3,2}`, "out of order"},
		{`(a`, "unterminated group"},
		{`a)`, "unbalanced"},
		{`[[a-z]b--c]`, "mixed"},
		{`\p{Bogus}`, "not supported"},
	}
	for _, c := range cases {
		_, _, err := translateRegexp(c.re, false)
		if err == nil {
			t.Errorf("%s: translated, want an error", c.re)
			continue
		}
		if !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.re, err, c.want)
		}
	}
}

// FuzzTranslate: no panic; what translates compiles in Go and its
// capture-free form matches the same strings.
func FuzzTranslate(f *testing.F) {
	for _, s := range []string{`^(\d+)?[a-z]$`, `[[a-z]--[aeiou]]+`, `\p{L}+(?:x|y)*`, `.*?`, `(?<n>a|b){2,5}`} {
		f.Add(s, "abc123", false)
	}
	f.Fuzz(func(t *testing.T, re, input string, fold bool) {
		src, _, err := translateRegexp(re, fold)
		if err != nil {
			return
		}
		r, err := regexp.Compile(src)
		if err != nil {
			return // beyond RE2's size limits
		}
		nc, _, err := translate(re, fold, false)
		if err != nil {
			t.Fatalf("%q translates with captures but not without: %v", re, err)
		}
		r2, err := regexp.Compile(nc)
		if err != nil {
			t.Fatalf("%q: capture-free form %q does not compile: %v", re, nc, err)
		}
		if r.MatchString(input) != r2.MatchString(input) {
			t.Fatalf("%q on %q: with captures %v, without %v", re, input, r.MatchString(input), r2.MatchString(input))
		}
	})
}
