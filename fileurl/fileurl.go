// Package fileurl converts between file paths and file URLs, for Windows and
// POSIX paths alike and independently of the operating system it runs on.
//
// FromPath turns an absolute path into the URL-string of a file URL that the
// WHATWG URL parser (url.spec.whatwg.org) reads back unchanged: its href is
// the string FromPath returned. ToPath turns the hostname and pathname of a
// parsed file URL (the WHATWG getters) back into a path. For every absolute
// path without dot segments, in the canonical spelling of its style (see
// FromPath), ToPath(FromPath(p)) == p.
//
// The conversions follow the Windows conventions documented by Microsoft
// ("File URIs in Windows"): a drive path C:\dir\f becomes file:///C:/dir/f, a
// UNC path \\server\share\f becomes file://server/share/f, and the long-path
// prefixes \\?\ and \\?\UNC\ are dropped. Every byte that would otherwise be
// read differently is percent-encoded: '%', the WHATWG path percent-encode
// set (C0 controls, space, '"', '#', '<', '>', '?', '^', '`', '{', '}'), DEL,
// every non-ASCII byte (so POSIX file names that are not UTF-8 survive), '\'
// in POSIX names (a separator in file URLs) and a first segment that the
// URL parser would read as a drive letter. See docs/file-paths.md for the
// differences from Node's url.pathToFileURL and rust-url.
package fileurl

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/urlspec/urlspec/host"
	"github.com/urlspec/urlspec/model"
)

// Style is the path syntax of an operating system family.
type Style uint8

const (
	// POSIX paths: '/' separates, every other byte but NUL may appear in a
	// name, names need not be UTF-8, and a URL with a host has no path.
	POSIX Style = iota
	// Windows paths: '\' and '/' separate; a path starts with a drive
	// (C:\), a UNC prefix (\\server\share) or a long-path prefix (\\?\C:\,
	// \\?\UNC\server\share); names are UTF-8 (as Go's syscall package
	// converts them).
	Windows
)

// String returns "posix" or "windows".
func (s Style) String() string {
	switch s {
	case POSIX:
		return "posix"
	case Windows:
		return "windows"
	}
	return "invalid-style"
}

// ParseStyle returns the Style called name ("posix" or "windows").
func ParseStyle(name string) (Style, error) {
	switch name {
	case "posix":
		return POSIX, nil
	case "windows":
		return Windows, nil
	}
	return 0, errors.New("fileurl: unknown path style " + name + " (want posix or windows)")
}

// The reasons a conversion fails; errors.Is matches an *Error against them.
var (
	// ErrRelative: the path is not absolute (for Windows: it has no drive
	// with a root, e.g. C:x or \x, and is not a UNC path).
	ErrRelative = errors.New("path is not absolute")
	// ErrNUL: the path, or the URL's decoded path, contains a NUL byte.
	ErrNUL = errors.New("path contains a NUL byte")
	// ErrInvalidUTF8: a Windows path, or the decoded path of a URL read as a
	// Windows path, is not valid UTF-8.
	ErrInvalidUTF8 = errors.New("path is not valid UTF-8")
	// ErrUNC: a UNC path without a server or share name, or whose server
	// name is not a valid host (or is localhost, which a file URL drops).
	ErrUNC = errors.New("malformed UNC path")
	// ErrDevice: a \\?\ or \\.\ path that names neither a drive nor a UNC
	// share (a device or volume GUID path has no file URL).
	ErrDevice = errors.New("device path has no file URL")
	// ErrHost: the URL has a host, which a POSIX path cannot express.
	ErrHost = errors.New("file URL has a host")
	// ErrNoDrive: read as a Windows path, the URL has neither a host nor a
	// drive letter.
	ErrNoDrive = errors.New("file URL has neither a host nor a drive letter")
	// ErrEncodedSeparator: the URL's path has an encoded separator (%2F, or
	// for Windows also %5C) inside a segment.
	ErrEncodedSeparator = errors.New("file URL path has an encoded separator")
	// ErrNotFileURL: the URL's scheme is not file.
	ErrNotFileURL = errors.New("not a file URL")
)

// Error is a failed conversion: Err is one of the Err values above, Input
// the path or URL path converted, Offset the byte of Input at fault (-1 when
// no single byte is).
type Error struct {
	Err    error
	Input  string
	Offset int
	Style  Style
	Reason string // what exactly is wrong, or ""
}

// Error returns e.g. `fileurl: windows path "C:x": path is not absolute`.
func (e *Error) Error() string {
	s := "fileurl: " + e.Style.String() + " path " + quote(e.Input) + ": " + e.Err.Error()
	if e.Reason != "" {
		s += ": " + e.Reason
	}
	if e.Offset >= 0 {
		s += " (at byte " + itoa(e.Offset) + ")"
	}
	return s
}

// Unwrap returns Err, so errors.Is(err, ErrRelative) works.
func (e *Error) Unwrap() error { return e.Err }

func fail(err error, input string, off int, style Style) *Error {
	return &Error{Err: err, Input: input, Offset: off, Style: style}
}

