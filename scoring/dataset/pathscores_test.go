package dataset

import (
	"math"
	"testing"
)

// TestPathScorerMatchesCasePathScores: the scorer gives every case the
// very figures CasePathScores does, NaN where it does, bit for bit.
func TestPathScorerMatchesCasePathScores(t *testing.T) {
	records := genRecords(t, t.TempDir(), 300, 5)
	d := scoreSpec(t, Spec{Ref: records}, Config{Keep: true}).Scored
	s := d.PathScorer()
	var got, want []float64
	some := 0
	for k := range d.Len() {
		got, want = s.Case(k, got[:0]), d.CasePathScores(k, want[:0])
		if len(got) != len(want) || len(got) != len(d.Paths()) {
			t.Fatalf("case %d: %d figures, want %d", k, len(got), len(want))
		}
		for i := range want {
			if math.Float64bits(got[i]) != math.Float64bits(want[i]) && !(math.IsNaN(got[i]) && math.IsNaN(want[i])) {
				t.Fatalf("case %d, path %s: %v, want %v", k, d.Paths()[i].Path, got[i], want[i])
			}
			if !math.IsNaN(got[i]) && got[i] < 1 {
				some++
			}
		}
	}
	if some == 0 {
		t.Fatal("no case loses anything at any path: the test compares nothing")
	}
}
