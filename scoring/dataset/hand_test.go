package dataset

import (
	"math"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestHandDataset scores testdata/datasets/hand (two files paired by id,
// weights {"n": 0.5}) and checks every figure against the values worked
// out here by hand (docs/datasets.md).
//
// Each case's root weighs name 1, n 0.5, tags 1 (Σw = 2.5):
//
//	a: name abcd/abce 1−1/4 = 0.75, n 1, tags 1      → (0.75+0.5+1)/2.5 = 0.9
//	b: the reference is the JSON its string holds; the answer is fenced:
//	   name 1, n 1−2/18 = 8/9, tags [x]/[x,w] = (1+0)/2 → (1+4/9+0.5)/2.5 = 7/9
//	c: every value alike, tags [] and [], an extra key  → 1
//	d: the last of its two answers wins: n "5" is a type mismatch → 2/2.5 = 0.8
//	e: no answer: missing                                → 0
//	f: an answer with no reference: extra
func TestHandDataset(t *testing.T) {
	dir := "../../testdata/datasets/hand/"
	pass := 0.8
	res := scoreSpec(t, Spec{Ref: dir + "ref.jsonl", Out: dir + "out.jsonl", GroupBy: ".topic"},
		Config{Weights: mustWeights(t, string(mustRead(t, dir+"weights.json"))), Pass: &pass})
	f := res.Figures
	if res.Pairing != PairID || res.Fields != (Fields{Reference: ".ideal", Output: ".response", ID: ".case_id"}) {
		t.Errorf("pairing %s fields %+v", res.Pairing, res.Fields)
	}
	scores := []float64{0.9, 7.0 / 9, 1, 0.8, 0}
	ids := []string{"a", "b", "c", "d", "e"}
	statuses := []CaseStatus{CaseScored, CaseScored, CaseScored, CaseScored, CaseMissing}
	worst := []*Worst{{".name", 0.4 * 0.25}, {".tags[1]", 0.4 / 2}, nil, {".n", 0.2}, {".name", 0.4}}
	for i, c := range f.Cases {
		if c.ID != ids[i] || c.Status != statuses[i] || !c.HasScore || !near9(c.Score, scores[i]) {
			t.Errorf("case %d: %s %s %v, want %s %s %v", i, c.ID, c.Status, c.Score, ids[i], statuses[i], scores[i])
		}
		if (c.Worst == nil) != (worst[i] == nil) || c.Worst != nil && (c.Worst.Path != worst[i].Path || !near9(c.Worst.Loss, worst[i].Loss)) {
			t.Errorf("case %s: worst %+v, want %+v", c.ID, c.Worst, worst[i])
		}
	}
	if len(f.Cases[1].Repairs()) != 1 || len(f.Extra) != 1 || f.Extra[0] != "f" {
		t.Errorf("repairs of b %q, extra %q", f.Cases[1].Repairs(), f.Extra)
	}
	// Stats over the five scores 0, 7/9, 0.8, 0.9, 1.
	mean := (0.9 + 7.0/9 + 1 + 0.8 + 0) / 5
	var ss float64
	for _, s := range scores {
		ss += (s - mean) * (s - mean)
	}
	std := math.Sqrt(ss / 4)
	half := 2.7764451051977987 * std / math.Sqrt(5) // t(0.975, 4)
	st := f.Stats
	want := Stats{Cases: 5, Scored: 4, Missing: 1, Extra: 1, N: 5, Mean: mean, Median: 0.8,
		P10: 0.4 * 7 / 9, P90: 1 - 0.1*0.4, Min: 0, Max: 1, Std: std, CI95: [2]float64{mean - half, mean + half},
		HasSpread: true, Perfect: 0.2, Pass: 0.6, PassAt: 0.8, HasPass: true}
	if st.Cases != want.Cases || st.Scored != want.Scored || st.Missing != want.Missing || st.Extra != want.Extra || st.N != want.N ||
		st.Ignored != 0 || st.Invalid != 0 || !st.HasSpread || !st.HasPass {
		t.Errorf("stats %+v, want %+v", st, want)
	}
	for _, c := range [][2]float64{{st.Mean, want.Mean}, {st.Median, want.Median}, {st.P10, want.P10}, {st.P90, want.P90},
		{st.Min, want.Min}, {st.Max, want.Max}, {st.Std, want.Std}, {st.CI95[0], want.CI95[0]}, {st.CI95[1], want.CI95[1]},
		{st.Perfect, want.Perfect}, {st.Pass, want.Pass}} {
		if !near9(c[0], c[1]) {
			t.Errorf("stats %+v\nwant  %+v", st, want)
			break
		}
	}
	checkHandPaths(t, f.Paths, mean)
	// Groups by .topic: d takes its group from its answer.
	groups := []GroupFigures{
		{Group: "t1", HasGroup: true, Cases: 2, N: 2, Mean: (0.9 + 7.0/9) / 2, Median: (0.9 + 7.0/9) / 2, Pass: 0.5, HasPass: true},
		{Group: "t2", HasGroup: true, Cases: 2, N: 2, Mean: 0.5, Median: 0.5, Pass: 0.5, HasPass: true},
		{Group: "t3", HasGroup: true, Cases: 1, N: 1, Mean: 0.8, Median: 0.8, Pass: 1, HasPass: true},
	}
	if len(f.Groups) != len(groups) {
		t.Fatalf("groups %+v", f.Groups)
	}
	for i, w := range groups {
		g := f.Groups[i]
		if g.Group != w.Group || g.HasGroup != w.HasGroup || g.Cases != w.Cases || g.N != w.N || !near9(g.Mean, w.Mean) ||
			!near9(g.Median, w.Median) || !near9(g.Pass, w.Pass) || g.HasPass != w.HasPass {
			t.Errorf("group %+v, want %+v", g, w)
		}
	}
	// The output line that is no JSON and the duplicate id are warnings.
	wantMsgs := "out.jsonl:3:1: the output record does not parse, so it pairs with no reference: out.jsonl:3:2: invalid character 'o' in literal null (expecting 'u'); it holds no code fence, { or [ to take JSON from\n" +
		`out.jsonl:6:1: duplicate output id "d" (also at out.jsonl:4:1): the last one wins`
	if got := warningsOf(f, strings.TrimSuffix(dir, "/")); got != wantMsgs {
		t.Errorf("warnings:\n%s\nwant:\n%s", got, wantMsgs)
	}
}

// checkHandPaths fails t unless got are the per-path figures of the hand
// dataset, whose mean case score is mean.
func checkHandPaths(t *testing.T, got []PathFigures, mean float64) {
	t.Helper()
	// Per path. A share: name and tags 1/2.5 = 0.4 of a case, n 0.2.
	type pathWant struct {
		path, kind   string
		cases, nodes int
		score        float64 // NaN: none
		weight, loss float64
		statuses     map[scoring.Status]int
		counts       [5]int
		p, r, f1     float64 // NaN: null
	}
	nan := math.NaN()
	prf := func(tp, fd, fa, fn int) (float64, float64, float64) {
		p, r := float64(tp)/float64(tp+fd+fa), float64(tp)/float64(tp+fn)
		return p, r, 2 * p * r / (p + r)
	}
	rp, rr, rf := prf(9, 3, 2, 3)
	paths := []pathWant{
		{".", "object", 5, 5, mean, 1, 1 - mean, map[scoring.Status]int{scoring.Match: 1, scoring.Partial: 3, scoring.Missing: 1},
			[5]int{9, 3, 2, 3, 1}, rp, rr, rf},
		{".name", "string", 5, 5, 3.75 / 5, 1, (0.1 + 0.4) / 5, map[scoring.Status]int{scoring.Match: 3, scoring.Partial: 1, scoring.Missing: 1},
			[5]int{3, 1, 0, 1, 0}, 0.75, 0.75, 0.75},
		{".n", "number", 5, 5, (2 + 8.0/9) / 5, 0.5, (0.2/9 + 0.2 + 0.2) / 5,
			map[scoring.Status]int{scoring.Match: 2, scoring.Partial: 1, scoring.Type: 1, scoring.Missing: 1},
			[5]int{2, 2, 0, 1, 0}, 0.5, 2.0 / 3, 2 * 0.5 * (2.0 / 3) / (0.5 + 2.0/3)},
		{".tags", "array", 5, 5, 3.5 / 5, 1, (0.2 + 0.4) / 5, map[scoring.Status]int{scoring.Match: 3, scoring.Partial: 1, scoring.Missing: 1},
			[5]int{4, 0, 1, 1, 1}, 0.8, 0.8, 0.8},
		{".tags[]", "string", 4, 6, 4.0 / 6, 1, (0.2 + 0.4) / 5, map[scoring.Status]int{scoring.Match: 4, scoring.Extra: 1, scoring.Missing: 1},
			[5]int{4, 0, 1, 1, 0}, 0.8, 0.8, 0.8},
		{".extra", "number", 1, 1, nan, 0, 0, map[scoring.Status]int{scoring.Extra: 1}, [5]int{0, 0, 1, 0, 0}, 0, nan, nan},
	}
	if len(got) != len(paths) {
		t.Fatalf("%d paths, want %d", len(got), len(paths))
	}
	for i, w := range paths {
		g := got[i]
		var sts [7]int
		for s, n := range w.statuses {
			sts[s] = n
		}
		if g.Path != w.path || g.Kind != w.kind || g.Cases != w.cases || g.Nodes != w.nodes || !optNear(g.Score, g.HasScore, w.score) ||
			g.Weight != w.weight || !near9(g.Loss, w.loss) || g.StatusCounts() != sts || g.LeafCounts() != w.counts ||
			!optNear(g.Precision, g.HasPrecision, w.p) || !optNear(g.Recall, g.HasRecall, w.r) || !optNear(g.F1, g.HasF1, w.f1) {
			t.Errorf("path %+v\nwant      %+v", g, w)
		}
	}
}

func near9(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

func optNear(got float64, has bool, want float64) bool {
	if math.IsNaN(want) {
		return !has
	}
	return has && near9(got, want)
}

// TestMatchThreshold checks --match-threshold on the hand-made dataset:
// with τ = 0.7, a's name (0.75) and b's n (8/9) count as found (TP), not
// as wrong (FD).
func TestMatchThreshold(t *testing.T) {
	dir := "../../testdata/datasets/hand/"
	tau := 0.7
	res := scoreSpec(t, Spec{Ref: dir + "ref.jsonl", Out: dir + "out.jsonl"},
		Config{Weights: mustWeights(t, string(mustRead(t, dir+"weights.json"))), MatchThreshold: &tau})
	want := map[string][5]int{".name": {4, 0, 0, 1, 0}, ".n": {3, 1, 0, 1, 0}, ".": {11, 1, 2, 3, 1}}
	for _, p := range res.Figures.Paths {
		if w, ok := want[p.Path]; ok && p.LeafCounts() != w {
			t.Errorf("%s: counts %v, want %v", p.Path, p.LeafCounts(), w)
		}
	}
}

// TestIgnoredCase checks a case in which nothing takes part: no score,
// status ignored, out of the statistics and of the losses' denominator.
func TestIgnoredCase(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"id": "x", "expected": {"a": 1}, "output": {"a": 2}}
{"id": "y", "expected": {"b": 1, "a": 3}, "output": {"b": 0.5, "a": 3}}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Weights: mustWeights(t, `{"a": 0}`)})
	if err != nil {
		t.Fatal(err)
	}
	f := res.Figures
	if c := f.Cases[0]; c.Status != CaseIgnored || c.HasScore {
		t.Errorf("case x: %+v", c)
	}
	// y: b = 1 − 0.5/1.5 = 2/3, the only key taking part.
	if st := f.Stats; st.Ignored != 1 || st.Scored != 1 || st.N != 1 || !near9(f.Score, 2.0/3) || st.HasSpread {
		t.Errorf("stats %+v, score %v", st, f.Score)
	}
	root := f.Paths[0]
	if root.Status(6) != 1 || root.Nodes != 2 || !near9(root.Loss, 1.0/3) {
		t.Errorf("root %+v", root)
	}
}

