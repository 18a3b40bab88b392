// Package whatif measures the impact of a proposed change to the URL
// standard, for spec authors: a Variant describes changes to the
// specification (percent-encode sets, rewrite rules, host parsing, the
// special-scheme table, preprocessing, printing), Variant.Ops gives the
// variant's pipeline, and Impact reports which web-platform-tests
// expectations change (as a patch to the JSON files), how many URLs of a
// corpus change, start or stop failing, and (through a hook) which laws
// stop holding.
//
// The specification is the URL Specification
// (github.com/alwinb/url-specification) whose end-to-end result is the
// WHATWG URL Standard's (url.spec.whatwg.org). The zero Variant is the
// library itself: its results equal urlspec.Parse and URL.Resolve. The
// variant pipeline is built from the spec packages' option-taking entry
// points (grammar.Options, host.UTS46, encodeprofile.NewSet, Profile.WithSet,
// print.WithProfileOffsets); the default pipeline does not read them.
//
// The text form of a variant is a list of changes separated by ';', each a
// keyword, sometimes a target, and items that start with '+' (add, turn on)
// or '-' (remove, turn off); see docs/whatif.md:
//
//	encode [PROFILE.]PART ±CHARS…      percent-encode sets (PART: username, password, userinfo,
//	                                   host, dir, file, path, query, fragment; PROFILE: generic,
//	                                   special, minimal, minimal-special; none: all four)
//	rule -RULE…                        disable a rewrite rule (normalize.Rule names)
//	uts46 ±FLAG…                       transitional, hyphens, bidi, joiners, std3, dnslength
//	ipv4 ±FORM…                        hex, octal, short (fewer than four parts)
//	forbidden host|domain ±CHARS…      the forbidden host / domain code points
//	scheme +NAME:PORT… -NAME…          the special-scheme table (add or re-port a web-scheme; remove)
//	preprocess strip|remove ±CHARS…    code points stripped at both ends / removed everywhere
//	print ±opaque-space                a space that ends an opaque path printed as %20
//
// CHARS is a run of printable ASCII characters and code points written
// U+XXXX or ranges U+XXXX..U+YYYY (write ';', ' ', '+' and 'U' followed
// by '+' in the U+ form).
package whatif

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// Variant is a change to the specification: a list of changes applied in
// order (a later change to the same set, flag or scheme wins). The zero
// Variant changes nothing. Variants are values: Then returns a new one.
type Variant struct {
	changes []change
}

// change is one clause of the text form.
type change struct {
	keyword string // encode, rule, uts46, ipv4, forbidden, scheme, preprocess, print
	target  string // encode: [profile.]part; forbidden: host|domain; preprocess: strip|remove
	items   []item
}

// item is one ±item of a change: a set of code points or a name.
type item struct {
	add   bool
	name  string // rule, flag, form, scheme name, opaque-space
	port  int    // scheme +NAME:PORT
	runes []rng  // encode, forbidden, preprocess
	text  string // the item as written after the sign, for String
}

type rng struct{ lo, hi rune }

// SyntaxError reports a variant text that does not parse: the token at byte
// Offset of Text, and why.
type SyntaxError struct {
	Text   string
	Offset int
	Token  string
	Reason string
}

// Error returns e.g. `whatif: "fragmnt" at byte 7: unknown part (…)`.
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("whatif: %q at byte %d: %s", e.Token, e.Offset, e.Reason)
}

var (
	parts      = []string{"username", "password", "userinfo", "host", "dir", "file", "path", "query", "fragment"}
	profiles   = []string{"generic", "special", "minimal", "minimal-special"}
	uts46Flags = []string{"transitional", "hyphens", "bidi", "joiners", "std3", "dnslength"}
	ipv4Forms  = []string{"hex", "octal", "short"}
	keywords   = []string{"encode", "rule", "uts46", "ipv4", "forbidden", "scheme", "preprocess", "print"}
)

func ruleByName(s string) (normalize.Rule, bool) {
	for r := normalize.Rule(0); r.String() != "invalid-rule"; r++ {
		if r.String() == s {
			return r, true
		}
	}
	return 0, false
}

