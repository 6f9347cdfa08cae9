package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// sleep is Student's sleep data (R's datasets::sleep): the extra hours of
// sleep of ten patients under two drugs. R's paired t-test of it,
// t.test(extra ~ group, data = sleep, paired = TRUE), is published in R's
// documentation: mean of the differences -1.58, t = -4.0621, df = 9,
// p-value = 0.002833, 95 percent confidence interval -2.4598858
// -0.7001142.
var sleep1 = []float64{0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0}
var sleep2 = []float64{1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4}

func near(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if math.Abs(got-want) > tol {
		t.Errorf("%s = %.12g, want %.12g (±%g)", what, got, want, tol)
	}
}

func TestPairedStatsSleep(t *testing.T) {
	d := make([]float64, len(sleep1))
	for i := range d {
		d[i] = sleep1[i] - sleep2[i]
	}
	st := pairedStats(d, 0, 9) // nine fell, one (patient 5) did not change
	// By hand: Σd = -15.8, mean -1.58; Σd² = 38.58, so Σ(d−mean)² =
	// 38.58 − 10·1.58² = 13.616, std = √(13.616/9) = 1.2299954833,
	// se = std/√10 = 0.3889587, t = -1.58/se = -4.0621277.
	if st.N != 10 || !st.HasCI || !st.HasPT || !st.HasPSign {
		t.Fatalf("stats %+v: want N 10 with CI, t-test and sign test", st)
	}
	near(t, "mean", st.Mean, -1.58, 1e-12)
	near(t, "std", st.Std, math.Sqrt(13.616/9), 1e-12)
	near(t, "t", st.T, -1.58/(math.Sqrt(13.616/9)/math.Sqrt(10)), 1e-9)
	near(t, "t (R)", st.T, -4.0621, 5e-5)
	near(t, "p (R)", st.PT, 0.002833, 5e-7)
	near(t, "CI low (R)", st.CI95[0], -2.4598858, 5e-8)
	near(t, "CI high (R)", st.CI95[1], -0.7001142, 5e-8)
	// The sign test: 0 improved, 9 regressed: 2·(½)⁹.
	near(t, "p sign", st.PSign, 2.0/512, 1e-15)
}

func TestSignTestP(t *testing.T) {
	for _, c := range []struct {
		up, down int
		want     float64
	}{
		// 12 changed, 2 one way: P(X ≤ 2) = (C(12,0)+C(12,1)+C(12,2))/2¹²
		// = (1+12+66)/4096 = 79/4096; two-sided, twice that.
		{2, 10, 2 * 79.0 / 4096},
		{10, 2, 2 * 79.0 / 4096},
		{9, 0, 2.0 / 512},
		// 5 against 5 and 1 against 2: as even as can be, p = 1.
		{5, 5, 1},
		{1, 2, 1},
		{0, 0, 1},
		// 20 changed, 5 one way: (1+20+190+1140+4845+15504)/2²⁰ = 21700/1048576.
		{5, 15, 2 * 21700.0 / 1048576},
	} {
		near(t, "SignTestP", SignTestP(c.up, c.down), c.want, 1e-13)
	}
}

func TestTTestP(t *testing.T) {
	// t(0.975, 10) = 2.228139 (published tables): its two-sided p is 0.05.
	near(t, "p(2.228139, 10)", TTestP(2.228139, 10), 0.05, 1e-6)
	near(t, "p(-2.228139, 10)", TTestP(-2.228139, 10), 0.05, 1e-6)
	// One degree of freedom is Cauchy's distribution: p = 1 − (2/π)·atan|t|.
	for _, x := range []float64{0.3, 1, 4.5} {
		near(t, "p df 1", TTestP(x, 1), 1-2/math.Pi*math.Atan(x), 1e-12)
	}
	// Three: F(t) = ½ + (1/π)(u/(1+u²) + atan u), u = t/√3.
	for _, x := range []float64{0.29277, 2, 7} {
		u := x / math.Sqrt(3)
		near(t, "p df 3", TTestP(x, 3), 1-2/math.Pi*(u/(1+u*u)+math.Atan(u)), 1e-12)
	}
	near(t, "p(0)", TTestP(0, 5), 1, 0)
}

