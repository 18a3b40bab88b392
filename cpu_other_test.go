//go:build !unix

package urlspec

// processCPU returns -1: the process's CPU time is read on unix only.
func processCPU() int64 { return -1 }
