package dataset

import (
	"fmt"
	"testing"
)

// TestIDSet checks duplicate ids are found, also when their hashes
// collide with other ids' (a hash that says the same for every id).
func TestIDSet(t *testing.T) {
	for _, collide := range []bool{false, true} {
		s := newIDSet(0)
		if collide {
			s.hash = func(string) uint64 { return 7 }
		}
		var cases []CaseFigures
		add := func(id string, line int32) ([2]int32, bool) {
			prev, dup := s.add(id, len(cases), [2]int32{line, 1}, cases)
			cases = append(cases, CaseFigures{ID: id})
			return prev, dup
		}
		for i, id := range []string{"a", "b", "c"} {
			if _, dup := add(id, int32(i+1)); dup {
				t.Fatalf("collide %v: %s taken for a duplicate", collide, id)
			}
		}
		for i := range 100 { // past the table's first size: it grows
			if _, dup := add(fmt.Sprintf("x%d", i), int32(100+i)); dup {
				t.Fatalf("collide %v: x%d taken for a duplicate", collide, i)
			}
		}
		if prev, dup := add("x57", 999); !dup || prev != [2]int32{157, 1} {
			t.Errorf("collide %v: x57 after growing: %v %v", collide, prev, dup)
		}
		for i, id := range []string{"c", "a", "b"} {
			prev, dup := add(id, int32(10+i))
			if want := map[string]int32{"a": 1, "b": 2, "c": 3}[id]; !dup || prev != [2]int32{want, 1} {
				t.Errorf("collide %v: %s: %v %v, want a duplicate of line %d", collide, id, prev, dup, want)
			}
		}
	}
}
