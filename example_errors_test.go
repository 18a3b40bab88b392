package urlspec_test

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urlspec/urlspec"
)

func ExampleCode() {
	_, err := urlspec.Parse("http://example.com:99999/", nil)
	fmt.Println(errors.Is(err, urlspec.PortOutOfRange), errors.Is(err, urlspec.PortInvalid))
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
	err := urlspec.Valid(long, urlspec.ModeWeb)
	fmt.Println(err) // quotes about 64 bytes around the offset
	var e *urlspec.Error
	errors.As(err, &e)
	fmt.Println(len(e.Input)) // the whole input stays in the Error
	// Output:
	// invalid-URL-unit: u+20 in dir and file: F (invalid and fixed by percent-encoding) (at byte 1020 of ..."aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa %zzbbbbbbbbbbbbbbbbbbbbbbbbbbbb"... (2024 bytes))
	// 2024
}

func ExampleParseMode() {
	m, err := urlspec.ParseMode("generic")
	fmt.Println(m == urlspec.ModeGeneric, err)
	_, err = urlspec.ParseMode("http")
	fmt.Println(errors.Is(err, urlspec.InvalidMode))
	// Output:
	// true <nil>
	// true
}

func ExampleMaxInputLen() {
	_, err := urlspec.Parse("https://example.com/"+strings.Repeat("a", urlspec.MaxInputLen), nil)
	fmt.Println(errors.Is(err, urlspec.InputTooLong))
	// Output:
	// true
}
