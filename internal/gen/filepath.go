package gen

import (
	"strings"

	"github.com/urlspec/urlspec/fileurl"
)

// nameParts are the pieces file names are built of: plain names, every
// character a file URL must encode, non-ASCII, drive look-alikes and
// percent-encoding look-alikes.
var nameParts = []string{
	"a", "dir", "file.txt", "b", "x", " ", "%", "#", "?", "%41", "%2F", "%2e", "é", "日本", "\U0001F600",
	":", ";", "=", "&", "[", "]", "^", "|", "~", "`", "{", "}", "'", "\"", "<", ">", "*", "+", ",", "@",
	"$", "!", "(", ")", ".", "..", "...", "\x01", "\t", "\n", "\r", "\x7f", "C:", "c|", "-", "_",
}

// posixParts are pieces only a POSIX name can hold: '\' and bytes that are
// not UTF-8.
var posixParts = []string{`\`, "\xff", "\xc3", "\x80", "\xed\xa0\x80"}

// fileName returns a non-empty name that is not a dot segment.
func fileName(src Source, style fileurl.Style) string {
	parts := nameParts
	if style == fileurl.POSIX && flag(src, 3) {
		parts = posixParts
	}
	var b strings.Builder
	b.WriteString(pick(src, parts))
	for n := 0; n < 4 && src.Choose(3) != 0; n++ {
		if style == fileurl.POSIX && flag(src, 4) {
			b.WriteString(pick(src, posixParts))
		} else {
			b.WriteString(pick(src, nameParts))
		}
	}
	s := b.String()
	if s == "." || s == ".." {
		s += "x"
	}
	return s
}

var serverNames = []string{"server", "fs1", "files.example", "192.168.0.1", "bücher.example", "[::1]", "a-b", "x1"}

// FilePath returns an absolute path in style, in the canonical spelling
// that fileurl.ToPath returns: for POSIX a '/' then names separated by '/'
// (empty names, that is repeated separators, and a trailing separator
// included); for Windows a drive (C:\) or a UNC prefix (\\server\share\)
// then names separated by '\'. No name is a dot segment; server names are
// lower-case hosts. The round trip law fileurl.ToPath(FromPath(p)) == p is
// stated over these paths.
func FilePath(src Source, style fileurl.Style) string {
	var b strings.Builder
	sep := byte('/')
	if style == fileurl.Windows {
		sep = '\\'
		if flag(src, 3) {
			b.WriteString(`\\`)
			b.WriteString(pick(src, serverNames))
			b.WriteByte('\\')
			b.WriteString(fileName(src, style)) // the share
			if src.Choose(3) == 0 {
				return b.String()
			}
			b.WriteByte('\\')
		} else {
			b.WriteByte("CDcz"[src.Choose(4)])
			b.WriteString(`:\`)
		}
	} else {
		b.WriteByte('/')
	}
	n := src.Choose(6)
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteByte(sep)
		}
		if !flag(src, 8) { // an empty name makes a repeated separator
			b.WriteString(fileName(src, style))
		}
	}
	if n > 0 && flag(src, 4) {
		b.WriteByte(sep)
	}
	return b.String()
}

// FilePathVariant returns FilePath(src, style) spelt differently where
// style allows it: dot segments inserted, for Windows '/' for some '\', a
// \\?\ or \\?\UNC\ prefix, an upper-case server name. fileurl.FromPath must
// give such a path the URL of its canonical spelling, after the dot
// segments are removed.
func FilePathVariant(src Source, style fileurl.Style) string {
	p := FilePath(src, style)
	sep := "/"
	if style == fileurl.Windows {
		sep = `\`
	}
	// Insert dot segments after the root.
	root := 1
	if style == fileurl.Windows {
		if strings.HasPrefix(p, `\\`) {
			root = strings.IndexByte(p[2:], '\\') + 3
			if k := strings.IndexByte(p[root:], '\\'); k >= 0 {
				root += k + 1
			} else {
				root = len(p)
			}
		} else {
			root = 3
		}
	}
	if root < len(p) && flag(src, 2) {
		dots := pick(src, []string{".", "..", "a" + sep + "..", "." + sep + "b" + sep + ".."})
		p = p[:root] + dots + sep + p[root:]
	}
	if style == fileurl.Windows {
		switch src.Choose(4) {
		case 1:
			if strings.HasPrefix(p, `\\`) {
				p = `\\?\UNC\` + p[2:]
			} else {
				p = `\\?\` + p
			}
		case 2:
			if strings.HasPrefix(p, `\\`) {
				p = `\\` + strings.ToUpper(p[2:3]) + p[3:]
			} else {
				p = strings.ReplaceAll(p, `\`, "/")
			}
		}
	}
	return p
}
