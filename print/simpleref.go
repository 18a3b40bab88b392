package print

import (
	"encoding/binary"
	"math"
	"strconv"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/normalize"
)

// Byte classes of ResolveSimple: the bytes that stand for themselves in a
// path segment, a query or a fragment of a web-URL (the special profile
// does not encode them, preprocessing does not remove them and they are not
// the component's delimiters).
const (
	simpleSegment = 1 << iota
	simpleQuery
	simpleFragment
)

var simpleClass = func() (t [256]uint8) {
	p := encodeprofile.Special()
	for c := 0x21; c < 0x7f; c++ {
		b := byte(c)
		if !p.Set(encodeprofile.Dir).Contains(b) && !p.Set(encodeprofile.File).Contains(b) &&
			b != '/' && b != '\\' && b != '?' && b != '#' {
			t[c] |= simpleSegment
		}
		if !p.Set(encodeprofile.Query).Contains(b) && b != '#' {
			t[c] |= simpleQuery
		}
		if !p.Set(encodeprofile.Fragment).Contains(b) {
			t[c] |= simpleFragment
		}
	}
	return
}()

// ResolveSimple is a shortcut through the WHATWG pipeline (spec
// §Concluding: preprocess, parse, WHATWG-resolve, normalise, print) for the
// commonest references against a web-URL base: a fragment ("#f"), a query
// with an optional fragment ("?q", "?q#f"), a path ("a/b", "/a/b",
// "../x?y", "./x") whose leading "./" and "../" are its only dot segments,
// and a scheme-relative "//host/path" with a lowercase ASCII domain.
//
// The base is given by its href and offsets alone (baseHref and *baseOff
// as ASCIIOffsets returns them for a normalised URL): the shortcut applies
// when it is a web-URL with an authority and a path-root, which the href
// shows (a web-scheme before the ':', an authority, a path starting with
// '/'); such a URL has no drive and needs no printing normalisation, and its
// dirs are the href's path segments before the last '/'. Every byte of ref
// must stand for itself (no byte that preprocessing removes or printing
// encodes, no '\'), so the printed result is the base's URL-string up to
// the part the reference replaces, followed by the reference:
//
//   - "#f" replaces the fragment (goto keeps everything before it);
//   - "?q" replaces the query and the fragment;
//   - a path keeps the base's authority and its dirs less one per leading
//     "../" (spec §Path Segment Normalisation: dir-dots, and root-dots at
//     the root), and drops the base's file;
//   - "//host/path" keeps only the base's scheme.
//
// It returns the href and ok, and sets *off to the href's offsets; ok is
// false, and *off is meaningless, when ref or the base is not of these
// shapes. For every input where ok is true the result equals the
// pipeline's (TestResolveSimple here, and TestPipelineAgrees in the root
// package on every workload line and WPT input). It allocates the href
// and nothing else.
func ResolveSimple(ref string, baseHref string, baseOff *CompactOffsets, off *CompactOffsets) (href string, ok bool) {
	if ref == "" || len(baseHref)+len(ref) > math.MaxInt32 || !isSimpleBase(baseHref, baseOff) {
		return "", false
	}
	switch ref[0] {
	case '#':
		if !all(ref[1:], simpleFragment) {
			return "", false
		}
		cut := len(baseHref)
		if baseOff.FragmentStart >= 0 {
			cut = int(baseOff.FragmentStart)
		}
		href = newHref(baseHref[:cut], ref, "", "", "")
		*off = *baseOff
		off.FragmentStart = int32(cut)
		return href, true
	case '?':
		cut := int(baseOff.PathEnd)
		q, f, hasFragment := cutByte(ref[1:], '#')
		if !all(q, simpleQuery) || !all(f, simpleFragment) {
			return "", false
		}
		href = newHref(baseHref[:cut], ref, "", "", "")
		*off = *baseOff
		off.QueryStart, off.FragmentStart = int32(cut), -1
		if hasFragment {
			off.FragmentStart = int32(cut + 1 + len(q))
		}
		return href, true
	}
	return resolveSimplePath(ref, baseHref, baseOff, off)
}

