package whatwg_test

import (
	"fmt"

	"github.com/urlspec/urlspec/whatwg"
)

func ExampleParse() {
	base, _ := whatwg.Parse("https://example.org/a/b", nil)
	u, errs := whatwg.Parse("..\\c d", base)
	fmt.Println(u.Href())
	for _, e := range errs {
		fmt.Println(e)
	}
	_, errs = whatwg.Parse("https://example.org:99999/", nil)
	fmt.Println(errs)
	// Output:
	// https://example.org/c%20d
	// invalid-reverse-solidus at byte 2: '\' used as '/'
	// invalid-URL-unit at byte 4: U+0020 is not a URL code point
	// [port-out-of-range at byte 20: port 99999 is above 65535]
}

func ExampleValidationError_String() {
	_, errs := whatwg.Parse("http://user@h/", nil)
	fmt.Println(errs[0].String())
	// Output: invalid-credentials at byte 11: the URL includes credentials
}

func ExampleURL_Href() {
	u, _ := whatwg.Parse("HTTP://EXAMPLE.com:80/./a/../b", nil)
	fmt.Println(u.Href())
	// Output: http://example.com/b
}

func ExampleURL_Pathname() {
	u, _ := whatwg.Parse("file:///C|/x", nil)
	fmt.Println(u.Pathname())
	// Output: /C:/x
}

func ExampleURL_IsSpecial() {
	u, _ := whatwg.Parse("ws://h/", nil)
	v, _ := whatwg.Parse("sc://h/", nil)
	fmt.Println(u.IsSpecial(), v.IsSpecial())
	// Output: true false
}

func ExampleValidURLString() {
	base, _ := whatwg.Parse("https://example.org/", nil)
	fmt.Println(whatwg.ValidURLString("https://example.org/a?b#c", nil))
	fmt.Println(whatwg.ValidURLString("example.com", nil))
	fmt.Println(whatwg.ValidURLString("example.com", base))
	// Output:
	// <nil>
	// absolute-URL string at byte 0: no scheme: a relative-URL string is valid only against a base URL
	// <nil>
}

func ExampleInvalid_String() {
	fmt.Println(whatwg.ValidURLString("https://[::01]/", nil).String())
	// Output: valid IPv6-address string at byte 8: not a valid IPv6 address between the brackets
}
