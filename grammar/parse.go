package grammar

import (
	"math/bits"
	"strings"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/internal/swar"
	"github.com/urlspec/urlspec/model"
)

// Parse implements the lenient URL grammar (spec §URL Grammar) on an
// URL-string that has been preprocessed (see Preprocess). The parser-mode is
// selected by **parser-mode-for** with fallback as the supplied mode.
//
//	url       ::= [ scheme : ] ( auth-path | path ) [ ? query ] [ # fragment ]
//	auth-path ::= s s authority [ path-root path-rel ]          (web, generic)
//	auth-path ::= auth-drive [ path-root path-rel ]              (file)
//	auth-drive ::= [ s s authorityε ] [ s ] drive | s s authority [ s drive ]
//	path      ::= [ path-root ] path-rel
//	path-rel  ::= ( dir s )* [ file ]
//
// where s is '/' in generic mode and '/' or '\' otherwise. In file mode the
// ambiguity between a drive and an authority is resolved in favour of the
// drive, as the WHATWG standard does; a drive is two characters followed by
// the end or s.
//
// Hosts are parsed by mode: in web and file mode as domains or IP addresses
// (host.Parse); in generic mode as opaque hosts or IPv6 addresses. Values are
// substrings of input; only the dir slice is allocated.
func Parse(input string, fallback Mode) (model.URL, error) {
	var u model.URL
	if err := parse(&u, input, fallback, nil, nil); err != nil {
		return model.URL{}, err
	}
	return u, nil
}

