package textdist

import (
	"testing"

	edlib "github.com/hbollon/go-edlib"
)

// maxFuzzRunes caps the fuzzed inputs, in bytes and so in code points, so
// the O(m·n) oracle stays fast.
const maxFuzzRunes = 300

// FuzzLevenshtein compares Levenshtein and LevenshteinString with go-edlib
// on arbitrary strings, and checks the metric's basic laws and Similarity's
// range on the way.
func FuzzLevenshtein(f *testing.F) {
	f.Add("", "")
	f.Add("kitten", "sitting")
	f.Add("pepperoni", "peppers")
	f.Add("é", "e\u0301")
	f.Add("中文字符串", "中国字符")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > maxFuzzRunes || len(b) > maxFuzzRunes {
			t.Skip()
		}
		ra, rb := []rune(a), []rune(b)
		want := edlib.LevenshteinDistance(a, b)
		if got := Levenshtein(ra, rb); got != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, go-edlib says %d", a, b, got, want)
		}
		if got := LevenshteinString(a, b); got != want {
			t.Fatalf("LevenshteinString(%q, %q) = %d, go-edlib says %d", a, b, got, want)
		}
		if got := Levenshtein(rb, ra); got != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, not symmetric (%d)", b, a, got, want)
		}
		if lo, hi := abs(len(ra)-len(rb)), max(len(ra), len(rb)); want < lo || want > hi {
			t.Fatalf("distance %d outside [%d, %d]", want, lo, hi)
		}
		if s := Similarity(a, b); !(s >= 0 && s <= 1) {
			t.Fatalf("Similarity(%q, %q) = %v, outside [0, 1]", a, b, s)
		}

		// Random bytes rarely spell multibyte runes, so map each byte onto
		// a small mixed alphabet as well: few distinct symbols (interesting
		// distances), Latin-1, CJK and beyond U+FFFF, over several blocks.
		xa, xb := fuzzAlphabet(a), fuzzAlphabet(b)
		want = edlib.LevenshteinDistance(string(xa), string(xb))
		if got := Levenshtein(xa, xb); got != want {
			t.Fatalf("Levenshtein(%q, %q) = %d, go-edlib says %d", string(xa), string(xb), got, want)
		}
	})
}

var fuzzRunes = []rune("ab\u00e9\u00ff\u0100中😀𝄞")

func fuzzAlphabet(s string) []rune {
	out := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		out[i] = fuzzRunes[int(s[i])%len(fuzzRunes)]
	}
	return out
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// FuzzJaroWinkler compares Jaro and JaroWinkler with go-edlib bit for bit,
// on the strings as given and mapped onto a small mixed alphabet.
func FuzzJaroWinkler(f *testing.F) {
	f.Add("", "")
	f.Add("MARTHA", "MARHTA")
	f.Add("a\xffb", "a\xfeb")
	f.Add("中文字符串", "中国字符")
	f.Add("abcabcabc", "cbacbacba")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a) > maxFuzzRunes || len(b) > maxFuzzRunes {
			t.Skip()
		}
		for _, p := range [][2]string{{a, b}, {string(fuzzAlphabet(a)), string(fuzzAlphabet(b))}} {
			if got, want := JaroWinkler(p[0], p[1]), edlib.JaroWinklerSimilarity(p[0], p[1]); got != want {
				t.Fatalf("JaroWinkler(%q, %q) = %v, go-edlib %v", p[0], p[1], got, want)
			}
		}
	})
}

// FuzzLevenshteinWithin checks the bounded distance against go-edlib under
// tight work limits: the interval holds the distance, and an exact result
// is it.
func FuzzLevenshteinWithin(f *testing.F) {
	f.Add("kitten", "sitting", uint16(64))
	f.Add("pepperoni pizza with extra cheese and a long tail to be over one block of sixty-four",
		"pepper pizza with cheese and a long tail to be over one block of sixty-four runes", uint16(300))
	f.Fuzz(func(t *testing.T, a, b string, work uint16) {
		if len(a) > maxFuzzRunes || len(b) > maxFuzzRunes {
			t.Skip()
		}
		want := edlib.LevenshteinDistance(a, b)
		got, err := LevenshteinWithin(a, b, Limits{Work: int64(work) + 1})
		if err != nil || got.Lower > want || got.Upper < want || got.Exact() && got.Upper != want {
			t.Fatalf("LevenshteinWithin(%q, %q, work %d) = %v, %v; distance %d", a, b, work+1, got, err, want)
		}
	})
}