func failWhy(err error, input string, reason string) *Error {
	return &Error{Err: err, Input: input, Offset: -1, Style: Windows, Reason: reason}
}

// encodeAlways marks the bytes FromPath percent-encodes in every segment.
var encodeAlways = func() (t [256]bool) {
	for c := 0; c < 0x20; c++ {
		t[c] = true
	}
	for c := 0x7f; c < 0x100; c++ {
		t[c] = true
	}
	for _, c := range []byte(" \"#%<>?^`{}") {
		t[c] = true
	}
	return t
}()

const upperHex = "0123456789ABCDEF"

// FromPath returns the file URL of the absolute path p in style: an
// URL-string that the WHATWG parser reads back to the same href.
//
// Dot segments (. and ..) are removed as the URL parser would remove them,
// but a .. never climbs above a drive or a UNC share. In Windows style '/'
// is read as '\', a UNC server name is parsed as a host (lower-cased, IDNA),
// and the prefixes \\?\ and \\?\UNC\ (or \\.\ before a drive) are dropped.
// The canonical spelling of a path is the one ToPath returns: '\' only, no
// long-path prefix, a lower-case ASCII server name.
func FromPath(p string, style Style) (string, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return "", fail(ErrNUL, p, i, style)
	}
	if style == Windows {
		return fromWindows(p)
	}
	if style != POSIX {
		return "", errors.New("fileurl: invalid style")
	}
	if p == "" || p[0] != '/' {
		return "", fail(ErrRelative, p, -1, style)
	}
	b := make([]byte, 0, len("file://")+len(p)+len(p)/4)
	b = append(b, "file://"...)
	return string(appendSegments(b, splitPath(p[1:], '/', 0), POSIX, false)), nil
}

