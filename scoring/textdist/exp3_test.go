package textdist

import (
	"testing"
	"time"
)

func TestExpTiming(t *testing.T) {
	if testing.Short() || !*expFlag {
		t.Skip()
	}
	x, y := benchPair(4096, false)
	s := new(scratch)
	build(&s.peq, x)
	vps := make([]uint64, s.peq.words)
	vns := make([]uint64, s.peq.words)
	variants := []struct {
		name string
		f    func() int
	}{
		{"advance", func() int { return runExp(s, y, len(x), 0) }},
		{"advance2", func() int { return runExp(s, y, len(x), 1) }},
		{"advF", func() int { return runExp(s, y, len(x), 2) }},
		{"advW", func() int { return runExp(s, y, len(x), 3) }},
		{"advF2", func() int { return runExp(s, y, len(x), 4) }},
		{"advS2", func() int { return runExp2(s, vps, vns, y, len(x)) }},
		{"advS2noLEA", func() int { return runVar(vps, vns, s, y, len(x), 0) }},
		{"advW1", func() int { return runVar(vps, vns, s, y, len(x), 1) }},
		{"advW2(nodelta)", func() int { return runVar(vps, vns, s, y, len(x), 2) }},
	}
	best := make([]time.Duration, len(variants))
	for i := range best {
		best[i] = time.Hour
	}
	for round := 0; round < 40; round++ {
		for i, v := range variants {
			start := time.Now()
			for r := 0; r < 5; r++ {
				sink = v.f()
			}
			if d := time.Since(start) / 5; d < best[i] {
				best[i] = d
			}
		}
	}
	for i, v := range variants {
		t.Logf("%-10s %v", v.name, best[i])
	}
}
