package casespane

import (
	"math"
	"slices"
	"testing"
)

// TestSortableBitsOrder checks that the bits sort as the floats do,
// negatives, zero and infinities included.
func TestSortableBitsOrder(t *testing.T) {
	fs := []float64{math.Inf(-1), -2.5, -1e-300, 0, 1e-300, 0.5, 1, math.Inf(1)}
	for i := 1; i < len(fs); i++ {
		if a, b := sortableBits(fs[i-1]), sortableBits(fs[i]); a >= b {
			t.Errorf("%v → %#x is not below %v → %#x", fs[i-1], a, fs[i], b)
		}
	}
}

// TestRadixSortStable checks that the radix sort orders by key and keeps
// the order among equal keys, as the cases pane needs (reference order
// among cases of one score).
func TestRadixSortStable(t *testing.T) {
	scores := []float64{0.5, 0.25, 0.5, 1, 0.25, -1, 0.5}
	keys := make([]uint64, len(scores))
	vals := make([]int, len(scores))
	for i, s := range scores {
		keys[i], vals[i] = sortableBits(s), i
	}
	radixSort(keys, vals)
	if want := []int{5, 1, 4, 0, 2, 6, 3}; !slices.Equal(vals, want) {
		t.Errorf("sorted %v, want %v", vals, want)
	}
}
