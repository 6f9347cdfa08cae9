package calibrate

import (
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// TestDisagreements: scores 0.9 0.8 0.2 0.1 against labels 0.1 0.8 0.3
// 0.9: by score the ranks are 4 3 2 1, by label 1 3 2 4; the gaps
// (over 4 cases) are +0.75, 0, 0, −0.75: the first and last cases lead,
// the first (score high, label low) before the last.
func TestDisagreements(t *testing.T) {
	cases := []dataset.CaseFigures{
		{ID: "a", Score: 0.9, HasScore: true}, {ID: "b", Score: 0.8, HasScore: true},
		{ID: "c", Score: 0.2, HasScore: true}, {ID: "d", Score: 0.1, HasScore: true},
	}
	l := &Labels{Kind: Grade, Items: []Label{{ID: "a", Case: -1, Value: 0.1}, {ID: "b", Case: -1, Value: 0.8},
		{ID: "c", Case: -1, Value: 0.3}, {ID: "d", Case: -1, Value: 0.9}}}
	p := l.Pair(cases)
	got := p.Disagreements(cases)
	want := []Disagreement{{0, 0.9, 0.1, 0.75}, {3, 0.1, 0.9, -0.75}, {1, 0.8, 0.8, 0}, {2, 0.2, 0.3, 0}}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("disagreements %+v, want %+v", got, want)
		}
	}
	// τ-b: of 6 pairs, (a,b) (a,c) (a,d) (b,d) (c,d) discordant, (b,c)
	// concordant: (1 − 5)/6.
	near(t, "measure", p.Measure(cases), -4.0/6)
}

// TestGapsOf checks that GapsOf gives each labelled case the gap
// Disagreements does, by case index, and marks the others unlabelled.
func TestGapsOf(t *testing.T) {
	cases := []dataset.CaseFigures{{Score: 0.9}, {Score: 0.2}, {Score: 0.5}, {Score: 0.7}}
	p := &Paired{Kind: Grade, Cases: []int{0, 1, 3}, Values: []float64{0.1, 0.8, 0.5}}
	all := []float64{0.9, 0.2, 0.5, 0.7}
	gaps, labelled := p.GapsOf(all)
	if labelled[2] || !labelled[0] || !labelled[1] || !labelled[3] {
		t.Fatalf("labelled = %v", labelled)
	}
	for _, d := range p.Disagreements(cases) {
		if gaps[d.Case] != d.Gap {
			t.Errorf("case %d: gap %v, Disagreements says %v", d.Case, gaps[d.Case], d.Gap)
		}
	}
	if gaps[0] != 2.0/3 || gaps[1] != -2.0/3 {
		t.Errorf("gaps = %v, want case 0 at 2/3 (scored highest, labelled lowest), case 1 at −2/3", gaps)
	}
}
