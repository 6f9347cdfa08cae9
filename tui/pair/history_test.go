package pair

import (
	"errors"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// TestHistoryScreens compares screens of the history pane over five runs
// of the pizza case with golden files (go test ./tui -update writes
// them): the pane with its plot, the tree compared with a run, the diff,
// and a run's weights loaded, then undone.
func TestHistoryScreens(t *testing.T) {
	sizes := []struct{ w, h int }{{80, 24}, {160, 45}}
	cases := []struct {
		name string
		keys []string
	}{
		// The second run listed is "beer counts".
		{"history-pane", []string{"H", "j"}},
		{"history-compare", []string{"H", "j", "enter", "e"}},
		{"history-diff", []string{"H", "j", "d"}},
		{"history-load", []string{"H", "j", "R"}},
		{"history-undo", []string{"H", "j", "R", "u"}},
		{"history-all", []string{"H", "a", "G"}},
	}
	for _, sz := range sizes {
		for _, c := range cases {
			t.Run(c.name+"-"+tuitest.Itoa(sz.w)+"x"+tuitest.Itoa(sz.h), func(t *testing.T) {
				opts, _ := pizzaWithHistory(t)
				d := newDriver(t, opts, sz.w, sz.h)
				d.Keys(c.keys...)
				screen := d.Screen()
				tuitest.CheckSize(t, screen, sz.w, sz.h)
				golden.RequireEqual(t, []byte(screen))
			})
		}
	}
}

func TestHistoryPane(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	if !strings.Contains(d.Screen(), "best 0.97266 (run 1hthq03k7m, same metric, options & rules)") {
		t.Errorf("the header does not show the best run:\n%s", d.Screen())
	}
	d.Keys("H")
	if d.m.Mode != shell.ModeHistory || len(d.m.Hist.Listed()) != 5 || h.lists[false] != 1 {
		t.Fatalf("mode %d, %d runs listed, %v lists", d.m.Mode, len(d.m.Hist.Listed()), h.lists)
	}
	screen := d.Screen()
	for _, want := range []string{"History  reference.json ⟷ output.json · 5 runs", "1hthq03k7m", "beer counts", "+0.05335",
		"w-low.json", "score of 5 runs, oldest → newest", "┤", "1hthq04k7m 0.87601 ▲"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the pane lacks %q:\n%s", want, screen)
		}
	}
	d.Keys("G")
	if !strings.Contains(d.Screen(), "▲ 1hthq00k7m 0.90338") {
		t.Errorf("the plot does not mark the oldest run:\n%s", d.Screen())
	}
	d.Keys("a")
	if h.lists[true] != 1 || len(d.m.Hist.Listed()) != 6 || !strings.Contains(d.Screen(), "menu.json ⟷ answer.json") {
		t.Errorf("a does not list every run: %v lists, %d runs\n%s", h.lists, len(d.m.Hist.Listed()), d.Screen())
	}
	d.Keys("a", "?")
	if d.m.Mode != shell.ModeHelp || !strings.Contains(d.Screen(), "History pane (H)") {
		t.Fatalf("no help from the pane:\n%s", d.Screen())
	}
	d.Keys("esc")
	if d.m.Mode != shell.ModeHistory {
		t.Errorf("the help returned to mode %d, not the pane", d.m.Mode)
	}
	d.Keys("esc")
	if d.m.Mode != shell.ModeNormal || !strings.Contains(d.Screen(), "key ") {
		t.Errorf("esc does not close the pane:\n%s", d.Screen())
	}
}

