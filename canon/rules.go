package canon

import (
	"slices"
	"strings"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// Rule is a named rewrite rule on the component model. Each rule is
// idempotent on its own, and changes only the components its name says.
// A rule sees the values as the profile's reader leaves them: for
// ReadWHATWG percent-encoded as the href shows them.
type Rule uint8

// The rules. The first group is purell's flags and the usual crawler and
// archive rules; the second is Google Safe Browsing's canonicalisation.
const (
	// RemoveFragment removes the fragment: http://a/b#c → http://a/b.
	RemoveFragment Rule = iota
	// RemoveUserinfo removes the username and password.
	RemoveUserinfo
	// RemovePort removes the port, default or not.
	RemovePort
	// RemoveWWW removes the leading "www." labels from a domain, all of
	// them, so that the rule is idempotent: http://www.a.com/ and
	// http://www.www.a.com/ → http://a.com/. (The surt profile's host
	// massage removes one www label, as the Internet Archive's surt does.)
	RemoveWWW
	// UppercasePercentEncodings writes the hex digits of percent-encodings
	// in upper case, as RFC 3986 §6.2.2.1 recommends: %2f → %2F.
	UppercasePercentEncodings
	// DecodeUnreserved decodes percent-encoded unreserved characters (RFC
	// 3986 §2.3: ALPHA DIGIT - . _ ~): %7Euser → ~user.
	DecodeUnreserved
	// SortQuery sorts the query's &-separated parameters by name (the bytes
	// before the first '='), stably: ?b=1&a=2&a=1 → ?a=2&a=1&b=1.
	SortQuery
	// RemoveEmptyQuery removes an empty query: http://a/? → http://a/.
	RemoveEmptyQuery
	// RemoveDirectoryIndex removes a last segment index.* or default.* with
	// a suffix of one to four letters, digits or '_' (purell's rule):
	// http://a/b/index.html → http://a/b/.
	RemoveDirectoryIndex
	// RemoveDuplicateSlashes removes empty path segments: http://a//b →
	// http://a/b.
	RemoveDuplicateSlashes
	// RemoveDotSegments removes the segments . and .. (RFC 3986 §5.2.4) in
	// the path as the reader left it; the WHATWG reader has removed them
	// already (with their percent-encoded forms).
	RemoveDotSegments
	// RepeatedPercentDecode percent-decodes every component until no
	// percent-encoding is left (Safe Browsing: "repeatedly percent-unescape
	// the URL"), in one pass: %2525 → %25 → %.
	RepeatedPercentDecode
	// SafeBrowsingHost rewrites the host as Safe Browsing does: leading and
	// trailing dots removed, runs of dots made one, lower-cased, and read as
	// an IPv4 address (any legal form: octal, hex, fewer than four parts)
	// when it ends in a number. A host of dots only is removed, with the
	// userinfo and port.
	SafeBrowsingHost
	// SafeBrowsingEscape percent-encodes, with upper-case hex, every byte
	// ≤ 0x20 or ≥ 0x7F and '#' and '%', in every component.
	SafeBrowsingEscape
	numRules
)

var ruleNames = [...]string{"remove-fragment", "remove-userinfo", "remove-port", "remove-www",
	"uppercase-percent-encodings", "decode-unreserved", "sort-query", "remove-empty-query",
	"remove-directory-index", "remove-duplicate-slashes", "remove-dot-segments",
	"repeated-percent-decode", "safe-browsing-host", "safe-browsing-escape"}

// String returns the rule's name, e.g. "sort-query".
func (r Rule) String() string {
	if r < numRules {
		return ruleNames[r]
	}
	return "invalid-rule"
}

// ParseRule returns the rule called name.
func ParseRule(name string) (Rule, bool) {
	for i, n := range ruleNames {
		if n == name {
			return Rule(i), true
		}
	}
	return 0, false
}

// Rules returns every rule, in declaration order.
func Rules() []Rule {
	r := make([]Rule, numRules)
	for i := range r {
		r[i] = Rule(i)
	}
	return r
}

// apply rewrites u and reports whether it changed.
func (r Rule) apply(u *model.URL) bool {
	switch r {
	case RemoveFragment:
		if u.Has(model.FragmentType) {
			u.Remove(model.FragmentType)
			return true
		}
	case RemoveUserinfo:
		if a := u.Authority(); a.HasUsername() || a.HasPassword() {
			a.RemoveUsername()
			a.RemovePassword()
			u.SetAuthority(a)
			return true
		}
	case RemovePort:
		if a := u.Authority(); a.HasPort() {
			a.RemovePort()
			u.SetAuthority(a)
			return true
		}
	case RemoveWWW:
		if a := u.Authority(); a.HasHost() {
			if h := a.Host(); (h.Kind == model.Domain || h.Kind == model.Opaque) && len(h.Name) > 4 && strings.EqualFold(h.Name[:4], "www.") {
				for len(h.Name) > 4 && strings.EqualFold(h.Name[:4], "www.") {
					h.Name = h.Name[4:]
				}
				a.SetHost(h)
				u.SetAuthority(a)
				return true
			}
		}
	case UppercasePercentEncodings:
		return mapValues(u, upperPercent, true)
	case DecodeUnreserved:
		return mapValues(u, decodeUnreserved, true)
	case SortQuery:
		if q := u.Query(); strings.IndexByte(q, '&') >= 0 {
			if s := sortQuery(q); s != q {
				u.Set(model.QueryType, s)
				return true
			}
		}
	case RemoveEmptyQuery:
		if u.Has(model.QueryType) && u.Query() == "" {
			u.Remove(model.QueryType)
			return true
		}
	case RemoveDirectoryIndex:
		if u.Has(model.FileType) && isDirectoryIndex(u.File()) {
			u.Remove(model.FileType)
			if !u.Has(model.DirType) && !u.Has(model.DriveType) && !u.Has(model.AuthorityType) {
				// Keep the path-root so that the URL keeps a path.
				u.Set(model.PathRootType, "/")
			}
			return true
		}
	case RemoveDuplicateSlashes:
		return removeEmptyDirs(u)
	case RemoveDotSegments:
		return normalize.RemoveLiteralDotSegments(u)
	case RepeatedPercentDecode:
		changed := mapValues(u, repeatedDecode, true)
		return resplit(u) || changed
	case SafeBrowsingHost:
		return safeBrowsingHost(u)
	case SafeBrowsingEscape:
		changed := escapeAuthority(u)
		return mapValues(u, sbEscape, false) || changed
	}
	return false
}

// mapValues applies f to every string value of u: username, password, a
// domain or opaque host (when withAuthority), dirs, file, query and
// fragment.
func mapValues(u *model.URL, f func(string) string, withAuthority bool) bool {
	changed := false
	if withAuthority && u.Has(model.AuthorityType) {
		a := u.Authority()
		c := false
		if a.HasUsername() {
			if s := f(a.Username()); s != a.Username() {
				a.SetUsername(s)
				c = true
			}
		}
		if a.HasPassword() {
			if s := f(a.Password()); s != a.Password() {
				a.SetPassword(s)
				c = true
			}
		}
		if h := a.Host(); a.HasHost() && (h.Kind == model.Opaque || h.Kind == model.Domain) {
			if s := f(h.Name); s != h.Name {
				h.Name = s
				a.SetHost(h)
				c = true
			}
		}
		if c {
			u.SetAuthority(a)
			changed = true
		}
	}
	if n := u.NumDirs(); n > 0 {
		var dirs []string
		for i := 0; i < n; i++ {
			d := u.Dir(i)
			if s := f(d); s != d {
				if dirs == nil {
					dirs = u.Dirs()
				}
				dirs[i] = s
			}
		}
		if dirs != nil {
			u.SetDirs(dirs)
			changed = true
		}
	}
	for _, t := range []model.ComponentType{model.FileType, model.QueryType, model.FragmentType} {
		if u.Has(t) {
			if v := u.Value(t); v != "" {
				if s := f(v); s != v {
					u.Set(t, s)
					changed = true
				}
			}
		}
	}
	return changed
}

const upperHex = "0123456789ABCDEF"

func isHex(c byte) bool { return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f' }

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

// pctAt reports whether s[i:] starts with a percent-encoding.
func pctAt(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
}

func upperPercent(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	var b []byte
	for ; i < len(s); i++ {
		if pctAt(s, i) && (s[i+1] >= 'a' || s[i+2] >= 'a') {
			if b == nil {
				b = []byte(s)
			}
			b[i+1] &^= 0x20 * boolByte(s[i+1] >= 'a')
			b[i+2] &^= 0x20 * boolByte(s[i+2] >= 'a')
		}
	}
	if b == nil {
		return s
	}
	return string(b)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func isUnreserved(c byte) bool {
	return c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}

func decodeUnreserved(s string) string {
	i := strings.IndexByte(s, '%')
	if i < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	b = append(b, s[:i]...)
	changed := false
	for ; i < len(s); i++ {
		if pctAt(s, i) {
			// A decoded hex digit after '%' or '%' and a hex digit would
			// make a new percent-encoding: keep it encoded.
			n := len(b)
			after := n >= 1 && b[n-1] == '%' || n >= 2 && b[n-2] == '%' && isHex(b[n-1])
			if c := unhex(s[i+1])<<4 | unhex(s[i+2]); isUnreserved(c) && !(after && isHex(c)) {
				b = append(b, c)
				i += 2
				changed = true
				continue
			}
		}
		b = append(b, s[i])
	}
	if !changed {
		return s
	}
	return string(b)
}

// repeatedDecode percent-decodes s until no percent-encoding is left, in
// one pass: each byte is appended to the output, and while the output ends
// in a percent-encoding that encoding is replaced by its byte. Each
// replacement shortens the output by two, so the cost is linear.
func repeatedDecode(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, s[i])
		for n := len(b); n >= 3 && b[n-3] == '%' && isHex(b[n-2]) && isHex(b[n-1]); n = len(b) {
			c := unhex(b[n-2])<<4 | unhex(b[n-1])
			b = append(b[:n-3], c)
		}
	}
	if string(b) == s {
		return s
	}
	return string(b)
}

// sbEscape percent-encodes bytes ≤ 0x20, ≥ 0x7F, '#' and '%'.
func sbEscape(s string) string { return escapeWith(s, &sbSet) }

// The byte sets of SafeBrowsingEscape: every component, and the authority's
// parts with their delimiters.
var (
	sbSet          = escapeSet("")
	sbUserSet      = escapeSet(":/?@")
	sbDelimitedSet = escapeSet("/?@")
)

func escapeSet(extra string) (t [256]bool) {
	for c := 0; c < 256; c++ {
		t[c] = c <= 0x20 || c >= 0x7f || c == '#' || c == '%' || strings.IndexByte(extra, byte(c)) >= 0
	}
	return t
}

// escapeAuthority applies sbEscape to the userinfo and a domain or opaque
// host, and also encodes the delimiters ':', '/', '?' and '@' there (which
// decoding may have put there), so that the Safe Browsing reader reads the
// output's authority back the same. An IPv6 host keeps its ':', and a
// password its ':' (the first ':' of the userinfo ends the username).
func escapeAuthority(u *model.URL) bool {
	if !u.Has(model.AuthorityType) {
		return false
	}
	a := u.Authority()
	changed := false
	if a.HasUsername() {
		if s := escapeWith(a.Username(), &sbUserSet); s != a.Username() {
			a.SetUsername(s)
			changed = true
		}
	}
	if a.HasPassword() {
		if s := escapeWith(a.Password(), &sbDelimitedSet); s != a.Password() {
			a.SetPassword(s)
			changed = true
		}
	}
	if h := a.Host(); a.HasHost() && (h.Kind == model.Opaque || h.Kind == model.Domain) {
		set := &sbUserSet
		if len(h.Name) >= 2 && h.Name[0] == '[' && h.Name[len(h.Name)-1] == ']' {
			set = &sbDelimitedSet
		}
		if s := escapeWith(h.Name, set); s != h.Name {
			h.Name = s
			a.SetHost(h)
			changed = true
		}
	}
	if changed {
		u.SetAuthority(a)
	}
	return changed
}

// escapeWith percent-encodes the bytes of s in set, with upper-case hex.
func escapeWith(s string, set *[256]bool) string {
	n := 0
	for i := 0; i < len(s); i++ {
		if set[s[i]] {
			n++
		}
	}
	if n == 0 {
		return s
	}
	b := make([]byte, 0, len(s)+2*n)
	for i := 0; i < len(s); i++ {
		if c := s[i]; set[c] {
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

// sortQuery sorts the &-separated parameters of q by name, stably.
func sortQuery(q string) string {
	key := func(p string) string {
		if i := strings.IndexByte(p, '='); i >= 0 {
			return p[:i]
		}
		return p
	}
	sorted, prev, rest := true, "", q
	for first := true; sorted; first = false {
		i := strings.IndexByte(rest, '&')
		param := rest
		if i >= 0 {
			param = rest[:i]
		}
		k := key(param)
		sorted = first || prev <= k
		prev = k
		if i < 0 {
			break
		}
		rest = rest[i+1:]
	}
	if sorted {
		return q
	}
	params := strings.Split(q, "&")
	slices.SortStableFunc(params, func(a, b string) int { return strings.Compare(key(a), key(b)) })
	return strings.Join(params, "&")
}

func isDirectoryIndex(f string) bool {
	var rest string
	switch {
	case strings.HasPrefix(f, "index."):
		rest = f[len("index."):]
	case strings.HasPrefix(f, "default."):
		rest = f[len("default."):]
	default:
		return false
	}
	if len(rest) < 1 || len(rest) > 4 {
		return false
	}
	for i := 0; i < len(rest); i++ {
		if c := rest[i]; !(c|0x20 >= 'a' && c|0x20 <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// removeEmptyDirs removes the empty dirs, and then a (dir .) that printing
// put before a first empty dir of an URL without an authority (normalise
// for printing, spec §Printing), which has no reason left to be there.
func removeEmptyDirs(u *model.URL) bool {
	n := u.NumDirs()
	empty := 0
	for i := 0; i < n; i++ {
		if u.Dir(i) == "" {
			empty++
		}
	}
	if empty == 0 {
		return false
	}
	dirs := make([]string, 0, n-empty)
	for i := 0; i < n; i++ {
		if d := u.Dir(i); d != "" {
			dirs = append(dirs, d)
		}
	}
	if len(dirs) > 0 && dirs[0] == "." && n > 1 && u.Dir(1) == "" && !u.Has(model.AuthorityType) && !u.Has(model.DriveType) {
		dirs = dirs[1:]
	}
	u.SetDirs(dirs)
	ensureRoot(u)
	return true
}

// ensureRoot gives an URL with a scheme and an authority a path-root when
// it has dirs or a file, as the model's path-root constraint asks.
func ensureRoot(u *model.URL) {
	if (u.Has(model.DirType) || u.Has(model.FileType)) && u.Has(model.AuthorityType) && !u.Has(model.PathRootType) && !u.Has(model.DriveType) {
		u.Set(model.PathRootType, "/")
	}
}

// resplit splits dirs and a file that contain '/' (decoded from %2F) into
// path segments.
func resplit(u *model.URL) bool {
	n := u.NumDirs()
	f := u.File()
	has := strings.IndexByte(f, '/') >= 0
	for i := 0; i < n && !has; i++ {
		has = strings.IndexByte(u.Dir(i), '/') >= 0
	}
	if !has {
		return false
	}
	var segs []string
	for i := 0; i < n; i++ {
		segs = append(segs, strings.Split(u.Dir(i), "/")...)
	}
	if u.Has(model.FileType) {
		parts := strings.Split(f, "/")
		segs = append(segs, parts[:len(parts)-1]...)
		if last := parts[len(parts)-1]; last != "" {
			u.Set(model.FileType, last)
		} else {
			u.Remove(model.FileType)
		}
	}
	u.SetDirs(segs)
	ensureRoot(u)
	return true
}

func safeBrowsingHost(u *model.URL) bool {
	a := u.Authority()
	h := a.Host()
	if !a.HasHost() || h.Kind != model.Opaque && h.Kind != model.Domain {
		return false
	}
	s := strings.Trim(h.Name, ".")
	for strings.Contains(s, "..") {
		s = strings.ReplaceAll(s, "..", ".")
	}
	s = lowerASCII(s)
	if s == "" {
		u.SetAuthority(model.Authority{}) // no host: no userinfo nor port either
		return true
	}
	nh := model.Host{Kind: h.Kind, Name: s}
	if host.EndsInANumber(s) {
		if v, err := host.ParseIPv4(s); err == nil {
			nh = model.Host{Kind: model.IPv4, IPv4: v}
		}
	}
	if nh == h {
		return false
	}
	a.SetHost(nh)
	u.SetAuthority(a)
	return true
}

func lowerASCII(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if c := b[j]; c >= 'A' && c <= 'Z' {
					b[j] = c + 0x20
				}
			}
			return string(b)
		}
	}
	return s
}
