package textdist

import (
	"math/rand/v2"
	"testing"
)

// alphabet is a named source of random runes for generated test strings.
type alphabet struct {
	name string
	gen  func(r *rand.Rand) rune
}

func pick(set string) func(r *rand.Rand) rune {
	rs := []rune(set)
	return func(r *rand.Rand) rune { return rs[r.IntN(len(rs))] }
}

func span(lo, hi rune) func(r *rand.Rand) rune {
	return func(r *rand.Rand) rune { return lo + rune(r.IntN(int(hi-lo+1))) }
}

// alphabets covers small alphabets (interesting distances), large ones,
// Latin-1, CJK, emoji above U+FFFF and combining marks, and mixtures.
var alphabets = []alphabet{
	{"ab", pick("ab")},
	{"acgt", pick("acgt")},
	{"ascii", span(' ', '~')},
	{"latin1", span(0xA0, 0xFF)},
	{"small-multibyte", pick("aé中文😀\u0301𝄞ß")},
	{"cjk-small", pick("中文字符串测试")},
	{"cjk-large", span(0x4E00, 0x9FFF)},
	{"emoji", span(0x1F600, 0x1F64F)},
	{"combining", pick("ae\u0301\u0308\u0323o")},
	{"mixed", func(r *rand.Rand) rune {
		switch r.IntN(4) {
		case 0:
			return span('a', 'e')(r)
		case 1:
			return span(0x4E00, 0x4E10)(r)
		case 2:
			return span(0x1F600, 0x1F608)(r)
		default:
			return span(0xE0, 0xE4)(r)
		}
	}},
}

// boundaryLengths are lengths around the 64-bit block boundaries.
var boundaryLengths = []int{0, 1, 2, 3, 31, 63, 64, 65, 100, 127, 128, 129, 191, 192, 193, 255, 256, 257, 319, 320, 321, 511, 512, 513}

// randLen draws a length, mostly near block boundaries, sometimes anywhere
// up to max.
func randLen(r *rand.Rand, max int) int {
	if r.IntN(3) > 0 {
		n := boundaryLengths[r.IntN(len(boundaryLengths))] + r.IntN(3) - 1
		return min(max, maxInt(n, 0))
	}
	return r.IntN(max + 1)
}

func maxInt(a, b int) int {
	if a > b {
		return a
	}
	return b
}

func randRunes(r *rand.Rand, a alphabet, n int) []rune {
	s := make([]rune, n)
	for i := range s {
		s[i] = a.gen(r)
	}
	return s
}

// mutate returns a copy of s with about k random edits (insertions,
// deletions, substitutions, transpositions and moved chunks).
func mutate(r *rand.Rand, a alphabet, s []rune, k int) []rune {
	out := append([]rune(nil), s...)
	for ; k > 0; k-- {
		switch op := r.IntN(5); {
		case op == 0 || len(out) == 0:
			i := r.IntN(len(out) + 1)
			out = append(out[:i], append([]rune{a.gen(r)}, out[i:]...)...)
		case op == 1:
			i := r.IntN(len(out))
			out = append(out[:i], out[i+1:]...)
		case op == 2:
			out[r.IntN(len(out))] = a.gen(r)
		case op == 3 && len(out) > 1:
			i := r.IntN(len(out) - 1)
			out[i], out[i+1] = out[i+1], out[i]
		default:
			i, j := r.IntN(len(out)), r.IntN(len(out))
			if i > j {
				i, j = j, i
			}
			chunk := append([]rune(nil), out[i:j]...)
			out = append(out[:i], out[j:]...)
			p := r.IntN(len(out) + 1)
			out = append(out[:p], append(chunk, out[p:]...)...)
		}
	}
	return out
}

// randPair returns either two independent strings or a string and a
// mutation of it, over alphabet a, with lengths up to max.
func randPair(r *rand.Rand, a alphabet, max int) ([]rune, []rune) {
	x := randRunes(r, a, randLen(r, max))
	if r.IntN(2) == 0 {
		return x, randRunes(r, a, randLen(r, max))
	}
	k := r.IntN(1 + len(x)/4 + 3)
	y := mutate(r, a, x, k)
	if len(y) > max {
		y = y[:max]
	}
	return x, y
}

// naiveLevenshtein is the textbook O(m·n) dynamic program, used as a second
// oracle on rune slices holding values no UTF-8 string can carry.
func naiveLevenshtein(a, b []rune) int {
	row := make([]int, len(b)+1)
	for j := range row {
		row[j] = j
	}
	for i := 1; i <= len(a); i++ {
		diag := row[0]
		row[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			next := min(row[j]+1, row[j-1]+1, diag+cost)
			diag, row[j] = row[j], next
		}
	}
	return row[len(b)]
}

func newRand(t testing.TB, seed uint64) *rand.Rand {
	t.Helper()
	t.Logf("seed %d", seed)
	return rand.New(rand.NewPCG(seed, seed^0x9E3779B97F4A7C15))
}