// isSimpleBase reports whether the URL with href h and offsets o (printed
// from a normalised URL) is a web-URL with an authority and a path-root:
// its scheme is a web-scheme (an href's scheme is lowercase) and its path
// starts with '/'. Such a URL has no drive (only a file-URL has one) and
// needs no printing normalisation (normalize.NeedsPrintingNormalisation:
// its first component is the scheme and it has an authority).
func isSimpleBase(h string, o *CompactOffsets) bool {
	if o.Flags&FlagAuthority == 0 || o.SchemeEnd <= 0 || o.PathStart >= o.PathEnd || int(o.PathEnd) > len(h) || h[o.PathStart] != '/' {
		return false
	}
	switch h[:o.SchemeEnd] {
	case "http", "https", "ws", "wss", "ftp":
		return true
	}
	return false
}

// resolveSimplePath is ResolveSimple for a path reference.
func resolveSimplePath(ref string, baseHref string, baseOff *CompactOffsets, off *CompactOffsets) (href string, ok bool) {
	rest, up := ref, -1 // up: the leading "../", or -1 for a path-absolute ref
	if ref[0] == '/' {
		if len(ref) > 1 && (ref[1] == '/' || ref[1] == '\\') {
			return resolveSimpleNetworkPath(ref, baseHref[:baseOff.SchemeEnd], off)
		}
		rest = ref[1:]
	} else {
		for up = 0; ; {
			if len(rest) >= 2 && rest[0] == '.' && rest[1] == '/' {
				rest = rest[2:] // dot
			} else if len(rest) >= 3 && rest[0] == '.' && rest[1] == '.' && rest[2] == '/' {
				rest = rest[3:] // dir-dots, or root-dots when no dir is left
				up++
			} else {
				break
			}
		}
	}
	if up >= 0 {
		// A ':' in the first segment may end a scheme (most misses
		// have one: an absolute URL), so this comes first.
		for i := 0; i < len(ref) && ref[i] != '/' && ref[i] != '?' && ref[i] != '#'; i++ {
			if ref[i] == ':' {
				return "", false
			}
		}
	}
	r, ok := scanSimpleRest(rest)
	if !ok {
		return "", false
	}
	// The base's dirs: the segments of its path before the last '/'; those
	// that stay are copied from baseHref, so they must print as they are.
	path := baseHref[baseOff.PathStart+1 : baseOff.PathEnd]
	keep := 0
	if up >= 0 {
		keep = max(strings.Count(path, "/")-up, 0)
	}
	kept := 1 // the path-root and the kept dirs, each with its '/'
	for d := 0; d < keep; kept++ {
		c := path[kept-1]
		if c == '/' {
			d++
		} else if simpleClass[c]&simpleSegment == 0 {
			return "", false
		}
	}
	prefix := int(baseOff.PathStart) + kept
	href = newHref(baseHref[:prefix], rest, "", "", "")
	*off = *baseOff
	finishSimple(prefix, r, len(href), off)
	return href, true
}

// resolveSimpleNetworkPath is ResolveSimple for a scheme-relative reference
// "//host/path" whose host is a lowercase ASCII domain that does not end in
// a number, without credentials or port: the result is the base's scheme
// and ':' followed by the reference (with the path-root an empty path gets).
func resolveSimpleNetworkPath(ref string, scheme string, off *CompactOffsets) (href string, ok bool) {
	if ref[1] != '/' {
		return "", false
	}
	h := 2
	for h < len(ref) && isSimpleHostByte(ref[h]) {
		h++
	}
	name := ref[2:h]
	if name == "" || host.EndsInANumber(name) {
		return "", false
	}
	rest := ref[h:]
	if rest != "" && rest[0] == '/' {
		rest = rest[1:]
	} else if rest != "" && rest[0] != '?' && rest[0] != '#' {
		return "", false
	}
	r, ok := scanSimpleRest(rest)
	if !ok {
		return "", false
	}
	href = newHref(scheme, ":", ref[:h], "/", rest)
	n := int32(len(scheme))
	h32 := int32(h)
	*off = CompactOffsets{SchemeEnd: n, UsernameStart: n + 1, UsernameEnd: n + 1, PasswordStart: n + 1, PasswordEnd: n + 1,
		HostStart: n + 3, HostEnd: n + 1 + h32, PortStart: n + 1 + h32, PortEnd: n + 1 + h32, PathStart: n + 1 + h32,
		Flags: FlagAuthority | FlagHost}
	finishSimple(int(off.PathStart)+1, r, len(href), off)
	return href, true
}

