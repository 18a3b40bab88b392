package whatwg

import (
	"runtime"
	"strings"
	"testing"
)

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// Parse and ValidURLString are linear in the input length, measured by the
// bytes they allocate (deterministic, unlike time on a loaded machine): each
// input pattern repeated 10 times more allocates at most 30 times as much (10, and slack for the doubling growth of
// slices). A
// step that rebuilds a growing string for each code point or each '@', as
// appending to the username once did, allocates about 100 times as much.
func TestLinear(t *testing.T) {
	patterns := []string{"a/b/../c/./", "@:", "%2e%2E/", "[", "a@b@", "1.", "\\.", "x y?", "#\x01é", "::", "\t\n", "é", "%zz"}
	prefixes := []string{"http://h/", "http://", "sc:", "sc://", "file:///", "http://[", "file://", ""}
	for _, pre := range prefixes {
		for _, pat := range patterns {
			measure := func(n int) uint64 {
				in := pre + strings.Repeat(pat, n)
				return allocated(func() {
					Parse(in, nil)
					ValidURLString(in, nil)
				})
			}
			small, large := measure(1000), measure(10000)
			if small < 1<<16 {
				small = 1 << 16
			}
			if ratio := float64(large) / float64(small); ratio > 30 {
				t.Errorf("%q + %q×n: ×10 input allocates ×%.0f (%d → %d bytes)", pre, pat, ratio, small, large)
			}
		}
	}
}
