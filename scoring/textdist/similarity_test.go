package textdist

import (
	"math"
	"strings"
	"testing"
)

func TestSimilarity(t *testing.T) {
	tests := []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"", "x", 0},
		{"abc", "", 0},
		{"same", "same", 1},
		{"pepperoni", "peppers", 0.6666666666666667}, // docs/scoring.md: 1 - 3/9
		{"peppers", "pepperoni", 0.6666666666666667},
		{"baby", "baby", 1},
		{"kitten", "sitting", 1 - 3.0/7},
		{"abc", "xyz", 0},
		{"é", "e\u0301", 1},                 // NFC vs NFD
		{"café", "cafe\u0301", 1},           // same, inside a word
		{"Å", "A\u030a", 1},                 // U+00C5 vs A + ring above
		{"\u212b", "Å", 1},                  // ANGSTROM SIGN normalizes to U+00C5
		{"é", "e", 0},                       // one code point each, different
		{"cafe\u0301s", "cafes", 1 - 1.0/5}, // NFC "cafés" has 5 code points
		{"😀", "😀", 1},
		{"😀😃", "😀", 0.5},
		{"I ❤️ JSON", "I ❤ JSON", 1 - 1.0/9}, // U+FE0F variation selector
		{"中文字符", "中文字母", 0.75},
		{"ascii", "ascïi", 0.8},
		// Invalid UTF-8: each bad byte is one U+FFFD, as in []rune(s).
		{"a\xffb", "a\uFFFDb", 1},
		{"a\xff\xfeb", "ab", 0.5},
		{"\u1e06\xf3\u0331", "\u1e06\uFFFD\u0331", 1}, // once hung inside norm.Iter
		{"e\u0301\xff", "é\uFFFD", 1},
	}
	for _, tt := range tests {
		got := Similarity(tt.a, tt.b)
		if math.Abs(got-tt.want) > 1e-12 {
			t.Errorf("Similarity(%q, %q) = %.17g, want %.17g", tt.a, tt.b, got, tt.want)
		}
	}
}

// TestSimilarityExact pins the worked figure of docs/scoring.md to the last bit: the
// float64 computation 1 - 3.0/9 at run time (a Go constant expression would
// be exact, and round to 0.6666666666666666 instead).
func TestSimilarityExact(t *testing.T) {
	if got, want := Similarity("pepperoni", "peppers"), 0.6666666666666667; got != want {
		t.Fatalf("Similarity(pepperoni, peppers) = %.17g, want %.17g", got, want)
	}
}

// TestSimilarityRandom checks the rule against Levenshtein on random
// strings, in NFC already and not.
func TestSimilarityRandom(t *testing.T) {
	r := newRand(t, 4)
	for _, a := range alphabets {
		for i := 0; i < 40; i++ {
			x, y := randPair(r, a, 300)
			sx, sy := string(x), string(y)
			nx, ny := []rune(nfc(sx)), []rune(nfc(sy))
			n := max(len(nx), len(ny))
			want := 1.0
			if n > 0 {
				want = 1 - float64(naiveLevenshtein(nx, ny))/float64(n)
			}
			if got := Similarity(sx, sy); got != want {
				t.Fatalf("%s: Similarity(%q, %q) = %v, want %v", a.name, sx, sy, got, want)
			}
			if got := Similarity(sx, sy); got < 0 || got > 1 {
				t.Fatalf("Similarity out of range: %v", got)
			}
		}
	}
}

func TestSimilarityLong(t *testing.T) {
	a := strings.Repeat("the quick brown fox ", 300) // 6,000 bytes
	b := strings.Replace(a, "fox", "cat", 10)
	if got, want := Similarity(a, b), 1-30.0/6000; math.Abs(got-want) > 1e-12 {
		t.Fatalf("Similarity = %v, want %v", got, want)
	}
	// The same with a non-ASCII, non-NFC tail on one side.
	a2, b2 := a+"e\u0301", b+"é"
	if got, want := Similarity(a2, b2), 1-30.0/6001; math.Abs(got-want) > 1e-12 {
		t.Fatalf("Similarity = %v, want %v", got, want)
	}
}
