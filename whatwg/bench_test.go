package whatwg

import (
	"strings"
	"testing"
)

// BenchmarkParseLong parses long inputs of a repeated pattern (see
// TestLinear).
func BenchmarkParseLong(b *testing.B) {
	for _, in := range []string{"http://" + strings.Repeat("a@b@", 50000), "http://" + strings.Repeat("\\.", 50000), "http://h/" + strings.Repeat("a/b/../c/./", 20000)} {
		b.Run(in[:12], func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for range b.N {
				Parse(in, nil)
			}
		})
	}
}
