package hashindex

import (
	"math"
	"testing"
)

// TestCompact checks a Compact against the keys it holds: every key
// found under its id, none of the others, with bounds that leave many
// bits of hash, a few and none (ids up to 2^31-1).
func TestCompact(t *testing.T) {
	ks := keys(50_000)
	for _, bound := range []int32{50_000, 1 << 28, math.MaxInt32} {
		var c Compact
		c.Reset(len(ks), bound)
		compared := 0
		find := func(k string) (int32, bool) {
			return c.Find(c.HashString(k), func(id int32) bool { compared++; return ks[id] == k })
		}
		for i, k := range ks {
			if _, ok := find(k); ok {
				t.Fatalf("bound %d: %q found before it was inserted", bound, k)
			}
			c.Insert(c.HashBytes([]byte(k)), int32(i))
		}
		compared = 0
		for i, k := range ks {
			if id, ok := find(k); !ok || id != int32(i) {
				t.Fatalf("bound %d: find %q = %d, %v; want %d", bound, k, id, ok, i)
			}
			if _, ok := find(k + "x"); ok {
				t.Fatalf("bound %d: %q found", bound, k+"x")
			}
		}
		// Each key found compares once; the kept bits of hash spare most
		// comparisons with other keys, unless the bound leaves none.
		if extra := compared - len(ks); bound == 50_000 && extra > len(ks)/100 {
			t.Errorf("bound %d: %d comparisons of keys that differ", bound, extra)
		}
		if c.Len() != len(ks) || c.Bytes() != 4*roomFor(len(ks)) {
			t.Errorf("Len %d, Bytes %d", c.Len(), c.Bytes())
		}
	}
}

// TestCompactLimits checks the panics that guard a Compact's room and
// bound.
func TestCompactLimits(t *testing.T) {
	for _, c := range []struct {
		name string
		ids  []int32
	}{{"full", []int32{0, 1, 2}}, {"out of bounds", []int32{7}}, {"negative", []int32{-1}}} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: no panic", c.name)
				}
			}()
			var x Compact
			x.Reset(2, 7)
			for _, id := range c.ids {
				x.Insert(x.HashString("k"), id)
			}
		}()
	}
}
