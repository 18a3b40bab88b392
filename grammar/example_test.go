package grammar_test

import (
	"fmt"

	"github.com/urlspec/urlspec/grammar"
)

func ExampleSchemeLen() {
	for _, s := range []string{"https://h/", "c:/x", "a+b.c-d:x", "1a:x", "no-colon"} {
		fmt.Println(grammar.SchemeLen(s))
	}
	// Output:
	// 5
	// 1
	// 7
	// 0
	// 0
}
