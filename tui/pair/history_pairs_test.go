package pair

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// twoPairHistory is pizzaHistory with runs of another pair among the
// pair's: menu.json ⟷ answer.json, run between them.
func twoPairHistory(t testing.TB) *fakeHistory {
	h := pizzaHistory(t)
	h.others = nil
	for i, score := range []float64{0.42, 0.61, 0.58, 0.93} {
		r := pizzaRun(t, 10+i, "menu try", "score", "", "")
		r.Time = runTime(i + 1).Add(8 * time.Minute)
		r.Reference, r.Output, r.Pair, r.ThisPair = "menu.json", "answer.json", "menu.json\x00answer.json", false
		r.Score = score
		h.others = append(h.others, r)
	}
	h.others[2].Count, h.others[2].LastSeen = 2, h.others[2].Time.Add(2*time.Minute)
	return h
}

// TestHistoryPairScreens: every run of two pairs plots a line per pair,
// lettered, the selected run's pair on top; golden screens at 80×24 and
// 120×35, the cursor on a run of each pair.
func TestHistoryPairScreens(t *testing.T) {
	for _, sz := range []struct{ w, h int }{{80, 24}, {120, 35}} {
		for _, c := range []struct {
			name string
			keys []string
		}{
			{"history-pairs-this", []string{"H", "a", "j"}},  // the tui run of this pair
			{"history-pairs-other", []string{"H", "a", "k"}}, // the newest: menu.json
			{"history-pairs-seen", []string{"H", "a", "G", "k", "k", "k"}},
		} {
			t.Run(c.name+"-"+tuitest.Itoa(sz.w)+"x"+tuitest.Itoa(sz.h), func(t *testing.T) {
				opts := pizza(t)
				opts.History = twoPairHistory(t)
				d := newDriver(t, opts, sz.w, sz.h)
				d.Keys(c.keys...)
				screen := d.Screen()
				tuitest.CheckSize(t, screen, sz.w, sz.h)
				golden.RequireEqual(t, []byte(screen))
			})
		}
	}
}

// TestHistoryPairPlot checks the lines of two pairs: two lettered ends,
// the legend naming both, the caption counting the pairs.
func TestHistoryPairPlot(t *testing.T) {
	opts := pizza(t)
	opts.History = twoPairHistory(t)
	d := newDriver(t, opts, 120, 35)
	d.Keys("H", "a")
	screen := d.Screen()
	for _, want := range []string{
		"── score of 9 runs of 2 pairs, a line each, oldest → newest ─",
		"A reference.json ⟷ output.json · B menu.json ⟷ answer.json", // in the order of their first run
	} {
		if !strings.Contains(screen, want) {
			t.Errorf("no %q in\n%s", want, screen)
		}
	}
	// One letter at each line's end, right of the chart.
	ends := 0
	for _, l := range strings.Split(screen, "\n") {
		if strings.Contains(l, "┤") || strings.Contains(l, "┼") {
			t := strings.TrimRight(l, " ")
			if strings.HasSuffix(t, " A") || strings.HasSuffix(t, " B") {
				ends++
			}
		}
	}
	if ends != 2 {
		t.Errorf("%d lettered line ends:\n%s", ends, screen)
	}
	// The pair's own pane draws one line, as before: no legend.
	d.Keys("a")
	if strings.Contains(d.Screen(), "B menu.json") || !strings.Contains(d.Screen(), "── score of 5 runs, oldest → newest") {
		t.Errorf("the pair's pane:\n%s", d.Screen())
	}
}

