// Package fileurl converts between file paths and file URLs, for Windows and
// POSIX paths alike and independently of the operating system it runs on.
//
// FromPath turns an absolute path into the URL-string of a file URL that the
// WHATWG URL parser (url.spec.whatwg.org) reads back unchanged: its href is
// the string FromPath returned. ToPath turns the hostname and pathname of a
// parsed file URL (the WHATWG getters) back into a path. For every absolute
// path p, ToPath(FromPath(p)) == Normalize(p).
//
// POSIX paths are converted byte for byte (only dot segments are removed).
// Windows paths are read as Windows itself reads them, by Win32's
// GetFullPathName rules, as Microsoft documents them in "File path formats
// on Windows systems" (learn.microsoft.com/dotnet/standard/io/file-path-formats)
// and "Naming Files, Paths, and Namespaces"
// (learn.microsoft.com/windows/win32/fileio/naming-a-file):
//
//   - '\' and '/' both separate, and a run of separators is one
//     ("Canonicalize component separators"): D:\\\foo is D:\foo;
//   - . is dropped and .. removes the name before it, never the drive or the
//     UNC share ("Evaluate relative components"): C:\a\b\.. is C:\a;
//   - a name that ends in a single period loses it, and when the path does
//     not end in a separator the last name loses its trailing periods and
//     spaces ("Trim characters"): C:\foo\baz.\file.txt.. is
//     C:\foo\baz\file.txt;
//   - a path that starts with \\?\ is taken verbatim ("Naming Files":
//     the prefix "turns off all string parsing"), \\?\UNC\server\share
//     names a share; a name that a file URL cannot hold there (., .., one
//     with '/') fails with ErrVerbatimName. \\.\ (and //?/) are device
//     paths that Windows normalises ("DOS device paths");
//   - \\server\share\f is file://server/share/f ("UNC paths"), and a server
//     alone, \\server, is file://server/;
//   - an IPv6 server is written as its ipv6-literal.net name (Raymond Chen,
//     "How do I create a UNC to an IPv6 address?", The Old New Thing,
//     devblogs.microsoft.com/oldnewthing/20100915-00/?p=12863: ':' becomes
//     '-', '%' 's'): \\--1.ipv6-literal.net\share is file://[::1]/share,
//     both ways;
//   - a drive C:\dir\f is file:///C:/dir/f (Microsoft's "File URIs in
//     Windows").
//
// ToPath writes a name that Windows would normalise into another (a.,
// "a ", an empty name) with the \\?\ prefix, so the path it returns
// names the file the URL names.
//
// Every byte that would otherwise be read differently is percent-encoded:
// '%', the WHATWG path percent-encode set (C0 controls, space, '"', '#',
// '<', '>', '?', '^', '`', '{', '}'), DEL, every non-ASCII byte (so POSIX
// file names that are not UTF-8 survive), '\' in POSIX names (a separator
// in file URLs), and in both styles the ':' or '|' of a first segment that
// the URL parser would read as a drive letter (POSIX /C:/x is
// file:///C%3A/x, so that .. can still climb above C:; a UNC share C: is
// file://server/C%3A, so that the parser keeps the host). See
// docs/file-paths.md for the differences from Node's url.pathToFileURL and
// rust-url.
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
	// ErrUNC: a UNC path without a server name, with an empty share name
	// before further names, or whose server name is not a valid host (or is
	// localhost, which a file URL drops).
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
	// ErrVerbatimName: a \\?\ path (which Windows takes verbatim) has a
	// name that a file URL cannot hold: '.', '..' (the URL parser removes
	// them) or a name with '/'; or a URL's decoded path has such a name.
	ErrVerbatimName = errors.New("verbatim path has a name a file URL cannot hold")
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
// A POSIX path is converted byte for byte; its dot segments (. and ..) are
// removed as the URL parser would remove them (a path that ends in one ends
// in '/').
//
// A Windows path is first read as Windows reads it (see Normalize and the
// package documentation): '/' and '\' separate, runs of separators
// collapse, . and .. resolve without climbing above the drive or the UNC
// share, a name that ends in a single period loses it, and the last name
// loses its trailing periods and spaces; a \\?\ (or \\?\UNC\) path is taken
// verbatim. A UNC server name is parsed as a host (lower-cased, IDNA; an
// ipv6-literal.net name is an IPv6 address).
func FromPath(p string, style Style) (string, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return "", fail(ErrNUL, p, i, style)
	}
	if style == Windows {
		w, err := parseWindows(p)
		if err != nil {
			return "", err
		}
		return w.url(), nil
	}
	if style != POSIX {
		return "", errors.New("fileurl: invalid style")
	}
	if p == "" || p[0] != '/' {
		return "", fail(ErrRelative, p, -1, style)
	}
	b := make([]byte, 0, len("file://")+len(p)+len(p)/4)
	b = append(b, "file://"...)
	return string(appendSegments(b, splitPath(p[1:], '/', 0), true)), nil
}