// isSimpleHostByte reports whether c may stand in a domain that domain to
// ASCII returns unchanged: a-z, 0-9, '-', '.' and '_'.
func isSimpleHostByte(c byte) bool {
	return 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_'
}

// simpleRest is the part of a simple reference after its kept prefix:
// path segments, then an optional query and fragment.
type simpleRest struct {
	end                   int // end of the path
	file, query, fragment string
	hasQuery, hasFragment bool
}

// scanSimpleRest reads the path, query and fragment of a simple reference:
// segments of simple bytes, none a dot segment.
func scanSimpleRest(rest string) (r simpleRest, ok bool) {
	seg := 0
	for ; r.end < len(rest) && rest[r.end] != '?' && rest[r.end] != '#'; r.end++ {
		c := rest[r.end]
		if c == '/' {
			if isDotSegment(rest[seg:r.end]) {
				return r, false
			}
			seg = r.end + 1
		} else if simpleClass[c]&simpleSegment == 0 {
			return r, false
		}
	}
	r.file = rest[seg:r.end]
	if isDotSegment(r.file) {
		return r, false
	}
	r.hasQuery = r.end < len(rest) && rest[r.end] == '?'
	if r.hasQuery {
		r.query, r.fragment, r.hasFragment = cutByte(rest[r.end+1:], '#')
	} else if r.end < len(rest) {
		r.fragment, r.hasFragment = rest[r.end+1:], true
	}
	return r, all(r.query, simpleQuery) && all(r.fragment, simpleFragment)
}

// finishSimple completes the offsets off (set up to PathStart) of an href
// of length n whose part from prefix on is the reference's rest r.
func finishSimple(prefix int, r simpleRest, n int, off *CompactOffsets) {
	off.PathEnd, off.QueryStart, off.FragmentStart = int32(prefix+r.end), -1, -1
	if r.hasQuery {
		off.QueryStart = int32(prefix + r.end)
	}
	if r.hasFragment {
		off.FragmentStart = int32(n - len(r.fragment) - 1)
	}
}

// all reports whether every byte of s has the class bit.
func all(s string, bit uint8) bool {
	for i := 0; i < len(s); i++ {
		if simpleClass[s[i]]&bit == 0 {
			return false
		}
	}
	return true
}

// cutByte splits s at the first c.
func cutByte(s string, c byte) (before, after string, found bool) {
	if i := strings.IndexByte(s, c); i >= 0 {
		return s[:i], s[i+1:], true
	}
	return s, "", false
}

// isDotSegment reports whether s is a dot or dots segment ("." or "..",
// with %2e for any dot).
func isDotSegment(s string) bool {
	return len(s) > 0 && len(s) <= 6 && (s[0] == '.' || s[0] == '%') && (normalize.IsDot(s) || normalize.IsDots(s))
}

// ParseSimple is the WHATWG pipeline (spec §Concluding: preprocess, parse,
// WHATWG-resolve, normalise, print) in one pass for an absolute
// web-URL-string of at most maxSimple bytes with an authority and no
// credentials: preprocessing (grammar.Preprocess), a web-scheme in any case
// followed by two or more separators ('/' or '\'), a host that host.Parse
// accepts (an ASCII domain in any case, a non-ASCII domain that domain to
// ASCII takes when preprocessing only trims the input, an IPv4 address in
// any spelling; not a host with percent-encoded bytes), an optional port, and a path whose dot segments are removed
// as the path segment rules do (spec §Path Segment Normalisation: dot, dir-dots,
// root-dots), with the path, query and fragment percent-encoded with the
// special profile as printing does. The href is written into one buffer
// sized first; the preprocessed input lives in a stack buffer (unless
// preprocessing makes it longer than maxSimple), so the href is the only
// allocation. It returns the
// href and ok, and sets *off to the href's offsets; ok is false, and *off
// is meaningless, when input is not of this shape or its host or port
// fails (the pipeline then reports the failure). TestParseSimple here and
// TestPipelineAgrees in the root package (every workload line and WPT
// input) check that the href and offsets are the pipeline's.
func ParseSimple(input string, off *CompactOffsets) (href string, ok bool) {
	if len(input) > maxSimple || !mayBeWebScheme(input) {
		return "", false
	}
	if s, _, ok := grammar.PreprocessSubstring(input); ok {
		return parseSimple(input, s, false, off)
	}
	return parseSimpleBuffered(input, off)
}