// TestHistoryOtherPairConfirm: comparing or diffing a run of another pair
// asks first; n leaves things as they were, y goes on.
func TestHistoryOtherPairConfirm(t *testing.T) {
	opts := pizza(t)
	opts.History = twoPairHistory(t)
	d := newDriver(t, opts, 120, 35)
	d.Keys("H", "a", "g") // the newest run is of menu.json ⟷ answer.json
	if r, _ := d.m.Hist.Selected(); r.ThisPair {
		t.Fatalf("selected %+v", r)
	}
	d.Keys("enter")
	status := statusOf(d)
	if d.m.Mode != shell.ModeConfirmPair || !strings.Contains(status, "run 1hthq13k7m is of another pair, menu.json ⟷ answer.json: compare anyway?") ||
		!strings.Contains(status, "y compare · n/esc cancel") {
		t.Fatalf("enter on another pair's run: mode %d, status %q", d.m.Mode, status)
	}
	d.Keys("n")
	if d.m.Mode != shell.ModeHistory || d.m.runs.Comparison() != nil || !strings.Contains(d.statusText(), "canceled") {
		t.Fatalf("n: mode %d, comparison %v, status %q", d.m.Mode, d.m.runs.Comparison() != nil, d.statusText())
	}
	d.Keys("d")
	if d.m.Mode != shell.ModeConfirmPair || !strings.Contains(statusOf(d), "diff anyway?") {
		t.Fatalf("d: mode %d, %q", d.m.Mode, statusOf(d))
	}
	d.Keys("y")
	if d.m.Mode != shell.ModeHistory || d.m.Hist.Shown != runspane.PaneDiff {
		t.Fatalf("y: mode %d, view %d", d.m.Mode, d.m.Hist.Shown)
	}
	d.Keys("esc", "j", "enter") // a run of this pair: no question
	if d.m.Mode != shell.ModeNormal || d.m.runs.Comparison() == nil {
		t.Fatalf("enter on this pair's run: mode %d, comparison %v", d.m.Mode, d.m.runs.Comparison() != nil)
	}
}

// TestBestFollowsMetric: the header's best is of the runs of the metric
// and options in force; switching the metric drops it and asks again.
func TestBestFollowsMetric(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	opts = withMetrics(opts)
	lyn := pizzaRun(t, 8, "lynxius try", "score", "", "")
	lyn.Metric, lyn.Score = "lynxius", 0.5
	h.add(lyn)
	d := newDriver(t, opts, 160, 45)
	if !d.hasBest() || d.best().ID != runID(3) {
		t.Fatalf("best under jsondiff: %+v", d.best())
	}
	d.choose("lynxius")
	if !d.hasBest() || d.best().ID != runID(8) || !strings.Contains(d.Screen(), "best 0.50000 (run 1hthq08k7m, same metric, options & rules)") {
		t.Fatalf("best under lynxius: %v %+v\n%s", d.hasBest(), d.best(), d.Screen())
	}
}

// statusOf returns the screen's last line.
func statusOf(d *driver) string {
	lines := strings.Split(d.Screen(), "\n")
	return lines[len(lines)-1]
}

// TestBestFollowsRules: a rule changed in the explorer makes another
// config: the best of the runs of the former rules goes from the header.
func TestBestFollowsRules(t *testing.T) {
	opts := invoiceInTemp(t)
	h := &fakeHistory{lists: map[bool]int{}}
	r := &ports.RunDetail{RunSummary: ports.RunSummary{ID: runID(1), Time: runTime(1), Source: "score", Metric: "jsondiff",
		Reference: "reference.json", Output: "output.json", Score: 0.9, HasScore: true, Pair: "p", ThisPair: true},
		RulesJSON: opts.Rules.Marshal()}
	h.add(r)
	opts.History = h
	d := newDriver(t, opts, 160, 45)
	if !d.hasBest() || d.best().ID != runID(1) {
		t.Fatalf("best under the file's rules: %v %+v", d.hasBest(), d.best())
	}
	selectPath(t, d, ".invoice_number")
	d.Keys("C", "j", "enter")
	if d.hasBest() || strings.Contains(d.Screen(), "best 0.90000") {
		t.Fatalf("best after a rule changed:\n%s", d.Screen())
	}
}
