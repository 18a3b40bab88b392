package canon

import (
	"strings"

	"github.com/urlspec/urlspec/model"
)

// readSafeBrowsing reads input as Google Safe Browsing's canonicalisation
// does before its rules: leading and trailing spaces trimmed, tab, CR and
// LF removed, "http://" added when input does not start with a scheme and
// "://", then split at the first "://", at the first '/', '?' or '#' after
// it, at the first '?' and the first '#'. The authority's userinfo ends at
// its last '@', its port is the digits after its last ':'; the host is an
// opaque string; an empty host drops the userinfo and port. It never
// fails.
func readSafeBrowsing(input string) model.URL {
	s := strings.Trim(input, " ")
	if strings.IndexByte(s, '\t') >= 0 || strings.IndexByte(s, '\r') >= 0 || strings.IndexByte(s, '\n') >= 0 {
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, s)
	}
	var u model.URL
	scheme := "http"
	if i := schemeEnd(s); i > 0 {
		scheme, s = lowerASCII(s[:i]), s[i+3:]
	}
	u.Set(model.SchemeType, scheme)
	end := 0
	for end < len(s) && s[end] != '/' && s[end] != '?' && s[end] != '#' {
		end++
	}
	u.SetAuthority(readAuthority(s[:end]))
	s = s[end:]
	if i := strings.IndexByte(s, '#'); i >= 0 {
		u.Set(model.FragmentType, s[i+1:])
		s = s[:i]
	}
	if i := strings.IndexByte(s, '?'); i >= 0 {
		u.Set(model.QueryType, s[i+1:])
		s = s[:i]
	}
	u.Set(model.PathRootType, "/")
	if s != "" {
		// The dirs as spans of the path (model.URL.SetDirSpans): one
		// allocation, no copy.
		path := s[1:]
		var spans []uint32
		start := 0
		for i := 0; i < len(path); i++ {
			if path[i] == '/' {
				spans = append(spans, uint32(start), uint32(i))
				start = i + 1
			}
		}
		u.SetDirSpans(path, spans)
		if f := path[start:]; f != "" {
			u.Set(model.FileType, f)
		}
	}
	return u
}

// schemeEnd returns the length of the scheme when s starts with
// scheme "://", or -1.
func schemeEnd(s string) int {
	i := strings.Index(s, "://")
	if i <= 0 || !model.IsScheme(s[:i]) {
		return -1
	}
	return i
}

func readAuthority(s string) model.Authority {
	var a model.Authority
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		userinfo := s[:i]
		s = s[i+1:]
		if j := strings.IndexByte(userinfo, ':'); j >= 0 {
			a.SetUsername(userinfo[:j])
			a.SetPassword(userinfo[j+1:])
		} else {
			a.SetUsername(userinfo)
		}
	}
	if i := strings.LastIndexByte(s, ':'); i >= 0 && (s == "" || s[0] != '[' || strings.HasSuffix(s[:i], "]")) {
		if p, ok := port(s[i+1:]); ok {
			a.SetPort(p)
			s = s[:i]
		}
	}
	if s == "" {
		// An authority without a host has neither userinfo nor port in
		// the model (model.Validate); it prints as "//".
		return model.Authority{}
	}
	a.SetHost(model.Host{Kind: model.Opaque, Name: s})
	return a
}

func port(s string) (uint16, bool) {
	if s == "" || len(s) > 5 {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	if n > 65535 {
		return 0, false
	}
	return uint16(n), true
}
