//go:build !unix

package bench

import "time"

// CPUTime returns the CPU time the process has used; 0 where the system
// does not say (the benchmarks then report wall times only).
func CPUTime() time.Duration { return 0 }
