package normalize_test

import (
	"fmt"

	"github.com/urlspec/urlspec/grammar"
	"github.com/urlspec/urlspec/normalize"
	"github.com/urlspec/urlspec/print"
)

// Normalise a freshly parsed URL, whose dirs nothing else shares, without
// a copy of its dirs.
func ExampleNormalizeInPlace() {
	u, _ := grammar.Parse("HTTP://h:80/a/./b/../c/d", grammar.Web)
	normalize.NormalizeInPlace(&u)
	fmt.Println(print.ASCII(&u), u.Dirs())
	// Output: http://h/a/c/d [a c]
}
