//go:build !race

package uts46

// RaceEnabled reports whether the race detector is on. Allocation tests
// consult it: under the race detector sync.Pool drops pooled scratch space at
// random, so the non-ASCII paths allocate more than usual.
const RaceEnabled = false