func ruleNames() []string {
	var s []string
	for r := normalize.Rule(0); r.String() != "invalid-rule"; r++ {
		s = append(s, r.String())
	}
	return s
}

// token is a word of the text with its byte offset.
type token struct {
	s   string
	off int
}

// Parse reads a variant from its text form (see the package doc), e.g.
// "encode fragment +^; rule -drive-pipe; ipv4 -hex". An empty text is the
// zero Variant. Errors are *SyntaxError values naming the offending token.
func Parse(text string) (Variant, error) {
	var v Variant
	start := 0
	for i := 0; i <= len(text); i++ {
		if i < len(text) && text[i] != ';' {
			continue
		}
		clause := text[start:i]
		var toks []token
		for j := 0; j < len(clause); {
			if clause[j] == ' ' || clause[j] == '\t' || clause[j] == '\n' || clause[j] == '\r' {
				j++
				continue
			}
			k := j
			for k < len(clause) && !(clause[k] == ' ' || clause[k] == '\t' || clause[k] == '\n' || clause[k] == '\r') {
				k++
			}
			toks = append(toks, token{clause[j:k], start + j})
			j = k
		}
		start = i + 1
		if len(toks) == 0 {
			if strings.TrimSpace(text) == "" {
				continue
			}
			return Variant{}, &SyntaxError{text, i, ";", "empty change"}
		}
		c, err := parseChange(text, toks)
		if err != nil {
			return Variant{}, err
		}
		v.changes = append(v.changes, c)
	}
	return v, nil
}

// MustParse is Parse for a variant known to be valid; it panics otherwise.
func MustParse(text string) Variant {
	v, err := Parse(text)
	if err != nil {
		panic(err)
	}
	return v
}

func oneOf(list []string) string { return "want one of " + strings.Join(list, ", ") }

