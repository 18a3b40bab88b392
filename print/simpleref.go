package print

import (
	"math"
	"strings"
	"unsafe"

	"github.com/urlspec/urlspec/encodeprofile"
	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/swar"
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
	if ref == "" || len(baseHref)+len(ref) > math.MaxInt32 || len(ref) >= 8 && !printable(ref) || !isSimpleBase(baseHref, baseOff) {
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

// printable reports whether every byte of s, at least eight bytes long, is
// printable ASCII (0x21 to 0x7F), as every byte of a reference that
// ResolveSimple takes is: eight bytes at a time and the last eight (which
// overlap those seen) at once, so that a reference with a space, a control
// or a non-ASCII byte anywhere is refused before the scans that would find
// it. (A byte below 0x21 or from 0x80 on sets the high bit of its byte in
// the test; a borrow only comes from such a byte.) A shorter reference is
// scanned as quickly by those.
func printable(s string) bool {
	for i := 0; ; i += 8 {
		if i+8 > len(s) {
			i = len(s) - 8
		}
		w := swar.Load64(s, i)
		if (w|(w-0x2121212121212121))&0x8080808080808080 != 0 {
			return false
		}
		if i+8 == len(s) {
			return true
		}
	}
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
	// The base's dirs: the segments of its path before the last '/', of
	// which the reference keeps all but the last up. They are copied from
	// baseHref as they are, as the pipeline copies the base's href up to
	// the part a reference replaces (the href of a normalised URL prints
	// its dirs as printing them again would): found by walking back over
	// the path, past its file and then up dirs, eight bytes at a time.
	path := baseHref[baseOff.PathStart+1 : baseOff.PathEnd]
	kept := 1 // the path-root and the kept dirs, each with its '/'
	if up >= 0 {
		end := len(path)
		for i := 0; i <= up && end >= 0; i++ {
			end = swar.LastSlash(path[:end])
		}
		if end >= 0 {
			kept += end + 1
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
	*off = CompactOffsets{SchemeEnd: n, UsernameStart: n + 1, UsernameEnd: n + 1, PasswordEnd: n + 1,
		HostStart: n + 3, HostEnd: n + 1 + h32, PortEnd: n + 1 + h32, PathStart: n + 1 + h32,
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
	for ; r.end < len(rest); r.end++ {
		// One test for a byte of a segment; '/', '?' and '#' are not.
		c := rest[r.end]
		if simpleClass[c]&simpleSegment != 0 {
			continue
		}
		if c == '?' || c == '#' {
			break
		}
		if c != '/' || isDotSegment(rest[seg:r.end]) {
			return r, false
		}
		seg = r.end + 1
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

// newHref returns the concatenation of a, b, c, d and e in one allocation.
func newHref(a, b, c, d, e string) string {
	buf := make([]byte, 0, len(a)+len(b)+len(c)+len(d)+len(e))
	buf = append(append(append(append(append(buf, a...), b...), c...), d...), e...)
	return unsafe.String(unsafe.SliceData(buf), len(buf))
}
