package textdist

import (
	"math/rand/v2"
	"strings"
	"testing"
)

func skipAllocs(t *testing.T) {
	t.Helper()
	if raceEnabled {
		t.Skip("the race detector makes sync.Pool drop items; allocations are not meaningful")
	}
}

func TestLevenshteinAllocs(t *testing.T) {
	skipAllocs(t)
	r := rand.New(rand.NewPCG(8, 9))
	for _, a := range []alphabet{alphabets[2], alphabets[6], alphabets[len(alphabets)-1]} {
		x, y := randRunes(r, a, 4096), randRunes(r, a, 4096)
		sx, sy := string(x), string(y)
		Levenshtein(x, y) // warm up the pool
		if n := testing.AllocsPerRun(20, func() { sink = Levenshtein(x, y) }); n != 0 {
			t.Errorf("%s: Levenshtein on 4,096 runes: %v allocations, want 0", a.name, n)
		}
		LevenshteinString(sx, sy)
		if n := testing.AllocsPerRun(20, func() { sink = LevenshteinString(sx, sy) }); n != 0 {
			t.Errorf("%s: LevenshteinString on 4,096 code points: %v allocations, want 0", a.name, n)
		}
	}
	short := []rune("kitten")
	if n := testing.AllocsPerRun(100, func() { sink = Levenshtein(short, []rune("sitting")) }); n != 0 {
		t.Errorf("Levenshtein on short strings: %v allocations, want 0", n)
	}
}

func TestSimilarityAllocs(t *testing.T) {
	skipAllocs(t)
	long := strings.Repeat("the quick brown fox ", 200)
	pairs := [][2]string{
		{"pepperoni", "peppers"},
		{"", ""},
		{long, strings.ToUpper(long)},
		{"café", "cafe\u0301"}, // non-ASCII and non-NFC: pooled buffers too
		{strings.Repeat("cafe\u0301 中文 😀", 300), strings.Repeat("café 中国 😃", 300)},
	}
	for _, p := range pairs {
		Similarity(p[0], p[1])
		if n := testing.AllocsPerRun(50, func() { _ = Similarity(p[0], p[1]) }); n != 0 {
			t.Errorf("Similarity(%.20q, %.20q): %v allocations, want 0", p[0], p[1], n)
		}
	}
}
