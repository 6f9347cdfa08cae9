//go:build unix

package proc

import "testing"

func TestCPUTimeGrows(t *testing.T) {
	start := CPUTime()
	x := 0
	for i := range 50_000_000 {
		x += i ^ x
	}
	if CPUTime() <= start || x == 1 {
		t.Errorf("CPU time %v, then %v", start, CPUTime())
	}
}
