//go:build !unix

package bench

import "time"

// processCPU cannot read the CPU time here; cpu-ns/URL is not reported.
func processCPU() time.Duration { return -1 }
