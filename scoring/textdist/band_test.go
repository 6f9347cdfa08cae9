package textdist

import "testing"

// TestKernelBand runs the banded kernel with every kind of valid bound,
// from the exact distance to the trivial one, and checks the result is
// always the exact distance.
func TestKernelBand(t *testing.T) {
	r := newRand(t, 7)
	s := new(scratch)
	for _, a := range alphabets {
		for iter := 0; iter < 25; iter++ {
			x, y := randPair(r, a, 700)
			if len(x) > len(y) {
				x, y = y, x
			}
			if len(x) <= 64 {
				continue
			}
			d := naiveLevenshtein(x, y)
			build(&s.peq, x)
			lo := max(d, len(y)-len(x))
			for _, k := range []int{lo, lo + 1, lo + 63, lo + 64, lo + r.IntN(len(y)-lo+1), len(y)} {
				k = min(k, len(y))
				if out, _ := runBand(s, len(x), y, diagonal(len(x), len(y), k), nil, nil); out.score != d {
					t.Fatalf("%s: runBand(m=%d, n=%d, k=%d) = %d, want %d", a.name, len(x), len(y), k, out.score, d)
				}
			}
		}
	}
}

// TestUpperBound checks the greedy bound is a bound, within its range, and
// tight on strings with a few scattered edits.
func TestUpperBound(t *testing.T) {
	r := newRand(t, 8)
	for _, a := range alphabets {
		for iter := 0; iter < 50; iter++ {
			x, y := randPair(r, a, 600)
			if len(x) > len(y) {
				x, y = y, x
			}
			d, ub := naiveLevenshtein(x, y), upperBound(x, y, 1<<30)
			if ub < d || ub < len(y)-len(x) || ub > len(y) {
				t.Fatalf("%s: upperBound = %d; distance %d, lengths %d and %d", a.name, ub, d, len(x), len(y))
			}
		}
	}
	text := []rune("The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. ")
	var long []rune
	for range 40 {
		long = append(long, text...)
	}
	// Typos: 30 insertions, deletions and substitutions of a few letters.
	edited := append([]rune(nil), long...)
	for range 30 {
		i, n := r.IntN(len(edited)-8), 1+r.IntN(6)
		switch r.IntN(3) {
		case 0:
			edited = append(edited[:i], append([]rune("XYZXYZ")[:n], edited[i:]...)...)
		case 1:
			edited = append(edited[:i], edited[i+n:]...)
		default:
			copy(edited[i:], []rune("#####")[:min(n, 5)])
		}
	}
	x, y := long, edited
	if len(x) > len(y) {
		x, y = y, x
	}
	d, ub := naiveLevenshtein(x, y), upperBound(x, y, 1<<30)
	t.Logf("lightly edited text: distance %d, bound %d, length %d", d, ub, len(y))
	if ub < d || ub > 2*d+8 {
		t.Errorf("upperBound = %d for distance %d: not close on a lightly edited text", ub, d)
	}
}

// TestSparseWide repeats the oracle comparison with wide runes stored
// sparsely, as they are for long patterns over large alphabets.
func TestSparseWide(t *testing.T) {
	defer func(b int) { denseBudget = b }(denseBudget)
	denseBudget = 0
	r := newRand(t, 9)
	for _, a := range alphabets {
		for i := 0; i < 40; i++ {
			x, y := randPair(r, a, 1500)
			checkOracle(t, a.name, x, y)
		}
	}
}
