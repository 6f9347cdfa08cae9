package textdist

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

// benchPair returns two independent random strings of n code points:
// ASCII letters, or a mix of Latin-1, CJK and emoji. With edited set, the
// second string is instead the first with n/100 scattered typos, the
// common case of an output close to its reference.
func benchPair(n int, multibyte, edited bool) ([]rune, []rune) {
	r := rand.New(rand.NewPCG(uint64(n), 7))
	a := alphabet{gen: span('a', 'z')}
	if multibyte {
		a = alphabets[len(alphabets)-1] // "mixed"
	}
	x := randRunes(r, a, n)
	if !edited {
		return x, randRunes(r, a, n)
	}
	y := append([]rune(nil), x...)
	for range max(1, n/100) {
		i := r.IntN(len(y))
		switch r.IntN(3) {
		case 0:
			y = append(y[:i], append([]rune{a.gen(r)}, y[i:]...)...)
		case 1:
			y = append(y[:i], y[i+1:]...)
		default:
			y[i] = a.gen(r)
		}
	}
	return x, y
}

var sink int

// BenchmarkLevenshtein measures Levenshtein on []rune and LevenshteinString
// on strings, for random pairs (the worst case: the whole matrix is
// needed) and for edited pairs, against go-edlib at 4,096.
func BenchmarkLevenshtein(b *testing.B) {
	for _, edited := range []bool{false, true} {
		for _, kind := range []string{"ascii", "multibyte"} {
			for _, n := range []int{16, 64, 256, 1024, 4096} {
				if edited && n < 1024 {
					continue
				}
				x, y := benchPair(n, kind == "multibyte", edited)
				name := kind
				if edited {
					name += "-edited"
				}
				b.Run(fmt.Sprintf("runes/%s/%d", name, n), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						sink = Levenshtein(x, y)
					}
				})
				sx, sy := string(x), string(y)
				b.Run(fmt.Sprintf("string/%s/%d", name, n), func(b *testing.B) {
					b.ReportAllocs()
					for b.Loop() {
						sink = LevenshteinString(sx, sy)
					}
				})
			}
		}
	}
	for _, kind := range []string{"ascii", "multibyte"} {
		x, y := benchPair(4096, kind == "multibyte", false)
		sx, sy := string(x), string(y)
		b.Run("edlib/"+kind+"/4096", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				sink = edlib.LevenshteinDistance(sx, sy)
			}
		})
	}
}

// BenchmarkSimilarity measures the string rule of docs/scoring.md on short and long
// ASCII strings and on strings needing NFC normalization.
func BenchmarkSimilarity(b *testing.B) {
	long, longEdited := benchPair(4096, false, true)
	cases := []struct{ name, a, b string }{
		{"short", "pepperoni", "peppers"},
		{"ascii-4096-edited", string(long), string(longEdited)},
		{"nfd", "cafe\u0301 cre\u0300me bru\u0302le\u0301e", "café crème brûlée"},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			var f float64
			for b.Loop() {
				f = Similarity(c.a, c.b)
			}
			_ = f
		})
	}
}

// BenchmarkLevenshteinWithin measures the bounded distance on issue 10's
// pairs: two random 1 MB strings (past the exact limit: an interval, at
// most DefaultWork word operations), a 1 MB string against a copy with
// 300 typos and a deleted stretch (exact, a narrow band proves it), and 4
// and 16 MB random pairs. -short skips the pairs past 1 MB.
func BenchmarkLevenshteinWithin(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	random := func(n int) (string, string) { return string(randASCII(r, n)), string(randASCII(r, n)) }
	a1, b1 := random(1 << 20)
	close1 := []byte(a1)
	for i := range 300 {
		close1[r.IntN(len(close1))] = 'A' + byte(i%26)
	}
	close1 = append(close1[:5000], close1[5100:]...)
	cases := []struct {
		name string
		a, b string
	}{{"random-1MB", a1, b1}, {"close-1MB", a1, string(close1)}}
	if !testing.Short() {
		a4, b4 := random(4 << 20)
		a16, b16 := random(16 << 20)
		cases = append(cases, struct {
			name string
			a, b string
		}{"random-4MB", a4, b4}, struct {
			name string
			a, b string
		}{"random-16MB", a16, b16})
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			var got Bounded
			for b.Loop() {
				got, _ = LevenshteinWithin(c.a, c.b, Limits{})
			}
			b.ReportMetric(float64(got.Work), "word-ops")
			b.ReportMetric(got.High()-got.Score(), "interval")
		})
	}
}

