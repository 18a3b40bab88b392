package whatwg

import (
	"strconv"
	"strings"
)

// URL is a URL record (§4.1 URL representation). Hosts are kept serialized
// (a domain, an opaque host, an IPv4 address in dotted decimal, an IPv6
// address in brackets), which is all the parser and the serializer need.
type URL struct {
	Scheme   string
	Username string
	Password string
	// HasHost is false when the host is null.
	HasHost bool
	Host    string
	// Port is -1 when the port is null.
	Port int
	// Path is the list of path segments; when Opaque is true the path is the
	// opaque path OpaquePath instead.
	Path       []string
	Opaque     bool
	OpaquePath string
	// HasQuery and HasFragment are false when the query or fragment is null.
	HasQuery    bool
	Query       string
	HasFragment bool
	Fragment    string
}

var specialSchemes = map[string]int{"ftp": 21, "file": -1, "http": 80, "https": 443, "ws": 80, "wss": 443}

// IsSpecial reports whether the URL's scheme is a special scheme.
func (u *URL) IsSpecial() bool { return isSpecialScheme(u.Scheme) }

func isSpecialScheme(s string) bool {
	_, ok := specialSchemes[s]
	return ok
}

func defaultPort(scheme string) int {
	if p, ok := specialSchemes[scheme]; ok {
		return p
	}
	return -1
}

func (u *URL) includesCredentials() bool { return u.Username != "" || u.Password != "" }

// shortenPath is §4.1 "shorten a URL's path".
func (u *URL) shortenPath() {
	if u.Scheme == "file" && len(u.Path) == 1 && isNormalizedWindowsDriveLetter(u.Path[0]) {
		return
	}
	if len(u.Path) > 0 {
		u.Path = u.Path[:len(u.Path)-1]
	}
}

// Href is the URL serializer (§4.5) without exclude fragment.
func (u *URL) Href() string {
	var b strings.Builder
	b.WriteString(u.Scheme)
	b.WriteByte(':')
	if u.HasHost {
		b.WriteString("//")
		if u.includesCredentials() {
			b.WriteString(u.Username)
			if u.Password != "" {
				b.WriteByte(':')
				b.WriteString(u.Password)
			}
			b.WriteByte('@')
		}
		b.WriteString(u.Host)
		if u.Port >= 0 {
			b.WriteByte(':')
			b.WriteString(strconv.Itoa(u.Port))
		}
	}
	if !u.HasHost && !u.Opaque && len(u.Path) > 1 && u.Path[0] == "" {
		b.WriteString("/.")
	}
	b.WriteString(u.Pathname())
	if u.HasQuery {
		b.WriteByte('?')
		b.WriteString(u.Query)
	}
	if u.HasFragment {
		b.WriteByte('#')
		b.WriteString(u.Fragment)
	}
	return b.String()
}

// Pathname is the URL path serializer (§4.5).
func (u *URL) Pathname() string {
	if u.Opaque {
		return u.OpaquePath
	}
	var b strings.Builder
	for _, s := range u.Path {
		b.WriteByte('/')
		b.WriteString(s)
	}
	return b.String()
}

// isWindowsDriveLetter reports whether s is two code points, an ASCII alpha
// and ':' or '|' (§4.2 URL miscellaneous).
func isWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && (s[1] == ':' || s[1] == '|')
}

func isNormalizedWindowsDriveLetter(s string) bool {
	return len(s) == 2 && isASCIIAlpha(rune(s[0])) && s[1] == ':'
}

func isSingleDot(s string) bool { return s == "." || strings.EqualFold(s, "%2e") }

func isDoubleDot(s string) bool {
	switch strings.ToLower(s) {
	case "..", ".%2e", "%2e.", "%2e%2e":
		return true
	}
	return false
}