// TestRules checks a rules file over a dataset (docs/weights-and-rules.md): its rules apply
// to every case, and a path no case has is an error naming its entry.
func TestRules(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"v": "Café", "n": 10}, "output": {"v": "Cafe", "n": 10.4}}
{"expected": {"v": "Zoë", "n": 1, "x": {"y": "a"}}, "output": {"v": "Zoe", "n": 1}}
`})
	rules := func(src string) *scoring.RuleSet {
		rs, err := scoring.ParseRules("rules.json", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		return rs
	}
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Rules: rules(`{".v": {"normalize": ["accents"]}, ".n": {"abs_tol": 0.5}, ".x.y": "exact"}`)})
	if err != nil {
		t.Fatal(err)
	}
	// Case 1: v and n within their rules, 1; case 2: v 1, n 1, x missing
	// (its y 0): (1 + 1 + 0)/3.
	if want := (1 + 2.0/3) / 2; !near9(res.Figures.Score, want) {
		t.Errorf("score %v, want %v", res.Figures.Score, want)
	}
	_, err = run(t, dir, Spec{Ref: "d.jsonl"}, Config{Rules: rules(`{".v": "exact", ".x.z": "exact"}`)})
	if err == nil || !strings.HasPrefix(err.Error(), "rules.json:1:17: .x.z: the reference has no such path") {
		t.Errorf("a path no case has: %v", err)
	}
	lynxius, _ := scoring.LookupMetric("lynxius")
	if _, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Metric: lynxius, Rules: rules(`{".v": "exact"}`)}); err == nil {
		t.Error("lynxius took rules")
	}
}
