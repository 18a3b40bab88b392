package urlspec

import (
	"github.com/urlspec/urlspec/fileurl"
)

// Style is the syntax of a file path: Windows or POSIX (package fileurl).
type Style = fileurl.Style

// The path styles.
const (
	StylePOSIX   = fileurl.POSIX   // '/' separates; names are bytes
	StyleWindows = fileurl.Windows // drives, UNC paths, \\?\ prefixes; '\' and '/' separate
)

// FromFilePath returns the file URL of the absolute path p written in style,
// whatever the operating system: C:\dir\f → file:///C:/dir/f,
// \\server\share\f → file://server/share/f, /tmp/a b → file:///tmp/a%20b.
// Every byte the URL parser would otherwise read differently is
// percent-encoded, so FilePath gives p back as the system reads it (a
// Windows path as Win32 normalises it: see package fileurl for the rules and the
// details). A failure is an *Error with code model.FilePath that wraps
// fileurl's reason: errors.Is(err, fileurl.ErrRelative) works.
func FromFilePath(p string, style Style) (URL, error) {
	s, err := fileurl.FromPath(p, style)
	if err != nil {
		return URL{}, asError(err)
	}
	return Parse(s)
}

// FilePath returns the path that the file URL u names, in style. It fails
// when u is not a file URL, when its host cannot be written in style (any
// host for POSIX), when its path has an encoded separator or NUL, or, for
// Windows, when it has neither a host nor a drive letter. The query and
// fragment are ignored.
func (u URL) FilePath(style Style) (string, error) {
	if u.Scheme() != "file" {
		return "", asError(&fileurl.Error{Err: fileurl.ErrNotFileURL, Input: u.href, Offset: -1, Style: style})
	}
	p, err := fileurl.ToPath(u.Hostname(), u.Pathname(), style)
	return p, asError(err)
}
