package whatwg

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// Invalid says why a string is not a valid URL string: the byte offset into
// the input where the writing rules first fail, the rule (the standard's
// term) and a short reason.
type Invalid struct {
	Offset int
	Rule   string
	Reason string
}

// String formats the verdict as "rule at byte N: reason".
func (v *Invalid) String() string {
	return v.Rule + " at byte " + strconv.Itoa(v.Offset) + ": " + v.Reason
}

// ValidURLString implements the standard's "valid URL string" (§4.3 URL
// writing): input must be an absolute-URL-with-fragment string or, when
// base is not nil, a relative-URL-with-fragment string against base. It
// returns nil for a valid URL string, else why not. The alternatives of
// the writing rules are told apart by their first code points (a scheme
// and ':', "//", "/"), so the reason is that of the one alternative that
// applies.
func ValidURLString(input string, base *URL) *Invalid {
	if n := schemeColonLen(input); n > 0 || base == nil {
		if n == 0 {
			return &Invalid{0, "absolute-URL string", "no scheme: a relative-URL string is valid only against a base URL"}
		}
		return absoluteWithFragment(input)
	}
	return relativeWithFragment(input, base)
}

// schemeColonLen returns the length of a URL-scheme string and ':' at the
// start of s, or 0.
func schemeColonLen(s string) int {
	if s == "" || !isASCIIAlpha(rune(s[0])) {
		return 0
	}
	for i := 1; i < len(s); i++ {
		c := rune(s[i])
		switch {
		case isASCIIAlphanumeric(c) || c == '+' || c == '-' || c == '.':
		case c == ':':
			return i + 1
		default:
			return 0
		}
	}
	return 0
}

