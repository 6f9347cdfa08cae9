package textdist

import (
	"math/rand/v2"
	"testing"
)

// TestLevenshteinWithin checks the bounds against the exact distance over
// every alphabet, with work limits from generous to tiny, in one pass and
// split in two halves: the interval always holds the distance, Upper is
// never below it, an exact result is the distance, and the work stays
// within the limit.
func TestLevenshteinWithin(t *testing.T) {
	r := newRand(t, 21)
	defer func(w int64) { splitWork = w }(splitWork)
	for _, split := range []int64{1 << 62, 0} {
		splitWork = split
		for _, a := range alphabets {
			for iter := 0; iter < 30; iter++ {
				x, y := randPair(r, a, 1500)
				d := naiveLevenshtein(x, y)
				for _, w := range []int64{1 << 40, 1 << 16, 1 << 12, 1 << 9, 64} {
					got, err := LevenshteinRunesWithin(x, y, Limits{Work: w})
					if err != nil {
						t.Fatal(err)
					}
					if got.Lower > d || got.Upper < d || (got.Exact() && got.Upper != d) {
						t.Fatalf("%s, split %v, work %d: lengths %d and %d: %v, distance %d",
							a.name, split == 0, w, len(x), len(y), got, d)
					}
					if w == 1<<40 && !got.Exact() {
						t.Fatalf("%s: ample work, yet %v (distance %d)", a.name, got, d)
					}
					if got.Work > max(w, int64(max(len(x), len(y)))) {
						t.Fatalf("%s, work %d: did %d word operations", a.name, w, got.Work)
					}
					if got.Length != max(len(x), len(y)) {
						t.Fatalf("Length %d, want %d", got.Length, max(len(x), len(y)))
					}
				}
			}
		}
	}
}

// TestLevenshteinWithinSplit compares the split computation with one pass
// on longer strings, both exact.
func TestLevenshteinWithinSplit(t *testing.T) {
	r := newRand(t, 22)
	defer func(w int64) { splitWork = w }(splitWork)
	for _, a := range alphabets {
		for iter := 0; iter < 4; iter++ {
			x := randRunes(r, a, 3000+r.IntN(2000))
			y := mutate(r, a, x, r.IntN(800))
			if iter%2 == 1 {
				y = randRunes(r, a, 2000+r.IntN(4000))
			}
			splitWork = 1 << 62
			one, _ := LevenshteinRunesWithin(x, y, Limits{})
			splitWork = 0
			two, _ := LevenshteinRunesWithin(x, y, Limits{})
			if want := Levenshtein(x, y); one.Upper != want || two.Upper != want || !one.Exact() || !two.Exact() {
				t.Fatalf("%s: one pass %v, split %v, want %d", a.name, one, two, want)
			}
		}
	}
}

// randASCII returns n random letters and spaces from r.
func randASCII(r *rand.Rand, n int) []byte {
	s := make([]byte, n)
	for i := range s {
		s[i] = byte('a' + r.IntN(27))
	}
	return s
}

// TestLevenshteinWithin1MB reproduces issue 10: two different random 1 MB
// strings needed 1.1e10 word operations (26 s here, 61 s as reported).
// Within a limit the work stays under it, and the interval holds the
// distance (882,517, computed once without a limit, in 58 s).
func TestLevenshteinWithin1MB(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	a, b := randASCII(r, 1_000_000), randASCII(r, 1_000_000)
	const w = 1 << 26
	got, err := LevenshteinWithin(string(a), string(b), Limits{Work: w})
	if err != nil {
		t.Fatal(err)
	}
	if got.Work > w || got.Lower > 882_517 || got.Upper < 882_517 || got.Exact() {
		t.Fatalf("1 MB pair within %d: %v after %d word operations; distance 882,517", w, got, got.Work)
	}
	if got.Lower < 150_000 {
		t.Errorf("lower bound %d: the q-gram bound should give more than 150,000", got.Lower)
	}
	t.Logf("%v, score in [%.4f, %.4f], %d word operations", got, got.Score(), got.High(), got.Work)
}

// TestLevenshteinWithinClose checks that two long strings a few edits
// apart come out exact for a fraction of the work: the band proves the
// distance.
func TestLevenshteinWithinClose(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	a := randASCII(r, 1_000_000)
	b := append([]byte(nil), a...)
	for i := range 300 {
		b[r.IntN(len(b))] = 'A' + byte(i%26)
	}
	b = append(b[:5000], b[5100:]...) // a deleted stretch shifts the rest
	got, err := LevenshteinWithin(string(a), string(b), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if !got.Exact() || got.Work > 1<<27 {
		t.Fatalf("close 1 MB pair: %v after %d word operations, want exact and cheap", got, got.Work)
	}
	if got.Upper < 100 || got.Upper > 400 {
		t.Fatalf("distance %d, want between 100 and 400", got.Upper)
	}
}

// TestLevenshteinWithinLengths covers a long string against a much
// shorter one (the proportional band) and against a short one (the
// one-word kernel, always exact).
func TestLevenshteinWithinLengths(t *testing.T) {
	r := newRand(t, 23)
	long := randASCII(r, 200_000)
	for _, m := range []int{40, 5_000, 60_000} {
		short := randASCII(r, m)
		got, err := LevenshteinWithin(string(short), string(long), Limits{Work: 1 << 20})
		if err != nil {
			t.Fatal(err)
		}
		exact := LevenshteinString(string(short), string(long))
		if got.Lower > exact || got.Upper < exact || got.Lower < len(long)-m {
			t.Fatalf("m=%d: %v, distance %d", m, got, exact)
		}
		if m <= 64 && !got.Exact() {
			t.Fatalf("m=%d: %v, want exact", m, got)
		}
	}
}

// TestLevenshteinWithinCancel checks a closed channel stops a long
// computation early.
func TestLevenshteinWithinCancel(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	a, b := string(randASCII(r, 300_000)), string(randASCII(r, 300_000))
	done := make(chan struct{})
	close(done)
	got, err := LevenshteinWithin(a, b, Limits{Cancel: done})
	if err != ErrCanceled {
		t.Fatalf("err = %v, want ErrCanceled", err)
	}
	if got.Work > 4*checkEvery {
		t.Fatalf("canceled after %d word operations, want at most %d", got.Work, 4*checkEvery)
	}
	if _, err := LevenshteinWithin(a[:50], b, Limits{Cancel: done}); err != ErrCanceled {
		t.Fatalf("one-word kernel: err = %v, want ErrCanceled", err)
	}
}

// TestSimilarityWithin checks the NFC path agrees with Similarity.
func TestSimilarityWithin(t *testing.T) {
	for _, c := range [][2]string{{"", ""}, {"pepperoni", "peppers"}, {"é", "e\u0301"}, {"cafe\u0301", "café!"}} {
		got, err := SimilarityWithin(c[0], c[1], Limits{})
		if err != nil || !got.Exact() || got.Score() != Similarity(c[0], c[1]) || got.High() != got.Score() {
			t.Errorf("SimilarityWithin(%q, %q) = %v, %v; Similarity %v", c[0], c[1], got, err, Similarity(c[0], c[1]))
		}
	}
}
