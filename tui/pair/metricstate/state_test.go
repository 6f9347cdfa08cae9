package metricstate

import "testing"

// TestWords checks how the metric in force is named: its label with its
// options, a run's options, a run of another metric, and which states
// follow the weights.
func TestWords(t *testing.T) {
	ms := &State{Name: "jsondiff", Options: []string{"abs-tol=0.01", "case-fold"}}
	if got := ms.Label(); got != "jsondiff [abs-tol=0.01 case-fold]" {
		t.Errorf("label %q", got)
	}
	if got := (&State{Name: "lynxius"}).Label(); got != "lynxius" {
		t.Errorf("label without options %q", got)
	}
	if got := OptionsText([]string{"abs-tol=0.01"}); got != " [abs-tol=0.01]" {
		t.Errorf("options %q", got)
	}
	if got := OptionsText(nil); got != "" {
		t.Errorf("no options %q", got)
	}
	if got := ByMetric("lynxius", "jsondiff"); got != " (by lynxius)" {
		t.Errorf("another metric's run %q", got)
	}
	if ByMetric("", "jsondiff") != "" || ByMetric("jsondiff", "jsondiff") != "" {
		t.Error("a run of the metric in force is named")
	}
	for _, c := range []struct {
		ms    State
		tuned bool
	}{{State{}, true}, {State{OneNumber: true}, false}, {State{Fixed: true}, false}} {
		if got := c.ms.Tuned(); got != c.tuned {
			t.Errorf("%+v: tuned %v", c.ms, got)
		}
	}
}
