package urlspec_test

import (
	"fmt"
	"testing"

	"github.com/urlspec/urlspec"
)

// levels are the equivalence levels, finest first.
var levels = []urlspec.Level{urlspec.LevelIdentical, urlspec.LevelNormal, urlspec.LevelEncoded, urlspec.LevelDecoded, urlspec.LevelWHATWG}

func ExampleEncodedForm() {
	a, _ := urlspec.ParseRef("http://a/ü", urlspec.ModeWeb)
	b, _ := urlspec.ParseRef("http://a/%C3%BC", urlspec.ModeWeb)
	ea, eb := urlspec.EncodedForm(a), urlspec.EncodedForm(b)
	fmt.Println(ea.Href(), eb.Href())
	for _, l := range levels {
		fmt.Println(l, urlspec.Equivalent(a, b, l))
	}
	// Output:
	// http://a/%C3%BC http://a/%C3%BC
	// identical false
	// normal false
	// encoded true
	// decoded true
	// whatwg true
}

// The surprising cases of the equivalence levels, each with its answer at
// every level; and the chain identical ⇒ normal ⇒ encoded ⇒ decoded on
// each (whatwg is not in the chain: normal does not imply it).
func TestLevelChain(t *testing.T) {
	tests := []struct {
		a, b string
		want string // identical normal encoded decoded whatwg
	}{
		{"http://a/ü", "http://a/%C3%BC", "nnyyy"},      // printing encodes ü
		{"http://a/%7Ex", "http://a/~x", "nnnyn"},       // only decoded decodes %7E
		{"http://a/%c3%bc", "http://a/%C3%BC", "nnnyn"}, // hex case: decoded upper-cases
		{"HTTP://a:80/./x", "http://a/x", "nyyyy"},      // rewrite equations
		{"http:/./", "http:/", "nyyyn"},                 // force before normalisation (whatwg)
		{"sc:a/../b", "sc:b", "nnnnn"},                  // an opaque path keeps its dots
		{"http:a/../b", "http:b", "nyyyn"},              // normalised (deviation 5), but WHATWG force makes a the host
		{"a:b", "./a:b", "nnnnn"},                       // a scheme and a path segment
	}
	for _, tt := range tests {
		a, err1 := urlspec.ParseRef(tt.a, urlspec.ModeWeb)
		b, err2 := urlspec.ParseRef(tt.b, urlspec.ModeWeb)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		got := ""
		for _, l := range levels {
			got += map[bool]string{true: "y", false: "n"}[urlspec.Equivalent(a, b, l)]
		}
		if got != tt.want {
			t.Errorf("%s vs %s: %s (identical normal encoded decoded whatwg), want %s", tt.a, tt.b, got, tt.want)
		}
		for i := 0; i+1 < 4; i++ {
			if got[i] == 'y' && got[i+1] == 'n' {
				t.Errorf("%s vs %s: %v but not %v", tt.a, tt.b, levels[i], levels[i+1])
			}
		}
	}
}