// figs makes the figures of a dataset whose cases have the given ids and
// scores (NaN: no score).
func figs(score float64, ids []string, scores []float64) *Figures {
	f := &Figures{Metric: "jsondiff", Score: score, HasScore: true}
	for i, id := range ids {
		c := CaseFigures{ID: id, Status: CaseScored, Score: scores[i], HasScore: !math.IsNaN(scores[i])}
		if !c.HasScore {
			c.Status, c.Score = CaseIgnored, 0
		}
		f.Cases = append(f.Cases, c)
	}
	return f
}

func TestCompareSleep(t *testing.T) {
	ids := []string{"p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10"}
	a, b := make([]float64, 10), make([]float64, 10)
	for i := range a {
		a[i], b[i] = (sleep1[i]+2)/10, (sleep2[i]+2)/10
	}
	c := Compare(CompareSide{ID: "runa", Figures: figs(0.5, ids, a)}, CompareSide{ID: "runb", Figures: figs(0.658, ids, b)})
	if c.Paired != 10 || c.Improved != 9 || c.Regressed != 0 || c.Unchanged != 1 {
		t.Fatalf("paired %d: %d improved, %d regressed, %d unchanged; want 10: 9, 0, 1", c.Paired, c.Improved, c.Regressed, c.Unchanged)
	}
	// The scores are R's figures over 10 (and B − A, not A − B).
	near(t, "mean", c.Delta.Mean, 0.158, 1e-12)
	near(t, "CI low", c.Delta.CI95[0], 0.07001142, 5e-9)
	near(t, "CI high", c.Delta.CI95[1], 0.24598858, 5e-9)
	near(t, "p", c.Delta.PT, 0.002833, 5e-7)
	near(t, "p sign", c.Delta.PSign, 2.0/512, 1e-15)
	want := "B is better by +0.158 (95% CI +0.070 … +0.246, t-test p = 0.003, sign test p = 0.004; 9 cases improved, 0 regressed)."
	if got := c.Verdict(); got != want {
		t.Errorf("verdict:\n got %s\nwant %s", got, want)
	}
	// The most improved: p9 (+0.46), p2 (+0.24), p7 (+0.18), p10 (+0.14),
	// p3 and p4 (+0.13 each), p1 (+0.12), p6 (+0.1), p8 (+0.08).
	var got []string
	for _, d := range c.MostImproved {
		got = append(got, d.ID)
	}
	if s := strings.Join(got, " "); s != "p9 p2 p7 p10 p3 p4 p1 p6 p8" {
		t.Errorf("most improved: %s", s)
	}
	if len(c.MostRegressed) != 0 {
		t.Errorf("most regressed: %v", c.MostRegressed)
	}
	// Swapped, B is worse by as much.
	r := Compare(CompareSide{ID: "runb", Figures: figs(0.658, ids, b)}, CompareSide{ID: "runa", Figures: figs(0.5, ids, a)})
	want = "B is worse by -0.158 (95% CI -0.246 … -0.070, t-test p = 0.003, sign test p = 0.004; 0 cases improved, 9 regressed)."
	if got := r.Verdict(); got != want {
		t.Errorf("verdict swapped:\n got %s\nwant %s", got, want)
	}
}

