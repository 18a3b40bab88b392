package urlpattern_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/urlspec/urlspec/internal/race"
	"github.com/urlspec/urlspec/urlpattern"
)

// scalingShapes are long literal patterns: construction must be linear in
// their length (issue 21: string += made it quadratic).
var scalingShapes = []struct {
	name string
	new  func(n int) (*urlpattern.Pattern, error)
}{
	{"New/dot-segments", func(n int) (*urlpattern.Pattern, error) {
		return urlpattern.New("http://h/"+strings.Repeat("./", n/2), urlpattern.Options{})
	}},
	{"New/literal", func(n int) (*urlpattern.Pattern, error) {
		return urlpattern.New("http://h/"+strings.Repeat("a", n), urlpattern.Options{})
	}},
	{"NewInit/pathname", func(n int) (*urlpattern.Pattern, error) {
		p := "/" + strings.Repeat("./", n/2)
		return urlpattern.NewInit(urlpattern.Init{Pathname: &p}, urlpattern.Options{})
	}},
}

var scalingSizes = []struct {
	name string
	n    int
}{{"10KB", 10_000}, {"100KB", 100_000}, {"1MB", 1_000_000}}

// BenchmarkNewScaling constructs each long literal pattern at 10 KB, 100 KB
// and 1 MB; ns/op and cpu-ns/op must grow about 10× per step (go test -run ^$ -bench
// NewScaling -benchtime 500ms ./urlpattern: enough runs at 10 KB for the
// garbage collector to work as it does at 1 MB).
func BenchmarkNewScaling(b *testing.B) {
	for _, s := range scalingShapes {
		for _, size := range scalingSizes {
			b.Run(s.name+"/"+size.name, func(b *testing.B) {
				b.SetBytes(int64(size.n))
				cpu := processCPU()
				for b.Loop() {
					if _, err := s.new(size.n); err != nil {
						b.Fatal(err)
					}
				}
				// CPU time per construction: on a shared machine it varies
				// less than ns/op, which counts time waiting for a core.
				if cpu := processCPU() - cpu; cpu > 0 {
					b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
				}
			})
		}
	}
}

// maxBytesPerInputByte bounds the bytes allocated per input byte when
// constructing a long literal pattern. Linear construction allocates a
// constant per byte (about 100 when this test was written: tokens of the
// constructor string and of the component, the encoded text, the regular
// expression source); quadratic string concatenation allocates about n per
// byte, 10⁵ here.
const maxBytesPerInputByte = 250

// Construction allocates a bounded number of bytes per input byte, at 10 KB
// and at 100 KB (a deterministic check of linearity; BenchmarkNewScaling
// gives the times).
func TestNewScalingLinear(t *testing.T) {
	if race.Enabled {
		t.Skip("allocation counts differ under the race detector (internal/race)")
	}
	for _, s := range scalingShapes {
		for _, n := range []int{10_000, 100_000} {
			if _, err := s.new(n); err != nil {
				t.Fatalf("%s n=%d: %v", s.name, n, err)
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			s.new(n)
			runtime.ReadMemStats(&after)
			perByte := float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
			t.Logf("%s n=%d: %.1f bytes allocated per input byte", s.name, n, perByte)
			if perByte > maxBytesPerInputByte {
				t.Errorf("%s n=%d: %.1f bytes allocated per input byte, want ≤ %d", s.name, n, perByte, maxBytesPerInputByte)
			}
		}
	}
}
