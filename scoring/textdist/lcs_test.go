package textdist

import "testing"

// naiveLCS is the textbook O(m·n) dynamic program.
func naiveLCS(a, b []rune) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for _, x := range a {
		for j, y := range b {
			switch {
			case x == y:
				cur[j+1] = prev[j] + 1
			default:
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// TestLCSWithin checks the bit-parallel LCS against the dynamic program on
// every alphabet (dense, wide and sparse Peq rows), and the bounds under
// tight limits: Lower <= LCS <= Upper, equal when exact, work within the
// limit.
func TestLCSWithin(t *testing.T) {
	r := newRand(t, 41)
	defer func(b int) { denseBudget = b }(denseBudget)
	for _, budget := range []int{1 << 17, 4} {
		denseBudget = budget
		for _, a := range alphabets {
			for range 30 {
				x, y := randPair(r, a, 900)
				want := naiveLCS(x, y)
				for _, w := range []int64{1 << 40, 1 << 10, 1 << 7} {
					got, err := LCSWithin(x, y, Limits{Work: w})
					if err != nil || got.Lower > want || got.Upper < want || got.Exact() && got.Lower != want {
						t.Fatalf("%s, work %d: lengths %d and %d: %v, %v; LCS %d", a.name, w, len(x), len(y), got, err, want)
					}
					if w == 1<<40 && !got.Exact() {
						t.Fatalf("%s: ample work, yet %v", a.name, got)
					}
				}
			}
		}
	}
}

// TestLCSWithinCancel checks a closed channel stops the kernel.
func TestLCSWithinCancel(t *testing.T) {
	r := newRand(t, 42)
	x, y := randRunes(r, alphabets[2], 100_000), randRunes(r, alphabets[2], 100_000)
	done := make(chan struct{})
	close(done)
	if _, err := LCSWithin(x, y, Limits{Cancel: done}); err != ErrCanceled {
		t.Fatalf("err = %v, want ErrCanceled", err)
	}
}
