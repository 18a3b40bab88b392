package urlspec

import (
	"database/sql/driver"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/urlspec/urlspec/model"
)

// This file holds the everyday API around URL: MustParse,
// Resolve, Equal, JoinPath and the path segments, Redacted and slog,
// net/url's query values, and database/sql.

// MustParse is Parse without a base that panics when s does not parse. It
// is meant for constants in programs and tests, like regexp.MustCompile;
// use Parse for input.
func MustParse(s string) URL {
	u, err := Parse(s)
	if err != nil {
		panic("urlspec.MustParse: " + err.Error())
	}
	return u
}

// Resolve parses ref against u as base: the WHATWG basic URL parser with
// u as the base URL, new URL(ref, u) in JavaScript. It is parse(ref, &u).
func (u URL) Resolve(ref string) (URL, error) {
	return parse(ref, &u)
}

// IsZero reports whether u is the zero URL (not a parsed URL).
func (u URL) IsZero() bool { return u.href == "" }

// JoinPath returns u with each of elems added to its path as one segment,
// after the last segment (a final empty segment, the one after a trailing
// '/', is replaced): http://h/a and http://h/a/ joined with "b c" both give
// http://h/a/b%20c. Each element is text, not an URL-string: '%', '/',
// '?' and '#' (and '\') in it are percent-encoded, so it stays one segment
// and is never read as a scheme, host, query or fragment ('\' is only
// encoded in special URLs, where it is a separator); printing
// percent-encodes the rest with the path set. An empty element adds an
// empty segment. Dot elements are what they are in a WHATWG path: "." adds
// nothing and ".." removes the last segment ("%2e" is text here: its '%'
// is encoded, so it is no dot); this differs from net/url's JoinPath
// mainly in keeping empty segments.
// The query and fragment are kept. It fails with model.OpaquePathRefused for an
// URL with an opaque path (mailto:x) and with model.EmptyURL on the zero URL.
func (u URL) JoinPath(elems ...string) (URL, error) {
	if u.href != "" && u.editJoinPath(elems) {
		return u, nil
	}
	return u.joinPathModel(elems)
}

// joinPathModel is JoinPath through the pathname setter (WithPathname).
func (u URL) joinPathModel(elems []string) (URL, error) {
	segs := slices.Collect(u.PathSegments())
	if n := len(segs); n > 0 && segs[n-1] == "" {
		segs = segs[:n-1]
	}
	special := isSpecial(u.Scheme())
	for _, e := range elems {
		segs = append(segs, escapeSegment(e, true, special))
	}
	return u.withPathSegments(segs)
}

// withPathSegments returns u with its path made of segs, each one segment
// (escaped as escapeSegment does without '%').
func (u URL) withPathSegments(segs []string) (URL, error) {
	special := isSpecial(u.Scheme())
	var b strings.Builder
	for _, s := range segs {
		b.WriteByte('/')
		b.WriteString(escapeSegment(s, false, special))
	}
	p := b.String()
	if len(segs) == 0 && special {
		p = "/"
	}
	return u.WithPathname(p)
}

// escapeSegment percent-encodes in s what would end a path segment or the
// path: '/', '?', '#', and '\' in a special URL; and '%' too when pct is
// set.
func escapeSegment(s string, pct, special bool) string {
	if !strings.ContainsAny(s, "/\\?#%") {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '/':
			b.WriteString("%2F")
		case c == '\\' && special:
			b.WriteString("%5C")
		case c == '?':
			b.WriteString("%3F")
		case c == '#':
			b.WriteString("%23")
		case c == '%' && pct:
			b.WriteString("%25")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Redacted returns the href with a non-empty password replaced by "xxxxx",
// as net/url's URL.Redacted does; URLs without a password are returned as
// they are.
func (u URL) Redacted() string {
	if !u.off.has(flagPassword) || u.off.passwordStart() == u.off.PasswordEnd {
		return u.href
	}
	return u.href[:u.off.passwordStart()] + "xxxxx" + u.href[u.off.PasswordEnd:]
}

// LogValue implements slog.LogValuer: an URL logs as its Redacted href, so
// passwords do not end up in logs.
func (u URL) LogValue() slog.Value { return slog.StringValue(u.Redacted()) }

// Value implements database/sql/driver.Valuer: the href as a string, and
// NULL (nil) for the zero URL.
func (u URL) Value() (driver.Value, error) {
	if u.href == "" {
		return nil, nil
	}
	return u.href, nil
}

// Scan implements database/sql.Scanner: a string or []byte is parsed with
// Parse (without a base), NULL gives the zero URL. It has a pointer
// receiver, as it must change u; on failure u is unchanged.
func (u *URL) Scan(src any) error {
	switch v := src.(type) {
	case nil:
		*u = URL{}
		return nil
	case string:
		return u.UnmarshalText([]byte(v))
	case []byte:
		return u.UnmarshalText(v)
	}
	return &Error{Code: model.UnsupportedScanType, Offset: -1, Reason: fmt.Sprintf("cannot scan a %T into an urlspec.URL", src)}
}

// RequestURI returns the path and the query ('?' included when the URL has
// one, even an empty one), as written in an HTTP request line: the href
// from the path to the fragment. An empty path reads as "/", as net/url's
// URL.RequestURI does (sc://h?q gives "/?q").
func (u URL) RequestURI() string {
	if u.href == "" {
		return ""
	}
	end := len(u.href)
	if u.off.FragmentStart >= 0 {
		end = int(u.off.FragmentStart)
	}
	s := u.href[u.off.PathStart:end]
	if u.off.PathStart == u.off.PathEnd {
		s = "/" + s
	}
	return s
}
