package urlspec

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// scalingShape is one input family of issue 5 item 3: prefix + unit×n +
// suffix. ok records whether the WHATWG parser accepts the input (for every
// n used here).
type scalingShape struct {
	name                 string
	prefix, unit, suffix string
	ok                   bool
}

// scalingShapes are the shapes of issue 5 item 3, and a few extras (marked).
//
// Two shapes fail by design, and we measure the cost of failing:
//   - ipv6-groups: "[0" + ":0"×n + "]" has more than 8 pieces for every n used
//     here, and an IPv6 address cannot hold the repetition anywhere else. A
//     linear parser rejects it at the ninth piece, after finding the host's
//     end.
//   - port-digits: "1"×n overflows 65535 from the sixth digit on.
//
// port-zeros (extra) is the accepted form of a long port: leading zeros keep
// the port's value at 1, so the whole string must be read.
var scalingShapes = []scalingShape{
	{"dir", "http://h/", "a/", "", true},
	{"dotdot", "http://h/", "../", "", true},
	{"dot", "http://h/", "./", "", true},
	{"pct2e2e", "http://h/", "%2e%2e/", "", true},
	{"backslash", "http://h/", `a\`, "", true},
	{"pct41-path", "http://h/", "%41", "", true},
	{"pct41-query", "http://h/?", "%41", "", true},
	{"lt-fragment", "http://h/#", "<", "", true},
	{"host-labels", "http://", "a.", "b/", true},
	{"e-path", "http://h/", "é", "", true},
	{"e-host", "http://", "é", "/", true},
	{"at-userinfo", "http://", "@", "h/", true},
	{"ipv6-groups", "http://[0", ":0", "]/", false},
	{"port-digits", "http://h:", "1", "/", false},
	{"scheme-slashes", "http:", "/", "h/", true},
	// Extras.
	{"port-zeros", "http://h:", "0", "1/", true},
	{"e-host-labels", "http://", "é.", "b/", true},
	{"file-dotdot", "file:///", "../", "", true},
	{"nonspecial-dotdot", "foo://h/", "../", "", true},
}

var scalingNs = []int{1e3, 1e4, 1e5}

func (s scalingShape) input(n int) string {
	return s.prefix + strings.Repeat(s.unit, n) + s.suffix
}

var scalingSink int

// scalingParse is the measured operation: the whole WHATWG pipeline, no base.
func scalingParse(in string) bool {
	u, err := Parse(in)
	if err != nil {
		return false
	}
	scalingSink += len(u.Href())
	return true
}

// BenchmarkScaling measures the pipeline on every shape at n = 10³, 10⁴,
// 10⁵ repetitions: BenchmarkScaling/<shape>/n=<n>. The time ratio per 10× n
// should stay ≤ 12 (issue 5); bench/scaling.sh prints the ratios. Besides
// ns/op, MB/s and allocations it reports the input's length (input-bytes).
func BenchmarkScaling(b *testing.B) {
	for _, s := range scalingShapes {
		b.Run(s.name, func(b *testing.B) {
			for _, n := range scalingNs {
				b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
					in := s.input(n)
					b.SetBytes(int64(len(in)))
					b.ReportAllocs()
					for b.Loop() {
						scalingParse(in)
					}
					b.ReportMetric(float64(len(in)), "input-bytes")
				})
			}
		})
	}
}

// scalingAllocStats returns the heap allocations and bytes one scalingParse(in)
// makes, averaged over runs calls (after one warm-up call).
func scalingAllocStats(in string, runs int) (allocs, bytes float64) {
	scalingParse(in)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for range runs {
		scalingParse(in)
	}
	runtime.ReadMemStats(&after)
	return float64(after.Mallocs-before.Mallocs) / float64(runs),
		float64(after.TotalAlloc-before.TotalAlloc) / float64(runs)
}

// Bounds of TestScalingLinear, per input byte: linear work allocates at most
// a constant number of bytes per input byte, whatever n is, while quadratic
// copying (the whole path copied per segment, a buffer re-grown by a constant
// step) allocates about n bytes per input byte, 10⁵ here. The worst linear
// shape measured when this test was written was e-host-labels at n = 10⁵,
// about 67 bytes and 0.0004 allocations per input byte (the UTS #46 scratch
// buffers were not pooled above 64 KiB); since UTS #46 keeps no record per
// label and converts long domains straight into the href, it is 2.7 bytes,
// and the worst is scheme-slashes, about 8 bytes per input byte.
const (
	maxBytesPerInputByte  = 128
	maxAllocsPerInputByte = 1.0 / 64
	allocSlackBytes       = 64 << 10 // constant part: pools, tables
	allocSlackCount       = 256
)

// TestScalingLinear checks, without timing, that the work on every scaling
// shape is linear in the input where allocation can show it: the bytes
// allocated and the number of allocations per input byte stay under fixed
// bounds as n grows. (The ratio of allocations between two n is no test:
// pools make small inputs allocate nothing and large ones allocate their
// scratch space.) It also checks that each shape is accepted or rejected as
// documented. Timing is BenchmarkScaling's job (bench/scaling.sh).
func TestScalingLinear(t *testing.T) {
	ns := scalingNs
	if testing.Short() {
		ns = ns[:2]
	}
	for _, s := range scalingShapes {
		t.Run(s.name, func(t *testing.T) {
			for _, n := range ns {
				in := s.input(n)
				if got := scalingParse(in); got != s.ok {
					t.Errorf("n=%d: Parse accepted = %v, want %v", n, got, s.ok)
				}
				allocs := testing.AllocsPerRun(3, func() { scalingParse(in) })
				_, bytes := scalingAllocStats(in, 3)
				size := float64(len(in))
				t.Logf("n=%d: %d input bytes, %.0f allocs, %.0f bytes allocated (%.2f per input byte)",
					n, len(in), allocs, bytes, bytes/size)
				if bytes > maxBytesPerInputByte*size+allocSlackBytes {
					t.Errorf("n=%d: %.0f bytes allocated for %d input bytes (%.1f per byte), want ≤ %d per byte",
						n, bytes, len(in), bytes/size, maxBytesPerInputByte)
				}
				if allocs > maxAllocsPerInputByte*size+allocSlackCount {
					t.Errorf("n=%d: %.0f allocations for %d input bytes, want ≤ %.4f per byte + %d",
						n, allocs, len(in), maxAllocsPerInputByte, allocSlackCount)
				}
			}
		})
	}
}
