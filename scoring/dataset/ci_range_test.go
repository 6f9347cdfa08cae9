package dataset

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

// TestShownCIInRange: with two cases the t-interval (t(0.975, 1) =
// 12.706) reaches far past the range a mean score (0 … 1) or a mean
// change (−1 … 1) can take; the reports show it cut to that range, and
// CI95 keeps the formula's figures.
func TestShownCIInRange(t *testing.T) {
	var st Stats
	scoreStats(&st, []float64{0, 1}, nil)
	half := TQuantile(0.975, 1) * math.Sqrt(0.5) / math.Sqrt(2)
	if st.CI95 != [2]float64{0.5 - half, 0.5 + half} {
		t.Errorf("CI95 %v, want 0.5 ± %v", st.CI95, half)
	}
	if ci, cut := st.ShownCI(); ci != [2]float64{0, 1} || !cut {
		t.Errorf("shown %v cut %v, want [0 1] true", ci, cut)
	}
	f := &Figures{Metric: "jsondiff", Score: 0.5, HasScore: true, Stats: st}
	head := Summary(Header{Reference: "d.jsonl", Output: "d.jsonl"}, f)[0]
	if !strings.HasPrefix(head, "jsondiff 0.5 (95% CI 0 … 1)  ") {
		t.Errorf("headline %q", head)
	}
	if got := ciNote(&st); got != "95% CI 0.00000 … 1.00000 (t, n − 1 = 1: -5.85310 … 6.85310, cut to the scores' range 0 … 1)" {
		t.Errorf("explain %q", got)
	}
	var md bytes.Buffer
	if err := WriteMarkdown(&md, Header{Reference: "d.jsonl", Output: "d.jsonl"}, f, TextOptions{}); err != nil {
		t.Fatal(err)
	}
	if line, _, _ := strings.Cut(md.String(), "\n"); line != "### jsondiff dataset score: 0.5 (95% CI 0 … 1)" {
		t.Errorf("markdown title %q", line)
	}

	// A tighter interval is shown as it is, with its ±.
	var tight Stats
	scoreStats(&tight, []float64{0.5, 0.6, 0.7}, nil)
	if ci, cut := tight.ShownCI(); ci != tight.CI95 || cut {
		t.Errorf("tight shown %v cut %v, want %v false", ci, cut, tight.CI95)
	}
	if got := ciText(&tight); got != " ± 0.248414 (95% CI 0.351586 … 0.848414)" {
		t.Errorf("tight headline %q", got)
	}
}

// TestShownDeltaCIInRange: two paired cases whose changes are −0.2 and
// +1 have a t-interval of 0.4 ± 7.62; every report of the comparison
// shows −1 … +1.
func TestShownDeltaCIInRange(t *testing.T) {
	ids := []string{"a", "b"}
	c := Compare(CompareSide{ID: "runa", Figures: figs(0.6, ids, []float64{1, 0})},
		CompareSide{ID: "runb", Figures: figs(0.9, ids, []float64{0.8, 1})})
	d := c.Delta
	if !d.HasCI || d.CI95[0] >= -1 || d.CI95[1] <= 1 {
		t.Fatalf("the fixture's t-interval %v is within −1 … 1", d.CI95)
	}
	if ci, cut := d.ShownCI(); ci != [2]float64{-1, 1} || !cut {
		t.Errorf("shown %v cut %v, want [-1 1] true", ci, cut)
	}
	const want = "(95% CI -1.000 … +1.000, "
	if v := c.Verdict(); !strings.Contains(v, want) {
		t.Errorf("verdict %q lacks %q", v, want)
	}
	var text, md bytes.Buffer
	if err := WriteComparisonText(&text, c, CompareTextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(text.String(), "paired Δ   mean +0.4 · 95% CI -1 … +1 · t = ") {
		t.Errorf("text:\n%s", text.String())
	}
	if err := WriteComparisonMarkdown(&md, c, CompareTextOptions{}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(md.String(), "| +0.4 | -1 … +1 |") {
		t.Errorf("markdown:\n%s", md.String())
	}
}
