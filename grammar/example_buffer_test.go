package grammar_test

import (
	"fmt"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/model"
)

// A Buffer from the pool holds what a parse makes that is not a substring
// of the input; what its methods return is valid until Release.
func ExampleBuffer() {
	buf := grammar.GetBuffer()
	defer buf.Release()
	s, removed := buf.Preprocess(" http://h/a\t/b/c ")
	var u model.URL
	err := buf.Parse(&u, s, grammar.Web)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%q %v %d dirs, file %q\n", s, removed, u.NumDirs(), u.File())
	// Output: "http://h/a/b/c" true 2 dirs, file "c"
}

// Spans gives room for spans the caller makes beside the parse's, valid
// until Release.
func ExampleBuffer_Spans() {
	buf := grammar.GetBuffer()
	defer buf.Release()
	spans := buf.Spans(4)
	spans = append(spans, 0, 1, 2, 3)
	fmt.Println(len(spans), cap(spans) >= 4)
	var none *grammar.Buffer // a nil Buffer allocates
	fmt.Println(cap(none.Spans(8)))
	// Output:
	// 4 true
	// 8
}

func ExampleRemoveTabNewline() {
	fmt.Printf("%q\n", grammar.RemoveTabNewline("ex\tam\nple\r.com"))
	// Output: "example.com"
}

func ExampleHasTabOrNewline() {
	fmt.Println(grammar.HasTabOrNewline("a\tb"), grammar.HasTabOrNewline("a b"))
	// Output: true false
}

// Bytes gives room for text the caller writes beside the parse's, such as
// the parsed model printed, valid until Release.
func ExampleBuffer_Bytes() {
	buf := grammar.GetBuffer()
	defer buf.Release()
	b := buf.Bytes(64)
	b = append(b, "https://example.com/"...)
	fmt.Println(string(b), cap(b) >= 64)
	// Output: https://example.com/ true
}
