package tree

import "testing"

// TestLayoutColumns: the figures give way f first, then weight, then
// loss, never loss before weight; the columns fill the width exactly.
func TestLayoutColumns(t *testing.T) {
	nd := needs(20, 18, 18)
	for w := 20; w <= 220; w++ {
		for _, compare := range []bool{false, true} {
			c := layoutColumns(w, compare, false, nd)
			if c.loss == 0 && c.weight > 0 {
				t.Errorf("width %d (compare %v): loss dropped before weight", w, compare)
			}
			if c.weight == 0 && c.f > 0 {
				t.Errorf("width %d: weight dropped before f", w)
			}
			if c.score == 0 {
				t.Errorf("width %d: no score", w)
			}
			if got := c.label + c.ref + c.out + 2 + c.fixed(); w >= 40 && got != w {
				t.Errorf("width %d (compare %v): columns take %d", w, compare, got)
			}
		}
	}
	cases := []struct {
		w             int
		nd            rowNeeds
		key, ref, out int
		f             bool
	}{
		// Everything fits: what is left is shared alike.
		{120, needs(20, 18, 18), 31, 28, 28, true},
		// The values would be cut: f gives way, they take what it had.
		{80, needs(20, 18, 18), 20, 17, 18, false},
		// Values first: the key keeps what is left past their quarters.
		{80, needs(40, 30, 30), 29, 13, 13, false},
		// Prose past valueCap asks for valueMin only: f stays.
		{100, needs(20, 60, 60), 20, 23, 24, true},
		// One short value: the other takes the rest.
		{80, needs(20, 4, 60), 20, 4, 23, true},
	}
	for _, c := range cases {
		got := layoutColumns(c.w, false, false, c.nd)
		if got.label != c.key || got.ref != c.ref || got.out != c.out || (got.f > 0) != c.f {
			t.Errorf("%d %v: key %d ref %d out %d f %d, want %d %d %d %v", c.w, c.nd, got.label, got.ref, got.out, got.f, c.key, c.ref, c.out, c.f)
		}
	}
}

// needs returns the needs of rows whose widest key and values are so wide.
func needs(key, ref, out int) rowNeeds {
	return rowNeeds{key: key, ref: ref, out: out, askRef: ask(ref), askOut: ask(out)}
}
