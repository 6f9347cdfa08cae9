package pair

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/ports"
)

// invoiceRun is a recorded run of the invoice case scored by metric
// with options (canonical), the i-th of the fake history.
func invoiceRun(i int, metric string, options ...string) *ports.RunDetail {
	return &ports.RunDetail{RunSummary: ports.RunSummary{ID: runID(i), Time: runTime(i), Source: "tui", Metric: metric,
		Reference: "reference.json", Output: "output.json", Score: 0.9, HasScore: true, ThisPair: true},
		Options: options}
}

// TestLoadRunRestoresPairing: R on a run restores the pairing the run was
// scored with (--lists, as p cycles it) with its weights, says so, and
// keeps it in force for what follows (p, the metric chooser, the record
// at quit); a run of the default pairing puts that back, and a run of a
// Metric that pairs lists its own way leaves the pairing in force.
func TestLoadRunRestoresPairing(t *testing.T) {
	rec := &fakeRecorder{}
	opts := invoiceCase(t)
	opts.Recorder = rec
	f := &fakeHistory{lists: map[bool]int{}}
	f.add(invoiceRun(0, "lynxius"))
	f.add(invoiceRun(1, "jsondiff"))
	f.add(invoiceRun(2, "jsondiff", "abs-tol=0.5", "lists=.line_items=key=sku"))
	opts.History = f
	d := newDriver(t, opts, 160, 45)
	check := func(step, options string, want float64, status string) {
		t.Helper()
		if got := strings.Join(d.m.metric.Options, " "); got != options {
			t.Errorf("%s: options in force %q, want %q", step, got, options)
		}
		if got := strings.Join(d.m.opts.MetricOptions.Strings(), " "); got != options {
			t.Errorf("%s: the user's options %q, want %q", step, got, options)
		}
		if got := total(d); !near(got, want) {
			t.Errorf("%s: total %.17g, want %.17g", step, got, want)
		}
		if s := d.statusText(); !strings.HasPrefix(s, status) {
			t.Errorf("%s: status %q, want %q", step, s, status)
		}
	}
	// The newest run paired .line_items by key=sku: restored, its other
	// option (abs-tol) not, as for the rules.
	d.Keys("H", "g", "R")
	check("key=sku", "lists=.line_items=key=sku", 0.9110110028860029,
		"loaded the pairing of run 1hthq02k7m (--lists .line_items=key=sku), its weights are those in force: total 0.89441 → 0.91101")
	// p goes on from the pairing restored: key=sku is followed by
	// key=description.
	d.Keys(toLineItems...)
	d.Keys("p")
	check("p after", "lists=.line_items=key=description", 0.9110110028860029, ".line_items paired by key=description")
	// The run of the default pairing puts it back.
	d.Keys("H", "g", "j", "R")
	check("index", "", 0.894405385213488,
		"loaded the pairing of run 1hthq01k7m (--lists index, the default), its weights are those in force: total 0.91101 → 0.89441")
	// A run of a metric that pairs lists its own way says nothing of the
	// pairing: the one in force stays.
	d.Keys("H", "g", "R")
	d.Keys("H", "G", "R")
	check("lynxius", "lists=.line_items=key=sku", 0.9110110028860029, "the weights in force are those of run 1hthq00k7m already")
	// The pairing restored is recorded with the run at quit.
	d.Keys("q")
	last := rec.runs[len(rec.runs)-1]
	if last.Event != ports.RunQuit || strings.Join(last.Options, " ") != "lists=.line_items=key=sku" || !near(last.Score, 0.9110110028860029) {
		t.Errorf("recorded %s run: options %q, score %v", last.Event, last.Options, last.Score)
	}
}

// TestLoadRunRestoresPairingAndWeights: a run whose weights differ too
// loads both as one step, and the status line names the pairing beside
// the weights.
func TestLoadRunRestoresPairingAndWeights(t *testing.T) {
	opts := invoiceCase(t)
	f := &fakeHistory{lists: map[bool]int{}}
	r := invoiceRun(0, "jsondiff", "lists=best")
	r.WeightsJSON = []byte(`{"vendor": 0.5}`)
	f.add(r)
	opts.History = f
	d := newDriver(t, opts, 160, 45)
	d.Keys("H", "g", "R")
	if got := strings.Join(d.m.opts.MetricOptions.Strings(), " "); got != "lists=best" {
		t.Errorf("the user's options %q", got)
	}
	if got := d.m.opts.MetricOptions.ListsFor(".line_items"); got != (scoring.Lists{Mode: scoring.ListBest}) {
		t.Errorf(".line_items pairs by %v", got)
	}
	want := "loaded the weights of run 1hthq00k7m and its pairing (--lists best): 1 weight changed, total 0.89441 → "
	if s := d.statusText(); !strings.HasPrefix(s, want) {
		t.Errorf("status %q, want %q", s, want)
	}
	if !d.m.wsess.Dirty() {
		t.Error("the run's weights are not in force")
	}
}
