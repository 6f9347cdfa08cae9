package textsim

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
)

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }

func TestSQuADNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"The Cat, sat!":          "cat sat",
		"an apple a day":         "apple day",
		"theater anna":           "theater anna", // articles only as whole words
		"A_b":                    "ab",           // '_' is punctuation, removed first
		"  multiple\t\nspaces  ": "multiple spaces",
		`{"answer":"Sí","n":30}`: "answersín30",
		"Éa the—end":             "éa —end", // '—' is no word character: "the" is a whole word
		"x\u00a0the\u00a0y":      "x y",
		"the":                    "",
		"über-the élan":          "überthe élan",
	} {
		if got := SQuADNormalize(in); got != want {
			t.Errorf("SQuADNormalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestSQuADMeasures(t *testing.T) {
	cases := []struct {
		ref, out string
		em, f1   float64
	}{
		{"The cat sat", "cat sat down", 0, 0.8},
		{"The Cat sat.", "cat  sat", 1, 1},
		{"", "", 1, 1},
		{"the", "a", 1, 1}, // both normalize to no token
		{"cat", "", 0, 0},
		{"a b c", "x y z", 0, 0},
		{"cat cat dog", "cat dog dog", 0, 2.0 / 3},
	}
	for _, c := range cases {
		if got := ExactMatch(c.ref, c.out); got != c.em {
			t.Errorf("ExactMatch(%q, %q) = %v, want %v", c.ref, c.out, got, c.em)
		}
		if got := TokenF1(c.ref, c.out); !near(got, c.f1) {
			t.Errorf("TokenF1(%q, %q) = %v, want %v", c.ref, c.out, got, c.f1)
		}
	}
}

func TestTokenize13a(t *testing.T) {
	for in, want := range map[string]string{
		"This is a test.":          "This is a test .",
		"3.14 and 1,000 apples.":   "3.14 and 1,000 apples .",
		"a-b and 5-3":              "a-b and 5 - 3",
		"&quot;hi&quot; &amp; (x)": `" hi " & ( x )`,
		"don't stop":               "don't stop",
		"hyphen-\nated line\nnext": "hyphenated line next",
		`{"a":[1.5,2]}`:            `{ " a " : [ 1.5,2 ] }`, // a comma between digits stays
		"end.,":                    "end . ,",
		"<skipped>word":            "word",
		"":                         "",
	} {
		if got := strings.Join(Tokenize13a(in), " "); got != want {
			t.Errorf("Tokenize13a(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestBLEU(t *testing.T) {
	cases := []struct {
		ref, out string
		want     float64
	}{
		// precisions 100, 75, 66.67, 50; brevity penalty exp(1 − 6/5)
		{"the cat sat on the mat", "the cat sat on mat", 0.57893006746741},
		// "exp" smoothing: 3-grams and 4-grams have no match: 100/(2·2), 100/(4·1)
		{"a b c d", "a b x d", 0.35355339059327373},
		{"hello world", "hello world", 1}, // effective order 2
		{"hello world", "goodbye moon", 0},
		{"hello", "", 0},
		{"", "", 0}, // sacreBLEU: no match at all scores 0
		{"The dog bit the man.", "The dog bit the man.", 1},
		{"x", "x  \n ", 1}, // trailing space stripped
	}
	for _, c := range cases {
		if got := BLEU(c.ref, c.out); !near(got, c.want) {
			t.Errorf("BLEU(%q, %q) = %v, want %v", c.ref, c.out, got, c.want)
		}
	}
}

func TestRouge(t *testing.T) {
	ref, out := "the cat sat on the mat", "The cat, sat on mat."
	if got := RougeN(ref, out, 1); !near(got, 0.9090909090909091) {
		t.Errorf("rouge-1 %v", got)
	}
	if got := RougeN(ref, out, 2); !near(got, 0.6666666666666665) {
		t.Errorf("rouge-2 %v", got)
	}
	if got, err := RougeL(ref, out, textdist.Limits{}); err != nil || !got.Exact() || !near(got.Score, 0.9090909090909091) {
		t.Errorf("rouge-l %v %v", got, err)
	}
	if got := RougeN("", "", 1); got != 0 {
		t.Errorf("rouge-1 of nothing %v", got)
	}
	if got, _ := RougeL("abc", "!!!", textdist.Limits{}); got.Score != 0 || got.High != 0 {
		t.Errorf("rouge-l without output tokens %v", got)
	}
	if got, _ := RougeL("a b c d", "d c b a", textdist.Limits{}); !near(got.Score, 0.25) {
		t.Errorf("rouge-l reversed %v", got)
	}
	if got := RougeTokenize("Straße K9-x_y ÉTÉ"); !slices.Equal(got, []string{"stra", "e", "k9", "x", "y", "t"}) {
		t.Errorf("tokens %q", got)
	}
}

// TestRougeLLimit checks ROUGE-L past its work limit: the outcome is an
// interval holding the exact F-measure, its lower end the score, and the
// detail says so. (Before, 40,000 tokens a side were refused.)
func TestRougeLLimit(t *testing.T) {
	var ref, out strings.Builder
	for i := range 3000 {
		fmt.Fprintf(&ref, "w%d x%d ", i%7, i%5)
		fmt.Fprintf(&out, "x%d w%d ", i%5, i%11)
	}
	exact, err := RougeL(ref.String(), out.String(), textdist.Limits{})
	if err != nil || !exact.Exact() {
		t.Fatalf("exact: %v %v", exact, err)
	}
	got, err := RougeL(ref.String(), out.String(), textdist.Limits{Work: 2000})
	if err != nil || got.Exact() || got.Score > exact.Score || got.High < exact.Score {
		t.Fatalf("bounded: %+v, exact %v", got, exact.Score)
	}
	want := "rouge-l on 6,000 and 6,000 tokens is past its exact limit: LCS between "
	if !strings.HasPrefix(got.Detail, want) || !strings.HasSuffix(got.Detail, "(the lower end is given)") {
		t.Fatalf("detail %q", got.Detail)
	}
	long := strings.Repeat("w ", 40000)
	if got, err := RougeL(long, long+"v", textdist.Limits{}); err != nil || !got.Exact() || !near(got.Score, 80000.0/80001) {
		t.Fatalf("40,000 tokens: %+v %v", got, err)
	}
}

func TestComparators(t *testing.T) {
	cases := []struct {
		name, a, b string
		want       float64
	}{
		{"levenshtein", "pepperoni", "peppers", 1 - 3.0/9},
		{"levenshtein", "", "", 1},
		{"damerau", "ca", "abc", 1 - 2.0/3},
		{"damerau", "abcdef", "abdcef", 1 - 1.0/6},
		{"jaro-winkler", "MARTHA", "MARHTA", 0.9611110687255859}, // 0.961111 in go-edlib's float32
		{"jaro-winkler", "", "", 1},
		{"jaro-winkler", "abc", "", 0},
		{"exact", "a", "a", 1},
		{"exact", "a", "A", 0},
		{"token-f1", "The cat sat", "cat sat down", 0.8},
		{"bleu", "the cat sat on the mat", "the cat sat on mat", 0.57893006746741},
		{"rouge-l", "a b c d", "d c b a", 0.25},
	}
	for _, c := range cases {
		cmp, err := LookupComparator(c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := cmp(c.a, c.b, textdist.Limits{}); err != nil || !got.Exact() || !near(got.Score, c.want) || got.High != got.Score {
			t.Errorf("%s(%q, %q) = %+v, %v; want %v", c.name, c.a, c.b, got, err, c.want)
		}
	}
	if _, err := LookupComparator("soundex"); err == nil ||
		err.Error() != `unknown string comparator "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l` {
		t.Errorf("err %v", err)
	}
	// Past its cell limit, damerau is bounded by Levenshtein: the
	// distance lies between half the Levenshtein distance and all of it.
	// Here 420 disjoint adjacent transpositions make it at most 420.
	cmp, _ := LookupComparator("damerau")
	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := slices.Clone(x)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	got, err := cmp(string(x), string(y), textdist.Limits{})
	lev := textdist.Levenshtein(x, y)
	if err != nil || got.Exact() || !near(got.Score, 1-float64(lev)/4200) || !near(got.High, 1-float64((lev+1)/2)/4200) ||
		got.High < 0.9 || !strings.HasPrefix(got.Detail, "damerau on a string of 4,200 code points is past its exact limit (16,777,216 matrix cells): bounded by the Levenshtein distance ") {
		t.Errorf("damerau past its limit: %+v, %v (Levenshtein %d)", got, err, lev)
	}
}

func TestNormalization(t *testing.T) {
	n, err := ParseNormalization("space,case, accents")
	if err != nil || n.String() != "case,accents,space" {
		t.Fatalf("%v %v", n, err)
	}
	for in, want := range map[string]string{
		"  Sí  Señor ": "si senor",
		"STRASSE":      "strasse",
		"Straße":       "strasse",
		"e\u0301":      "e",
	} {
		if got := n.Apply(in); got != want {
			t.Errorf("Apply(%q) = %q, want %q", in, got, want)
		}
	}
	if got := NormCase.Apply(" Sí "); got != " sí " {
		t.Errorf("case only: %q", got)
	}
	if _, err := ParseNormalization("case,width"); err == nil ||
		err.Error() != `unknown normalization "width": use a comma-separated list of case, accents, space` {
		t.Errorf("err %v", err)
	}
}

func FuzzTokenize13a(f *testing.F) {
	for _, s := range []string{"This is a test.", "1,000.5-3", "&quot;x&amp;", "a\n-\nb", "é—ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		toks := Tokenize13a(s)
		for _, tok := range toks {
			if tok == "" || strings.ContainsFunc(tok, IsPySpace) {
				t.Fatalf("token %q of %q", tok, s)
			}
		}
		if b := BLEU(s, s); len(toks) > 0 && !near(b, 1) {
			t.Fatalf("BLEU(s, s) = %v for %q", b, s)
		}
	})
}