// BenchmarkJaroWinkler measures JaroWinkler on random ASCII and mixed
// strings of 100 KB and 1 MB, and go-edlib on 100 KB ASCII (5.7 s in issue
// 10; skipped with -short).
func BenchmarkJaroWinkler(b *testing.B) {
	for _, n := range []int{100_000, 1_000_000} {
		for _, kind := range []string{"ascii", "multibyte"} {
			x, y := benchPair(n, kind == "multibyte", false)
			sx, sy := string(x), string(y)
			b.Run(fmt.Sprintf("%s/%d", kind, n), func(b *testing.B) {
				b.ReportAllocs()
				var f float32
				for b.Loop() {
					f = JaroWinkler(sx, sy)
				}
				_ = f
			})
		}
	}
	if testing.Short() {
		return
	}
	x, y := benchPair(100_000, false, false)
	sx, sy := string(x), string(y)
	b.Run("edlib/ascii/100000", func(b *testing.B) {
		var f float32
		for b.Loop() {
			f = edlib.JaroWinklerSimilarity(sx, sy)
		}
		_ = f
	})
}

// jsonText returns n bytes of random text shaped like canonical JSON:
// keys, strings, numbers and punctuation, in the proportions of a
// json.dumps(sort_keys=True, separators=(",", ":")) text.
func jsonText(r *rand.Rand, n int) []byte {
	words := []string{`"name":`, `"price":`, `"id":`, `"items":[`, `{`, `},`, `],`, `"`, `",`, `true,`, `null,`}
	b := make([]byte, 0, n+16)
	for len(b) < n {
		switch k := r.IntN(4); k {
		case 0:
			b = append(b, words[r.IntN(len(words))]...)
		case 1:
			b = fmt.Appendf(b, "%d,", r.IntN(100000))
		default:
			for range 1 + r.IntN(8) {
				b = append(b, byte('a'+r.IntN(26)))
			}
		}
	}
	return b[:n]
}

// smallAlphabet returns n bytes like the canonical text of a list of
// random 0s and 1s: half the cells of its matrix are matches, the hard
// case for the branches of DamerauLinear.
func smallAlphabet(r *rand.Rand, n int) []byte {
	b := make([]byte, 0, n+2)
	for len(b) < n {
		b = append(b, byte('0'+r.IntN(2)), ',')
	}
	return b[:n]
}

// BenchmarkDamerauLinear measures DamerauLinear on two unrelated texts,
// its worst case (nothing in common to set aside): shaped like canonical
// JSON, and over the alphabet "01," (a list of 0s and 1s), at 2,000,
// 20,000 and 200,000 bytes each (the last take most of a minute each on
// two cores: skipped with -short); and Damerau's full matrix at 2,000.
func BenchmarkDamerauLinear(b *testing.B) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, shape := range []struct {
		name string
		gen  func(*rand.Rand, int) []byte
	}{{"json", jsonText}, {"01", smallAlphabet}} {
		for _, n := range []int{2000, 20000, 200000} {
			if n > 20000 && testing.Short() {
				continue
			}
			x, y := shape.gen(r, n), shape.gen(r, n)
			b.Run(fmt.Sprintf("%s/%d", shape.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					d, err := DamerauLinear(context.Background(), x, y)
					if err != nil {
						b.Fatal(err)
					}
					sink = d
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n)/float64(n), "ns/cell")
			})
		}
	}
	x, y := jsonText(r, 2000), jsonText(r, 2000)
	xr, yr := []rune(string(x)), []rune(string(y))
	b.Run("matrix/2000", func(b *testing.B) {
		for b.Loop() {
			sink, _ = Damerau(xr, yr, 1<<30)
		}
	})
}
