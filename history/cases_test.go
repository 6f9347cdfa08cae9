package history

import (
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// TestRunCases: Cases yields every reference case of a run in its order,
// across segments, each as Case gives it alone.
func TestRunCases(t *testing.T) {
	spec := dataset.Spec{Ref: genDataset(t, 2100)} // two segments of 2048 cases
	res, p := recordDataset(t, spec, dataset.Config{}, nil)
	s := tempStore(t)
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	run, _ := storedSame(t, s, id, res.Figures)
	k := 0
	for rc, err := range run.Cases() {
		if err != nil {
			t.Fatal(err)
		}
		want := res.Figures.Cases[k]
		if rc.ID != want.ID || rc.Score != want.Score || rc.Status != want.Status {
			t.Fatalf("case %d: %s %v %v, want %s %v %v", k, rc.ID, rc.Score, rc.Status, want.ID, want.Score, want.Status)
		}
		if k == 0 || k == 2047 || k == 2048 || k == 2099 {
			alone, err := run.Case(want.ID)
			if err != nil {
				t.Fatal(err)
			}
			sameCaseNodes(t, want.ID, collect(rc.Report.Nodes), collect(alone.Report.Nodes))
		}
		k++
	}
	if k != len(res.Figures.Cases) {
		t.Fatalf("%d cases yielded, want %d", k, len(res.Figures.Cases))
	}
}
