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

func ExampleToPath() {
	p, _ := fileurl.ToPath("", "/C:/Program%20Files/a%23b.txt", fileurl.Windows)
	fmt.Println(p)
	p, _ = fileurl.ToPath("server", "/share/dir/", fileurl.Windows)
	fmt.Println(p)
	p, _ = fileurl.ToPath("", "/tmp/100%25/%FF", fileurl.POSIX)
	fmt.Printf("%q\n", p)
	_, err := fileurl.ToPath("server", "/share", fileurl.POSIX)
	fmt.Println(err)
	// Output:
	// C:\Program Files\a#b.txt
	// \\server\share\dir\
	// "/tmp/100%/\xff"
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
	_, err := fileurl.FromPath(`\\server`, fileurl.Windows)
	fmt.Println(err.Error())
	// Output: fileurl: windows path "\\\\server": malformed UNC path: no server name, or no share after it
}

func ExampleError_Unwrap() {
	_, err := fileurl.ToPath("", "/a%2Fb", fileurl.POSIX)
	fmt.Println(errors.Unwrap(err) == fileurl.ErrEncodedSeparator)
	// Output: true
}
