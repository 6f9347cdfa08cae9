// Package proc measures the running process, for the benchmarks: the CPU
// time it has used, which a machine shared with other work inflates less
// than it does wall times.
package proc

import (
	"testing"
	"time"
)

// ReportCPU reports to b the CPU time per operation (cpu-ms/op) used
// since start, a CPUTime.
func ReportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}
