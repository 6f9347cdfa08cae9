package scoring

import (
	"math/rand/v2"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestTally checks a tally against plain counts, on contexts close
// together, far apart and going down, and that its memory follows the
// counts rather than the number of slots.
func TestTally(t *testing.T) {
	const slots = 1_000_000
	tr := &Tree{slots: make([]Slot, slots)}
	want := make([]int, slots)
	wantKinds := make([]uint16, slots)
	var c tally
	rng := rand.New(rand.NewPCG(1, 2))
	for round := range 50 {
		base := int32(rng.IntN(slots - 1000))
		for i := range 600 {
			ctx := base + int32(i%300)
			switch i % 7 {
			case 3:
				ctx = int32(rng.IntN(slots)) // far away
			case 5:
				ctx = base - int32(i) // going down
				if ctx < 0 {
					ctx = 0
				}
			}
			k := jsondoc.Kind(rng.IntN(6))
			c.count(ctx, k)
			want[ctx]++
			wantKinds[ctx] |= 1 << k
		}
		if w := len(c.nodes); w > 2*600+tallyMin {
			t.Fatalf("round %d: a window of %d slots for 600 counts", round, w)
		}
		c.flush(tr)
		if c.n != 0 || len(c.far) != 0 {
			t.Fatal("flush left counts behind")
		}
	}
	for s := range slots {
		if tr.slots[s].Nodes != want[s] || tr.slots[s].kinds != wantKinds[s] {
			t.Fatalf("slot %d: %d nodes, kinds %b; want %d, %b", s, tr.slots[s].Nodes, tr.slots[s].kinds, want[s], wantKinds[s])
		}
	}
}