func TestHistoryCompare(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H", "j", "enter")
	c := d.m.runs.Comparison()
	if c == nil || d.m.Mode != shell.ModeNormal {
		t.Fatalf("no comparison (mode %d)", d.m.Mode)
	}
	// beer counts weighs the pizza 0.25 and the drink 1: the totals of
	// ., .fixed_menus and .fixed_menus[1] differ; every leaf is the same.
	if c.Differ != 3 || c.OnlyHere != 0 || c.OnlyRun != 0 {
		t.Errorf("differ %d, only here %d, only in the run %d", c.Differ, c.OnlyHere, c.OnlyRun)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "comparing with run 1hthq03k7m “beer counts”: 3 paths differ · esc ends") {
		t.Errorf("status %q", s)
	}
	// The run is A and now B, as history diff A B and a dataset's
	// compare view name them: Δ = B − A.
	if !strings.Contains(d.Screen(), "A run 1hthq03k7m “beer counts” · B now · 3 paths differ · A 0.97266 → B 0.87601, B − A −0.09665") {
		t.Errorf("no comparison line:\n%s", d.Screen())
	}
	// Loading the run's weights makes every path the same.
	d.Keys("H", "R")
	if c.Count(); c.Differ != 0 {
		t.Errorf("%d paths differ under the run's own weights", c.Differ)
	}
	d.Keys("esc")
	if d.m.runs.Comparison() != nil || d.m.tree.Comparison() != nil || d.m.hdr.Comparison() != nil {
		t.Error("esc does not end the comparison")
	}
}

func TestHistoryDiff(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H", "j", "d")
	if d.m.Hist.Shown != runspane.PaneDiff {
		t.Fatalf("no diff:\n%s", d.Screen())
	}
	df := d.m.Hist.Diff.D
	var paths []string
	for _, c := range df.Changed {
		paths = append(paths, c.Path)
	}
	// Largest change first: the total falls by 0.09665, [1] by 0.04630,
	// .fixed_menus by 0.02315.
	if strings.Join(paths, " ") != ". .fixed_menus[1] .fixed_menus" {
		t.Errorf("changed paths %v", paths)
	}
	var weights []string
	for _, w := range df.Weights {
		weights = append(weights, w.Path+" "+common.WeightText(w.Run)+"→"+common.WeightText(w.Now))
	}
	want := ".margherita 0.2→1 .beer 1→0.25 .fixed_menus 1→0.8 .fixed_menus[].pizza 0.25→0.5 .fixed_menus[].drink 1→0.5"
	if strings.Join(weights, " ") != want {
		t.Errorf("weights %q", strings.Join(weights, " "))
	}
	d.Keys("esc")
	if d.m.Hist.Shown != runspane.PaneRuns || d.m.Mode != shell.ModeHistory {
		t.Error("esc does not go back from the diff to the runs")
	}
}

func TestHistoryLoadWeights(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	stray := pizzaRun(t, 6, "stray", "score", "stray.json", withStray)
	h.add(stray)
	d := newDriver(t, opts, 120, 40)
	before, _ := d.m.sess.Tree().Total()
	d.Keys("H", "j", "j", "j", "R")
	got, _ := d.m.sess.Tree().Total()
	if want := rebuilt(t, halfMargherita); !near(got, want) {
		t.Errorf("total %v after loading, want %v", got, want)
	}
	if !d.m.sess.Dirty() || d.m.Mode != shell.ModeNormal {
		t.Error("loading the weights left nothing to save")
	}
	if s := d.statusText(); !strings.HasPrefix(s, "loaded the weights of run 1hthq02k7m “margherita half”: 1 weight changed, total 0.87601 → 0.91931 · u undoes") {
		t.Errorf("status %q", s)
	}
	d.Keys("u")
	if got, _ := d.m.sess.Tree().Total(); got != before || d.m.sess.Dirty() {
		t.Errorf("undo left the total at %v (was %v)", got, before)
	}
	// The newest run weighs a key the reference lacks: reported.
	d.Keys("H", "g", "R")
	if s := d.m.Status.Text(); !strings.Contains(s, "1 entry of its weights applies to nothing here: .pineapple") {
		t.Errorf("status %q", s)
	}
	if got, _ := d.m.sess.Tree().Total(); !near(got, rebuilt(t, withStray)) {
		t.Errorf("total %v under the stray run's weights", got)
	}
}

