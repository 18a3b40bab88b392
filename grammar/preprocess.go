// Package grammar implements spec §Parsing: preprocessing, parser modes and
// **parser-mode-for**, the lenient URL grammar that turns an URL-string into a
// model.URL; hosts are read by package host (spec §Host Parsing).
//
// Parsing never fails except where a component cannot be read at all: a host
// with a forbidden code point, a failing IPv4/IPv6/domain, a bad port, or
// credentials or a port without a host. Everything else, including invalid
// percent sequences, is kept as it is. Input that is not valid UTF-8 is
// accepted; each invalid byte reads as U+FFFD where code points matter (host
// processing, percent-encoding when printing).
package grammar

import "unicode/utf8"

// Preprocess implements §Preprocessing: it removes all leading and trailing
// c0-space characters (u+0–u+20) and then every tab, line feed and carriage
// return. Before that, each byte of input that is not part of valid UTF-8 is
// replaced by U+FFFD, as a browser reads a lone surrogate, so that removing a
// tab or newline cannot join invalid bytes into a valid code point. It
// returns a substring of input, without allocating, when input is valid
// UTF-8 with no tab or newline inside. removed reports whether anything was
// removed (the WHATWG standard's invalid-URL-unit validation warnings).
func Preprocess(input string) (out string, removed bool) {
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	s := input[i:j]
	trimmed := len(s) != len(input)
	if !utf8.ValidString(s) {
		s = replaceInvalid(s)
	}
	n := 0
	for k := 0; k < len(s); k++ {
		if c := s[k]; c == '\t' || c == '\n' || c == '\r' {
			n++
		}
	}
	if n == 0 {
		return s, trimmed
	}
	b := make([]byte, 0, len(s)-n)
	for k := 0; k < len(s); k++ {
		if c := s[k]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b), true
}

// replaceInvalid returns s with each byte that is not part of valid UTF-8
// replaced by U+FFFD.
func replaceInvalid(s string) string {
	b := make([]byte, 0, len(s)+16)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			b = append(b, "\uFFFD"...)
		} else {
			b = append(b, s[i:i+n]...)
		}
		i += n
	}
	return string(b)
}
