package canon

import (
	"strings"

	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/print"
)

// appendSURT prints u in SURT form (see FormSURT):
//
//	http://www.example.com:8080/a?b  →  http://(com,example,www,:8080)/a?b
//
// A domain's labels are reversed, each followed by ','; an IP address is
// kept as it is; ":port" and "@userinfo" follow inside the parentheses. An
// URL without a host prints as an URL-string.
func appendSURT(dst []byte, u *model.URL) []byte {
	a := u.Authority()
	if !u.Has(model.AuthorityType) || !a.HasHost() {
		// As an URL-string, with printing's own encoding: file:///C%7C
		// must not print as file:///C|, which reads back as a drive.
		return print.AppendASCII(dst, u, false, nil)
	}
	dst = append(dst, u.Scheme()...)
	dst = append(dst, "://("...)
	h := a.Host()
	if h.Kind == model.Domain || h.Kind == model.Opaque {
		if h.Name != "" {
			dst = appendReversedLabels(dst, h.Name)
			dst = append(dst, ',')
		}
	} else {
		dst = appendHost(dst, h)
	}
	if p, ok := a.Port(); ok {
		dst = append(dst, ':')
		dst = appendUint(dst, uint64(p))
	}
	if a.HasUsername() || a.HasPassword() {
		dst = append(dst, '@')
		dst = append(dst, a.Username()...)
		if a.HasPassword() {
			dst = append(dst, ':')
			dst = append(dst, a.Password()...)
		}
	}
	dst = append(dst, ')')
	// The path, query and fragment as the href prints them, with printing's
	// own encoding (file://h/A%3A must not print as file://h/A:, which
	// reads back as a drive); a '/' for an empty path.
	href := print.ASCII(u)
	rest := href[len(u.Scheme())+len("://"):]
	if i := strings.IndexAny(rest, "/?#"); i >= 0 {
		rest = rest[i:]
	} else {
		rest = ""
	}
	if rest == "" || rest[0] != '/' {
		dst = append(dst, '/')
	}
	return append(dst, rest...)
}

// appendReversedLabels appends the dot-separated labels of name in reverse
// order, joined by ',' (www.example.com → com,example,www): the host of
// both SURT forms.
func appendReversedLabels(dst []byte, name string) []byte {
	for {
		i := strings.LastIndexByte(name, '.')
		dst = append(dst, name[i+1:]...)
		if i < 0 {
			return dst
		}
		dst = append(dst, ',')
		name = name[:i]
	}
}
