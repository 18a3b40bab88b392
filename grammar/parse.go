package grammar

import (
	"strings"

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
	return parse(input, fallback, nil)
}

// parse is Parse, with the dirs' spans and a changed host kept in b when b
// is not nil.
func parse(input string, fallback Mode, b *Buffer) (model.URL, error) {
	var u model.URL
	mode := fallback
	rest := input
	if n := SchemeLen(input); n > 0 {
		u.Set(model.SchemeType, input[:n])
		mode = ModeOf(input[:n])
		rest = input[n+1:]
	}
	off := len(input) - len(rest) // byte offset of rest in input
	// Fragment, then query: '#' and '?' cannot occur in the components before them.
	if i := strings.IndexByte(rest, '#'); i >= 0 {
		u.Set(model.FragmentType, rest[i+1:])
		rest = rest[:i]
	}
	if i := strings.IndexByte(rest, '?'); i >= 0 {
		u.Set(model.QueryType, rest[i+1:])
		rest = rest[:i]
	}
	h := rest
	bs := mode != Generic // '\\' is s too
	sep := func(i int) bool { return i < len(h) && isSep(h[i], bs) }
	drive := func(i int) bool { return driveAt(h, i, bs) }
	setDrive := func(i int) {
		u.Set(model.DriveType, h[i:i+2])
		h, off = h[i+2:], off+i+2
	}
	if sep(0) && sep(1) {
		switch {
		case mode == File && drive(2):
			u.SetAuthority(model.Authority{})
			setDrive(2)
		case mode == File && sep(2) && drive(3):
			u.SetAuthority(model.Authority{})
			setDrive(3)
		default:
			j := 2
			for j < len(h) && !isSep(h[j], bs) {
				j++
			}
			a, err := parseAuthority(h[2:j], mode, b)
			if err != nil {
				return model.URL{}, rebase(err, input, off+2)
			}
			u.SetAuthority(a)
			h, off = h[j:], off+j
			if mode == File && sep(0) && drive(1) {
				setDrive(1)
			}
		}
	} else if mode == File {
		if sep(0) && drive(1) {
			setDrive(1)
		} else if drive(0) {
			setDrive(0)
		}
	}
	// path ::= [ path-root ] path-rel
	if sep(0) {
		u.Set(model.PathRootType, "/")
		h = h[1:]
	}
	n := strings.Count(h, "/")
	if bs {
		n += strings.Count(h, "\\")
	}
	if n > 0 {
		// The dirs are spans of h itself: no copy of the text.
		var spans []uint32
		if b != nil {
			spans = b.spans[:0]
		}
		if cap(spans) < 2*n {
			spans = make([]uint32, 0, 2*n)
		}
		start := 0
		for i := 0; i < len(h); i++ {
			if isSep(h[i], bs) {
				spans = append(spans, uint32(start), uint32(i))
				start = i + 1
			}
		}
		if b != nil {
			b.spans = spans
			// No room after the spans: the model copies on write, and an
			// append must not write into b.
			spans = spans[:len(spans):len(spans)]
		}
		u.SetDirSpans(h, spans)
		h = h[start:]
	}
	if h != "" {
		u.Set(model.FileType, h)
	}
	return u, nil
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
