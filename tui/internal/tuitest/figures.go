package tuitest

import (
	"slices"
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/common"
)

// ReportMedian reports the median and 99th percentile of the frame times.
func ReportMedian(b *testing.B, times []time.Duration) {
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "ms/median")
	b.ReportMetric(ms(times[len(times)*99/100]), "ms/p99")
}

// Itoa writes n with thousands separators, as the screens do.
func Itoa(n int) string { return common.Thousands(n) }