// splitAt returns s up to the first c, and the rest after it (ok false when
// there is no c).
func splitAt(s string, c byte) (before, after string, ok bool) {
	if i := strings.IndexByte(s, c); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

func absoluteWithFragment(input string) *Invalid {
	before, fragment, hasFragment := splitAt(input, '#')
	if v := absolute(before); v != nil {
		return v
	}
	if hasFragment {
		return urlUnits(fragment, len(before)+1, "", "URL-fragment string")
	}
	return nil
}

func absolute(input string) *Invalid {
	before, query, hasQuery := splitAt(input, '?')
	n := schemeColonLen(before)
	if n == 0 {
		return &Invalid{0, "URL-scheme string", "no scheme followed by ':'"}
	}
	scheme := strings.ToLower(before[:n-1])
	rest := before[n:]
	var v *Invalid
	switch {
	case scheme == "file":
		v = schemeRelativeFile(rest, n)
	case isSpecialScheme(scheme):
		v = schemeRelativeSpecial(rest, n)
	case strings.HasPrefix(rest, "//"):
		v = schemeRelative(rest, n)
	case strings.HasPrefix(rest, "/"):
		v = pathAbsolute(rest, n)
	default:
		v = urlUnits(rest, n, "?", "opaque-path-URL string")
	}
	if v != nil {
		return v
	}
	if hasQuery {
		return urlUnits(query, len(before)+1, "", "URL-query string")
	}
	return nil
}

func relativeWithFragment(input string, base *URL) *Invalid {
	if base.Opaque {
		if !strings.HasPrefix(input, "#") {
			return &Invalid{0, "relative-URL-with-fragment string", "the base URL has an opaque path: only '#' and a fragment are valid against it"}
		}
		return urlUnits(input[1:], 1, "", "URL-fragment string")
	}
	before, fragment, hasFragment := splitAt(input, '#')
	if v := relative(before, base); v != nil {
		return v
	}
	if hasFragment {
		return urlUnits(fragment, len(before)+1, "", "URL-fragment string")
	}
	return nil
}

func relative(input string, base *URL) *Invalid {
	before, query, hasQuery := splitAt(input, '?')
	var v *Invalid
	switch {
	case strings.HasPrefix(before, "//"):
		switch {
		case base.Scheme == "file":
			v = schemeRelativeFile(before, 0)
		case base.IsSpecial():
			v = schemeRelativeSpecial(before, 0)
		default:
			v = schemeRelative(before, 0)
		}
	case strings.HasPrefix(before, "/"):
		v = pathAbsolute(before, 0)
	default:
		// A path-relative-scheme-less-URL string (a scheme and ':' at the
		// start was read as an absolute-URL string already).
		v = pathSegments(before, 0)
	}
	if v != nil {
		return v
	}
	if hasQuery {
		return urlUnits(query, len(before)+1, "", "URL-query string")
	}
	return nil
}

// schemeRelativeSpecial checks a scheme-relative-special-URL string at off.
func schemeRelativeSpecial(s string, off int) *Invalid {
	if !strings.HasPrefix(s, "//") {
		return &Invalid{off, "scheme-relative-special-URL string", `a special scheme must be followed by "//"`}
	}
	authority, path, hasPath := splitAt(s[2:], '/')
	if v := hostAndPort(authority, off+2, false); v != nil {
		return v
	}
	if hasPath {
		return pathAbsolute("/"+path, off+2+len(authority))
	}
	return nil
}

// schemeRelative checks a scheme-relative-URL string at off.
func schemeRelative(s string, off int) *Invalid {
	authority, path, hasPath := splitAt(s[2:], '/')
	if authority != "" {
		if v := hostAndPort(authority, off+2, true); v != nil {
			return v
		}
	}
	if hasPath {
		return pathAbsolute("/"+path, off+2+len(authority))
	}
	return nil
}

// schemeRelativeFile checks a scheme-relative-file-URL string at off.
func schemeRelativeFile(s string, off int) *Invalid {
	if !strings.HasPrefix(s, "//") {
		return &Invalid{off, "scheme-relative-file-URL string", `"file:" must be followed by "//"`}
	}
	rest := s[2:]
	switch {
	case rest == "":
		return nil
	case strings.HasPrefix(rest, "/"):
		return pathAbsolute(rest, off+2)
	}
	host, path, hasPath := splitAt(rest, '/')
	if v := validHost(host, off+2); v != nil {
		return v
	}
	if hasPath {
		return pathAbsolute("/"+path, off+2+len(host))
	}
	return nil
}

// hostAndPort checks a host (a valid host string, or for opaque a valid
// opaque-host string), optionally followed by ':' and a URL-port string.
func hostAndPort(s string, off int, opaque bool) *Invalid {
	host, port, hasPort := s, "", false
	if strings.HasPrefix(s, "[") {
		end := strings.IndexByte(s, ']')
		if end < 0 {
			return &Invalid{off, "valid host string", "'[' without a closing ']'"}
		}
		host = s[:end+1]
		if rest := s[end+1:]; rest != "" {
			if rest[0] != ':' {
				return &Invalid{off + end + 1, "valid host string", "after ']' only ':' and a port may follow"}
			}
			port, hasPort = rest[1:], true
		}
	} else {
		host, port, hasPort = splitAt(s, ':')
	}
	if host == "" {
		return &Invalid{off, "valid host string", "the host is empty"}
	}
	var v *Invalid
	if opaque {
		v = validOpaqueHost(host, off)
	} else {
		v = validHost(host, off)
	}
	if v != nil {
		return v
	}
	if hasPort {
		portOff := off + len(host) + 1
		for i := 0; i < len(port); i++ {
			if !isASCIIDigit(rune(port[i])) {
				return &Invalid{portOff + i, "URL-port string", "the port has a code point other than an ASCII digit"}
			}
		}
		if n, err := strconv.Atoi(port); port != "" && (err != nil || n > 65535) {
			return &Invalid{portOff, "URL-port string", "the port is above 65535"}
		}
	}
	return nil
}

// validHost checks a valid host string: a valid domain string, a valid
// IPv4-address string, or '[', a valid IPv6-address string and ']'.
func validHost(s string, off int) *Invalid {
	if validIPv4String(s) || strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") && validIPv6String(s[1:len(s)-1]) {
		return nil
	}
	if strings.HasPrefix(s, "[") {
		return &Invalid{off, "valid IPv6-address string", "not a valid IPv6 address between the brackets"}
	}
	d, err := host.DomainToASCII(s, true)
	if err != nil {
		reason := err.Error()
		var e *model.Error
		if errors.As(err, &e) {
			reason = e.Reason
			if e.Offset >= 0 {
				off += e.Offset
			}
		}
		return &Invalid{off, "valid domain string", "Unicode ToASCII (strict) fails: " + reason}
	}
	if host.EndsInANumber(d) {
		return &Invalid{off, "valid host string", "ends in a number but is not a valid IPv4 address (four decimal numbers 0-255 without leading zeros)"}
	}
	return nil
}

