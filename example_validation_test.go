package urlspec_test

import (
	"fmt"

	"github.com/urlspec/urlspec"
)

func ExampleParseWithValidationErrors() {
	u, errs, err := urlspec.ParseWithValidationErrors("https:\\\\user@exa%6Dple.org\\a b", nil)
	fmt.Println(u.Href(), err)
	for _, e := range errs {
		fmt.Println(e.Name, e.Offset)
	}
	// Output:
	// https://user@example.org/a%20b <nil>
	// special-scheme-missing-following-solidus 6
	// special-scheme-missing-following-solidus 6
	// special-scheme-missing-following-solidus 7
	// invalid-credentials 12
	// domain-percent-encoded 13
	// invalid-reverse-solidus 26
	// invalid-URL-unit 28
}

func ExampleIsValidURLString() {
	for _, s := range []string{"https://example.org/a?b#c", "file:///C|/x", "example.com", "https://example.org/%zz"} {
		fmt.Println(s, urlspec.IsValidURLString(s), urlspec.Valid(s, urlspec.ModeWeb) == nil)
	}
	// Output:
	// https://example.org/a?b#c true true
	// file:///C|/x false true
	// example.com false true
	// https://example.org/%zz false false
}

func ExampleCheckURLString() {
	base, _ := urlspec.Parse("https://example.org/dir/", nil)
	fmt.Println(urlspec.CheckURLString("example.com", nil))
	fmt.Println(urlspec.CheckURLString("example.com", &base))
	fmt.Println(urlspec.CheckURLString("file:///C|/x", nil))
	// Output:
	// invalid-URL-string: absolute-URL string: no scheme: a relative-URL string is valid only against a base URL (at byte 0 of "example.com")
	// <nil>
	// invalid-URL-string: URL-path-segment string: '|' is not a URL code point (at byte 9 of "file:///C|/x")
}