func TestHistoryLabel(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H", "L")
	if d.m.Mode != shell.ModeLabel {
		t.Fatal("L does not ask for a label")
	}
	d.Keys("type:first look", "enter")
	if h.runs[0].Label != "first look" || d.m.Mode != shell.ModeHistory {
		t.Errorf("label %q, mode %d", h.runs[0].Label, d.m.Mode)
	}
	if !strings.Contains(d.Screen(), "first look") || h.lists[false] != 2 {
		t.Errorf("the list was not read again (%v):\n%s", h.lists, d.Screen())
	}
	d.Keys("j", "L", "ctrl+u", "esc")
	if h.runs[1].Label != "beer counts" || d.m.Mode != shell.ModeHistory {
		t.Error("esc did not cancel the label")
	}
}

func TestHistoryErrors(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	h.err = errors.New("history.db: store is busy")
	d := newDriver(t, opts, 120, 40)
	if s := d.statusText(); !strings.Contains(s, "history: history.db: store is busy") {
		t.Errorf("status %q", s)
	}
	d.Keys("H")
	if !strings.Contains(d.Screen(), "the history could not be read: history.db: store is busy") {
		t.Errorf("no error in the pane:\n%s", d.Screen())
	}
	d.Keys("enter", "d", "R", "L")
	if d.m.Mode != shell.ModeHistory {
		t.Errorf("mode %d after keys on an empty list", d.m.Mode)
	}
	h.err = nil
	d.Keys("a", "a")
	h.err = errors.New("gone")
	d.Keys("enter")
	if s := d.statusText(); !strings.Contains(s, "gone") || d.m.runs.Comparison() != nil {
		t.Errorf("status %q", s)
	}
	// Without a history, H says so.
	d = newDriver(t, pizza(t), 80, 24)
	d.Keys("H")
	if d.m.Mode != shell.ModeNormal || !strings.Contains(d.statusText(), "no history here") {
		t.Errorf("H without a history: mode %d, status %q", d.m.Mode, d.statusText())
	}
}

func TestHistoryStaleResults(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H")
	d.Send(runspane.HistListMsg{ID: d.m.Hist.ListID - 1, Runs: nil})
	if len(d.m.Hist.Listed()) != 5 {
		t.Error("a stale list replaced the runs")
	}
	// The stale answers of the runs' controller: tui/pair/runs.
}

// TestHistoryRefreshAfterRecord checks that a finished record brings the
// pane and the best run up to date.
func TestHistoryRefreshAfterRecord(t *testing.T) {
	opts, h := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H")
	h.add(pizzaRun(t, 7, "explorer saved", "tui", "weights.json", `{"margherita": 0.01}`))
	d.Send(shell.RecordedMsg{Event: ports.RunSaved})
	if len(d.m.Hist.Listed()) != 6 || d.m.Hist.Listed()[0].Label != "explorer saved" {
		t.Errorf("the pane was not refreshed: %d runs", len(d.m.Hist.Listed()))
	}
	if d.best().ID != runID(7) {
		t.Errorf("best run %s", d.best().ID)
	}
}

func TestHistoryMouse(t *testing.T) {
	opts, _ := pizzaWithHistory(t)
	d := newDriver(t, opts, 120, 40)
	d.Keys("H")
	d.Send(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if histCursor(d) != 1 {
		t.Errorf("the wheel moved the cursor to %d", histCursor(d))
	}
	// The header is 2 lines, the pane's title and heads 2 more: line 7
	// is the fourth run.
	d.Send(tea.MouseClickMsg{X: 3, Y: 7, Button: tea.MouseLeft})
	if histCursor(d) != 3 {
		t.Errorf("the click selected run %d", histCursor(d))
	}
	d.Send(tea.MouseClickMsg{X: 3, Y: 30, Button: tea.MouseLeft})
	if histCursor(d) != 3 {
		t.Errorf("a click on the plot selected run %d", histCursor(d))
	}
}

// histCursor returns the index of the history pane's selected run in its
// list, -1 for none.
func histCursor(d *driver) int {
	sel, ok := d.m.Hist.Selected()
	if !ok {
		return -1
	}
	for i, r := range d.m.Hist.Listed() {
		if r.ID == sel.ID {
			return i
		}
	}
	return -1
}