// maxSimpleIDN is the longest non-ASCII domain ParseSimple takes: its
// ASCII form (at most 8 bytes for each 3 of a label such as "é.", which
// is "xn--9ca.") fits the 256-byte buffer of domain to ASCII.
const maxSimpleIDN = 64

// maxSimple is the longest input ParseSimple takes (its scratch buffer):
// the fixed cost it saves over the pipeline is small beside a long input's
// per-byte work, which the pipeline does as fast (long_queries, deep_paths).
const maxSimple = 512

// parseSimpleBuffered is ParseSimple for input whose preprocessing makes a
// new string: it is made in a stack buffer (zeroed only on this path).
func parseSimpleBuffered(input string, off *CompactOffsets) (href string, ok bool) {
	var pp [maxSimple]byte
	return parseSimple(input, grammar.PreprocessCopy(pp[:], input), true, off)
}

// parseSimple is ParseSimple on s, the preprocessed input; copied tells
// whether s is a new string (in a scratch buffer, or on the heap when
// longer) rather than a substring of input (see hostOf).
func parseSimple(input, s string, copied bool, off *CompactOffsets) (href string, ok bool) {
	scheme := webScheme(s)
	if scheme == "" {
		return "", false
	}
	n := len(scheme)
	if len(s) < n+3 || !isSlash(s[n+1]) || !isSlash(s[n+2]) {
		return "", false
	}
	// Further separators before the authority are skipped, as the WHATWG
	// parser's special authority ignore slashes state does (after two
	// separators a special URL-string's authority follows whatever the
	// base; the seed's grammar reads them as empty dirs that force then
	// drops).
	start := n + 3
	for start < len(s) && isSlash(s[start]) {
		start++
	}
	// The authority: up to the first separator, '?' or '#'; a ':' starts
	// the port. An IPv6 address ('[') is left to the pipeline (the fast
	// path of the root package takes the usual ones). odd is the host's
	// first byte that asciiHostByte refuses (see simpleHost below).
	end, colon, odd := start, -1, -1
	for ; end < len(s); end++ {
		c := s[end]
		switch authorityClass[c] {
		case 0:
			continue
		case hostOdd:
			if odd < 0 && colon < 0 {
				odd = end
			}
			continue
		}
		if isSlash(c) || c == '?' || c == '#' {
			break
		}
		switch {
		case c <= ' ' || c == '@' || c == '[' || c == ']':
			return "", false
		case c == ':' && colon < 0:
			colon = end
		}
	}
	hostEnd := end
	if colon >= 0 {
		hostEnd = colon
	}
	if hostEnd == start {
		return "", false
	}
	// An ASCII domain is lower-cased straight into the href (host.Parse
	// would return it lower-cased in a string of its own); an ASCII host
	// that ends in a number is read as an IPv4 address directly; any other
	// host goes through host.Parse. A simple host is ASCII without a
	// forbidden domain code point (so without '%': nothing to decode), and
	// domain to ASCII only lower-cases it (UTS #46 maps nothing else);
	// whether it ends in a number is the same in any case ("0x", hex
	// digits). Else the host parser fails when the first odd byte is ASCII
	// but '%'.
	hostText := s[start:hostEnd]
	var h model.Host
	simpleHost := odd < 0
	lowerInto := simpleHost && !host.EndsInANumber(hostText)
	fails := !simpleHost && s[odd] < 0x80 && s[odd] != '%'
	var ascii []byte // a non-ASCII domain in ASCII, copied into the href
	switch {
	case lowerInto:
		h.Kind = model.Domain
	case simpleHost:
		// host.Parse's domain to ASCII only lower-cases such a host (no
		// '%', nothing for UTS #46 to map, no forbidden code point), and
		// the IPv4 parser reads hex digits and "0x" in any case; when it
		// succeeds every label is a number, so no "xn--" label can fail.
		v, ok := host.ReadIPv4(hostText) // keeps nothing of its argument
		if !ok {
			return "", false
		}
		h = model.Host{Kind: model.IPv4, IPv4: v}
	case fails || copied || len(hostText) > maxSimpleIDN || strings.IndexByte(hostText, '%') >= 0:
		// The host parser fails (the pipeline reports it), or decodes
		// percent-encoded bytes, or the host is in a scratch copy of the
		// input, which the host package may keep (in an error, or as the
		// host's name), or its ASCII form may not fit appendDomain's stack
		// buffer: the pipeline, which has a buffer for each, makes one
		// allocation where this would make two or three.
		return "", false
	default:
		// A non-ASCII domain. Where domain to ASCII fails, or the result
		// ends in a number, the pipeline takes it. The host package gets
		// the host's text from input itself.
		var idna [256]byte // zeroed only here
		b, ok := appendDomain(idna[:0], hostOf(input, start, hostEnd))
		if !ok {
			return "", false
		}
		ascii = b
		h.Kind = model.Domain
	}
	port, hasPort := 0, false
	if colon >= 0 && colon+1 < end {
		for i := colon + 1; i < end; i++ {
			c := s[i]
			if c < '0' || c > '9' {
				return "", false
			}
			if port = port*10 + int(c-'0'); port > 0xffff {
				return "", false
			}
		}
		hasPort = uint16(port) != model.DefaultPort(scheme)
	}
	// The path: its segments, with the dot segments applied to a stack of
	// the kept dirs (for each, its span in s and its length percent-encoded
	// with the dir set, counted on the way: s is valid UTF-8, so that is
	// its length plus two per byte in the set; see pathClass).
	p := profileSpecial
	dirSet := p.Set(encodeprofile.Dir)
	var stack [96]uint32 // 32 dirs
	dirs := stack[:0]
	i := end
	if i < len(s) && isSlash(s[i]) {
		i++
	}
	seg, extra := i, 0
	for ; i < len(s); i++ {
		// A segment's bytes in a tight loop: each to encode counts 2 more.
		for k := uint8(0); i < len(s); i++ {
			if k = pathClass[s[i]]; k == pathEnd {
				break
			}
			extra += 2 * int(k)
		}
		if i == len(s) {
			break
		}
		if c := s[i]; c == '?' || c == '#' {
			break
		}
		switch d := s[seg:i]; {
		case normalize.IsDot(d):
		case normalize.IsDots(d):
			if len(dirs) > 0 {
				dirs = dirs[:len(dirs)-3]
			}
		default:
			if len(dirs) == len(stack) {
				return "", false // a long path: the pipeline
			}
			dirs = append(dirs, uint32(seg), uint32(i), uint32(i-seg+extra))
		}
		seg, extra = i+1, 0
	}
	file, hasFile := s[seg:i], i > seg
	switch {
	case normalize.IsDot(file):
		hasFile = false
	case normalize.IsDots(file):
		hasFile = false
		if len(dirs) > 0 {
			dirs = dirs[:len(dirs)-3]
		}
	}
	query, fragment := "", ""
	hasQuery, hasFragment := i < len(s) && s[i] == '?', false
	if hasQuery {
		query, fragment, hasFragment = cutByte(s[i+1:], '#')
	} else if i < len(s) {
		fragment, hasFragment = s[i+1:], true
	}
	// The href, sized first.
	size := n + 3 + 1 + 6
	switch {
	case lowerInto:
		size += len(hostText)
	case ascii != nil:
		size += len(ascii)
	case h.Kind == model.IPv4:
		size += 15
	default:
		size += len(h.Name)
	}
	for k := 0; k < len(dirs); k += 3 {
		size += int(dirs[k+2]) + 1
	}
	// s is valid UTF-8 (preprocessing replaces each invalid byte by
	// U+FFFD), so the values are measured and encoded without a check.
	fileLen, queryLen, fragmentLen := 0, 0, 0
	if hasFile {
		fileLen = encodeprofile.EncodedLenValid(file, p.Set(encodeprofile.File))
		size += fileLen
	}
	if hasQuery {
		queryLen = encodeprofile.EncodedLenValid(query, p.Set(encodeprofile.Query))
		size += 1 + queryLen
	}
	if hasFragment {
		fragmentLen = encodeprofile.EncodedLenValid(fragment, p.Set(encodeprofile.Fragment))
		size += 1 + fragmentLen
	}
	b := make([]byte, 0, size)
	b = append(b, scheme...)
	b = append(b, "://"...)
	n32 := int32(n)
	*off = CompactOffsets{SchemeEnd: n32, UsernameStart: n32 + 1, UsernameEnd: n32 + 1, PasswordStart: n32 + 1, PasswordEnd: n32 + 1,
		HostStart: n32 + 3, Flags: FlagAuthority | FlagHost, QueryStart: -1, FragmentStart: -1}
	if lowerInto {
		b = append(b, hostText...)
		for i := len(b) - len(hostText); i < len(b); i++ {
			b[i] = lower(b[i])
		}
	} else if ascii != nil {
		b = append(b, ascii...)
	} else {
		b = appendHost(b, h, p, false, false)
	}
	off.HostEnd, off.PortStart = int32(len(b)), int32(len(b))
	if hasPort {
		b = append(b, ':')
		off.PortStart = int32(len(b))
		b = strconv.AppendUint(b, uint64(port), 10)
		off.Flags |= FlagPort
	}
	off.PortEnd, off.PathStart = int32(len(b)), int32(len(b))
	b = append(b, '/')
	for k := 0; k < len(dirs); k += 3 {
		if d := s[dirs[k]:dirs[k+1]]; int(dirs[k+2]) == len(d) {
			b = append(b, d...)
		} else {
			b = encodeprofile.AppendEncodedValid(b, d, dirSet)
		}
		b = append(b, '/')
	}
	if hasFile {
		b = appendSized(b, file, fileLen, p.Set(encodeprofile.File))
	}
	off.PathEnd = int32(len(b))
	if hasQuery {
		off.QueryStart = int32(len(b))
		b = append(b, '?')
		b = appendSized(b, query, queryLen, p.Set(encodeprofile.Query))
	}
	if hasFragment {
		off.FragmentStart = int32(len(b))
		b = append(b, '#')
		b = appendSized(b, fragment, fragmentLen, p.Set(encodeprofile.Fragment))
	}
	href = unsafe.String(unsafe.SliceData(b), len(b))
	return href, true
}