func TestCompareVerdicts(t *testing.T) {
	ids := []string{"a", "b", "c", "d"}
	same := []float64{0.5, 0.5, 0.5, 0.5}
	for _, c := range []struct {
		name string
		a, b []float64
		want string
	}{
		{"not significant", same, []float64{0.6, 0.4, 0.55, 0.5},
			// mean 0.0125, std √(0.021875/3), t(0.975, 3) = 3.182446:
			// CI 0.0125 ± 0.135876; t = 0.29277, p = 0.789 (TestTTestP).
			"No significant difference: B − A = +0.013 (95% CI -0.123 … +0.148, t-test p = 0.789, sign test p = 1; 2 cases improved, 1 regressed)."},
		{"no change", same, []float64{0.5, 0.5, 0.5, 0.5 + 1e-10},
			"A and B score the same on every one of the 4 paired cases."},
		{"no spread, too few", same, []float64{0.6, 0.6, 0.6, 0.6},
			"B is better by +0.100 on each of the 4 paired cases: too few to be significant (sign test p = 0.125)."},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmp := Compare(CompareSide{Figures: figs(0.5, ids, c.a)}, CompareSide{Figures: figs(0.5, ids, c.b)})
			if got := cmp.Verdict(); got != c.want {
				t.Errorf("verdict:\n got %s\nwant %s", got, c.want)
			}
		})
	}
	// Eight cases all up by 0.1: the sign test's p is 2/2⁸.
	eight := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	a8 := []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8}
	b8 := []float64{0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9}
	cmp := Compare(CompareSide{Figures: figs(0.45, eight, a8)}, CompareSide{Figures: figs(0.55, eight, b8)})
	want := "B is better by +0.100 on every one of the 8 paired cases (sign test p = 0.008)."
	if got := cmp.Verdict(); got != want || cmp.Delta.HasPT {
		t.Errorf("verdict (has p_t %v):\n got %s\nwant %s", cmp.Delta.HasPT, got, want)
	}
	one := Compare(CompareSide{Figures: figs(0.5, []string{"x"}, []float64{0.5})}, CompareSide{Figures: figs(0.7, []string{"x"}, []float64{0.7})})
	if got, want := one.Verdict(), "B is better by +0.200 on the one paired case: too few cases to test."; got != want {
		t.Errorf("verdict:\n got %s\nwant %s", got, want)
	}
	none := Compare(CompareSide{Figures: figs(0.5, []string{"x"}, []float64{0.5})}, CompareSide{Figures: figs(0.7, []string{"y"}, []float64{0.7})})
	if got, want := none.Verdict(), "No case has a score in both runs: nothing to compare (A has 1 case, B 1; 0 in common)."; got != want {
		t.Errorf("verdict:\n got %s\nwant %s", got, want)
	}
}

// compareFixture is two runs whose cases and paths differ in every way a
// comparison tells.
func compareFixture() (CompareSide, CompareSide) {
	nan := math.NaN()
	fa := figs(0.6, []string{"c1", "c2", "c3", "c4", "c5", "x9"}, []float64{0.5, 0.8, 1, nan, 0.2, 0.3})
	fb := figs(0.7, []string{"c3", "c1", "c2", "c4", "c5", "y7"}, []float64{1, 0.7, 0.6, 0.9, 0.2 + 5e-10, 0.1})
	fa.Paths = []PathFigures{
		{Path: ".", Score: 0.6, HasScore: true, Weight: 1, Loss: 0.4},
		{Path: ".name", Score: 0.5, HasScore: true, Weight: 1, Loss: 0.25},
		{Path: ".old", Score: 1, HasScore: true, Weight: 1, Loss: 0},
	}
	fb.Paths = []PathFigures{
		{Path: ".", Score: 0.7, HasScore: true, Weight: 1, Loss: 0.3},
		{Path: ".name", Score: 0.75, HasScore: true, Weight: 2, Loss: 0.1},
		{Path: ".new", Weight: 1, Loss: 0},
	}
	fb.Options = []string{"--lists=best"}
	return CompareSide{ID: "runa", Figures: fa}, CompareSide{ID: "runb", Figures: fb, Rules: "abc123"}
}

func TestCompareCasesAndPaths(t *testing.T) {
	c := Compare(compareFixture())
	if c.Paired != 4 || c.Improved != 1 || c.Regressed != 1 || c.Unchanged != 2 {
		t.Errorf("paired %d: %d improved, %d regressed, %d unchanged; want 4: 1, 1, 2", c.Paired, c.Improved, c.Regressed, c.Unchanged)
	}
	if strings.Join(c.OnlyA, ",") != "x9" || strings.Join(c.OnlyB, ",") != "y7" || strings.Join(c.Unscored, ",") != "c4" {
		t.Errorf("only A %v, only B %v, unscored %v", c.OnlyA, c.OnlyB, c.Unscored)
	}
	if len(c.Deltas) != 4 || c.Deltas[0].ID != "c3" || c.Deltas[1].IndexA != 0 || c.Deltas[1].IndexB != 1 {
		t.Errorf("deltas %+v", c.Deltas)
	}
	if len(c.MostImproved) != 1 || c.MostImproved[0].ID != "c1" || len(c.MostRegressed) != 1 || c.MostRegressed[0].ID != "c2" {
		t.Errorf("most improved %+v, most regressed %+v", c.MostImproved, c.MostRegressed)
	}
	if len(c.Weights) != 1 || c.Weights[0] != (WeightDelta{".name", 1, 2}) {
		t.Errorf("weights %+v", c.Weights)
	}
	var paths []string
	for _, p := range c.Paths {
		paths = append(paths, p.Path)
	}
	if s := strings.Join(paths, " "); s != ". .name .new .old" {
		t.Errorf("paths %s", s)
	}
	if d, ok := c.Paths[1].Delta(); !ok || math.Abs(d-0.25) > 1e-15 {
		t.Errorf(".name Δ %v %v", d, ok)
	}
	if _, ok := c.Paths[2].Delta(); ok || c.Paths[2].InA || !c.Paths[3].InA || c.Paths[3].InB {
		t.Errorf(".new and .old: %+v %+v", c.Paths[2], c.Paths[3])
	}
	if c.SameConfig() {
		t.Error("SameConfig: the options and rules differ")
	}
}

