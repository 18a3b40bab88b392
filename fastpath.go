package urlspec

import (
	"strings"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Byte classes of the fast path: which bytes may appear, as they are, in
// each part of an URL-string that the WHATWG pipeline prints unchanged.
const (
	fastHost     = 1 << iota // a-z 0-9 - . _
	fastPath                 // not in the special path set, not '/', '?', '#', '%'
	fastQuery                // not in the special query set, not '#'
	fastFragment             // not in the fragment set
	fastSegment              // fastPath or '%': may stand in a path segment
)

var fastClass = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		t[c] = fastPath | fastQuery | fastFragment
	}
	for _, c := range " \"#<>?\\^`{}/%" {
		t[c] &^= fastPath
	}
	for c := 0x21; c < 0x7f; c++ {
		if t[c]&fastPath != 0 || c == '%' {
			t[c] |= fastSegment
		}
	}
	for _, c := range " \"#'<>" {
		t[c] &^= fastQuery
	}
	for _, c := range " \"<>`" {
		t[c] &^= fastFragment
	}
	t['#'] &^= fastQuery // '#' ends the query
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= fastHost
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= fastHost
	}
	t['-'] |= fastHost
	t['.'] |= fastHost
	t['_'] |= fastHost
	return
}()

// parseSimple is the fast path of Parse (DESIGN.md: ada's simple-absolute
// path). It accepts an input that is already a normalised web URL-string in
// its simplest form — a lowercase web-scheme, "//", a lowercase ASCII domain
// that does not end in a number, an optional non-default port without
// leading zeros, a path that starts with '/' and has no dot segments, and a
// path, query and fragment with no byte that printing would encode — and
// returns its URL with the input itself as href. For such input the full
// pipeline gives the same URL (tested on every dataset and WPT input); for
// any other input it returns false and Parse takes the full pipeline.
func parseSimple(input string, out *URL) bool {
	n := 0 // length of the scheme
	switch {
	case len(input) > 8 && input[:8] == "https://":
		n = 5
	case len(input) > 7 && input[:7] == "http://":
		n = 4
	case len(input) > 6 && input[:6] == "wss://":
		n = 3
	case len(input) > 6 && input[:6] == "ftp://":
		n = 3
	case len(input) > 5 && input[:5] == "ws://":
		n = 2
	case len(input) > 7 && input[:7] == "file://":
		n = 4
	default:
		return false
	}
	isFile := n == 4 && input[0] == 'f'
	scheme := input[:n]
	i := n + 3
	hostStart := i
	for i < len(input) && fastClass[input[i]]&fastHost != 0 {
		i++
	}
	hostEnd := i
	hostname := input[hostStart:hostEnd]
	if hostname == "" && !isFile || isFile && hostname == "localhost" {
		return false
	}
	var port uint16
	hasPort := false
	portStart := hostEnd
	if i < len(input) && input[i] == ':' {
		if isFile {
			return false
		}
		i++
		portStart = i
		v := 0
		for i < len(input) && input[i] >= '0' && input[i] <= '9' && v <= 0xffff {
			v = v*10 + int(input[i]-'0')
			i++
		}
		if i == portStart || input[portStart] == '0' || v > 0xffff || uint16(v) == model.DefaultPort(scheme) {
			return false
		}
		port, hasPort = uint16(v), true
	}
	portEnd := i
	if hostname != "" && mayEndInANumber(hostname) && host.EndsInANumber(hostname) {
		return false
	}
	href := input
	if i == len(input) {
		// No path: the pipeline's path-root makes the href end in '/'.
		href = input + "/"
	} else if input[i] != '/' {
		return false
	}
	pathStart := i
	pathEnd, seg := len(href), len(input)
	var stack [32]uint32 // the dir spans of a short path, before the input qualifies
	var dirs, big []uint32
	queryStart, fragmentStart := -1, -1
	if len(href) == len(input) {
		i++
		// The path: one scan that checks the bytes and the dot segments and
		// collects the dirs on the stack; they are copied to the heap once
		// the whole input is known to qualify.
		seg = i
		dirs = stack[:0]
		for {
			// One segment: a tight loop over the bytes allowed in it.
			for i < len(input) && fastClass[input[i]]&fastSegment != 0 {
				i++
			}
			if i == len(input) || input[i] != '/' {
				break
			}
			if d := input[seg:i]; d != "" && (d[0] == '.' || d[0] == '%') && isDotty(d) {
				return false
			}
			switch {
			case big != nil:
				big = append(big, uint32(seg), uint32(i))
			case len(dirs) < len(stack):
				dirs = append(dirs, uint32(seg), uint32(i))
			default:
				// A long path: size a heap slice for all its dirs at once.
				end := len(input)
				for j := i; j < len(input); j++ {
					if input[j] == '?' || input[j] == '#' {
						end = j
						break
					}
				}
				big = make([]uint32, 0, len(stack)+2*strings.Count(input[i:end], "/"))
				big = append(append(big, dirs...), uint32(seg), uint32(i))
			}
			i++
			seg = i
		}
		if i < len(input) && input[i] != '?' && input[i] != '#' {
			return false // a byte that printing would encode
		}
		if d := input[seg:i]; d != "" && (d[0] == '.' || d[0] == '%') && isDotty(d) {
			return false
		}
		pathEnd = i
		if isFile {
			// A first segment that is a drive would be read as one (C:, C|).
			first := input[pathStart+1 : pathEnd]
			if len(first) >= 2 && model.IsDrive(first[:2]) && (len(first) == 2 || first[2] == '/') {
				return false
			}
		}
		if i < len(input) && input[i] == '?' {
			queryStart = i
			i++
			for i < len(input) && fastClass[input[i]]&fastQuery != 0 {
				i++
			}
			if i < len(input) && input[i] != '#' {
				return false
			}
		}
		if i < len(input) && input[i] == '#' {
			fragmentStart = i
			i++
			for i < len(input) && fastClass[input[i]]&fastFragment != 0 {
				i++
			}
			if i < len(input) {
				return false
			}
		}
	}
	// The model: the same components the full pipeline produces, written
	// in place.
	u := &out.u
	*u = model.URL{}
	u.Set(model.SchemeType, scheme)
	u.SetAuthority(model.Authority{})
	if a := u.AuthorityRef(); hostname != "" {
		a.SetHost(model.Host{Kind: model.Domain, Name: hostname})
		if hasPort {
			a.SetPort(port)
		}
	}
	u.Set(model.PathRootType, "/")
	switch {
	case big != nil:
		u.SetDirSpans(input, big)
	case len(dirs) > 0:
		u.SetDirSpans(input, append(make([]uint32, 0, len(dirs)), dirs...))
	}
	if seg < pathEnd && len(href) == len(input) {
		u.Set(model.FileType, input[seg:pathEnd])
	}
	if queryStart >= 0 {
		end := len(input)
		if fragmentStart >= 0 {
			end = fragmentStart
		}
		u.Set(model.QueryType, input[queryStart+1:end])
	}
	if fragmentStart >= 0 {
		u.Set(model.FragmentType, input[fragmentStart+1:])
	}
	out.href = href
	out.off = print.Offsets{
		SchemeEnd:     n,
		UsernameStart: n + 1, UsernameEnd: n + 1, PasswordStart: n + 1, PasswordEnd: n + 1,
		HostStart: hostStart, HostEnd: hostEnd, PortStart: portStart, PortEnd: portEnd,
		PathStart: pathStart, PathEnd: pathEnd,
		QueryStart: queryStart, FragmentStart: fragmentStart,
		HasAuthority: true, HasHost: hostname != "", HasPort: hasPort,
	}
	return true
}

// mayEndInANumber is a quick test that rules out most domains before
// host.EndsInANumber: a domain whose last label ends in a letter other
// than a hex digit or 'x' does not end in a number.
func mayEndInANumber(host string) bool {
	c := host[len(host)-1]
	if c == '.' && len(host) > 1 {
		c = host[len(host)-2]
	}
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == 'x'
}

// isDotty reports whether a path segment is a dot or a double-dot segment.
func isDotty(s string) bool {
	return len(s) <= 6 && len(s) > 0 && (s[0] == '.' || s[0] == '%') && (normalize.IsDot(s) || normalize.IsDots(s))
}