// appendSized appends s percent-encoded with set, s being valid UTF-8
// whose encoded length n is known: when that is len(s), s as it is.
func appendSized(b []byte, s string, n int, set *encodeprofile.Set) []byte {
	if n == len(s) {
		return append(b, s...)
	}
	return encodeprofile.AppendEncodedValid(b, s, set)
}

// appendDomain appends domain to ASCII of the non-ASCII domain d to b. It
// reports false, and parseSimple leaves the input to the pipeline, when
// that fails or when the result ends in a number (the host parser then
// reads it as an IPv4 address).
func appendDomain(b []byte, d string) ([]byte, bool) {
	start := len(b)
	b, err := host.AppendDomainToASCII(b, d)
	if err != nil {
		return b, false
	}
	return b, !host.EndsInANumber(unsafe.String(unsafe.SliceData(b[start:]), len(b)-start))
}

// authorityClass marks the bytes that the authority scan of parseSimple
// looks at: with 1 the ends of the authority ('/', '\', '?', '#'), the
// bytes it refuses (c0-controls, space, '@', '[' and ']') and ':'; with
// hostOdd the other bytes that asciiHostByte refuses.
var authorityClass = func() (t [256]uint8) {
	for c := range t {
		if c <= ' ' || strings.IndexByte("/\\?#@[]:", byte(c)) >= 0 {
			t[c] = 1
		} else if !asciiHostByte[c] {
			t[c] = hostOdd
		}
	}
	return
}()

