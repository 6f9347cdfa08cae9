package textdist

import (
	"strings"
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

func TestLevenshteinKnown(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"", "", 0},
		{"", "a", 1},
		{"abc", "", 3},
		{"a", "a", 0},
		{"a", "b", 1},
		{"same", "same", 0},
		{"kitten", "sitting", 3},
		{"sitting", "kitten", 3},
		{"pepperoni", "peppers", 3},
		{"flaw", "lawn", 2},
		{"ab", "ba", 2},
		{"ca", "abc", 3},
		{"é", "e\u0301", 2}, // no normalization here
		{"中文", "中国", 1},
		{"😀a", "a😀", 2},
		{"𝄞", "𝄢", 1},
		{strings.Repeat("a", 64), strings.Repeat("a", 65), 1},
		{strings.Repeat("ab", 100), strings.Repeat("ba", 100), 2},
		{strings.Repeat("x", 200), strings.Repeat("y", 130), 200},
		{strings.Repeat("中", 129), strings.Repeat("文", 64) + strings.Repeat("中", 65), 64},
	}
	for _, tt := range tests {
		if got := Levenshtein([]rune(tt.a), []rune(tt.b)); got != tt.want {
			t.Errorf("Levenshtein(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
		if got := LevenshteinString(tt.a, tt.b); got != tt.want {
			t.Errorf("LevenshteinString(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestLevenshteinOracle(t *testing.T) {
	r := newRand(t, 1)
	iters := 120
	if testing.Short() {
		iters = 30
	}
	for _, a := range alphabets {
		for i := 0; i < iters; i++ {
			x, y := randPair(r, a, 700)
			checkOracle(t, a.name, x, y)
		}
	}
}

// TestLevenshteinOracleLong covers lengths up to 5,000 code points.
func TestLevenshteinOracleLong(t *testing.T) {
	r := newRand(t, 2)
	n := 24
	if testing.Short() {
		n = 6
	}
	for i := 0; i < n; i++ {
		a := alphabets[i%len(alphabets)]
		// 8 to 40 words of 64 bits: the oracle's quadratic time under the
		// race detector is what these lengths cost.
		x := randRunes(r, a, 500+r.IntN(2001))
		var y []rune
		switch i % 3 {
		case 0:
			y = randRunes(r, a, r.IntN(2501))
		case 1:
			y = mutate(r, a, x, 1+r.IntN(50))
		default:
			y = mutate(r, a, x, r.IntN(len(x)))
		}
		checkOracle(t, a.name, x, y)
	}
}

func checkOracle(t *testing.T, name string, x, y []rune) {
	t.Helper()
	sx, sy := string(x), string(y)
	want := edlib.LevenshteinDistance(sx, sy)
	if got := Levenshtein(x, y); got != want {
		t.Fatalf("%s: Levenshtein(len %d, len %d) = %d, want %d\na=%q\nb=%q", name, len(x), len(y), got, want, sx, sy)
	}
	if got := LevenshteinString(sx, sy); got != want {
		t.Fatalf("%s: LevenshteinString(len %d, len %d) = %d, want %d", name, len(x), len(y), got, want)
	}
	if got := Levenshtein(y, x); got != want {
		t.Fatalf("%s: Levenshtein not symmetric: %d vs %d", name, got, want)
	}
}

// TestLevenshteinOddRunes uses rune values that no UTF-8 string holds
// (negative, surrogates, beyond U+10FFFF) against a textbook DP.
func TestLevenshteinOddRunes(t *testing.T) {
	r := newRand(t, 3)
	odd := []rune{-1, -2, 0, 0xD800, 0xDFFF, 0x110000, 0x7FFFFFFF, -0x80000000, 255, 256, 'a'}
	for i := 0; i < 300; i++ {
		gen := func(n int) []rune {
			s := make([]rune, n)
			for j := range s {
				s[j] = odd[r.IntN(len(odd))]
			}
			return s
		}
		x, y := gen(randLen(r, 300)), gen(randLen(r, 300))
		if got, want := Levenshtein(x, y), naiveLevenshtein(x, y); got != want {
			t.Fatalf("Levenshtein(%v, %v) = %d, want %d", x, y, got, want)
		}
	}
}

// TestLevenshteinInvalidUTF8 checks that invalid bytes count as one code
// point each, as in []rune(s).
func TestLevenshteinInvalidUTF8(t *testing.T) {
	pairs := [][2]string{
		{"a\xffb", "ab"},
		{"\xff\xfe", "\uFFFD\uFFFD"},
		{"é\xc3", "é"},
	}
	for _, p := range pairs {
		want := naiveLevenshtein([]rune(p[0]), []rune(p[1]))
		if got := LevenshteinString(p[0], p[1]); got != want {
			t.Errorf("LevenshteinString(%q, %q) = %d, want %d", p[0], p[1], got, want)
		}
	}
}
