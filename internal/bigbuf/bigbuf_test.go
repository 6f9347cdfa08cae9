package bigbuf

import (
	"runtime"
	"testing"
)

// TestPutGet checks that a table put is the one a later Get of no more
// than its size returns while no collection runs, seen as another type;
// that a collection reclaims it; and that small tables are not kept.
func TestPutGet(t *testing.T) {
	b := make([]uint32, 5, 2*Min)
	b[0] = 7
	Put(b)
	got := Get[int32](Min)
	if len(got) != 0 || cap(got) != 2*Min || got[:1][0] != 7 {
		t.Fatalf("Get: len %d cap %d", len(got), cap(got))
	}
	if again := Get[int32](Min); cap(again) != Min {
		t.Errorf("the table was handed out twice: cap %d", cap(again))
	}
	Put(make([]int32, 0, Min-1))
	if small := Get[int32](Min / 2); cap(small) != Min/2 {
		t.Errorf("a small table was kept: cap %d", cap(small))
	}
	Put(make([]uint32, 0, 3*Min))
	runtime.GC()
	if again := Get[int32](Min); cap(again) != Min {
		t.Errorf("a collection left the table: cap %d", cap(again))
	}
	if As[int32]([]uint32(nil)) != nil {
		t.Error("As of nil")
	}
	if x := As[int32]([]uint32{1 << 31}); x[0] != -1<<31 {
		t.Errorf("As: %d", x[0])
	}
}