func TestComparisonJSON(t *testing.T) {
	c := Compare(compareFixture())
	b, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]any
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	keys := func(v any) string {
		m := v.(map[string]any)
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		return strings.Join(sortStrings(ks), " ")
	}
	for _, c := range []struct{ at, want string }{
		{"", "a b cases delta disagreement improved metric paths regressed rules significant verdict weights"},
		{"a", "cases id score"},
		{"cases", "improved only_a only_b paired regressed unchanged unscored"},
		{"delta", "ci95 mean n p_sign p_t score std t"},
		{"metric", "a b"},
		{"rules", "a b"},
	} {
		v := any(got)
		if c.at != "" {
			v = got[c.at]
		}
		if k := keys(v); k != c.want {
			t.Errorf("keys of %q: %s, want %s", c.at, k, c.want)
		}
	}
	// The paths, the weights and one case, whole.
	var j struct {
		Paths     json.RawMessage `json:"paths"`
		Weights   json.RawMessage `json:"weights"`
		Regressed json.RawMessage `json:"regressed"`
		Rules     json.RawMessage `json:"rules"`
		Delta     struct {
			PSign float64 `json:"p_sign"`
		} `json:"delta"`
	}
	json.Unmarshal(b, &j)
	for _, c := range []struct{ got, want string }{
		{string(j.Paths), `[{"path":".","a":0.6,"b":0.7,"delta":0.09999999999999998,"loss_a":0.4,"loss_b":0.3,"loss_delta":-0.10000000000000003},` +
			`{"path":".name","a":0.5,"b":0.75,"delta":0.25,"loss_a":0.25,"loss_b":0.1,"loss_delta":-0.15},` +
			`{"path":".new","a":null,"b":null,"delta":null,"loss_a":null,"loss_b":0,"loss_delta":0},` +
			`{"path":".old","a":1,"b":null,"delta":null,"loss_a":0,"loss_b":null,"loss_delta":0}]`},
		{string(j.Weights), `[{"path":".name","a":1,"b":2}]`},
		{string(j.Regressed), `[{"id":"c2","a":0.8,"b":0.6,"delta":-0.20000000000000007,"status_a":"scored","status_b":"scored"}]`},
		{string(j.Rules), `{"a":null,"b":"abc123"}`},
	} {
		if c.got != c.want {
			t.Errorf("JSON:\n got %s\nwant %s", c.got, c.want)
		}
	}
	if j.Delta.PSign != 1 { // one up, one down
		t.Errorf("p_sign %v", j.Delta.PSign)
	}
}

func TestWriteComparisonText(t *testing.T) {
	c := Compare(compareFixture())
	var buf bytes.Buffer
	if err := WriteComparisonText(&buf, c, CompareTextOptions{A: "runa  model-a.jsonl", B: "runb  model-b.jsonl"}); err != nil {
		t.Fatal(err)
	}
	want := `No significant difference: B − A = 0 (95% CI -0.260 … +0.260, t-test p = 1, sign test p = 1; 1 case improved, 1 regressed).

A  runa  model-a.jsonl
B  runb  model-b.jsonl

score      0.6 → 0.7  (+0.1)
cases      4 paired: 1 improved, 1 regressed, 2 unchanged · 1 only in A · 1 only in B · 1 without a score in A or B
paired Δ   mean +1.25e-10 · 95% CI -0.259846 … +0.259846 · t = 0.000 (df 3) · p = 1
sign test  1 improved vs 1 regressed · p = 1
metric     jsondiff → jsondiff [--lists=best]
rules      none → abc123

weights changed (1)
  .name  1 → 2

most regressed (1 of 1)
  case    A    B     Δ
  c2    0.8  0.6  -0.2

most improved (1 of 1)
  case    A    B     Δ
  c1    0.5  0.7  +0.2

paths whose score or loss changed (4 of 4)
  path             A     B  Δ score  loss A  loss B  Δ loss
  .              0.6   0.7     +0.1     0.4     0.3    -0.1
  .name          0.5  0.75    +0.25    0.25     0.1   -0.15
  .new (only B)    —   n/a                0       0       0
  .old (only A)    1     —                0       0       0

only in A (1): x9

only in B (1): y7

without a score in A or B (not paired) (1): c4
`
	if got := buf.String(); got != want {
		t.Errorf("text:\n%s\nwant:\n%s", got, want)
	}
}

func sortStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

func TestCaseScoreText(t *testing.T) {
	for _, c := range []struct {
		v    float64
		st   CaseStatus
		want string
	}{{0.8, CaseScored, "0.8"}, {0, CaseMissing, "0 (missing)"}, {0, CaseInvalid, "0 (invalid)"}} {
		if got := caseScore(c.v, c.st); got != c.want {
			t.Errorf("caseScore(%v, %v) = %q, want %q", c.v, c.st, got, c.want)
		}
	}
}

func TestPValueText(t *testing.T) {
	for _, c := range []struct {
		p    float64
		want string
	}{{0.0024, "p = 0.002"}, {0.57, "p = 0.57"}, {1, "p = 1"}, {0.001, "p = 0.001"}, {0.00099, "p < 0.001"}, {1e-300, "p < 0.001"}} {
		if got := PValue(c.p); got != c.want {
			t.Errorf("PValue(%v) = %q, want %q", c.p, got, c.want)
		}
	}
	// A difference far beyond chance reads "p < 0.001", never "p = < 0.001".
	ids := make([]string, 50)
	a, b := make([]float64, 50), make([]float64, 50)
	for i := range ids {
		ids[i] = strconv.Itoa(i)
		a[i], b[i] = 0.5, 0.6+float64(i%5)/100
	}
	got := Compare(CompareSide{Figures: figs(0.5, ids, a)}, CompareSide{Figures: figs(0.62, ids, b)}).Verdict()
	if want := "B is better by +0.120 (95% CI +0.116 … +0.124, t-test p < 0.001, sign test p < 0.001; 50 cases improved, 0 regressed)."; got != want {
		t.Errorf("verdict:\n got %s\nwant %s", got, want)
	}
}

// TestCompareDisagreement: many small gains against one large loss make
// the sign test significant and the t-test not; the verdict names both
// tests and one line says why they disagree.
func TestCompareDisagreement(t *testing.T) {
	var ids []string
	a, b := make([]float64, 12), make([]float64, 12)
	for i := range a {
		ids = append(ids, fmt.Sprintf("c%02d", i))
		a[i], b[i] = 0.5, 0.52
	}
	b[11] = 0 // one answer lost
	c := Compare(CompareSide{ID: "a", Figures: figs(0.5, ids, a)}, CompareSide{ID: "b", Figures: figs(0.5, ids, b)})
	if !(c.Delta.PSign < Significance) || c.Delta.PT < Significance {
		t.Fatalf("p_sign %v, p_t %v: want the sign test alone significant", c.Delta.PSign, c.Delta.PT)
	}
	want := "No significant difference: B − A = -0.023 (95% CI -0.119 … +0.072, t-test p = 0.601, sign test p = 0.006; 11 cases improved, 1 regressed)."
	if got := c.Verdict(); got != want {
		t.Errorf("verdict:\n got %s\nwant %s", got, want)
	}
	want = "The tests disagree: 11 of the 12 cases that changed got better (sign test p = 0.006), but a few large swings the other way keep the mean change uncertain (t-test p = 0.601) (the largest -0.500, case c11)."
	if got := c.Disagreement(); got != want {
		t.Errorf("disagreement:\n got %s\nwant %s", got, want)
	}
	same := Compare(CompareSide{ID: "a", Figures: figs(0.5, ids, a)}, CompareSide{ID: "a", Figures: figs(0.5, ids, a)})
	if got := same.Disagreement(); got != "" {
		t.Errorf("no change: %q", got)
	}
}
