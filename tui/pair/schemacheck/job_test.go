package schemacheck

import (
	"testing"

	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/tui/common"
)

// TestCheckedSaysAndDropsStale runs the check in the background as the
// page does: the answer of an older Start, or of another check, changes
// nothing; the latest marks the violations and says how many.
func TestCheckedSaysAndDropsStale(t *testing.T) {
	tr := scoringtest.Pair(t, `{"a": 1, "b": "x"}`, `{"a": "one", "b": 2}`, "")
	sch, err := validate.Compile("s.json", []byte(`{"properties": {"a": {"type": "number"}, "b": {"type": "string"}}}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var bg common.Background
	sc := New("s.json")
	old := sc.Start(&bg, sch, tr.Out())().(CheckedMsg)
	latest := sc.Start(&bg, sch, tr.Out())().(CheckedMsg)
	if _, _, ok := sc.Checked(old, tr, "out.json"); ok || !sc.pending {
		t.Fatal("an older check's answer was taken")
	}
	if _, _, ok := New("s.json").Checked(latest, tr, "out.json"); ok {
		t.Fatal("another check's answer was taken")
	}
	st, marked, ok := sc.Checked(latest, tr, "out.json")
	if want := "schema s.json: 2 violations, marked ! in the tree"; !ok || !marked || st.Text != want {
		t.Errorf("status %q (ok %v, marked %v), want %q", st.Text, ok, marked, want)
	}
	if sc.Count() != 2 || len(sc.Unplaced()) != 0 {
		t.Errorf("%d violations, %d unplaced", sc.Count(), len(sc.Unplaced()))
	}
	var none *Check
	if cmd := none.Start(&bg, sch, tr.Out()); cmd != nil {
		t.Error("no --schema started a check")
	}
}
