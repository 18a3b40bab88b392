package main

import (
	"fmt"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// schemeOf returns the scheme-string at the start of s when a ':' follows
// it (spec §Parser modes), else "".
func schemeOf(s string) string {
	if s == "" || !isAlpha(s[0]) {
		return ""
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if c == ':' {
			return s[:i]
		}
		if !isAlpha(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.' {
			return ""
		}
	}
	return ""
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// modeWhy returns parser-mode-for s with fallback (spec §Parser modes) and
// why it is that mode; fallbackWhy says where the fallback comes from.
func modeWhy(s string, fallback grammar.Mode, fallbackWhy string) (grammar.Mode, string) {
	m := grammar.ModeFor(s, fallback)
	sc := schemeOf(s)
	switch {
	case sc == "":
		return m, "no scheme, so the fallback mode: " + fallbackWhy
	case model.IsWebScheme(sc):
		return m, fmt.Sprintf("the input starts with the web-scheme %q and ':'", sc)
	case model.IsFileScheme(sc):
		return m, fmt.Sprintf("the input starts with the file-scheme %q and ':'", sc)
	}
	return m, fmt.Sprintf("the input starts with the scheme %q and ':', neither a web- nor a file-scheme", sc)
}
