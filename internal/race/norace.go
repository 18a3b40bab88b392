//go:build !race

// Package race reports whether the race detector is on. Allocation tests
// (testing.AllocsPerRun) skip their assertions when it is: the race
// detector's instrumentation allocates, so counts differ from a normal build
// (see https://go.dev/doc/articles/race_detector).
package race

// Enabled reports whether the binary was built with the race detector
// (go build -race, go test -race).
const Enabled = false