func parseChange(text string, toks []token) (change, error) {
	bad := func(t token, reason string) error { return &SyntaxError{text, t.off, t.s, reason} }
	c := change{keyword: toks[0].s}
	if !slices.Contains(keywords, c.keyword) {
		return c, bad(toks[0], "unknown change: "+oneOf(keywords))
	}
	rest := toks[1:]
	switch c.keyword {
	case "encode", "forbidden", "preprocess":
		if len(rest) == 0 {
			return c, bad(toks[0], "missing target")
		}
		t := rest[0]
		c.target, rest = t.s, rest[1:]
		switch c.keyword {
		case "encode":
			prof, part, ok := strings.Cut(t.s, ".")
			if !ok {
				prof, part = "", prof
			} else if !slices.Contains(profiles, prof) {
				return c, bad(t, "unknown profile: "+oneOf(profiles))
			}
			if !slices.Contains(parts, part) {
				return c, bad(t, "unknown part: "+oneOf(parts))
			}
		case "forbidden":
			if t.s != "host" && t.s != "domain" {
				return c, bad(t, "want host or domain")
			}
		case "preprocess":
			if t.s != "strip" && t.s != "remove" {
				return c, bad(t, "want strip or remove")
			}
		}
	}
	if len(rest) == 0 {
		return c, bad(toks[len(toks)-1], "missing +item or -item")
	}
	for _, t := range rest {
		if t.s[0] != '+' && t.s[0] != '-' || len(t.s) == 1 {
			return c, bad(t, "an item is + or - followed by what to add or remove")
		}
		it := item{add: t.s[0] == '+', text: t.s[1:]}
		body := token{t.s[1:], t.off + 1}
		switch c.keyword {
		case "encode", "forbidden", "preprocess":
			rs, err := parseChars(text, body)
			if err != nil {
				return c, err
			}
			for _, r := range rs {
				if c.keyword == "encode" && (r.lo < 0x20 || r.hi > 0x7e) {
					return c, bad(body, "percent-encode sets hold printable ASCII (U+0020..U+007E); every other code point is always encoded")
				}
			}
			it.runes = rs
		case "rule":
			if it.add {
				return c, bad(t, "a rule can only be disabled (-RULE)")
			}
			if _, ok := ruleByName(body.s); !ok {
				return c, bad(body, "unknown rule: "+oneOf(ruleNames()))
			}
			it.name = body.s
		case "uts46":
			if !slices.Contains(uts46Flags, body.s) {
				return c, bad(body, "unknown UTS #46 flag: "+oneOf(uts46Flags))
			}
			it.name = body.s
		case "ipv4":
			if !slices.Contains(ipv4Forms, body.s) {
				return c, bad(body, "unknown IPv4 form: "+oneOf(ipv4Forms))
			}
			it.name = body.s
		case "print":
			if body.s != "opaque-space" {
				return c, bad(body, "want opaque-space")
			}
			it.name = body.s
		case "scheme":
			name, port, hasPort := strings.Cut(body.s, ":")
			if !model.IsScheme(name) {
				return c, bad(body, "not a scheme name (ALPHA then ALPHA, DIGIT, +, -, .)")
			}
			it.name = strings.ToLower(name)
			if it.name == "file" && it.add {
				return c, bad(body, "the file-scheme stays special or is removed as a whole (-file); it has no port")
			}
			if it.add {
				n, err := strconv.Atoi(port)
				if !hasPort || err != nil || n < 1 || n > 65535 {
					return c, bad(body, "+NAME:PORT adds a web-scheme with its default port (1-65535)")
				}
				it.port = n
			} else if hasPort {
				return c, bad(body, "-NAME removes a scheme: no port")
			}
		}
		c.items = append(c.items, it)
	}
	return c, nil
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// parseChars reads CHARS: printable ASCII characters, U+XXXX and
// U+XXXX..U+YYYY.
func parseChars(text string, t token) ([]rng, error) {
	var rs []rng
	s := t.s
	for i := 0; i < len(s); {
		if lo, n := codePoint(s[i:]); n > 0 {
			hi := lo
			if strings.HasPrefix(s[i+n:], "..") {
				h, m := codePoint(s[i+n+2:])
				if m == 0 || h < lo {
					return nil, &SyntaxError{text, t.off + i, s[i:], "a range is U+XXXX..U+YYYY with XXXX <= YYYY"}
				}
				hi, n = h, n+2+m
			}
			rs = append(rs, rng{lo, hi})
			i += n
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r < 0x21 || r > 0x7e {
			return nil, &SyntaxError{text, t.off + i, s[i : i+n], "write a code point outside printable ASCII as U+XXXX"}
		}
		rs = append(rs, rng{r, r})
		i += n
	}
	return rs, nil
}

// codePoint reads "U+" and 4 to 6 hex digits at the start of s.
func codePoint(s string) (rune, int) {
	if len(s) < 6 || s[0] != 'U' || s[1] != '+' {
		return 0, 0
	}
	n := 2
	for n < len(s) && n < 8 && isHex(s[n]) {
		n++
	}
	if n < 6 {
		return 0, 0
	}
	v, err := strconv.ParseUint(s[2:n], 16, 32)
	if err != nil || v > utf8.MaxRune {
		return 0, 0
	}
	return rune(v), n
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

// String returns the variant's text form, which Parse reads back: the
// changes in order, separated by "; ".
func (v Variant) String() string {
	var b strings.Builder
	for i, c := range v.changes {
		if i > 0 {
			b.WriteString("; ")
		}
		b.WriteString(c.keyword)
		if c.target != "" {
			b.WriteString(" " + c.target)
		}
		for _, it := range c.items {
			b.WriteByte(' ')
			if it.add {
				b.WriteByte('+')
			} else {
				b.WriteByte('-')
			}
			b.WriteString(it.text)
		}
	}
	return b.String()
}

// Then returns the variant that makes v's changes and then w's.
func (v Variant) Then(w Variant) Variant {
	return Variant{changes: append(slices.Clip(v.changes), w.changes...)}
}

// IsZero reports whether v changes nothing (it has no changes).
func (v Variant) IsZero() bool { return len(v.changes) == 0 }