// validOpaqueHost checks a valid opaque-host string: one or more URL units
// excluding forbidden host code points, or a bracketed valid IPv6 address.
func validOpaqueHost(s string, off int) *Invalid {
	if strings.HasPrefix(s, "[") {
		if strings.HasSuffix(s, "]") && validIPv6String(s[1:len(s)-1]) {
			return nil
		}
		return &Invalid{off, "valid IPv6-address string", "not a valid IPv6 address between the brackets"}
	}
	return urlUnitsExcept(s, off, isForbiddenHostCodePoint, "valid opaque-host string", "a forbidden host code point")
}

func validIPv4String(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) != 4 {
		return false
	}
	for _, p := range parts {
		if !validIPv4Piece(p) {
			return false
		}
	}
	return true
}

func validIPv4Piece(p string) bool {
	if p == "" || len(p) > 3 || len(p) > 1 && p[0] == '0' {
		return false
	}
	n := 0
	for i := 0; i < len(p); i++ {
		if !isASCIIDigit(rune(p[i])) {
			return false
		}
		n = n*10 + int(p[i]-'0')
	}
	return n <= 255
}

// validIPv6String checks a valid IPv6-address string.
func validIPv6String(s string) bool {
	if n, ok := piecesLength(s); ok && n == 8 {
		return true
	}
	if n, ok := piecesAndIPv4Length(s); ok && n == 8 {
		return true
	}
	i := strings.Index(s, "::")
	if i < 0 || i != strings.LastIndex(s, "::") {
		return false
	}
	pre, post := s[:i], s[i+2:]
	np, nq := 0, 0
	if pre != "" {
		var ok bool
		if np, ok = piecesLength(pre); !ok {
			return false
		}
	}
	if post != "" {
		var ok bool
		if nq, ok = piecesLength(post); !ok {
			if nq, ok = piecesAndIPv4Length(post); !ok {
				return false
			}
		}
	}
	return np+nq <= 7
}

// piecesLength returns the effective piece length of a valid IPv6-pieces
// string, or false.
func piecesLength(s string) (int, bool) {
	if s == "" {
		return 0, false
	}
	pieces := strings.Split(s, ":")
	for _, p := range pieces {
		if p == "" || len(p) > 4 || len(p) > 1 && p[0] == '0' {
			return 0, false
		}
		for i := 0; i < len(p); i++ {
			if !isASCIIHexDigit(rune(p[i])) {
				return 0, false
			}
		}
	}
	return len(pieces), true
}

// piecesAndIPv4Length returns the effective piece length of a valid
// IPv6-pieces-and-IPv4 string, or false.
func piecesAndIPv4Length(s string) (int, bool) {
	if validIPv4String(s) {
		return 2, true
	}
	i := strings.LastIndexByte(s, ':')
	if i < 0 || !validIPv4String(s[i+1:]) {
		return 0, false
	}
	n, ok := piecesLength(s[:i])
	return n + 2, ok
}

// pathAbsolute checks a path-absolute-URL string at off ('/' and URL-path-
// segment strings separated by '/').
func pathAbsolute(s string, off int) *Invalid {
	return pathSegments(s[1:], off+1)
}

// pathSegments checks URL-path-segment strings separated by '/'.
func pathSegments(s string, off int) *Invalid {
	return urlUnitsExcept(s, off, func(c rune) bool { return c == '?' }, "URL-path-segment string", "")
}

// urlUnits checks that s (at off) is zero or more URL units, none of them
// one of the code points in excluded.
func urlUnits(s string, off int, excluded, rule string) *Invalid {
	return urlUnitsExcept(s, off, func(c rune) bool { return strings.ContainsRune(excluded, c) }, rule, "")
}

func urlUnitsExcept(s string, off int, excluded func(rune) bool, rule, what string) *Invalid {
	for i := 0; i < len(s); {
		if s[i] == '%' {
			if i+2 >= len(s) || !isASCIIHexDigit(rune(s[i+1])) || !isASCIIHexDigit(rune(s[i+2])) {
				return &Invalid{off + i, rule, "'%' not followed by two hex digits"}
			}
			i += 3
			continue
		}
		c, n := utf8.DecodeRuneInString(s[i:]) // an invalid byte reads as U+FFFD
		if excluded(c) {
			if what == "" {
				what = "not allowed here"
			} else {
				what = "is " + what
			}
			return &Invalid{off + i, rule, quoteRune(c) + " " + what}
		}
		if !isURLCodePoint(c) {
			return &Invalid{off + i, rule, quoteRune(c) + " is not a URL code point"}
		}
		i += n
	}
	return nil
}
