//go:build !unix

package main

// cpuTime is 0 where getrusage is unavailable: BenchmarkOutputScaling then
// reports wall time only.
func cpuTime() int64 { return 0 }
