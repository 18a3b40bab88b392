package urlspec

import (
	"math"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// Byte classes of the fast path: which bytes may appear, as they are, in
// each part of an URL-string that the WHATWG pipeline prints unchanged.
const (
	fastHost     = 1 << iota // a-z 0-9 - . _
	fastPath                 // not in the special path set, not '/', '?', '#', '%'
	fastQuery                // not in the special query set, not '#'
	fastFragment             // not in the fragment set
	fastSegment              // fastPath or '%': may stand in a path segment
	fastUpper                // A-Z: in a host that the fast path lower-cases
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
	for c := 'A'; c <= 'Z'; c++ {
		t[c] |= fastUpper
	}
	return
}()

// parseSimple is the fast path of Parse (like the one the ada URL parser,
// github.com/ada-url/ada, has for simple absolute URLs). It accepts an input
// that is already a normalised web URL-string in its simplest form, or one
// whose host is the only part that printing changes:
//
//   - a lowercase web-scheme and "//";
//   - a host of ASCII letters, digits, '-', '.' and '_' (a domain, or for a
//     web-URL a host that ends in a number and that the IPv4 parser reads),
//     or for a web-URL an IPv6 address in brackets that the IPv6 parser
//     reads;
//   - an optional non-default port without leading zeros;
//   - a path that starts with '/' and has no dot segments, and a path, query
//     and fragment with no byte that printing would encode;
//
// and returns its URL: the input itself as href (or the input and '/' when
// it has no path) when the host is a lowercase domain, an IPv4 address in
// dotted decimal or an IPv6 address as the IPv4 and IPv6 serialisers write
// them, else the input with the host replaced by its serialisation (a
// domain lower-cased, as domain to ASCII does for ASCII; an address as the
// serialiser writes it), and the offsets of its components. A file URL
// takes the fast path only with its host as it is. For such input the full
// pipeline gives the same URL (TestFastPathAgrees, TestPipelineAgrees on
// every dataset, workload and WPT input); for any other input, and where
// the host parser fails, it returns false and Parse takes the other paths.
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
	rewriteHost := !isFile // a file URL takes the fast path only with its host as it is
	scheme := input[:n]
	i := n + 3
	hostStart := i
	for i < len(input) && fastClass[input[i]]&fastHost != 0 {
		i++
	}
	rewrite := keepHost // how the host is printed when not as it is
	var v4 uint32       // an IPv4 host's address
	var v6 [48]byte     // an IPv6 host's serialisation, in brackets (v6[:n6])
	n6 := 0
	if rewriteHost && i < len(input) && fastClass[input[i]]&fastUpper != 0 {
		rewrite = lowerDomain
		for i < len(input) && fastClass[input[i]]&(fastHost|fastUpper) != 0 {
			i++
		}
	}
	hostEnd := i
	if i == hostStart && !isFile && i < len(input) && input[i] == '[' {
		// An IPv6 address.
		if i, n6 = simpleIPv6(input, i, &v6); i < 0 {
			return false
		}
		if n6 > 0 {
			rewrite = serializeIPv6
		}
		hostEnd = i
	}
	hostname := input[hostStart:hostEnd]
	if hostname == "" && !isFile || isFile && hostname == "localhost" {
		return false
	}
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
		hasPort = true
	}
	portEnd := i
	// No path: the pipeline's path-root makes the href end in '/'. Any
	// byte but '/' after the host (and port) is one the fast path does not
	// take, refused before the host is read as a number (a host with a
	// forbidden code point, such as "a<b", is common failing input).
	noPath := i == len(input)
	if !noPath && input[i] != '/' {
		return false
	}
	if hostname != "" && mayEndInANumber(hostname) && (isFile || rewrite != keepHost || !isDottedDecimal(hostname)) {
		var ok bool
		if v4, rewrite, ok = simpleIPv4(hostname, isFile, rewrite); !ok {
			return false
		}
	}
	pathStart := i
	if isFile && len(input)-i >= 3 && (input[i+2] == ':' || input[i+2] == '|') {
		return false // maybe read as a drive (C:, C|): before the path's scan
	}
	pathEnd := len(input) + 1 // pathEnd is in the href
	queryStart, fragmentStart := -1, -1
	if !noPath {
		i++
		// The path: one scan that checks the bytes and the dot segments.
		seg := i
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
	if len(input) >= math.MaxInt32-64 {
		return false
	}
	href, delta := input, int32(0)
	switch {
	case rewrite != keepHost:
		href, delta = rewriteHref(input, hostStart, hostEnd, noPath, rewrite, v4, v6[:n6])
	case noPath:
		href = input + "/"
	}
	out.href = href
	var flags uint8 = flagAuthority
	if hostname != "" {
		flags |= flagHost
	}
	if hasPort {
		flags |= flagPort
	}
	// Field by field into *out: an offsets value built and then assigned
	// is built on the stack and copied with 16-byte loads, which wait for
	// the field stores they read (a store cannot feed a wider load).
	o := &out.off
	o.SchemeEnd = int32(n)
	o.UsernameStart, o.UsernameEnd, o.PasswordEnd = int32(n+1), int32(n+1), int32(n+1)
	o.HostStart, o.HostEnd, o.PortEnd = int32(hostStart), int32(hostEnd)+delta, int32(portEnd)+delta
	o.PathStart, o.PathEnd = int32(pathStart)+delta, int32(pathEnd)+delta
	o.QueryStart, o.FragmentStart = int32(queryStart), int32(fragmentStart)
	o.Flags = flags
	if delta != 0 {
		if queryStart >= 0 {
			out.off.QueryStart += delta
		}
		if fragmentStart >= 0 {
			out.off.FragmentStart += delta
		}
	}
	return true
}

