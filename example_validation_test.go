package urlspec_test

import (
	"errors"
	"fmt"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
	"github.com/urlspec/urlspec/whatwg"
)

func ExampleValidationErrors() {
	const input = "https:\\\\user@exa%6Dple.org\\a b"
	u, err := urlspec.Parse(input) // validation errors are no failures
	fmt.Println(u.Href(), err)
	for _, e := range urlspec.ValidationErrors(input) {
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

// Valid is the WHATWG standard's valid URL string; grammar.Valid is the URL
// specification's strict grammar, which allows some strings the standard
// does not (file:///C|/x) and reads a string without a scheme as a
// reference.
func ExampleValid() {
	for _, s := range []string{"https://example.org/a?b#c", "file:///C|/x", "example.com", "https://example.org/%zz"} {
		fmt.Println(s, urlspec.Valid(s), grammar.Valid(s, urlspec.ModeWeb) == nil)
	}
	// Output:
	// https://example.org/a?b#c true true
	// file:///C|/x false true
	// example.com false true
	// https://example.org/%zz false false
}

// Validate says why a string is not valid; against a base URL (where a
// relative-URL string can be valid) package whatwg answers.
func ExampleValidate() {
	fmt.Println(urlspec.Validate("example.com"))
	fmt.Println(urlspec.Validate("file:///C|/x"))
	err := urlspec.Validate("https://example.org/a b")
	var e *urlspec.Error
	fmt.Println(errors.As(err, &e), errors.Is(err, model.InvalidURLString), e.Offset)
	base, _ := whatwg.Parse("https://example.org/dir/", nil)
	fmt.Println(whatwg.ValidURLString("example.com", base) == nil)
	// Output:
	// invalid-URL-string: absolute-URL string: no scheme: a relative-URL string is valid only against a base URL (at byte 0 of "example.com")
	// invalid-URL-string: URL-path-segment string: '|' is not a URL code point (at byte 9 of "file:///C|/x")
	// true true 21
	// true
}
