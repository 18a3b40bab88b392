//go:build !unix

package urlpattern_test

import "time"

// processCPU is 0 where the process's CPU time is not known.
func processCPU() time.Duration { return 0 }
