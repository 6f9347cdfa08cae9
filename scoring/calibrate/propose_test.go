package calibrate

import (
	"testing"
)

// TestPropose: from all weights 1, with labels that weigh f0 most and
// f5 least, the proposal lowers a weight, and taking it raises the
// agreement by what it announced.
func TestPropose(t *testing.T) {
	const n = 300
	d := synthetic(t, n, 6, 11)
	m, err := d.WeightModel()
	if err != nil {
		t.Fatal(err)
	}
	p := hiddenLabels(m, n, []float64{1, 0.9, 0.8, 0.7, 0.6, 0}, 0.01, false, 12)
	pr, ok := Propose(m, p, m.Start())
	if !ok {
		t.Fatal("no proposal")
	}
	t.Logf("%+v gain %.4f", pr, pr.Gain())
	if pr.Path != ".f5" || pr.From != 1 || pr.To >= 0.5 || pr.Gain() <= 0 {
		t.Fatalf("proposal %+v", pr)
	}
	if err := d.SetWeight(pr.Path, pr.To); err != nil {
		t.Fatal(err)
	}
	got := p.Agree(d.Figures().Cases, 1).KendallTauB.Value
	near(t, "tau-b after the proposal", got, pr.After)
	// At the weights that made the labels, nothing is to be gained.
	if pr, ok := Propose(m, p, []float64{1, 0.9, 0.8, 0.7, 0.6, 0}); ok && pr.Gain() > 0.01 {
		t.Errorf("at the labels' weights: %+v", pr)
	}
}
