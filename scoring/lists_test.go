package scoring

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

func readBest(t testing.TB, name string) string {
	t.Helper()
	b, err := os.ReadFile("../testdata/metrics/best/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestListsBestReversed(t *testing.T) {
	ref := readBest(t, "reference.json")
	inOrder := runMetric(t, "jsondiff", ref, readBest(t, "output-in-order.json"), "", MetricOptions{}).Score
	reversed := readBest(t, "output.json")
	byIndex := runMetric(t, "jsondiff", ref, reversed, "", MetricOptions{}).Score
	for _, lists := range []Lists{{Mode: ListBest}, {Mode: ListKey, Key: "id"}} {
		res := runMetric(t, "jsondiff", ref, reversed, "", MetricOptions{Lists: lists})
		if res.Score != inOrder {
			t.Errorf("--lists %s on the reversed list: %v, the list in order %v", lists, res.Score, inOrder)
		}
		checkTreeFigures(t, res.Tree)
		// The record of id 2 (changed price) is paired with its own.
		id, _ := res.Tree.Find(".menu[2].price")
		if s, _ := res.Tree.Score(id); math.Abs(s-(1-0.5/22.5)) > 1e-12 {
			t.Errorf("--lists %s: .menu[2].price %v", lists, s)
		}
	}
	if byIndex >= inOrder-0.1 {
		t.Errorf("by index the reversed list scores %v: the test does not test", byIndex)
	}
}

func TestListsBestUnequalLengths(t *testing.T) {
	opt := MetricOptions{Lists: Lists{Mode: ListBest}}
	res := runMetric(t, "jsondiff", `["apple", "pear", "plum"]`, `["plum", "apple"]`, "", opt)
	tr := res.Tree
	for path, want := range map[string]string{".[0]": "match 1 1", ".[1]": "missing 0 1", ".[2]": "match 1 1"} {
		if got := nodeFigures(t, tr, path); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
	if res.Score != 2.0/3 {
		t.Errorf("score %v", res.Score)
	}
	res = runMetric(t, "jsondiff", `["b"]`, `["a", "b", "c"]`, "", opt)
	if res.Score != 1.0/3 || nodeFigures(t, res.Tree, ".[1]") != "extra 0 1" || nodeFigures(t, res.Tree, ".[0]") != "match 1 1" {
		t.Errorf("score %v; %s; %s", res.Score, nodeFigures(t, res.Tree, ".[0]"), nodeFigures(t, res.Tree, ".[1]"))
	}
}

func TestListsKey(t *testing.T) {
	opt := MetricOptions{Lists: Lists{Mode: ListKey, Key: "id"}}
	ref := `{"l": [{"id": 1, "v": "a"}, {"id": "2", "v": "b"}, {"v": "c"}, {"id": 1, "v": "d"}], "tags": ["x", "y"]}`
	out := `{"l": [{"id": 2, "v": "b"}, {"id": 1.0, "v": "a"}, {"id": "2", "v": "b"}, {"v": "c"}], "tags": ["x", "y"]}`
	res := runMetric(t, "jsondiff", ref, out, "", opt)
	tr := res.Tree
	for path, want := range map[string]string{
		".l[0]":    "match 1 1",   // id 1 pairs with id 1.0
		".l[1]":    "match 1 1",   // "2" pairs with "2", not with 2
		".l[2]":    "missing 0 1", // no id
		".l[3]":    "missing 0 1", // the only id 1 is taken
		".l[4]":    "extra 0 1",   // id 2
		".l[5]":    "extra 0 1",   // no id
		".tags":    "match 1 1",   // not records: by index
		".tags[1]": "match 1 1",
	} {
		if got := nodeFigures(t, tr, path); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
}

func TestListsBestLimit(t *testing.T) {
	n := 1100 // 1100² > MaxBestPairs
	var a, b strings.Builder
	a.WriteString("[")
	b.WriteString("[")
	for i := 0; i < n; i++ {
		if i > 0 {
			a.WriteString(",")
			b.WriteString(",")
		}
		fmt.Fprint(&a, i)
		fmt.Fprint(&b, n-1-i)
	}
	a.WriteString("]")
	b.WriteString("]")
	res := runMetric(t, "jsondiff", a.String(), b.String(), "", MetricOptions{Lists: Lists{Mode: ListBest}})
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Path != "." ||
		ws[0].Message != "lists=best: 1100×1100 elements is past the limit of 1048576 pairs for the optimal assignment; paired by index" {
		t.Errorf("warnings %v", ws)
	}
	if res.Score == 1 {
		t.Error("paired by best past the limit")
	}
}

// TestAssignOptimal checks the Hungarian algorithm against every
// assignment of small random matrices.
func TestAssignOptimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := 0; trial < 300; trial++ {
		n, m := 1+rng.IntN(6), 1+rng.IntN(6)
		score := make([]float64, n*m)
		for i := range score {
			score[i] = float64(rng.IntN(5)) / 4 // ties on purpose
		}
		rowOf := assign(score, n, m, nil)
		used := map[int]bool{}
		got, paired := 0.0, 0
		for i, j := range rowOf {
			if j < 0 {
				continue
			}
			if used[j] {
				t.Fatalf("column %d used twice", j)
			}
			used[j] = true
			got += score[i*m+j]
			paired++
		}
		if paired != min(n, m) {
			t.Fatalf("%d×%d: %d pairs", n, m, paired)
		}
		if best := bruteBest(score, n, m); math.Abs(got-best) > 1e-9 {
			t.Fatalf("%d×%d %v: assignment sums %v, best %v", n, m, score, got, best)
		}
	}
}

// bruteBest returns the largest sum of a full matching, by trying them all.
func bruteBest(score []float64, n, m int) float64 {
	best := math.Inf(-1)
	used := make([]bool, m)
	var rec func(i, left int, sum float64)
	rec = func(i, left int, sum float64) {
		if i == n || left == 0 {
			if left == 0 || n <= m {
				best = max(best, sum)
			}
			return
		}
		if n-i > left { // rows may stay unpaired when n > m
			rec(i+1, left, sum)
		}
		for j := 0; j < m; j++ {
			if !used[j] {
				used[j] = true
				rec(i+1, left-1, sum+score[i*m+j])
				used[j] = false
			}
		}
	}
	rec(0, min(n, m), 0)
	return best
}

// recordList returns a JSON list of n records, and the same shuffled with
// small changes.
func recordList(n int, seed uint64) (ref, out string) {
	rng := rand.New(rand.NewPCG(seed, seed))
	recs := make([]string, n)
	for i := range recs {
		recs[i] = fmt.Sprintf(`{"id": %d, "name": "item %d %s", "price": %d.5, "tags": ["t%d", "u%d"]}`,
			i, i, strings.Repeat("x", i%7), 10+i%50, i%3, i%5)
	}
	shuffled := make([]string, n)
	for i, j := range rng.Perm(n) {
		shuffled[i] = recs[j]
		if rng.IntN(10) == 0 {
			shuffled[i] = strings.Replace(shuffled[i], "item", "itme", 1)
		}
	}
	return "[" + strings.Join(recs, ",") + "]", "[" + strings.Join(shuffled, ",") + "]"
}

// TestListsBest500 pairs two shuffled lists of 500 records back; its speed
// is BenchmarkListsBest500's to measure.
func TestListsBest500(t *testing.T) {
	ref, out := recordList(500, 1)
	in := docs(t, ref, out)
	tr, err := Build(in.Ref, in.Out, nil, Options{Lists: Lists{Mode: ListBest}})
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := tr.Total(); s < 0.98 {
		t.Errorf("total %v: the shuffled records were not paired back", s)
	}
}

// BenchmarkListsBest500 times --lists best on two lists of 500 records
// (the cost matrix of 250,000 record pairs and the assignment).
func BenchmarkListsBest500(b *testing.B) {
	ref, out := recordList(500, 1)
	in := docs(b, ref, out)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(in.Ref, in.Out, nil, Options{Lists: Lists{Mode: ListBest}}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListsBestWorst times --lists best at its limits (issue 10:
// 1024×1024 strings of 1,000 characters took 51 s): those lists, now
// paired by index after an estimate (MaxBestWork); 256×256 such strings,
// the most that fits the work limit, compared in full; and 1024×1024
// records, the most pairs (MaxBestPairs), compared and assigned.
func BenchmarkListsBestWorst(b *testing.B) {
	s1024, o1024 := stringLists(1024, 1000)
	s256, o256 := stringLists(256, 1000)
	r1024, q1024 := recordList(1024, 1)
	for _, c := range []struct{ name, ref, out string }{
		{"strings-1024x1000", s1024, o1024},
		{"strings-256x1000", s256, o256},
		{"records-1024", r1024, q1024},
	} {
		in := docs(b, c.ref, c.out)
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := Build(in.Ref, in.Out, nil, Options{Lists: Lists{Mode: ListBest}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkAssign500 times the Hungarian algorithm alone on a 500×500
// matrix.
func BenchmarkAssign500(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 3))
	score := make([]float64, 500*500)
	for i := range score {
		score[i] = rng.Float64()
	}
	for b.Loop() {
		assign(score, 500, 500, nil)
	}
}

// stringLists returns two JSON arrays of n random strings of size letters
// each, the second the first reversed with one letter changed in each.
func stringLists(n, size int) (string, string) {
	r := rand.New(rand.NewPCG(uint64(n), uint64(size)))
	strs := make([]string, n)
	for i := range strs {
		b := make([]byte, size)
		for k := range b {
			b[k] = 'a' + byte(r.IntN(26))
		}
		strs[i] = string(b)
	}
	var a, b strings.Builder
	a.WriteString("[")
	b.WriteString("[")
	for i := range n {
		if i > 0 {
			a.WriteString(",")
			b.WriteString(",")
		}
		fmt.Fprintf(&a, "%q", strs[i])
		s := []byte(strs[n-1-i])
		s[size/2] = 'Z'
		fmt.Fprintf(&b, "%q", s)
	}
	a.WriteString("]")
	b.WriteString("]")
	return a.String(), b.String()
}

// countingStrings is StringScore, counting the word operations its string
// pairs could cost (⌈m/64⌉·n for lengths m <= n).
func countingStrings(work *int64) textsim.Comparator {
	return func(r, o string, lim textdist.Limits) (textsim.Outcome, error) {
		m, n := min(len(r), len(o)), max(len(r), len(o))
		*work += int64((m+63)/64) * int64(n)
		return StringScore(r, o, lim)
	}
}

// TestListsBestWork reproduces issue 10: --lists best on 1024×1024 lists
// of 1,000-character strings compared every pair, 1.6e10 word operations
// (51 s). The pairing's comparisons must stay within MaxBestWork; past it
// the lists are paired by index with a warning naming the path, and the
// lists within it are still paired best.
func TestListsBestWork(t *testing.T) {
	ref, out := stringLists(1024, 1000)
	in := docs(t, `{"l": `+ref+`}`, `{"l": `+out+`}`)
	var work int64
	tree, err := Build(in.Ref, in.Out, nil, Options{Lists: Lists{Mode: ListBest}, Strings: countingStrings(&work)})
	if err != nil {
		t.Fatal(err)
	}
	// The build compares the 1024 pairs it made, 16,000 word operations
	// each, besides the pairing.
	if work > MaxBestWork+1024*16_000 {
		t.Fatalf("1024×1024 strings of 1,000: %d word operations, want at most %d", work, MaxBestWork+1024*16_000)
	}
	ws := tree.Warnings()
	want := "lists=best: pairing 1024×1024 elements would compare them for about 16,877,879,296 word operations, " +
		"past the limit of 1,073,741,824 (MaxBestWork); paired by index"
	if len(ws) != 1 || ws[0].Path != ".l" || ws[0].Message != want {
		t.Errorf("warnings %v", ws)
	}

	ref, out = stringLists(100, 1000)
	res := runMetric(t, "jsondiff", ref, out, "", MetricOptions{Lists: Lists{Mode: ListBest}})
	if ws := warningsOf(res); len(ws) != 0 || math.Abs(res.Score-(1-1.0/1000)) > 1e-12 {
		t.Errorf("100×100: score %v, warnings %v", res.Score, ws)
	}
}

// TestPairScoreLinear: scoring two records for --lists best looked each
// reference key up in the output record by scanning it (and, with
// --extra-keys penalize, each output key in the reference record): n²/2
// members looked at for two records of n keys in another order. The
// records are indexed once, like exact's and galtea's (issue 10).
func TestPairScoreLinear(t *testing.T) {
	for _, penalize := range []bool{false, true} {
		for _, n := range []int{1_000, 20_000} {
			in := docs(t, "["+string(wideRef(n))+"]", "["+string(reversedWide(n))+"]")
			tr, err := Build(in.Ref, in.Out, nil, Options{PenalizeExtraKeys: penalize})
			if err != nil {
				t.Fatal(err)
			}
			p := &pairer{b: &builder{t: tr, compareSettings: compareSettings{numbers: NumberScore, strings: StringScore}}}
			s, ok := p.score(in.Ref.Child(0), in.Out.Child(0), tr.elemSlot(0))
			if !ok || s != 1 {
				t.Fatalf("n=%d: score %v %v, want 1", n, s, ok)
			}
			// Each record indexed once, each key looked up once.
			want := 2 * n
			if penalize {
				want = 4 * n
			}
			if p.work > want {
				t.Errorf("penalize=%v n=%d: %d members looked at, want at most %d", penalize, n, p.work, want)
			}
		}
	}
}

// BenchmarkListsBestWide times --lists best on two one-element lists of
// a record of n keys, written in opposite orders: the pair's score looks
// every key up (TestPairScoreLinear).
func BenchmarkListsBestWide(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		in := docs(b, "["+string(wideRef(n))+"]", "["+string(reversedWide(n))+"]")
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if testing.Short() && n > 10_000 {
				b.Skip("short")
			}
			for b.Loop() {
				if _, err := Build(in.Ref, in.Out, nil, Options{Lists: Lists{Mode: ListBest}}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
