package htmlreport

import (
	"bytes"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// TestCIShownInRange: the page of a dataset, and the cards of a
// comparison, show a 95% interval that reaches past the possible range
// (two cases) cut to it: 0 … 1 for a mean score, −1 … +1 for a mean
// change.
func TestCIShownInRange(t *testing.T) {
	figs := &dataset.Figures{Metric: "jsondiff", Score: 0.5, HasScore: true,
		Stats: dataset.Stats{N: 2, Mean: 0.5, HasSpread: true, CI95: [2]float64{-5.8531, 6.8531}}}
	var b bytes.Buffer
	if err := WriteDataset(&b, meta, &Dataset{Figures: figs}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "· 95% CI 0 … 1</span>") {
		t.Errorf("the dataset page lacks the interval 0 … 1")
	}
	c := &dataset.Comparison{Delta: dataset.DeltaStats{N: 2, Mean: 0.4, HasCI: true, CI95: [2]float64{-7.2, 8}}}
	for _, k := range compareCards(c) {
		if k.Name == "95% CI of Δ mean" {
			if k.Value != "-1 … +1" {
				t.Errorf("card %q, want -1 … +1", k.Value)
			}
			return
		}
	}
	t.Error("no card of the interval")
}