// Normalize returns the path p in the spelling that ToPath gives the URL
// FromPath(p, style) back: for POSIX p with its dot segments removed; for
// Windows p as Win32's GetFullPathName normalises it (the rules of the
// package documentation), with '\' only, the server name as a lower-case
// host (an IPv6 address as its ipv6-literal.net name), and a \\?\ prefix
// only when the path has a name that normalisation would change (a name
// that Windows can only reach verbatim, such as "a." or "a ").
// For every path FromPath accepts, FromPath(Normalize(p)) == FromPath(p)
// and Normalize(Normalize(p)) == Normalize(p).
func Normalize(p string, style Style) (string, error) {
	if i := strings.IndexByte(p, 0); i >= 0 {
		return "", fail(ErrNUL, p, i, style)
	}
	switch style {
	case POSIX:
		if p == "" || p[0] != '/' {
			return "", fail(ErrRelative, p, -1, style)
		}
		return "/" + strings.Join(splitPath(p[1:], '/', 0), "/"), nil
	case Windows:
		w, err := parseWindows(p)
		if err != nil {
			return "", err
		}
		return w.path(), nil
	}
	return "", errors.New("fileurl: invalid style")
}

// winPath is a Windows path read as Windows reads it: a drive or a UNC
// server (and share), then the names below the root.
type winPath struct {
	drive    byte   // the drive letter, or 0 for a UNC path
	host     string // the UNC server as a URL host (ASCII; IPv6 in brackets)
	share    string // the UNC share, "" for a server alone
	sepShare bool   // a separator follows the share
	names    []string
}

