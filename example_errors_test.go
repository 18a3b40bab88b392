package urlspec_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urlspec/urlspec"
	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

func ExampleCode() {
	_, err := urlspec.Parse("http://example.com:99999/")
	fmt.Println(errors.Is(err, model.PortOutOfRange), errors.Is(err, model.PortInvalid))
	var e *urlspec.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset, e.Input[e.Offset:])
	}
	// Output:
	// true false
	// port-out-of-range 19 99999/
}

func ExampleError() {
	long := "https://example.com/" + strings.Repeat("a", 1000) + " %zz" + strings.Repeat("b", 1000)
	err := urlspec.Validate(long)
	fmt.Println(err) // quotes about 64 bytes around the offset
	var e *urlspec.Error
	if errors.As(err, &e) {
		fmt.Println(e.Code, e.Offset, len(e.Input)) // the whole input stays in the Error
	}
	fmt.Println(errors.Is(err, model.InvalidURLString), errors.Is(err, model.InvalidURLUnit))
	// Output:
	// invalid-URL-string: URL-path-segment string: U+0020 is not a URL code point (at byte 1020 of ..."aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa %zzbbbbbbbbbbbbbbbbbbbbbbbbbbbb"... (2024 bytes))
	// invalid-URL-string 1020 2024
	// true false
}

// A mode by name is grammar.ParseMode's.
func ExampleMode() {
	m, err := grammar.ParseMode("generic")
	fmt.Println(m == urlspec.ModeGeneric, err)
	_, err = grammar.ParseMode("http")
	fmt.Println(errors.Is(err, model.InvalidMode))
	// Output:
	// true <nil>
	// true
}

func ExampleMaxInputLen() {
	_, err := urlspec.Parse("https://example.com/" + strings.Repeat("a", urlspec.MaxInputLen))
	fmt.Println(errors.Is(err, model.InputTooLong))
	// Output:
	// true
}
