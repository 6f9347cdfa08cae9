package textdist

import (
	"strings"
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

// TestJaroWinklerEdlib checks Jaro and JaroWinkler give go-edlib's float32
// results bit for bit, on every alphabet, on edge cases (empty, one code
// point, invalid UTF-8, a window of -1) and on random and mutated pairs.
func TestJaroWinklerEdlib(t *testing.T) {
	cases := [][2]string{
		{"", ""}, {"a", ""}, {"", "a"}, {"a", "a"}, {"a", "b"}, {"ab", "ba"}, {"ab", "a"},
		{"MARTHA", "MARHTA"}, {"DWAYNE", "DUANE"}, {"DIXON", "DICKSONX"}, {"pepperoni", "peppers"},
		{"\xff", "\xfe"}, {"a\xffb", "a\xfeb"}, {"é", "e\u0301"}, {"中文字符", "字符中文"},
		{strings.Repeat("ab", 50), strings.Repeat("ba", 50)},
	}
	r := newRand(t, 31)
	for _, a := range alphabets {
		for range 200 {
			x, y := randPair(r, a, 300)
			cases = append(cases, [2]string{string(x), string(y)})
		}
	}
	for _, c := range cases {
		if got, want := Jaro(c[0], c[1]), edlib.JaroSimilarity(c[0], c[1]); got != want {
			t.Fatalf("Jaro(%q, %q) = %v, go-edlib %v", c[0], c[1], got, want)
		}
		if got, want := JaroWinkler(c[0], c[1]), edlib.JaroWinklerSimilarity(c[0], c[1]); got != want {
			t.Fatalf("JaroWinkler(%q, %q) = %v, go-edlib %v", c[0], c[1], got, want)
		}
	}
}

// TestJaroWork reproduces issue 10's Jaro–Winkler at 100 KB (5.7 s with
// go-edlib, whose scan visits about len(a)·len(b)/4 positions here): the
// search visits a number of positions linear in the lengths, for ASCII
// and for runes.
func TestJaroWork(t *testing.T) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, multibyte := range []bool{false, true} {
			x, y := benchPair(n, multibyte, false)
			_, work := jaroWork(string(x), string(y))
			if limit := 30 * 2 * n; work > limit {
				t.Errorf("n=%d, multibyte %v: the search visited %d positions, want at most %d", n, multibyte, work, limit)
			}
		}
	}
}
