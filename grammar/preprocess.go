// Package grammar implements spec §Parsing: preprocessing, parser modes and
// **parser-mode-for**, the lenient URL grammar that turns an URL-string into a
// model.URL, and host parsing (opaque hosts, IPv4, IPv6 and domains).
//
// Parsing never fails except where a component cannot be read at all: a host
// with a forbidden code point, a failing IPv4/IPv6/domain, a bad port, or
// credentials or a port without a host. Everything else, including invalid
// percent sequences, is kept as it is. Input that is not valid UTF-8 is
// accepted; each invalid byte reads as U+FFFD where code points matter (host
// processing, percent-encoding when printing).
package grammar

// Preprocess implements §Preprocessing: it removes all leading and trailing
// c0-space characters (u+0–u+20) and then every tab, line feed and carriage
// return. It returns a substring of input, without allocating, when no tab or
// newline is inside. removed reports whether anything was removed (the
// WHATWG standard's invalid-URL-unit validation warnings).
func Preprocess(input string) (out string, removed bool) {
	i, j := 0, len(input)
	for i < j && input[i] <= ' ' {
		i++
	}
	for j > i && input[j-1] <= ' ' {
		j--
	}
	s := input[i:j]
	n := 0
	for k := 0; k < len(s); k++ {
		if c := s[k]; c == '\t' || c == '\n' || c == '\r' {
			n++
		}
	}
	if n == 0 {
		return s, len(s) != len(input)
	}
	b := make([]byte, 0, len(s)-n)
	for k := 0; k < len(s); k++ {
		if c := s[k]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b), true
}
