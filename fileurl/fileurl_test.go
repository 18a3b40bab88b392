package fileurl_test

import (
	"errors"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/fileurl"
)

func TestFromPath(t *testing.T) {
	for _, c := range []struct {
		style fileurl.Style
		path  string
		want  string
		err   error
	}{
		{fileurl.POSIX, "/", "file:///", nil},
		{fileurl.POSIX, "/a/b/", "file:///a/b/", nil},
		{fileurl.POSIX, "//a//b", "file:////a//b", nil},
		{fileurl.POSIX, "/a b/%/#/?/^", "file:///a%20b/%25/%23/%3F/%5E", nil},
		{fileurl.POSIX, "/a\\b", "file:///a%5Cb", nil},
		{fileurl.POSIX, "/\xff\xfe/é", "file:///%FF%FE/%C3%A9", nil},
		{fileurl.POSIX, "/\t\n\r", "file:///%09%0A%0D", nil},
		{fileurl.POSIX, "/C|/x", "file:///C%7C/x", nil},
		{fileurl.POSIX, "/C:/x", "file:///C%3A/x", nil},
		{fileurl.POSIX, "/c:", "file:///c%3A", nil},
		{fileurl.POSIX, "/C:x/C:", "file:///C:x/C:", nil},
		{fileurl.POSIX, "/x/C|", "file:///x/C|", nil},
		{fileurl.POSIX, "/a/./b/../c/..", "file:///a/", nil},
		{fileurl.POSIX, "/..", "file:///", nil},
		{fileurl.POSIX, "a/b", "", fileurl.ErrRelative},
		{fileurl.POSIX, "", "", fileurl.ErrRelative},
		{fileurl.POSIX, "/a\x00", "", fileurl.ErrNUL},
		{fileurl.Windows, `C:\`, "file:///C:/", nil},
		{fileurl.Windows, `c:\Dir\f.txt`, "file:///c:/Dir/f.txt", nil},
		{fileurl.Windows, `C:/a/b/`, "file:///C:/a/b/", nil},
		{fileurl.Windows, `C:\a\..\..\b`, "file:///C:/b", nil},
		{fileurl.Windows, `C:\a b\%\#`, "file:///C:/a%20b/%25/%23", nil},
		{fileurl.Windows, `\\server\share\x`, "file://server/share/x", nil},
		{fileurl.Windows, `\\SERVER\share`, "file://server/share", nil},
		{fileurl.Windows, `\\server\share\..\..\x`, "file://server/share/x", nil},
		{fileurl.Windows, `\\server\C:\x`, "file://server/C%3A/x", nil},
		{fileurl.Windows, `\\bücher.example\s`, "file://xn--bcher-kva.example/s", nil},
		{fileurl.Windows, `\\10.0.0.1\s`, "file://10.0.0.1/s", nil},
		{fileurl.Windows, `\\?\C:\x`, "file:///C:/x", nil},
		{fileurl.Windows, `\\?\C:`, "file:///C:/", nil},
		{fileurl.Windows, `\\?\UNC\srv\sh\x`, "file://srv/sh/x", nil},
		{fileurl.Windows, `\\?\unc\srv\sh`, "file://srv/sh", nil},
		{fileurl.Windows, `\\.\D:\x`, "file:///D:/x", nil},
		// Win32 normalisation ("File path formats on Windows systems").
		{fileurl.Windows, `C:\foo\baz.\file.txt.. `, "file:///C:/foo/baz/file.txt", nil},
		{fileurl.Windows, `D:\\\foo`, "file:///D:/foo", nil},
		{fileurl.Windows, `C:\a\b\..`, "file:///C:/a", nil},
		{fileurl.Windows, `C:\a\b\.\`, "file:///C:/a/b/", nil},
		{fileurl.Windows, `C:\a\..`, "file:///C:/", nil},
		{fileurl.Windows, `C:\a\...`, "file:///C:/a/", nil},
		{fileurl.Windows, `C:\a\ `, "file:///C:/a/", nil},
		{fileurl.Windows, `C:\a. \b`, "file:///C:/a.%20/b", nil},
		{fileurl.Windows, `C:\a..\b`, "file:///C:/a../b", nil},
		{fileurl.Windows, `C:\a \`, "file:///C:/a%20/", nil},
		{fileurl.Windows, `\\s\sh\a\..`, "file://s/sh/", nil},
		{fileurl.Windows, `\\.\UNC\s\sh\a\.\b`, "file://s/sh/a/b", nil},
		{fileurl.Windows, `//?/C:/a/../b`, "file:///C:/b", nil},
		// \\?\ paths are verbatim.
		{fileurl.Windows, `\\?\C:\a.\b `, "file:///C:/a./b%20", nil},
		{fileurl.Windows, `\\?\C:\a\\b`, "file:///C:/a//b", nil},
		{fileurl.Windows, `\\?\UNC\s\sh\x.`, "file://s/sh/x.", nil},
		{fileurl.Windows, `\\?\C:\a/b`, "", fileurl.ErrVerbatimName},
		{fileurl.Windows, `\\?\C:\a\..\b`, "", fileurl.ErrVerbatimName},
		{fileurl.Windows, `\\?\C:/a`, "", fileurl.ErrDevice},
		// IPv6 servers.
		{fileurl.Windows, `\\--1.ipv6-literal.net\share`, "file://[::1]/share", nil},
		{fileurl.Windows, `\\2001-DB8--1.IPV6-LITERAL.NET\s`, "file://[2001:db8::1]/s", nil},
		{fileurl.Windows, `\\[::1]\s`, "file://[::1]/s", nil},
		{fileurl.Windows, `\\fe80--1s4.ipv6-literal.net\s`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\x.ipv6-literal.net\s`, "", fileurl.ErrUNC},
		{fileurl.Windows, `C:`, "", fileurl.ErrRelative},
		{fileurl.Windows, `C:x`, "", fileurl.ErrRelative},
		{fileurl.Windows, `\x`, "", fileurl.ErrRelative},
		{fileurl.Windows, `x\y`, "", fileurl.ErrRelative},
		{fileurl.Windows, `\\server`, "file://server/", nil},
		{fileurl.Windows, `\\server\`, "file://server/", nil},
		{fileurl.Windows, `\\server\\x`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\server\..\x`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\\share`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\a b\s`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\a%41\s`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\localhost\s`, "", fileurl.ErrUNC},
		{fileurl.Windows, `\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x`, "", fileurl.ErrDevice},
		{fileurl.Windows, `\\.\pipe\x`, "", fileurl.ErrDevice},
		{fileurl.Windows, "C:\\\xff", "", fileurl.ErrInvalidUTF8},
		{fileurl.Windows, "C:\\a\x00", "", fileurl.ErrNUL},
	} {
		got, err := fileurl.FromPath(c.path, c.style)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("FromPath(%q, %v) = %q, %v; want error %v", c.path, c.style, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("FromPath(%q, %v) = %q, %v; want %q", c.path, c.style, got, err, c.want)
		}
	}
}

func TestToPath(t *testing.T) {
	for _, c := range []struct {
		style              fileurl.Style
		hostname, pathname string
		want               string
		err                error
	}{
		{fileurl.POSIX, "", "/", "/", nil},
		{fileurl.POSIX, "", "/a%20b/%FF", "/a b/\xff", nil},
		{fileurl.POSIX, "", "/a%5Cb", "/a\\b", nil},
		{fileurl.POSIX, "", "/%zz%4", "/%zz%4", nil},
		{fileurl.POSIX, "", "/C:/x", "/C:/x", nil},
		{fileurl.POSIX, "server", "/share", "", fileurl.ErrHost},
		{fileurl.POSIX, "", "/a%2Fb", "", fileurl.ErrEncodedSeparator},
		{fileurl.POSIX, "", "/a%2fb", "", fileurl.ErrEncodedSeparator},
		{fileurl.POSIX, "", "/a%00", "", fileurl.ErrNUL},
		{fileurl.POSIX, "", "", "", fileurl.ErrRelative},
		{fileurl.Windows, "", "/C:/a/b", `C:\a\b`, nil},
		{fileurl.Windows, "", "/C:", `C:\`, nil},
		{fileurl.Windows, "", "/C|/x", `C:\x`, nil},
		{fileurl.Windows, "", "/C:/%E6%97%A5", `C:\日`, nil},
		{fileurl.Windows, "server", "/share/x/", `\\server\share\x\`, nil},
		{fileurl.Windows, "xn--bcher-kva.example", "/s", `\\bücher.example\s`, nil},
		{fileurl.Windows, "[::1]", "/s", `\\--1.ipv6-literal.net\s`, nil},
		{fileurl.Windows, "[2001:db8::1]", "/s/x", `\\2001-db8--1.ipv6-literal.net\s\x`, nil},
		{fileurl.Windows, "server", "/", `\\server`, nil},
		{fileurl.Windows, "", "/C:/a./b", `\\?\C:\a.\b`, nil},
		{fileurl.Windows, "", "/C:/a%20", `\\?\C:\a `, nil},
		{fileurl.Windows, "", "/C:/a//b", `\\?\C:\a\\b`, nil},
		{fileurl.Windows, "s", "/sh/x.", `\\?\UNC\s\sh\x.`, nil},
		{fileurl.Windows, "", "/C:/a/../b", "", fileurl.ErrVerbatimName},
		{fileurl.Windows, "server", "//x", "", fileurl.ErrUNC},
		{fileurl.Windows, "", "/a/b", "", fileurl.ErrNoDrive},
		{fileurl.Windows, "", "/C:x", "", fileurl.ErrNoDrive},
		{fileurl.Windows, "", "/C:/a%5Cb", "", fileurl.ErrEncodedSeparator},
		{fileurl.Windows, "", "/C:/a%2Fb", "", fileurl.ErrEncodedSeparator},
		{fileurl.Windows, "", "/C:/%FF", "", fileurl.ErrInvalidUTF8},
		{fileurl.Windows, "", "/C:/%00", "", fileurl.ErrNUL},
	} {
		got, err := fileurl.ToPath(c.hostname, c.pathname, c.style)
		if c.err != nil {
			if !errors.Is(err, c.err) {
				t.Errorf("ToPath(%q, %q, %v) = %q, %v; want error %v", c.hostname, c.pathname, c.style, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("ToPath(%q, %q, %v) = %q, %v; want %q", c.hostname, c.pathname, c.style, got, err, c.want)
		}
	}
}

// Offsets of errors point at the byte at fault, in the input given.
func TestErrorOffsets(t *testing.T) {
	_, err := fileurl.ToPath("", "/C:/ab%2Fc", fileurl.Windows)
	var e *fileurl.Error
	if !errors.As(err, &e) || e.Offset != 6 || e.Input != "/C:/ab%2Fc" {
		t.Errorf("%#v", err)
	}
	_, err = fileurl.FromPath("/ab\x00", fileurl.POSIX)
	if !errors.As(err, &e) || e.Offset != 3 {
		t.Errorf("%#v", err)
	}
	if s := err.Error(); s != `fileurl: posix path "/ab\x00": path contains a NUL byte (at byte 3)` {
		t.Errorf("%s", s)
	}
}

func TestStyle(t *testing.T) {
	for _, s := range []fileurl.Style{fileurl.POSIX, fileurl.Windows} {
		if p, err := fileurl.ParseStyle(s.String()); err != nil || p != s {
			t.Errorf("%v: %v %v", s, p, err)
		}
	}
	if _, err := fileurl.ParseStyle("dos"); err == nil {
		t.Error("dos parsed")
	}
	if _, err := fileurl.FromPath("/", fileurl.Style(9)); err == nil {
		t.Error("style 9 accepted")
	}
	if _, err := fileurl.ToPath("", "/", fileurl.Style(9)); err == nil {
		t.Error("style 9 accepted")
	}
}

// No input panics, and every URL FromPath makes parses to itself and
// reads back to a path with the same URL.
func FuzzFromPath(f *testing.F) {
	for _, s := range []string{"/", `C:\a`, `\\s\h\x`, `\\?\UNC\s\h`, "/a/../b", `C:\a.\b `, `\\?\C:\a.`, `\\--1.ipv6-literal.net\s`, "/C:/x"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, p string, windows bool) {
		style := fileurl.POSIX
		if windows {
			style = fileurl.Windows
		}
		s, err := fileurl.FromPath(p, style)
		if err != nil {
			return
		}
		// The URL parses to itself, reads back to a path, and that path
		// gives the same URL.
		u, err := urlspec.Parse(s)
		if err != nil || u.Href() != s {
			t.Fatalf("%q -> %q parses to %q, %v", p, s, u.Href(), err)
		}
		back, err := u.FilePath(style)
		if err != nil {
			t.Fatalf("%q -> %q -> %v", p, s, err)
		}
		if again, err := fileurl.FromPath(back, style); err != nil || again != s {
			t.Fatalf("%q -> %q -> %q -> %q, %v", p, s, back, again, err)
		}
		// The path read back is the normalised path, a fixed point.
		if n, err := fileurl.Normalize(p, style); err != nil || n != back {
			t.Fatalf("Normalize(%q) = %q, %v; FilePath gives %q", p, n, err, back)
		}
		if n, err := fileurl.Normalize(back, style); err != nil || n != back {
			t.Fatalf("Normalize(%q) = %q, %v", back, n, err)
		}
	})
}
