package runspane

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestRunWeightsRefusesAMisfit: a run's weights that do not fit the
// reference, or out of range, are refused; a run with no weights weighs
// every key 1.
func TestRunWeightsRefusesAMisfit(t *testing.T) {
	ref, out, w := scoringtest.Case(t, "pizza")
	tr := scoringtest.Build(t, ref, out, w, scoring.Options{})
	run := &ports.RunDetail{RunSummary: ports.RunSummary{ID: "1hthq09k7m2p9a4r8z6w"}, WeightsJSON: []byte(`{"beer": {"x": 1}}`)}
	_, _, err := RunWeights(tr.Clone(), run)
	if err == nil || !strings.Contains(err.Error(), "its weights do not fit this reference") {
		t.Errorf("error %v", err)
	}
	run.WeightsJSON = []byte(`{"beer": 2}`)
	if _, _, err := RunWeights(tr.Clone(), run); err == nil {
		t.Error("a weight of 2 was taken")
	}
	run.WeightsJSON = nil
	weights, ignored, err := RunWeights(tr.Clone(), run)
	if err != nil || ignored.N != 0 || len(ignored.First) != 0 {
		t.Fatal(err, ignored)
	}
	for i, sl := range tr.Slots() {
		if sl.IsKey() && weights[i] != 1 {
			t.Errorf("slot %d weighs %v", i, weights[i])
		}
	}
}
