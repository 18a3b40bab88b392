package encodeprofile_test

import (
	"fmt"
	"strings"

	"github.com/urlspec/urlspec/encodeprofile"
)

// The special profile with '`' no longer encoded in the fragment's set and
// '~' encoded.
func ExampleProfile_WithSet() {
	frag := encodeprofile.Special().Set(encodeprofile.Fragment)
	chars := strings.ReplaceAll(frag.Chars(), "`", "") + "~"
	p := encodeprofile.Special().WithSet(encodeprofile.Fragment, encodeprofile.NewSet("my-fragment", chars))
	fmt.Printf("%q %q\n", frag.Chars(), p.Set(encodeprofile.Fragment).Chars())
	fmt.Println(encodeprofile.Encode("a`b~c", p.Set(encodeprofile.Fragment)), p.Name())
	// Output:
	// " \"<>`" " \"<>~"
	// a`b%7Ec special
}

// A set that encodes the space and '^'.
func ExampleNewSet() {
	s := encodeprofile.NewSet("space-caret", " ^")
	fmt.Println(encodeprofile.Encode("a b^c\x01é", s), s.Name())
	// Output:
	// a%20b%5Ec%01%C3%A9 space-caret
}