const hostOdd = 2

// pathClass classifies the bytes of a web-URL's path for parseSimple:
// pathEnd for those that end a segment ('/', '\', '?' and '#'), else
// pathEncoded for those in the special profile's dir set (which holds
// every byte from 0x80 on: TestPathClass), else 0.
var pathClass = func() (t [256]uint8) {
	dirSet := encodeprofile.Special().Set(encodeprofile.Dir)
	for c := range t {
		if dirSet.Contains(byte(c)) {
			t[c] = pathEncoded
		}
	}
	for _, c := range "/\\?#" {
		t[c] = pathEnd
	}
	return
}()

// The classes of pathClass.
const (
	pathEncoded = 1 + iota
	pathEnd
)

// hostOf returns s[start:end], where s is the preprocessed input and a
// substring of input (preprocessing only trimmed it), as a substring of
// input.
func hostOf(input string, start, end int) string {
	lead := 0
	for lead < len(input) && input[lead] <= ' ' {
		lead++
	}
	return input[lead+start : lead+end]
}

// mayBeWebScheme is a quick test that rules out most input without a
// web-scheme before preprocessing: after the leading c0-spaces, input must
// start with a web-scheme other than file, in any case, and ':', unless a
// control (a tab or newline, which preprocessing removes) is among its
// first six bytes, which it reads as one word; a short input may be one.
func mayBeWebScheme(input string) bool {
	i := 0
	for i < len(input) && input[i] <= ' ' {
		i++
	}
	if i == len(input) || 1<<(input[i]|0x20-'a')&(1<<('f'-'a')|1<<('h'-'a')|1<<('w'-'a')) == 0 {
		return false // a web-scheme starts with f, h or w (the shift of a non-letter is 0)
	}
	if len(input)-i < 8 {
		return true
	}
	// "http:", "https:", "ws:", "wss:", "ftp:" (letters lower-cased, the
	// ':' as it is), or a byte below 0x20 among the first six.
	w := binary.LittleEndian.Uint64(unsafe.Slice(unsafe.StringData(input[i:]), 8)) // the first lowest
	return (w|0x2020_2020)&0xff_ffff_ffff == 0x3a_7074_7468 || (w|0x20_2020_2020)&0xffff_ffff_ffff == 0x3a73_7074_7468 ||
		(w|0x2020)&0xff_ffff == 0x3a_7377 || (w|0x20_2020)&0xffff_ffff == 0x3a73_7377 || (w|0x20_2020)&0xffff_ffff == 0x3a70_7466 ||
		(w-0x2020_2020_2020)&^w&0x8080_8080_8080 != 0
}

