package urlspec_test

import (
	"errors"
	"fmt"
	"testing"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/fileurl"
)

func ExampleFromFilePath() {
	u, _ := urlspec.FromFilePath(`C:\Users\Ann\My Documents\a#1.txt`, urlspec.StyleWindows)
	fmt.Println(u.Href())
	u, _ = urlspec.FromFilePath(`\\fileserver\public\report.pdf`, urlspec.StyleWindows)
	fmt.Println(u.Href(), u.Hostname())
	u, _ = urlspec.FromFilePath("/home/ann/100% real?.txt", urlspec.StylePOSIX)
	fmt.Println(u.Href())
	_, err := urlspec.FromFilePath("docs/a.txt", urlspec.StylePOSIX)
	fmt.Println(err)
	// Output:
	// file:///C:/Users/Ann/My%20Documents/a%231.txt
	// file://fileserver/public/report.pdf fileserver
	// file:///home/ann/100%25%20real%3F.txt
	// file-path: posix path: path is not absolute (in "docs/a.txt")
}

func ExampleURL_FilePath() {
	u, _ := urlspec.Parse("file:///C:/Program%20Files/x.exe?q#f")
	p, _ := u.FilePath(urlspec.StyleWindows)
	fmt.Println(p)
	p, _ = u.FilePath(urlspec.StylePOSIX)
	fmt.Println(p)
	u, _ = urlspec.Parse("file://server/share/a/")
	p, _ = u.FilePath(urlspec.StyleWindows)
	fmt.Println(p)
	_, err := u.FilePath(urlspec.StylePOSIX)
	fmt.Println(errors.Is(err, fileurl.ErrHost))
	// Output:
	// C:\Program Files\x.exe
	// /C:/Program Files/x.exe
	// \\server\share\a\
	// true
}

func TestFilePathNotFile(t *testing.T) {
	u, _ := urlspec.Parse("https://example.com/a")
	if _, err := u.FilePath(urlspec.StylePOSIX); !errors.Is(err, fileurl.ErrNotFileURL) {
		t.Errorf("%v", err)
	}
	if _, err := urlspec.FromFilePath(`\\a b\s`, urlspec.StyleWindows); !errors.Is(err, fileurl.ErrUNC) {
		t.Errorf("%v", err)
	}
}
