package encodeprofile

import (
	"fmt"
	"strings"
	"testing"
)

func TestSets(t *testing.T) {
	if got, want := ComponentSet().Chars(), Special().Set(Username).Chars(); !strings.Contains(got, "$%&+,") || len(got) != len(want)+5 {
		t.Errorf("component set %q is not the userinfo set %q and $%%&+,", got, want)
	}
	for c := byte(0x20); c < 0x7f; c++ {
		keep := c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.IndexByte("*-._", c) >= 0
		if FormSet().Contains(c) == keep {
			t.Errorf("form set: %q in set = %v", c, !keep)
		}
	}
	for c := 0x80; c < 0x100; c++ {
		if !FormSet().Contains(byte(c)) || !ComponentSet().Contains(byte(c)) {
			t.Errorf("byte %#x not in the API sets", c)
		}
	}
}

func ExampleComponentSet() {
	// As JavaScript's encodeURIComponent.
	fmt.Println(Encode("a b/c?d=%", ComponentSet()))
	// Output: a%20b%2Fc%3Fd%3D%25
}

func ExampleFormSet() {
	fmt.Println(FormSet().Contains('~'), FormSet().Contains('*'))
	// Output: true false
}

func ExampleAppendFormEncoded() {
	b := []byte("q=")
	b = AppendFormEncoded(b, "a b&c=é")
	fmt.Println(string(b))
	// Output: q=a+b%26c%3D%C3%A9
}

func TestAppendFormEncoded(t *testing.T) {
	if got := string(AppendFormEncoded(nil, "1+1 \xff~*")); got != "1%2B1+%EF%BF%BD%7E*" {
		t.Errorf("got %q", got)
	}
}

// AppendEncodedSegments writes a run of dirs, each followed by '/', in one
// call: the dirs are encoded with the set, their '/' kept.
func ExampleAppendEncodedSegments() {
	set := Special().Set(Dir)
	fmt.Println(string(AppendEncodedSegments(nil, "a b/ü/c/", set)))
	// Output: a%20b/%C3%BC/c/
}
