package urlspec

import (
	"strconv"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// The setters and JoinPath change the href and its offsets directly where
// the standard's steps give an href that is already normal and differs from
// the old one in one span: the new span is the value percent-encoded as
// printing encodes it, and the rest of the href stays as it is. Each edit
// below says when it applies; otherwise (and for every failure, which the
// model path reports) the setter goes through the model (setters.go).
// TestHrefEditsAgree and FuzzHrefEditsAgree check that both paths give the
// same URL and error.

// The offsets in href order, for splice: an edit moves the offsets from
// the one after its span on.
const (
	fromScheme   = iota // SchemeEnd on: every offset
	_                   // UsernameStart
	_                   // UsernameEnd
	_                   // PasswordEnd (a password's start follows from UsernameEnd)
	fromHost            // HostStart on
	fromHostEnd         // HostEnd on (a port's start follows from it)
	fromPortEnd         // PortEnd on
	_                   // PathStart
	fromPathEnd         // PathEnd on
	_                   // QueryStart
	fromFragment        // FragmentStart
	fromNone            // no offset
)

// shift moves the offsets from the one numbered from (see fromScheme) on
// by d (an absent query or fragment, -1, stays).
func (o *offsets) shift(from int, d int32) {
	switch from {
	case fromScheme:
		o.SchemeEnd += d
		o.UsernameStart += d
		o.UsernameEnd += d
		o.PasswordEnd += d
		fallthrough
	case fromHost:
		o.HostStart += d
		fallthrough
	case fromHostEnd:
		o.HostEnd += d
		fallthrough
	case fromPortEnd:
		o.PortEnd += d
		o.PathStart += d
		fallthrough
	case fromPathEnd:
		o.PathEnd += d
		if o.QueryStart >= 0 {
			o.QueryStart += d
		}
		fallthrough
	case fromFragment:
		if o.FragmentStart >= 0 {
			o.FragmentStart += d
		}
	}
}

// begin starts an edit of u that replaces href[start:end] by n bytes: it
// returns a buffer of the new href's size holding href[:start], or false
// when the href would be too long for the offsets. The caller appends the
// n bytes and calls finish.
func (u *URL) begin(start, end, n int) ([]byte, bool) {
	size := len(u.href) - (end - start) + n
	if size >= 1<<31-1 {
		return nil, false
	}
	b := make([]byte, 0, size)
	return append(b, u.href[:start]...), true
}

// finish ends the edit that begin started: it appends href[end:] to b,
// makes b u's href, and moves the offsets from the one numbered from on
// (those after the span; see fromScheme); the caller sets the offsets
// inside the span.
func (u *URL) finish(b []byte, end, from int) {
	d := int32(len(b) - end)
	b = append(b, u.href[end:]...)
	u.href = unsafe.String(unsafe.SliceData(b), len(b))
	u.off.shift(from, d)
}

// replace replaces href[start:end] by a and b (see begin and finish).
func (u *URL) replace(start, end, from int, a, b string) bool {
	buf, ok := u.begin(start, end, len(a)+len(b))
	if !ok {
		return false
	}
	buf = append(buf, a...)
	if b != "" {
		buf = append(buf, b...)
	}
	u.finish(buf, end, from)
	return true
}

// replaceEncoded replaces href[start:end] by sigil and v percent-encoded
// with set (see begin and finish).
func (u *URL) replaceEncoded(start, end, from int, sigil byte, v string, set *encodeprofile.Set) bool {
	n := encodeprofile.EncodedLen(v, set)
	b, ok := u.begin(start, end, 1+n)
	if !ok {
		return false
	}
	b = append(b, sigil)
	if n == len(v) {
		b = append(b, v...)
	} else {
		b = encodeprofile.AppendEncoded(b, v, set)
	}
	u.finish(b, end, from)
	return true
}

// profile returns the percent-encode profile for u (encodeprofile.For of
// its model): special for a special URL, generic for one with an authority
// or a path-root, minimal for an opaque path.
func (u *URL) profile() *encodeprofile.Profile { return profiles[u.profileIndex()] }

// profiles are the percent-encode profiles by profileIndex.
var profiles = [3]*encodeprofile.Profile{encodeprofile.Minimal(), encodeprofile.Generic(), encodeprofile.Special()}

// profileIndex returns the index in profiles of u's profile.
func (u *URL) profileIndex() int {
	switch {
	case u.special():
		return 2
	case u.off.has(flagAuthority) || u.hasPathRoot():
		return 1
	}
	return 0
}

// valueClean[profile][part] marks the bytes that the search (part 0) and
// hash (part 1) setters keep and printing writes as they are with the
// profile profiles[profile]: not in the part's set, not a tab or newline
// (which the setters remove) and ASCII. It is made from the profiles' sets.
var valueClean = func() (t [3][2][256]bool) {
	for i, p := range profiles {
		for j, part := range []encodeprofile.Part{encodeprofile.Query, encodeprofile.Fragment} {
			for c := 0; c < 0x80; c++ {
				t[i][j][c] = c != '\t' && c != '\n' && c != '\r' && encodeprofile.EncodedLen(string(rune(c)), p.Set(part)) == 1
			}
		}
	}
	return
}()

// isClean reports whether every byte of s is marked in t.
func isClean(s string, t *[256]bool) bool {
	for i := 0; i < len(s); i++ {
		if !t[s[i]] {
			return false
		}
	}
	return true
}

// replaceValue replaces href[start:end] by sigil and the search (part 0)
// or hash (part 1) setter's value v: as it is when it is clean (see
// valueClean), else without its tabs and newlines and percent-encoded.
func (u *URL) replaceValue(start, end, from int, sigil string, v string, part int) bool {
	pi := u.profileIndex()
	if isClean(v, &valueClean[pi][part]) {
		return u.replace(start, end, from, sigil, v)
	}
	set := profiles[pi].Set(encodeprofile.Query)
	if part == 1 {
		set = profiles[pi].Set(encodeprofile.Fragment)
	}
	return u.replaceEncoded(start, end, from, sigil[0], grammar.RemoveTabNewline(v), set)
}

// hasPathRoot reports whether u's path starts with '/'.
func (u URL) hasPathRoot() bool {
	return u.off.PathStart < u.off.PathEnd && u.href[u.off.PathStart] == '/'
}

// hasOpaquePath reports whether u has an opaque path (no authority and a
// path that does not start with '/'), as its model's HasOpaquePath.
func (u URL) hasOpaquePath() bool { return !u.off.has(flagAuthority) && !u.hasPathRoot() }

// editHash is the hash setter on the href: the fragment's span is
// replaced (removed for an empty v). It always applies on a non-zero URL.
func (u *URL) editHash(v string) bool {
	o := u.off
	if v == "" {
		if o.FragmentStart >= 0 {
			u.href = u.href[:o.FragmentStart]
			u.off.FragmentStart = -1
		}
		return true
	}
	start := len(u.href)
	if o.FragmentStart >= 0 {
		start = int(o.FragmentStart)
	}
	if !u.replaceValue(start, len(u.href), fromNone, "#", strings.TrimPrefix(v, "#"), 1) {
		return false
	}
	u.off.FragmentStart = int32(start)
	return true
}

// editSearch is the search setter on the href: the query's span is
// replaced (removed for an empty v). It always applies on a non-zero URL.
func (u *URL) editSearch(v string) bool {
	o := u.off
	start, end := int(o.PathEnd), len(u.href)
	if o.QueryStart >= 0 {
		start = int(o.QueryStart)
	}
	if o.FragmentStart >= 0 {
		end = int(o.FragmentStart)
	}
	if v == "" {
		switch {
		case o.QueryStart < 0:
		case o.FragmentStart < 0:
			u.href = u.href[:start]
			u.off.QueryStart = -1
		default:
			if !u.replace(start, end, fromFragment, "", "") {
				return false
			}
			u.off.QueryStart = -1
		}
		return true
	}
	if !u.replaceValue(start, end, fromFragment, "?", strings.TrimPrefix(v, "?"), 0) {
		return false
	}
	u.off.QueryStart = int32(start)
	return true
}

// canHaveCredentials is the opposite of "cannot have a
// username/password/port" (WHATWG §URL miscellaneous) on the href: a
// non-empty host and a scheme other than file.
func (u URL) canHaveCredentials() bool {
	return u.off.has(flagHost) && u.off.HostEnd > u.off.HostStart && !u.isFile()
}

// editPort is the port setter on the href: the port's span is replaced.
// It applies when the URL can have a port and v is empty or starts with a
// port below 65536.
func (u *URL) editPort(v string) bool {
	if !u.canHaveCredentials() {
		return false
	}
	if v == "" {
		return u.withPort(-1)
	}
	s := grammar.RemoveTabNewline(v)
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	if n == 0 {
		return false
	}
	p, ok := parsePort(s[:n])
	if !ok {
		return false
	}
	return u.withPort(int(p))
}

// withPort gives u the port p, or no port when p is -1 or the scheme's
// default port (spec rule default-port).
func (u *URL) withPort(p int) bool {
	o := u.off
	if d := model.DefaultPort(u.Scheme()); p < 0 || d != 0 && p == int(d) {
		if !o.has(flagPort) {
			return true
		}
		if !u.replace(int(o.HostEnd), int(o.PortEnd), fromPortEnd, "", "") {
			return false
		}
		u.off.Flags &^= flagPort
		return true
	}
	var buf [8]byte
	pt := strconv.AppendUint(append(buf[:0], ':'), uint64(p), 10)
	if o.has(flagPort) && u.href[o.HostEnd:o.PortEnd] == string(pt) {
		return true
	}
	b, ok := u.begin(int(o.HostEnd), int(o.PortEnd), len(pt))
	if !ok {
		return false
	}
	u.finish(append(b, pt...), int(o.PortEnd), fromPortEnd)
	u.off.Flags |= flagPort
	return true
}

// editCredentials is the username (password false) or password setter on
// the href: the userinfo's span is replaced. It applies when the URL can
// have credentials.
func (u *URL) editCredentials(v string, password bool) bool {
	if !u.canHaveCredentials() {
		return false
	}
	o, p := u.off, u.profile()
	user, pass := u.Username(), u.Password()
	userSet, passSet := p.Set(encodeprofile.Username), p.Set(encodeprofile.Password)
	nu, np := len(user), len(pass)
	if password {
		np = encodeprofile.EncodedLen(v, passSet)
	} else {
		nu = encodeprofile.EncodedLen(v, userSet)
	}
	n := 0 // the userinfo's length, '@' included
	switch {
	case np > 0:
		n = nu + 1 + np + 1
	case nu > 0:
		n = nu + 1
	}
	start := int(o.SchemeEnd) + 3 // after "scheme://"
	b, ok := u.begin(start, int(o.HostStart), n)
	if !ok {
		return false
	}
	if n > 0 {
		if password {
			b = append(b, user...)
		} else {
			b = encodeprofile.AppendEncoded(b, v, userSet)
		}
		if np > 0 {
			b = append(b, ':')
			if password {
				b = encodeprofile.AppendEncoded(b, v, passSet)
			} else {
				b = append(b, pass...)
			}
		}
		b = append(b, '@')
	}
	u.finish(b, int(o.HostStart), fromHost)
	r := u
	at := int32(start)
	switch {
	case n == 0:
		at = o.SchemeEnd + 1 // where printing puts absent credentials
		r.off.UsernameStart, r.off.UsernameEnd, r.off.PasswordEnd = at, at, at
		r.off.Flags &^= flagCredentials | flagPassword
	default:
		r.off.UsernameStart, r.off.UsernameEnd = at, at+int32(nu)
		r.off.PasswordEnd = at + int32(nu)
		r.off.Flags |= flagCredentials
		r.off.Flags &^= flagPassword
		if np > 0 {
			r.off.PasswordEnd = at + int32(nu) + 1 + int32(np)
			r.off.Flags |= flagPassword
		}
	}
	return true
}

// hostScan classes the bytes of a host setter's value for editHost's scan:
// hostPlain for the bytes of a plain domain (fastHost but '-'), hostOther
// for the other bytes that may be in a host, and hostStop for those at
// which the scan stops to look: the delimiters that end the host, ':', the
// brackets, the tabs and newlines that the setter removes, and '-' (a
// label "xn--" needs the host parser).
var hostScan = func() (t [256]uint8) {
	for c := range t {
		t[c] = hostOther
		if fastClass[c]&fastHost != 0 {
			t[c] = hostPlain
		}
	}
	for _, c := range ":/?#\\[]\t\n\r-" {
		t[c] = hostStop
	}
	return
}()

// The classes of hostScan.
const (
	hostPlain = iota
	hostOther
	hostStop
)

// editHost is the host (hostnameOnly false) or hostname setter on the
// href: the span of the host (and port) is replaced. It applies to an URL
// with an authority whose scheme is not file, for a value whose host
// parses and is not empty, without a port of 65536 or more, and (for the
// hostname setter) without a port. A host of ASCII lowercase letters,
// digits, '-', '.' and '_' that does not end in a number nor has an
// "xn--" label is a domain as it is (domain to ASCII leaves it so, as
// parseSimple knows); any other goes through the host parser.
func (u *URL) editHost(v string, hostnameOnly bool) bool {
	o := u.off
	if !o.has(flagAuthority) || u.isFile() {
		return false
	}
	dp := model.DefaultPort(u.Scheme())
	special := dp != 0 // a web-scheme: not file (see above)
	s := v
	end, colon, digits := len(s), -1, 0 // digits: how many the port starts with
	plain := true                       // whether s[:end] has only fastHost bytes
	inBrackets := false
scan:
	for i := 0; i < len(s); i++ {
		// The bytes of a plain domain in a tight loop first.
		for i < len(s) && hostScan[s[i]] == hostPlain {
			i++
		}
		if i == len(s) {
			break
		}
		c := s[i]
		if hostScan[c] == hostOther {
			plain = false
			continue
		}
		switch c {
		case '\t', '\n', '\r':
			s = grammar.RemoveTabNewline(v) // then s has none
			end, plain, inBrackets = len(s), true, false
			i = -1 // scan s again
		case ':':
			if !inBrackets {
				j := i + 1 // the port's digits (the usual port) hold no tab or newline
				for j < len(s) && s[j]-'0' <= 9 {
					j++
				}
				if j < len(s) && len(s) == len(v) && grammar.HasTabOrNewline(s[j:]) {
					// The port's text has a tab or newline, which the
					// setter removes: scan s again without them.
					s = grammar.RemoveTabNewline(v)
					end, plain, inBrackets = len(s), true, false
					i = -1
					continue
				}
				end, colon, digits = i, i, j-i-1
				break scan
			}
		case '/', '?', '#':
			end = i
			break scan
		case '\\':
			if special {
				end = i
				break scan
			}
			plain = false
		case '-':
			if i+1 < len(s) && s[i+1] == '-' {
				plain = false // perhaps "xn--": the host parser decides
			}
		case '[':
			inBrackets, plain = true, false
		case ']':
			inBrackets, plain = false, false
		}
	}
	portText := "" // the new port's digits as the serializer writes them, or nothing
	portEnd, newPort := int(o.HostEnd), false
	direct := -1 // for a domain as it is, s[:direct] is the host and port as printed
	if colon >= 0 {
		if hostnameOnly {
			return false
		}
		p := s[colon+1:]
		n, v := digits, 0
		for k := 0; k < n; k++ {
			if v = v*10 + int(p[k]-'0'); v > 0xffff {
				return false // the model path reports it
			}
		}
		if n > 0 {
			portEnd, newPort = int(o.PortEnd), true
			if dp == 0 || v != int(dp) {
				z := 0 // without leading zeros
				for z < n-1 && p[z] == '0' {
					z++
				}
				portText = p[z:n]
				if z == 0 {
					direct = colon + 1 + n
				}
			}
		}
	}
	if end == 0 {
		return false
	}
	name := s[:end]
	np := len(portText)
	if np > 0 {
		np++ // ':'
	}
	if special && plain && !mayEndInANumber(name) {
		// A domain as it is: the host and port as s has them, when it does.
		if portText == "" {
			direct = end
		}
		b, ok := u.begin(int(o.HostStart), portEnd, len(name)+np)
		if !ok {
			return false
		}
		if direct >= 0 {
			b = append(b, s[:direct]...)
		} else {
			b = append(append(append(b, name...), ':'), portText...)
		}
		u.finishHost(b, &o, portEnd, newPort, len(name), portText != "")
		return true
	}
	h, err := parseSetterHost(name, special)
	if err != nil {
		return false
	}
	var hb [48]byte
	var hs []byte // an address's serialisation
	var set *encodeprofile.Set
	switch h.Kind {
	case model.IPv4:
		hs = model.AppendIPv4(hb[:0], h.IPv4)
	case model.IPv6:
		hs = append(model.AppendIPv6(append(hb[:0], '['), h.IPv6), ']')
	case model.Opaque:
		set = u.profile().Set(encodeprofile.Host)
	}
	n := len(hs)
	switch {
	case set != nil:
		n = encodeprofile.EncodedLen(h.Name, set)
	case h.Kind == model.Domain:
		n = len(h.Name)
	}
	b, ok := u.begin(int(o.HostStart), portEnd, n+np)
	if !ok {
		return false
	}
	switch {
	case set != nil:
		b = encodeprofile.AppendEncoded(b, h.Name, set)
	case h.Kind == model.Domain:
		b = append(b, h.Name...)
	default:
		b = append(b, hs...)
	}
	if np > 0 {
		b = append(append(b, ':'), portText...)
	}
	u.finishHost(b, &o, portEnd, newPort, n, portText != "")
	return true
}

// finishHost ends editHost's edit (see finish) of the span from the host
// to portEnd, o the offsets before it: the new host is n bytes long, and
// when newPort the port was replaced, by one when hasPort.
func (u *URL) finishHost(b []byte, o *offsets, portEnd int, newPort bool, n int, hasPort bool) {
	if !newPort {
		u.finish(b, portEnd, fromHostEnd)
		u.off.Flags |= flagHost
		return
	}
	u.finish(b, portEnd, fromPortEnd)
	u.off.Flags |= flagHost
	u.off.HostEnd = o.HostStart + int32(n)
	u.off.Flags &^= flagPort
	if hasPort {
		u.off.Flags |= flagPort
	}
}

// editPathname is the pathname setter on the href: the path's span is
// replaced by '/' and v without its leading separator (for a non-special
// URL with an authority and an empty v, by nothing). It applies to an URL
// without an opaque path when v, its tabs and newlines removed, has
// nothing to percent-encode, no '?', '#' or '\', no dot segment, and does
// not make a path that starts with "//" on an URL without an authority nor
// a file: URL's path that starts with a drive letter.
func (u *URL) editPathname(v string) bool {
	if u.hasOpaquePath() {
		return false
	}
	s := v // with a tab or newline, which the setter removes, cleanPath fails
	special := u.special()
	empty := s == "" // a non-special URL with an authority gets the empty path
	if s != "" && (s[0] == '/' || special && s[0] == '\\') {
		s = s[1:]
	}
	if !cleanPath(s, special) {
		return false
	}
	if !u.off.has(flagAuthority) && s != "" && s[0] == '/' || u.isFile() && startsWithDrive(s) {
		return false
	}
	o := u.off
	start := int(o.SchemeEnd) + 1
	if o.has(flagAuthority) {
		start = int(o.PortEnd)
	}
	root := "/"
	switch {
	case empty && !special && o.has(flagAuthority):
		root = ""
	case len(s) < len(v) && v[0] == '/':
		root, s = v, "" // v is "/" and s: one piece
	}
	if !u.replace(start, int(o.PathEnd), fromPathEnd, root, s) {
		return false
	}
	u.off.PathStart = int32(start)
	return true
}

// pathClass[special] classes the bytes of a path setter's value for a
// special (pathClass[1]) or other (pathClass[0]) URL with a path-root:
// pathSlash for '/', pathPlain for a byte that a path segment prints as it
// is (in neither the dir nor the file set of the URL's profile, and not
// '?', '#' or '\'), 0 for any other. It is made from the profiles' sets.
var pathClass = func() (t [2][256]uint8) {
	for i, p := range []*encodeprofile.Profile{encodeprofile.Generic(), encodeprofile.Special()} {
		for c := 0; c < 0x80; c++ {
			s := string(rune(c))
			if !strings.Contains("/?#\\", s) &&
				encodeprofile.EncodedLen(s, p.Set(encodeprofile.Dir)) == 1 && encodeprofile.EncodedLen(s, p.Set(encodeprofile.File)) == 1 {
				t[i][c] = pathPlain
			}
		}
		t[i]['/'] = pathSlash
	}
	return
}()

// The classes of pathClass.
const (
	pathPlain = 1 + iota
	pathSlash
)

// cleanPath reports whether the path text s (segments separated by '/')
// of an URL with a path-root, special or not, is printed as it is: no
// byte to percent-encode in a dir or a file, no '?', '#' or '\' (nor a
// tab or newline, which a setter removes), and no dot segment.
func cleanPath(s string, special bool) bool {
	t := &pathClass[0]
	if special {
		t = &pathClass[1]
	}
	for i := 0; ; i++ {
		seg := i
		for i < len(s) && t[s[i]] == pathPlain {
			i++
		}
		if c := s[seg:i]; len(c) <= 6 && c != "" && (c[0] == '.' || c[0] == '%') && isDotty(c) {
			return false
		}
		if i == len(s) {
			return true
		}
		if t[s[i]] != pathSlash {
			return false
		}
	}
}

// startsWithDrive reports whether the path text s starts with a segment
// that is a drive letter ("C:", "C|").
func startsWithDrive(s string) bool {
	return len(s) >= 2 && model.IsDrive(s[:2]) && (len(s) == 2 || s[2] == '/')
}

// editJoinPath is JoinPath on the href: the elements, each with '/' before
// it, follow the path without its final empty segment. It applies to an
// URL without an opaque path, with at least one element, when no element
// is a dot segment nor has a byte to percent-encode, '%', '/', '?', '#' or
// '\', and the path made does not start with "//" on an URL without an
// authority nor, on a file: URL, with a drive letter written with '|'.
func (u *URL) editJoinPath(elems []string) bool {
	if u.hasOpaquePath() || len(elems) == 0 {
		return false
	}
	special := u.special()
	n := 0
	for _, e := range elems {
		// One segment each: no '/' nor '%' (which JoinPath encodes).
		if strings.IndexByte(e, '%') >= 0 || !cleanPath(e, special) || strings.IndexByte(e, '/') >= 0 {
			return false
		}
		n += 1 + len(e)
	}
	o := u.off
	path := u.Pathname()
	if path != "" && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	if !o.has(flagAuthority) && (path == "" && elems[0] == "" || path != "" && path[0] == '/' && len(path) > 1 && path[1] == '/') {
		return false // a path that starts with "//" is printed with "/." before it
	}
	if u.isFile() {
		first := elems[0] // the path's first segment
		if path != "" {
			first = path[1:]
			if i := strings.IndexByte(first, '/'); i >= 0 {
				first = first[:i]
			}
		}
		if len(first) == 2 && model.IsDrive(first) && first[1] == '|' {
			return false // the pathname setter writes the drive with ':'
		}
	}
	start := int(o.PathStart)
	b, ok := u.begin(start, int(o.PathEnd), len(path)+n)
	if !ok {
		return false
	}
	b = append(b, path...)
	for _, e := range elems {
		b = append(append(b, '/'), e...)
	}
	u.finish(b, int(o.PathEnd), fromPathEnd)
	u.off.PathStart = int32(start)
	return true
}

// editProtocol is the protocol setter on the href: the scheme's span is
// replaced, and a port that is the new scheme's default removed. It
// applies when v starts with a scheme and the change is between two
// special schemes other than file or between two non-special ones.
func (u *URL) editProtocol(v string) bool {
	s := grammar.RemoveTabNewline(v)
	if s == "" || !isAlphaByte(s[0]) {
		return false
	}
	i := 1
	for i < len(s) && isSchemeByte(s[i]) {
		i++
	}
	if i < len(s) && s[i] != ':' {
		return false
	}
	scheme, cur := model.LowerScheme(s[:i]), u.Scheme()
	web, curWeb := model.IsWebScheme(scheme), model.IsWebScheme(cur)
	if web != curWeb || !web && (isSpecial(scheme) || isSpecial(cur)) {
		return false
	}
	if scheme == cur {
		return true
	}
	r := *u
	if !r.replace(0, int(u.off.SchemeEnd), fromScheme, scheme, "") {
		return false
	}
	if web && r.off.has(flagPort) {
		if p, _ := parsePort(r.Port()); p == model.DefaultPort(scheme) && !r.withPort(-1) {
			return false
		}
	}
	*u = r
	return true
}

// special reports whether u's scheme is special (isSpecial), for the
// lowercase scheme of an href.
func (u *URL) special() bool {
	switch u.href[:u.off.SchemeEnd] {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}
