package fileurl_test

import (
	"errors"
	"fmt"

	"github.com/urlspec/urlspec/fileurl"
)

func ExampleFromPath() {
	for _, p := range []string{`C:\Program Files\a#b.txt`, `\\server\share\dir\`, `\\?\UNC\server\share\x`} {
		s, _ := fileurl.FromPath(p, fileurl.Windows)
		fmt.Println(s)
	}
	s, _ := fileurl.FromPath("/tmp/100%/\xff", fileurl.POSIX)
	fmt.Println(s)
	// Output:
	// file:///C:/Program%20Files/a%23b.txt
	// file://server/share/dir/
	// file://server/share/x
	// file:///tmp/100%25/%FF
}

// Windows paths are read as Windows reads them (Win32's GetFullPathName);
// a \\?\ path is taken verbatim.
func ExampleFromPath_windows() {
	for _, p := range []string{`C:\foo\baz.\file.txt.. `, `D:\\\foo\.\bar\..\x`, `\\?\C:\a.\b `, `\\mypc`, `\\--1.ipv6-literal.net\share`} {
		s, _ := fileurl.FromPath(p, fileurl.Windows)
		fmt.Println(s)
	}
	s, _ := fileurl.FromPath("/C:/x", fileurl.POSIX)
	fmt.Println(s)
	// Output:
	// file:///C:/foo/baz/file.txt
	// file:///D:/foo/x
	// file:///C:/a./b%20
	// file://mypc/
	// file://[::1]/share
	// file:///C%3A/x
}

func ExampleNormalize() {
	for _, p := range []string{`C:/foo//baz.\file.txt.. `, `\\?\C:\a.`, `\\?\C:\a`, `\\SERVER\share\..\x`, `\\[::1]\s`} {
		n, _ := fileurl.Normalize(p, fileurl.Windows)
		fmt.Println(n)
	}
	n, _ := fileurl.Normalize("/a/./b/..", fileurl.POSIX)
	fmt.Println(n)
	// Output:
	// C:\foo\baz\file.txt
	// \\?\C:\a.
	// C:\a
	// \\server\share\x
	// \\--1.ipv6-literal.net\s
	// /a/
}

func ExampleToPath() {
	p, _ := fileurl.ToPath("", "/C:/Program%20Files/a%23b.txt", fileurl.Windows)
	fmt.Println(p)
	p, _ = fileurl.ToPath("server", "/share/dir/", fileurl.Windows)
	fmt.Println(p)
	p, _ = fileurl.ToPath("", "/tmp/100%25/%FF", fileurl.POSIX)
	fmt.Printf("%q\n", p)
	p, _ = fileurl.ToPath("", "/C:/a./b%20", fileurl.Windows)
	fmt.Printf("%q\n", p)
	p, _ = fileurl.ToPath("[::1]", "/share", fileurl.Windows)
	fmt.Println(p)
	_, err := fileurl.ToPath("server", "/share", fileurl.POSIX)
	fmt.Println(err)
	// Output:
	// C:\Program Files\a#b.txt
	// \\server\share\dir\
	// "/tmp/100%/\xff"
	// "\\\\?\\C:\\a.\\b "
	// \\--1.ipv6-literal.net\share
	// fileurl: posix path "/share": file URL has a host: host "server"
}

func ExampleStyle() {
	fmt.Println(fileurl.POSIX, fileurl.Windows)
	// Output: posix windows
}

func ExampleParseStyle() {
	s, err := fileurl.ParseStyle("windows")
	fmt.Println(s == fileurl.Windows, err)
	// Output: true <nil>
}

func ExampleError() {
	_, err := fileurl.FromPath(`C:relative`, fileurl.Windows)
	var e *fileurl.Error
	fmt.Println(errors.As(err, &e), errors.Is(err, fileurl.ErrRelative))
	fmt.Println(err)
	// Output:
	// true true
	// fileurl: windows path "C:relative": path is not absolute
}

func ExampleError_Error() {
	_, err := fileurl.FromPath(`\\server\\share`, fileurl.Windows)
	fmt.Println(err.Error())
	// Output: fileurl: windows path "\\\\server\\\\share": malformed UNC path: no share name
}

func ExampleError_Unwrap() {
	_, err := fileurl.ToPath("", "/a%2Fb", fileurl.POSIX)
	fmt.Println(errors.Unwrap(err) == fileurl.ErrEncodedSeparator)
	// Output: true
}
