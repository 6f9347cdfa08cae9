package textdist

import (
	"fmt"
	"math/rand/v2"
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

// benchPair returns two independent random strings of n code points: ASCII
// letters, or a mix of Latin-1, CJK and emoji.
func benchPair(n int, multibyte bool) ([]rune, []rune) {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	a := alphabet{gen: span('a', 'z')}
	if multibyte {
		a = alphabets[len(alphabets)-1] // "mixed"
	}
	return randRunes(r, a, n), randRunes(r, a, n)
}

var benchLengths = []int{16, 64, 256, 1024, 4096}

var sink int

func BenchmarkLevenshtein(b *testing.B) {
	for _, kind := range []string{"ascii", "multibyte"} {
		for _, n := range benchLengths {
			x, y := benchPair(n, kind == "multibyte")
			b.Run(fmt.Sprintf("runes/%s/%d", kind, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sink = Levenshtein(x, y)
				}
			})
			sx, sy := string(x), string(y)
			b.Run(fmt.Sprintf("string/%s/%d", kind, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					sink = LevenshteinString(sx, sy)
				}
			})
		}
	}
	for _, kind := range []string{"ascii", "multibyte"} {
		x, y := benchPair(4096, kind == "multibyte")
		sx, sy := string(x), string(y)
		b.Run("edlib/"+kind+"/4096", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = edlib.LevenshteinDistance(sx, sy)
			}
		})
	}
}