// parse is Parse into *u, which must be empty, with the dirs' spans and a
// changed host kept in b when b is not nil, and with the hooks of o when o
// is not nil (Options.Parse). On failure *u is left as it is then.
func parse(u *model.URL, input string, fallback Mode, b *Buffer, o *Options) error {
	mode := fallback
	rest := input
	// The common schemes are compared at once, without SchemeLen's
	// walk and without a call for their mode.
	n, known := 0, false
	switch {
	case len(input) >= len("https:") && input[:len("https:")] == "https:":
		n, mode, known = len("https"), Web, true
	case len(input) >= len("http:") && input[:len("http:")] == "http:":
		n, mode, known = len("http"), Web, true
	case len(input) >= len("file:") && input[:len("file:")] == "file:":
		n, mode, known = len("file"), File, true
	default:
		n = SchemeLen(input)
	}
	if n > 0 {
		scheme := input[:n]
		u.Set(model.SchemeType, scheme)
		switch {
		case o != nil && o.ModeOf != nil:
			mode = o.ModeOf(scheme)
		case !known:
			mode = ModeOf(scheme)
		}
		rest = input[n+1:]
	}
	off := len(input) - len(rest) // byte offset of rest (and h) in input
	// Fragment, then query: '#' and '?' cannot occur in the components
	// before them. '\\' is s too, but for generic mode; where h has none,
	// the s are found by the faster code for '/' alone.
	var bs bool
	if len(rest) <= maxShortRest {
		// One walk, without the calls of IndexByte, which cost more
		// than it on a short string (a relative reference).
		hash, query, back := -1, -1, false
	walk:
		for i := 0; i < len(rest); i++ {
			switch restClass[rest[i]] {
			case 0:
			case rcHash:
				hash = i
				break walk
			case rcQuery:
				if query < 0 {
					query = i
				}
			case rcBack:
				back = back || query < 0
			}
		}
		if hash >= 0 {
			u.Set(model.FragmentType, rest[hash+1:])
			rest = rest[:hash]
		}
		if query >= 0 {
			u.Set(model.QueryType, rest[query+1:])
			rest = rest[:query]
		}
		bs = back && mode != Generic
	} else {
		if i := strings.IndexByte(rest, '#'); i >= 0 {
			u.Set(model.FragmentType, rest[i+1:])
			rest = rest[:i]
		}
		if i := strings.IndexByte(rest, '?'); i >= 0 {
			u.Set(model.QueryType, rest[i+1:])
			rest = rest[:i]
		}
		bs = mode != Generic && strings.IndexByte(rest, '\\') >= 0
	}
	h := rest
	if sepAt(h, 0, bs) && sepAt(h, 1, bs) {
		switch {
		case mode == File && driveAt(h, 2, bs):
			u.SetAuthority(model.Authority{})
			u.Set(model.DriveType, h[2:4])
			h = h[4:]
		case mode == File && sepAt(h, 2, bs) && driveAt(h, 3, bs):
			u.SetAuthority(model.Authority{})
			u.Set(model.DriveType, h[3:5])
			h = h[5:]
		default:
			// One walk over the authority finds its end (the first s)
			// and which of '@', ':', upper-case letters and the other
			// bytes that domain to ASCII changes or rejects it has,
			// where IndexByte would look for the end, '@' and ':' in
			// turn. The common authority, a host that is its own ASCII
			// form (lowercase ASCII without a forbidden domain code
			// point), is then read at once; otherwise parseAuthority
			// looks only for what it has.
			var j int
			has := uint8(acAll)
			if mode == Generic {
				// j = 2 + sepIndex(h[2:], bs), written out: sepIndex
				// is too large for the compiler to inline. ('\\' is
				// not an s here.)
				if j = strings.IndexByte(h[2:], '/'); j < 0 {
					j = len(h) - 2
				}
				j += 2
			} else {
				// The walk finds the authority's end too: the first
				// '/' or '\\' ('\\' is an s when h has one, see bs).
				// Four bytes at a time, then one at a time.
				has = 0
				for j = 2; j+4 <= len(h); j += 4 {
					t := h[j : j+4]
					x := authClass[t[0]] | authClass[t[1]] | authClass[t[2]] | authClass[t[3]]
					if x&acEnd != 0 {
						break
					}
					has |= x
				}
				for ; j < len(h); j++ {
					x := authClass[h[j]]
					if x&acEnd != 0 {
						break
					}
					has |= x
				}
			}
			u.SetAuthority(model.Authority{})
			done := false
			if has == 0 && j > 2 && o == nil {
				// The host parser's steps after domain to ASCII, which
				// leaves such a host as it is. Its error (an IPv4
				// address that does not parse) is the one the whole
				// host parser, called by parseAuthority on this host
				// alone, would report.
				// A domain (FromASCII's last case) is set in place: a
				// model.Host that a call returns is copied with 16-byte
				// loads that its field stores cannot feed, which wait.
				if name := h[2:j]; !host.EndsInANumber(name) {
					u.AuthorityRef().SetHost(model.Host{Kind: model.Domain, Name: name})
				} else {
					hv, err := host.FromASCII(name)
					if err != nil {
						return model.RebaseOwned(err, input, off+2)
					}
					u.AuthorityRef().SetHost(hv)
				}
				done = true
			}
			if !done {
				if err := parseAuthority(u.AuthorityRef(), h[2:j], mode, b, o, has); err != nil {
					return model.RebaseOwned(err, input, off+2)
				}
			}
			h = h[j:]
			if mode == File && sepAt(h, 0, bs) && driveAt(h, 1, bs) {
				u.Set(model.DriveType, h[1:3])
				h = h[3:]
			}
		}
	} else if mode == File {
		if sepAt(h, 0, bs) && driveAt(h, 1, bs) {
			u.Set(model.DriveType, h[1:3])
			h = h[3:]
		} else if driveAt(h, 0, bs) {
			u.Set(model.DriveType, h[:2])
			h = h[2:]
		}
	}
	// path ::= [ path-root ] path-rel
	if sepAt(h, 0, bs) {
		u.Set(model.PathRootType, "/")
		h = h[1:]
	}
	// The dirs are spans of h itself: no copy of the text.
	var spans []uint32
	start := 0
	if b != nil {
		spans, start = appendDirSpans(b.spans[:0], h, bs)
		b.spans = spans
		// No room after the spans: the model copies on write, and an
		// append must not write into b.
		spans = spans[:len(spans):len(spans)]
	} else if n := sepCount(h, bs); n > 0 {
		spans, start = appendDirSpans(make([]uint32, 0, 2*n), h, bs)
	}
	if len(spans) > 0 {
		u.SetDirSpans(h, spans)
		h = h[start:]
	}
	if h != "" {
		u.Set(model.FileType, h)
	}
	return nil
}

// maxShortRest is the longest rest of an URL-string (after its scheme) that
// parse walks byte by byte for '#', '?' and '\\'; a longer one is searched
// with IndexByte, whose calls cost less than the walk from about here on.
const maxShortRest = 8