var profileSpecial = encodeprofile.Special()

// newHref returns the concatenation of a, b, c, d and e in one allocation.
func newHref(a, b, c, d, e string) string {
	buf := make([]byte, 0, len(a)+len(b)+len(c)+len(d)+len(e))
	buf = append(append(append(append(append(buf, a...), b...), c...), d...), e...)
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}

// asciiHostByte holds the bytes of a simple host (see parseSimple): ASCII
// but the forbidden domain code points.
var asciiHostByte = func() (t [256]bool) {
	for c := 0; c < 0x80; c++ {
		t[c] = !host.IsForbiddenDomainCodePoint(rune(c))
	}
	return
}()

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// isSlash reports whether c is an s of a web-URL: '/' or '\'.
func isSlash(c byte) bool { return c == '/' || c == '\\' }

// webScheme returns the web-scheme (lowercase) that s starts with, followed
// by ':', in any case; or "".
func webScheme(s string) string {
	// The scheme lower-cased, packed into a word, against the five
	// web-schemes that are not file.
	var w uint64
	i := 0
	for ; i < len(s) && i < 6 && s[i] != ':'; i++ {
		w = w<<8 | uint64(s[i]|0x20) // a non-letter never matches below
	}
	if i == len(s) || s[i] != ':' {
		return ""
	}
	return schemeOf(w)
}

// schemeOf returns the web-scheme, not file, whose letters (lower-cased)
// are packed in w, one byte each, the first highest; or "".
func schemeOf(w uint64) string {
	switch w {
	case 'h'<<24 | 't'<<16 | 't'<<8 | 'p':
		return "http"
	case 'h'<<32 | 't'<<24 | 't'<<16 | 'p'<<8 | 's':
		return "https"
	case 'w'<<8 | 's':
		return "ws"
	case 'w'<<16 | 's'<<8 | 's':
		return "wss"
	case 'f'<<16 | 't'<<8 | 'p':
		return "ftp"
	}
	return ""
}
