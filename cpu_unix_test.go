//go:build unix

package urlspec

import "syscall"

// processCPU returns the CPU time (user + system, in ns) the process has
// used so far, or -1 if it cannot be read: the benchmarks report it per op
// beside the wall time, which a loaded machine inflates.
func processCPU() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return -1
	}
	return syscall.TimevalToNsec(ru.Utime) + syscall.TimevalToNsec(ru.Stime)
}