// Classes of bytes in the walk of a short rest (restClass).
const (
	rcHash  = 1 + iota // '#'
	rcQuery            // '?'
	rcBack             // '\\'
)

var restClass = [256]uint8{'#': rcHash, '?': rcQuery, '\\': rcBack}

// Classes of bytes in the walk of an authority (authClass).
const (
	acEnd   = 1 << iota // '/' or '\\': an s, which ends the authority
	acAt                // '@', which ends credentials
	acColon             // ':', which may start a port
	acOther             // a byte that domain to ASCII changes or rejects, but A-Z
	acUpper             // A-Z, which domain to ASCII lower-cases

	acAll = acAt | acColon | acOther | acUpper // any byte: for an authority not walked
)

// authClass holds the classes of the bytes of an authority of a web- or
// file-URL; it is zero for the bytes of a domain that is its own ASCII form
// (WHATWG domain to ASCII only lower-cases an ASCII domain, then rejects
// forbidden domain code points): ASCII, neither an upper-case letter nor a
// forbidden domain code point.
var authClass = func() (t [256]uint8) {
	for c := 0; c < 0x100; c++ {
		switch {
		case c == '/' || c == '\\':
			t[c] = acEnd
		case c == '@':
			t[c] = acAt
		case c == ':':
			t[c] = acColon
		case 'A' <= c && c <= 'Z':
			t[c] = acUpper
		case c >= 0x80 || host.IsForbiddenDomainCodePoint(rune(c)):
			t[c] = acOther
		}
	}
	return t
}()

// sepAt reports whether s[i] is an s.
func sepAt(s string, i int, bs bool) bool { return i < len(s) && isSep(s[i], bs) }

// sepCount returns the number of s in h.
func sepCount(h string, bs bool) int {
	n := strings.Count(h, "/")
	if bs {
		n += strings.Count(h, "\\")
	}
	return n
}

// appendDirSpans appends the spans of the dirs of path-rel h (each
// segment followed by an s) to spans, and returns them and the start of
// the last segment, the file. When spans has no room left it grows once,
// to the room the rest of h needs.
func appendDirSpans(spans []uint32, h string, bs bool) ([]uint32, int) {
	start := 0
	if bs {
		for i := 0; i < len(h); i++ {
			if c := h[i]; c == '/' || c == '\\' {
				if len(spans)+2 > cap(spans) {
					spans = growSpans(spans, h[i:], bs)
				}
				spans = append(spans, uint32(start), uint32(i))
				start = i + 1
			}
		}
		return spans, start
	}
	// Eight bytes at a time (m has the high bit of each byte that is '/'),
	// then the bytes after them.
	i := 0
	for ; i+8 <= len(h); i += 8 {
		for m := swar.Slashes(swar.Load64(h, i)); m != 0; m &= m - 1 {
			j := i + bits.TrailingZeros64(m)>>3
			if len(spans)+2 > cap(spans) {
				spans = growSpans(spans, h[j:], bs)
			}
			spans = append(spans, uint32(start), uint32(j))
			start = j + 1
		}
	}
	for ; i < len(h); i++ {
		if h[i] == '/' {
			if len(spans)+2 > cap(spans) {
				spans = growSpans(spans, h[i:], bs)
			}
			spans = append(spans, uint32(start), uint32(i))
			start = i + 1
		}
	}
	return spans, start
}

// growSpans returns spans with room for the dirs that the s in rest end.
func growSpans(spans []uint32, rest string, bs bool) []uint32 {
	g := make([]uint32, len(spans), len(spans)+2*sepCount(rest, bs))
	copy(g, spans)
	return g
}

// driveAt reports whether a drive starts at s[i] (spec §URL Grammar, rule
// drive: alpha then ':' or '|'), followed by the end of s or an s, as the
// WHATWG standard's Windows drive letter is.
func driveAt(s string, i int, bs bool) bool {
	return i >= 0 && i+1 < len(s) && isAlpha(s[i]) && (s[i+1] == ':' || s[i+1] == '|') &&
		(i+2 == len(s) || isSep(s[i+2], bs))
}

// isSep reports whether c is an s: '/', or '\\' when bs.
func isSep(c byte, bs bool) bool { return c == '/' || c == '\\' && bs }
