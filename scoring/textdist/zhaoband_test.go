package textdist

import (
	"context"
	"testing"
)

// withBand runs f with the band used on every pair, its bound given by
// upper (nil: the Levenshtein kernels).
func withBand(t *testing.T, upper func(a, b []int32) int, f func()) {
	t.Helper()
	oldFrom, oldUpper := bandFrom, bandUpper
	bandFrom, bandUpper = 0, upper
	defer func() { bandFrom, bandUpper = oldFrom, oldUpper }()
	f()
}

// exactUpper is the narrowest band's bound: the distance itself.
func exactUpper(a, b []int32) int {
	ra, rb := make([]rune, len(a)), make([]rune, len(b))
	for i, c := range a {
		ra[i] = rune(c)
	}
	for j, c := range b {
		rb[j] = rune(c)
	}
	return lowranceWagner(ra, rb)
}

// TestDamerauLinearBand checks the band against Lowrance–Wagner, bounded
// by the Levenshtein kernels and by the exact distance (the narrowest
// band, whose edges an optimal alignment touches), on one goroutine and
// split, and that the band leaves cells out.
func TestDamerauLinearBand(t *testing.T) {
	r := newRand(t, 21)
	for _, upper := range []func(a, b []int32) int{nil, exactUpper} {
		withBand(t, upper, func() {
			for _, a := range alphabets {
				for i := 0; i < 60; i++ {
					x, y := randPair(r, a, 120)
					if i%3 == 0 {
						y = mutate(r, a, x, 1+r.IntN(12))
					}
					want := lowranceWagner(x, y)
					for _, split := range []int{1 << 30, 4, 50} {
						if got := linear(t, x, y, split); got != want {
							t.Fatalf("%s, exact bound %v, split from %d: DamerauLinear(%q, %q) = %d, Lowrance–Wagner %d",
								a.name, upper != nil, split, string(x), string(y), got, want)
						}
					}
				}
			}
		})
	}
	// A pair a few edits apart is computed on a narrow band.
	x := []byte("the quick brown fox jumps over the lazy dog, again and again and again")
	y := []byte("teh quick brown fox jumsp over the lazy dgo, again and agian and again")
	withBand(t, nil, func() {
		z := zhao{nCols: int32(len(y))}
		if err := z.useBand(context.Background(), toIDs(x), toIDs(y), false); err != nil || !z.band {
			t.Fatalf("no band (%v)", err)
		}
		// Levenshtein 8 (each swap costs it two): e = 4, and two columns
		// more on each side.
		if w := z.hiOff - z.loOff + 1; w != 13 {
			t.Errorf("band of %d columns for four swaps, want 13", w)
		}
	})
}

func toIDs(s []byte) []int32 {
	ids := make([]int32, len(s))
	for i, c := range s {
		ids[i] = int32(c)
	}
	return ids
}
