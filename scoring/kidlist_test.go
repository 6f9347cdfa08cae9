package scoring

import (
	"slices"
	"testing"
)

// TestKidListRunThenList checks that a list of key slots stays a run while
// the slots are consecutive, is written out, in order, by the first slot
// that breaks the run, and starts as a run again when reset.
func TestKidListRunThenList(t *testing.T) {
	var l kidList
	for k := int32(5); k < 9; k++ {
		l.add(k)
	}
	if l.listed || l.Len() != 4 || l.At(3) != 8 {
		t.Fatalf("after 5..8: listed %v, len %d", l.listed, l.Len())
	}
	l.add(2)
	l.add(3)
	if got, want := slices.Collect(l.All()), []int32{5, 6, 7, 8, 2, 3}; !l.listed || !slices.Equal(got, want) {
		t.Fatalf("after a break: listed %v, %v, want %v", l.listed, got, want)
	}
	l.reset()
	l.add(40)
	l.add(41)
	if got := slices.Collect(l.All()); l.listed || !slices.Equal(got, []int32{40, 41}) {
		t.Fatalf("after reset: listed %v, %v", l.listed, got)
	}
	if noKids.Len() != 0 || slices.Collect(noKids.All()) != nil {
		t.Fatalf("noKids is not empty")
	}
}
