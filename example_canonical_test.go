package urlspec_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
)

// The protocol setter keeps what the standard keeps, even where the href
// then parses to another URL; Parse(f.Href()) gives that URL.
func ExampleURL_WithProtocol_file() {
	u := urlspec.MustParse("http://localhost/C|/x")
	f, _ := u.WithProtocol("file")
	fmt.Println(f.Href(), f.Hostname())
	back, _ := f.WithProtocol("http")
	fmt.Println(back.Href(), back.Origin())
	p, _ := urlspec.Parse(f.Href())
	fmt.Println(p.Href(), p == f)
	// Output:
	// file://localhost/C|/x localhost
	// http://localhost/C|/x http://localhost
	// file:///C:/x false
}
