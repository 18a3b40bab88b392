package urlspec

import (
	"bufio"
	"net/url"
	"os"
	"testing"
)

func loadLines(b *testing.B, path string) ([]string, int) {
	b.Helper()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var lines []string
	n := 0
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if s := sc.Text(); s != "" {
			lines = append(lines, s)
			n += len(s)
		}
	}
	return lines, n
}

// BenchmarkWHATWG runs the whole WHATWG pipeline (parse, resolve, normalise,
// href) over the real URL lists in testdata (kasztp: web URLs; node_files,
// isaacs_files: file URLs), beside net/url's Parse and String for reference.
// Metrics: ns/URL, allocs/URL (allocs/op ÷ URLs per op) and failures.
func BenchmarkWHATWG(b *testing.B) {
	for _, ds := range []string{"kasztp", "node_files", "isaacs_files"} {
		b.Run(ds, func(b *testing.B) { benchDataset(b, "testdata/"+ds+".txt") })
	}
}

func benchDataset(b *testing.B, path string) {
	lines, size := loadLines(b, path)
	run := func(b *testing.B, f func(string) bool) {
		b.ReportAllocs()
		b.SetBytes(int64(size))
		fails := 0
		for b.Loop() {
			for _, s := range lines {
				if !f(s) {
					fails++
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(lines)), "ns/URL")
		b.ReportMetric(float64(fails)/float64(b.N), "failures")
	}
	b.Run("urlspec", func(b *testing.B) {
		run(b, func(s string) bool {
			u, err := Parse(s)
			return err == nil && u.Href() != ""
		})
	})
	b.Run("neturl", func(b *testing.B) {
		run(b, func(s string) bool {
			u, err := url.Parse(s)
			return err == nil && u.String() != ""
		})
	})
}