// verbatimPrefix is Win32's prefix that turns off path normalisation
// ("Naming Files, Paths, and Namespaces": "the \\?\ prefix ... turns off
// all string parsing"). Only this spelling is verbatim: //?/ and \\.\ are
// device paths that Windows normalises.
const verbatimPrefix = `\\?\`

func parseWindows(p string) (winPath, error) {
	var w winPath
	if !utf8.ValidString(p) {
		i := 0
		for i < len(p) {
			r, n := utf8.DecodeRuneInString(p[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		return w, fail(ErrInvalidUTF8, p, i, Windows)
	}
	if strings.HasPrefix(p, verbatimPrefix) {
		return parseVerbatim(p)
	}
	q := strings.ReplaceAll(p, "/", `\`)
	rest := q
	if strings.HasPrefix(rest, `\\?\`) || strings.HasPrefix(rest, `\\.\`) {
		// A DOS device path (\\.\, or \\?\ spelt with a '/'): normalised.
		rest = rest[4:]
		switch {
		case len(rest) >= 4 && strings.EqualFold(rest[:4], `UNC\`):
			return parseUNC(p, rest[4:], false)
		case isDriveRoot(rest) || len(rest) == 2 && isAlpha(rest[0]) && rest[1] == ':':
		default:
			return w, fail(ErrDevice, p, -1, Windows)
		}
	} else if strings.HasPrefix(rest, `\\`) {
		return parseUNC(p, rest[2:], false)
	}
	if !isDriveRoot(rest) && !(len(rest) == 2 && rest != q) {
		return w, fail(ErrRelative, p, -1, Windows)
	}
	w.drive = rest[0]
	if len(rest) > 3 {
		w.names = normalizeNames(rest[3:])
	}
	return w, nil
}

// parseVerbatim reads a \\?\ path: every name as written, split at '\'
// only. A name a file URL cannot hold (one with '/', which Windows does not
// allow in a name either, or the names . and .., which the URL parser
// removes) fails.
func parseVerbatim(p string) (winPath, error) {
	var w winPath
	rest := p[len(verbatimPrefix):]
	if len(rest) >= 4 && strings.EqualFold(rest[:4], `UNC\`) {
		return parseUNC(p, rest[4:], true)
	}
	if len(rest) < 2 || !isAlpha(rest[0]) || rest[1] != ':' || len(rest) > 2 && rest[2] != '\\' {
		return w, fail(ErrDevice, p, -1, Windows)
	}
	w.drive = rest[0]
	if len(rest) > 3 {
		names, err := verbatimNames(p, rest[3:])
		if err != nil {
			return w, err
		}
		w.names = names
	}
	return w, nil
}

func verbatimNames(p, s string) ([]string, error) {
	names := strings.Split(s, `\`)
	for _, n := range names {
		if n == "." || n == ".." || strings.IndexByte(n, '/') >= 0 {
			return nil, failWhy(ErrVerbatimName, p, "name "+quote(n))
		}
	}
	return names, nil
}

// normalizeNames reads the names below a root (s follows the root's
// separator) as Win32's GetFullPathName does ("File path formats on Windows
// systems", "Canonicalize component separators", "Evaluate relative
// components" and "Trim characters"): empty names (runs of separators)
// and . are dropped, .. removes the name before it (never the root), a
// name that ends in a single period loses it, and when the path does not
// end in a separator its last name loses its trailing periods and spaces.
// A result that ends in a separator ends in an empty name.
func normalizeNames(s string) []string {
	segs := strings.Split(s, `\`)
	out := segs[:0:0]
	for _, seg := range segs {
		switch {
		case seg == "" || seg == ".":
		case seg == "..":
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		default:
			if n := len(seg); n >= 2 && seg[n-1] == '.' && seg[n-2] != '.' {
				seg = seg[:n-1]
			}
			out = append(out, seg)
		}
	}
	if len(out) == 0 {
		return nil
	}
	if s[len(s)-1] == '\\' {
		return append(out, "")
	}
	last := strings.TrimRight(out[len(out)-1], ". ")
	if last == "" && len(out) == 1 {
		return nil // C:\ : the root
	}
	out[len(out)-1] = last // "" when the name was only periods and spaces: a trailing separator
	return out
}

// isNormal reports whether names are as normalizeNames leaves them.
func isNormal(names []string) bool {
	if len(names) == 0 {
		return true
	}
	n := normalizeNames(strings.Join(names, `\`))
	if len(n) != len(names) {
		return false
	}
	for i := range n {
		if n[i] != names[i] {
			return false
		}
	}
	return true
}

// isDriveRoot reports whether s starts with a drive letter, ':' and '\'.
func isDriveRoot(s string) bool {
	return len(s) >= 3 && isAlpha(s[0]) && s[1] == ':' && s[2] == '\\'
}

// parseUNC reads the rest of a UNC path after \\ (or \\?\UNC\): a server,
// optionally a share, then the names. A server alone (\\server) is the
// URL file://server/.
func parseUNC(p, rest string, verbatim bool) (winPath, error) {
	var w winPath
	server := rest
	i := strings.IndexByte(rest, '\\')
	if i >= 0 {
		server, rest = rest[:i], rest[i+1:]
	} else {
		rest = ""
	}
	if server == "" {
		return w, failWhy(ErrUNC, p, "no server name")
	}
	h, err := uncHost(server)
	if err != nil {
		return w, failWhy(ErrUNC, p, err.Error())
	}
	w.host = h
	if rest == "" {
		return w, nil // \\server or \\server\: the server alone
	}
	j := strings.IndexByte(rest, '\\')
	if j < 0 {
		j = len(rest)
	}
	w.share = rest[:j]
	if share := w.share; share == "" || share == "." || share == ".." {
		return w, failWhy(ErrUNC, p, "no share name")
	}
	if j == len(rest) {
		return w, nil
	}
	w.sepShare = true
	if tail := rest[j+1:]; tail != "" {
		if verbatim {
			w.names, err = verbatimNames(p, tail)
			if err != nil {
				return w, err
			}
		} else {
			w.names = normalizeNames(tail)
		}
	}
	return w, nil
}

// ipv6Literal is the domain Windows reads IPv6 addresses in UNC paths from
// (Raymond Chen, "How do I create a UNC to an IPv6 address?": 2001:db8::1
// is written 2001-db8--1.ipv6-literal.net, a zone index after 's').
const ipv6Literal = ".ipv6-literal.net"

// uncHost parses a UNC server name as the host of a file URL.
func uncHost(server string) (string, error) {
	if n := len(server) - len(ipv6Literal); n > 0 && strings.EqualFold(server[n:], ipv6Literal) {
		a := server[:n]
		if strings.ContainsAny(a, "sS") {
			return "", errors.New("server name " + quote(server) + " has an IPv6 zone index, which a URL cannot hold")
		}
		server = "[" + strings.ReplaceAll(a, "-", ":") + "]"
	}
	if strings.ContainsAny(server, "%@:") && server[0] != '[' {
		return "", errors.New("server name " + quote(server) + " is not a host")
	}
	h, err := host.Parse(server, true)
	if err != nil {
		return "", errors.New("server name " + quote(server) + " is not a host: " + err.Error())
	}
	switch h.Kind {
	case model.Domain:
		if h.Name == "localhost" {
			return "", errors.New("server localhost: a file URL drops it")
		}
		return h.Name, nil
	case model.IPv4:
		return string(model.AppendIPv4(nil, h.IPv4)), nil
	case model.IPv6:
		return "[" + string(model.AppendIPv6(nil, h.IPv6)) + "]", nil
	}
	return "", errors.New("server name " + quote(server) + " is not a host")
}

// uncServer is the server name of a UNC path for the URL host h: a domain
// in Unicode, an IPv6 address as its ipv6-literal.net name.
func uncServer(h string) string {
	if strings.HasPrefix(h, "[") && strings.HasSuffix(h, "]") {
		return strings.ReplaceAll(h[1:len(h)-1], ":", "-") + ipv6Literal
	}
	if u, err := host.DomainToUnicode(h); err == nil {
		return u
	}
	return h
}

// url returns the file URL of w.
func (w winPath) url() string {
	b := make([]byte, 0, 64)
	b = append(b, "file://"...)
	if w.drive != 0 {
		b = append(b, '/', w.drive, ':')
		if len(w.names) == 0 {
			return string(append(b, '/'))
		}
		return string(appendSegments(b, w.names, false))
	}
	b = append(b, w.host...)
	if w.share == "" {
		return string(append(b, '/'))
	}
	b = appendSegments(b, []string{w.share}, true)
	if w.sepShare && len(w.names) == 0 {
		b = append(b, '/')
	}
	return string(appendSegments(b, w.names, false))
}

// path returns w as a Windows path in its canonical spelling: with the
// \\?\ prefix only when a name needs it.
func (w winPath) path() string {
	var b strings.Builder
	verbatim := !isNormal(w.names)
	if verbatim {
		b.WriteString(verbatimPrefix)
	}
	if w.drive != 0 {
		b.WriteByte(w.drive)
		b.WriteString(`:\`)
	} else {
		if verbatim {
			b.WriteString(`UNC\`)
		} else {
			b.WriteString(`\\`)
		}
		b.WriteString(uncServer(w.host))
		if w.share != "" {
			b.WriteByte('\\')
			b.WriteString(w.share)
		}
		if w.sepShare {
			b.WriteByte('\\')
		}
	}
	b.WriteString(strings.Join(w.names, `\`))
	return b.String()
}

// splitPath splits s at sep and removes dot segments; keep is the number of
// leading segments that .. never removes. A path that ends in a dot segment
// ends in an empty segment (a trailing separator), as the URL parser makes
// it.
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

// appendSegments appends '/' and each segment, percent-encoded. When first
// is set, a first segment that the URL parser would read as a Windows drive
// letter (C: or C|) has its ':' or '|' encoded: after a host the parser
// would drop the host, in a POSIX path it would read a drive the path does
// not have (and stop .. above it), and '|' would become ':'.
func appendSegments(b []byte, segs []string, first bool) []byte {
	for i, seg := range segs {
		b = append(b, '/')
		drive := first && i == 0 && len(seg) == 2 && isAlpha(seg[0]) && (seg[1] == ':' || seg[1] == '|')
		for j := 0; j < len(seg); j++ {
			c := seg[j]
			if encodeAlways[c] || c == '\\' || drive && j == 1 {
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
// byte for byte. For Windows a host gives a UNC path \\server\share\...
// (a domain shown with domain to Unicode, an IPv6 address as its
// ipv6-literal.net name, file://server/ alone as \\server); without a host
// the pathname must start with a drive letter. When Windows would
// normalise the path into another one (a name that ends in a period or a
// space, an empty name), the path is written with the \\?\ prefix, which
// Windows takes verbatim. An encoded separator (%2F, for Windows also %5C)
// or NUL fails, so does, for Windows, a decoded path that is not UTF-8.
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
		return toWindows(hostname, pathname)
	}
	return "", errors.New("fileurl: invalid style")
}

func toWindows(hostname, pathname string) (string, error) {
	var w winPath
	rest := pathname[1:]
	if hostname != "" {
		w.host = hostname
		if rest != "" {
			j := strings.IndexByte(rest, '/')
			if j < 0 {
				j = len(rest)
			}
			if j == 0 {
				return "", &Error{Err: ErrUNC, Input: pathname, Offset: -1, Style: Windows, Reason: "no share name"}
			}
			share, err := decodeAt(pathname, 1, rest[:j])
			if err != nil {
				return "", err
			}
			w.share = share
			if j < len(rest) {
				w.sepShare = true
				rest = rest[j+1:]
			} else {
				rest = ""
			}
		}
	} else {
		if len(rest) < 2 || !isAlpha(rest[0]) || rest[1] != ':' && rest[1] != '|' || len(rest) > 2 && rest[2] != '/' {
			return "", fail(ErrNoDrive, pathname, -1, Windows)
		}
		w.drive = rest[0]
		if len(rest) > 3 {
			rest = rest[3:]
		} else {
			rest = ""
		}
	}
	if rest != "" {
		off := len(pathname) - len(rest)
		d, err := decodeAt(pathname, off, rest)
		if err != nil {
			return "", err
		}
		w.names = strings.Split(d, `\`)
		for _, n := range w.names {
			if n == "." || n == ".." {
				return "", &Error{Err: ErrVerbatimName, Input: pathname, Offset: -1, Style: Windows, Reason: "name " + quote(n)}
			}
		}
	}
	return w.path(), nil
}

// decodeAt decodes s, the part of pathname at byte off, as a Windows path.
func decodeAt(pathname string, off int, s string) (string, error) {
	d, err := decodePath(s, Windows)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Input = pathname
			if e.Offset >= 0 {
				e.Offset += off
			}
		}
		return "", err
	}
	return d, nil
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