func fromWindows(p string) (string, error) {
	if !utf8.ValidString(p) {
		i := 0
		for i < len(p) {
			r, n := utf8.DecodeRuneInString(p[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return "", fail(ErrInvalidUTF8, p, i, Windows)
	}
	q := strings.ReplaceAll(p, "/", `\`)
	b := make([]byte, 0, len("file://")+len(q)+len(q)/4)
	b = append(b, "file://"...)
	rest := q
	if strings.HasPrefix(rest, `\\?\`) || strings.HasPrefix(rest, `\\.\`) {
		long := rest[2] == '?'
		rest = rest[4:]
		switch {
		case long && len(rest) >= 4 && strings.EqualFold(rest[:4], `UNC\`):
			return fromUNC(b, p, rest[4:])
		case isDriveRoot(rest) || len(rest) == 2 && isAlpha(rest[0]) && rest[1] == ':':
		default:
			return "", fail(ErrDevice, p, -1, Windows)
		}
	} else if strings.HasPrefix(rest, `\\`) {
		return fromUNC(b, p, rest[2:])
	}
	if !isDriveRoot(rest) && !(len(rest) == 2 && rest != q) {
		return "", fail(ErrRelative, p, -1, Windows)
	}
	b = append(b, '/', rest[0], ':')
	if len(rest) == 2 {
		rest += `\`
	}
	return string(appendSegments(b, splitPath(rest[3:], '\\', 0), Windows, false)), nil
}

// isDriveRoot reports whether s starts with a drive letter, ':' and '\'.
func isDriveRoot(s string) bool {
	return len(s) >= 3 && isAlpha(s[0]) && s[1] == ':' && s[2] == '\\'
}

func fromUNC(b []byte, p, rest string) (string, error) {
	i := strings.IndexByte(rest, '\\')
	if i <= 0 {
		return "", failWhy(ErrUNC, p, "no server name, or no share after it")
	}
	server, rest := rest[:i], rest[i+1:]
	j := strings.IndexByte(rest, '\\')
	if j < 0 {
		j = len(rest)
	}
	if share := rest[:j]; share == "" || share == "." || share == ".." {
		return "", failWhy(ErrUNC, p, "no share name")
	}
	if strings.ContainsAny(server, "%@:") && server[0] != '[' {
		return "", failWhy(ErrUNC, p, "server name "+quote(server)+" is not a host")
	}
	h, err := host.Parse(server, true)
	if err != nil {
		return "", failWhy(ErrUNC, p, "server name "+quote(server)+" is not a host: "+err.Error())
	}
	switch h.Kind {
	case model.Domain:
		if h.Name == "localhost" {
			return "", failWhy(ErrUNC, p, "server localhost: a file URL drops it")
		}
		b = append(b, h.Name...)
	case model.IPv4:
		b = model.AppendIPv4(b, h.IPv4)
	case model.IPv6:
		b = append(b, '[')
		b = model.AppendIPv6(b, h.IPv6)
		b = append(b, ']')
	default:
		return "", failWhy(ErrUNC, p, "server name "+quote(server)+" is not a host")
	}
	segs := splitPath(rest, '\\', 1)
	return string(appendSegments(b, segs, Windows, true)), nil
}

// splitPath splits s at sep and removes dot segments; keep is the number of
// leading segments that .. never removes (1 for the share of a UNC path). A
// path that ends in a dot segment ends in an empty segment (a trailing
// separator), as the URL parser makes it.
func splitPath(s string, sep byte, keep int) []string {
	segs := strings.Split(s, string(sep))
	out := segs[:0:0]
	for i, seg := range segs {
		last := i == len(segs)-1
		switch seg {
		case ".":
		case "..":
			if len(out) > keep {
				out = out[:len(out)-1]
			}
		default:
			out = append(out, seg)
			continue
		}
		if last {
			out = append(out, "")
		}
	}
	return out
}

// appendSegments appends '/' and each segment, percent-encoded. For a UNC
// path (unc) the first segment is the share.
func appendSegments(b []byte, segs []string, style Style, unc bool) []byte {
	for i, seg := range segs {
		b = append(b, '/')
		first := i == 0 && (style == POSIX || unc)
		for j := 0; j < len(seg); j++ {
			c := seg[j]
			enc := encodeAlways[c] || c == '\\' ||
				// A first segment that reads as a drive letter: with a host
				// the URL parser would drop the host; '|' would become ':'.
				first && j == 1 && len(seg) == 2 && isAlpha(seg[0]) && (c == '|' || unc && c == ':')
			if enc {
				b = append(b, '%', upperHex[c>>4], upperHex[c&15])
			} else {
				b = append(b, c)
			}
		}
	}
	return b
}

func isAlpha(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

// ToPath returns the path of the file URL whose WHATWG hostname and
// pathname getters return hostname and pathname (percent-encoded, as the
// parser leaves them). Query and fragment are not part of the path and are
// not asked for.
//
// For POSIX the URL must have no host; the path is the decoded pathname,
// byte for byte. For Windows a host gives a UNC path \\host\share\..., a
// domain shown with domain to Unicode; without a host the pathname must
// start with a drive letter. An encoded separator (%2F, for Windows also
// %5C) or NUL fails, so does, for Windows, a decoded path that is not UTF-8.
func ToPath(hostname, pathname string, style Style) (string, error) {
	if pathname == "" || pathname[0] != '/' {
		return "", fail(ErrRelative, pathname, -1, style)
	}
	switch style {
	case POSIX:
		if hostname != "" {
			return "", &Error{Err: ErrHost, Input: pathname, Offset: -1, Style: style, Reason: "host " + quote(hostname)}
		}
		return decodePath(pathname, style)
	case Windows:
		var b []byte
		rest := pathname
		if hostname != "" {
			h := hostname
			if u, err := host.DomainToUnicode(h); err == nil && h[0] != '[' {
				h = u
			}
			if len(pathname) < 2 || pathname[1] == '/' {
				return "", &Error{Err: ErrUNC, Input: pathname, Offset: -1, Style: style, Reason: "no share name"}
			}
			b = append(b, `\\`...)
			b = append(b, h...)
		} else {
			if len(rest) < 3 || !isAlpha(rest[1]) || rest[2] != ':' && rest[2] != '|' || len(rest) > 3 && rest[3] != '/' {
				return "", fail(ErrNoDrive, pathname, -1, style)
			}
			b = append(b, rest[1], ':')
			rest = rest[3:]
			if rest == "" {
				rest = "/"
			}
		}
		d, err := decodePath(rest, style)
		if err != nil {
			var e *Error
			if errors.As(err, &e) {
				e.Input = pathname
				if e.Offset >= 0 {
					e.Offset += len(pathname) - len(rest)
				}
			}
			return "", err
		}
		return string(append(b, d...)), nil
	}
	return "", errors.New("fileurl: invalid style")
}

// decodePath percent-decodes a URL path for style, turning '/' into '\'
// for Windows.
func decodePath(s string, style Style) (string, error) {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			d := unhex(s[i+1])<<4 | unhex(s[i+2])
			switch {
			case d == '/' || d == '\\' && style == Windows:
				return "", fail(ErrEncodedSeparator, s, i, style)
			case d == 0:
				return "", fail(ErrNUL, s, i, style)
			}
			b = append(b, d)
			i += 2
			continue
		}
		if c == 0 {
			return "", fail(ErrNUL, s, i, style)
		}
		if c == '/' && style == Windows {
			c = '\\'
		}
		b = append(b, c)
	}
	if style == Windows && !utf8.Valid(b) {
		return "", fail(ErrInvalidUTF8, s, -1, style)
	}
	return string(b), nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c|0x20 >= 'a' && c|0x20 <= 'f'
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c | 0x20 - 'a' + 10
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b [20]byte
	i := len(b)
	for n > 0 {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
	}
	return string(b[i:])
}

// quote quotes s in double quotes, escaping \" and \\ and writing every byte
// outside printable ASCII as \xHH (unlike strconv.Quote, which keeps
// printable Unicode): an error message shows the bytes of the path.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c >= 0x7f:
			b.WriteString(`\x`)
			b.WriteByte(upperHex[c>>4])
			b.WriteByte(upperHex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
