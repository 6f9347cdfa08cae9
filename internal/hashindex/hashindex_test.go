package hashindex

import (
	"strconv"
	"testing"
)

func keys(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = "key_" + strconv.Itoa(i*7919)
	}
	return out
}

func TestFindInsert(t *testing.T) {
	ks := keys(100_000)
	var tab Table
	probes := 0
	find := func(k string) (int32, bool) {
		return tab.Find(tab.HashString(k), func(id int32) bool { probes++; return ks[id] == k })
	}
	for i, k := range ks {
		if _, ok := find(k); ok {
			t.Fatalf("%q found before it was inserted", k)
		}
		tab.Insert(tab.HashString(k), int32(i))
	}
	if tab.Len() != len(ks) {
		t.Fatalf("Len %d, want %d", tab.Len(), len(ks))
	}
	probes = 0
	for i, k := range ks {
		if id, ok := find(k); !ok || id != int32(i) {
			t.Fatalf("find %q = %d, %v; want %d", k, id, ok, i)
		}
		if _, ok := find(k + "x"); ok {
			t.Fatalf("%q found", k+"x")
		}
	}
	// Keys are compared only when 32 bits of hash agree: about one
	// comparison a hit, almost none a miss.
	if probes > len(ks)+len(ks)/100 {
		t.Errorf("%d key comparisons for %d hits and %d misses", probes, len(ks), len(ks))
	}
	if size := tab.Bytes(); size > 8*len(ks)*8/3 {
		t.Errorf("table of %d bytes for %d ids", size, len(ks))
	}
}

func TestHashBytesEqualsString(t *testing.T) {
	var tab Table
	for _, k := range []string{"", "a", "key_123", "ünïcode"} {
		if tab.HashString(k) != tab.HashBytes([]byte(k)) {
			t.Errorf("HashString(%q) != HashBytes", k)
		}
	}
}

func TestReset(t *testing.T) {
	var tab Table
	tab.Reset(1000)
	big := tab.Bytes()
	for i := range 1000 {
		tab.Insert(tab.HashString(strconv.Itoa(i)), int32(i))
	}
	tab.Reset(3)
	if tab.Len() != 0 {
		t.Fatalf("Len %d after Reset", tab.Len())
	}
	if got := len(tab.slots); got != minSlots {
		t.Errorf("a reset for 3 ids uses %d slots, want %d", got, minSlots)
	}
	if tab.Bytes() != big {
		t.Errorf("Reset dropped the table's memory: %d bytes, had %d", tab.Bytes(), big)
	}
	if _, ok := tab.Find(tab.HashString("5"), func(int32) bool { return true }); ok {
		t.Error("an id survived Reset")
	}
	tab.Insert(tab.HashString("x"), 0)
	if id, ok := tab.Find(tab.HashString("x"), func(id int32) bool { return id == 0 }); !ok || id != 0 {
		t.Errorf("find after Reset = %d, %v", id, ok)
	}
	var empty Table
	if _, ok := empty.Find(1, func(int32) bool { return true }); ok {
		t.Error("the zero Table found an id")
	}
}

func TestRoomFor(t *testing.T) {
	for _, n := range []int{0, 1, 5, 6, 7, 100, 1 << 20} {
		size := roomFor(n)
		if size&(size-1) != 0 || size < minSlots || n*4 > size*3 {
			t.Errorf("roomFor(%d) = %d", n, size)
		}
	}
}

func BenchmarkFind(b *testing.B) {
	ks := keys(1 << 20)
	var tab Table
	tab.Reset(len(ks))
	for i, k := range ks {
		tab.Insert(tab.HashString(k), int32(i))
	}
	b.ResetTimer()
	i := 0
	for b.Loop() {
		k := ks[i&(len(ks)-1)]
		tab.Find(tab.HashString(k), func(id int32) bool { return ks[id] == k })
		i++
	}
}
