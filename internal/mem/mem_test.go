package mem

import (
	"runtime"
	"testing"
)

// TestPrefaultKeepsWrites fills a large slice while Prefault faults it in
// on the side, several times over: every value written must still be
// there (the kernel populates pages without writing to them), and the
// race detector must see no access of its own.
func TestPrefaultKeepsWrites(t *testing.T) {
	for round := range 4 {
		s := MakeHuge[uint64]("test", 0, 4<<20) // 32 MiB
		Prefault(s[:cap(s)])
		for i := range cap(s) {
			s = append(s, uint64(i)*2654435761+uint64(round))
			if i%(1<<18) == 0 {
				runtime.Gosched()
			}
		}
		for i, v := range s {
			if want := uint64(i)*2654435761 + uint64(round); v != want {
				t.Fatalf("round %d: s[%d] = %d, want %d", round, i, v, want)
			}
		}
	}
}
