package whatwg

import (
	"os"
	"path/filepath"
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

// BenchmarkParseCorpus parses the lines of testdata/kasztp.txt (real URLs):
// the transcription is a slow reference, not the fast path (compare the
// root package's benchmarks).
func BenchmarkParseCorpus(b *testing.B) {
	data, err := os.ReadFile(filepath.Join("..", "testdata", "kasztp.txt"))
	if err != nil {
		b.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	b.SetBytes(int64(len(data)) / int64(len(lines)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		Parse(lines[i%len(lines)], nil)
	}
}