// The parts of parseSimple that few inputs reach are functions of their
// own, not inlined: the code that every input runs through (the scheme,
// the host's and the path's loops) then lies in fewer cache lines, which
// an input that the fast path refuses, before the pipeline reads it,
// fetches too.

// simpleIPv6 reads the IPv6 address in brackets at input[i:] for
// parseSimple: it returns the end of the host (after ']'), and n = 0 when
// the host is the address as the IPv6 serialiser writes it, else the
// length of that serialisation, written to hb with its brackets; end < 0
// when the brackets hold no IPv6 address (the pipeline reports the
// failure).
//
//go:noinline
func simpleIPv6(input string, i int, hb *[48]byte) (end, n int) {
	j := strings.IndexByte(input[i:], ']')
	if j < 0 {
		return -1, 0
	}
	a, ok := host.ReadIPv6(input[i+1 : i+j])
	if !ok {
		return -1, 0
	}
	hb[0] = '['
	b := append(model.AppendIPv6(hb[:1], a), ']')
	if string(b) == input[i:i+j+1] {
		return i + j + 1, 0
	}
	return i + j + 1, len(b)
}

// simpleIPv4 is parseSimple's test of a host that may end in a number
// (mayEndInANumber) and is not an IPv4 address in its serialisation
// (isDottedDecimal, which parseSimple tests first): when it is an IPv4
// address, its address and serializeIPv4, else rewrite as it was; ok is
// false when the fast path does not take the host (a file URL's such
// host, or one that the IPv4 parser refuses, which the pipeline reports).
//
//go:noinline
func simpleIPv4(hostname string, isFile bool, rewrite int) (v4 uint32, how int, ok bool) {
	if !host.EndsInANumber(hostname) {
		return 0, rewrite, true
	}
	if isFile {
		return 0, rewrite, false
	}
	if v4, ok = host.ReadIPv4(hostname); !ok {
		return 0, rewrite, false
	}
	return v4, serializeIPv4, true
}

// How the fast path prints a host that is not printed as it is.
const (
	keepHost      = iota // as it is
	lowerDomain          // an ASCII domain with uppercase letters, lower-cased
	serializeIPv4        // an IPv4 address, as the IPv4 serialiser writes it
	serializeIPv6        // an IPv6 address, in brackets as the IPv6 serialiser writes it
)

// rewriteHref returns input with its host (input[hostStart:hostEnd]) printed
// as rewrite says (with the IPv4 address v4, or the IPv6 serialisation
// v6), and '/' after it when noPath, in one allocation, and how much longer
// the host became.
func rewriteHref(input string, hostStart, hostEnd int, noPath bool, rewrite int, v4 uint32, v6 []byte) (string, int32) {
	var hb [48]byte
	var h []byte
	switch rewrite {
	case serializeIPv4:
		h = model.AppendIPv4(hb[:0], v4)
	case serializeIPv6:
		h = v6
	}
	delta := 0
	if rewrite != lowerDomain {
		delta = len(h) - (hostEnd - hostStart)
	}
	size := len(input) + delta
	if noPath {
		size++
	}
	b := make([]byte, 0, size)
	b = append(b, input[:hostStart]...)
	if rewrite == lowerDomain {
		// Domain to ASCII of an ASCII domain: lower-cased (no error for
		// the bytes parseSimple lets into a host).
		b, _ = host.AppendDomainToASCII(b, input[hostStart:hostEnd])
	} else {
		b = append(b, h...)
	}
	b = append(b, input[hostEnd:]...)
	if noPath {
		b = append(b, '/')
	}
	return unsafe.String(unsafe.SliceData(b), len(b)), int32(delta)
}

// isDottedDecimal reports whether s is an IPv4 address as the IPv4
// serialiser writes it: four decimal numbers of at most 255 without leading
// zeros, separated by dots. The host parser reads such a host as that
// address, which prints as s.
func isDottedDecimal(s string) bool {
	parts, v, digits := 0, 0, 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == '.' {
			if digits == 0 || v > 255 {
				return false
			}
			parts++
			v, digits = 0, 0
			continue
		}
		c := s[i]
		if c < '0' || c > '9' || digits > 0 && v == 0 || digits == 3 {
			return false
		}
		v = v*10 + int(c-'0')
		digits++
	}
	return parts == 4
}

// mayEndInANumber is a quick test that rules out most domains before
// host.EndsInANumber: a domain whose last label ends in a letter other
// than a hex digit or 'x', in either case, does not end in a number.
func mayEndInANumber(host string) bool {
	c := host[len(host)-1]
	if c == '.' && len(host) > 1 {
		c = host[len(host)-2]
	}
	c |= 0x20 // lower-case: digits and '.' have this bit already
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c == 'x'
}

// isDotty reports whether a path segment is a dot or a double-dot segment.
func isDotty(s string) bool {
	return len(s) <= 6 && len(s) > 0 && (s[0] == '.' || s[0] == '%') && (normalize.IsDot(s) || normalize.IsDots(s))
}
