package datasetpage

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
	"github.com/jsontui/jsontui/tui/datasetpage/pathtree"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// smallWeights is dataset-small's weights file.
func smallWeights(t testing.TB) string {
	t.Helper()
	return tuitest.ReadFile(t, filepath.Join(smallDir, "weights.json"))
}

// engineFigures scores dataset-small as `jsontui score data.jsonl
// WEIGHTS --pass 0.9 --metric METRIC ...` does: the engine, with metric,
// its options, the rules and the weights file's text.
func engineFigures(t testing.TB, metric string, opts scoring.MetricOptions, rules *scoring.RuleSet, weights string) *dataset.Figures {
	t.Helper()
	mt, err := scoring.LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights("weights.json", []byte(weights))
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: filepath.Join(smallDir, "data.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	pass := 0.9
	res, err := dataset.Score(context.Background(), src, dataset.Config{Metric: mt, Options: opts, Rules: rules, Weights: w, Pass: &pass})
	if err != nil {
		t.Fatal(err)
	}
	return res.Figures
}

// sameFigures checks every figure of got against want, to 1e-9: the
// stats, every path's and every case's.
func sameFigures(t *testing.T, what string, got, want *dataset.Figures) {
	t.Helper()
	near := func(name string, a, b float64) {
		t.Helper()
		if !(math.Abs(a-b) <= 1e-9 || math.IsNaN(a) && math.IsNaN(b)) {
			t.Errorf("%s: %s %v, the engine's %v", what, name, a, b)
		}
	}
	if got.Metric != want.Metric || strings.Join(got.Options, " ") != strings.Join(want.Options, " ") {
		t.Errorf("%s: metric %s %v, the engine's %s %v", what, got.Metric, got.Options, want.Metric, want.Options)
	}
	if got.HasScore != want.HasScore {
		t.Errorf("%s: has a score %v, the engine's %v", what, got.HasScore, want.HasScore)
	}
	near("score", got.Score, want.Score)
	gs, ws := got.Stats, want.Stats
	if gs.Cases != ws.Cases || gs.Scored != ws.Scored || gs.Missing != ws.Missing || gs.Invalid != ws.Invalid || gs.N != ws.N {
		t.Errorf("%s: counts %+v, the engine's %+v", what, gs, ws)
	}
	for _, f := range []struct {
		name string
		a, b float64
	}{{"mean", gs.Mean, ws.Mean}, {"median", gs.Median, ws.Median}, {"p10", gs.P10, ws.P10}, {"p90", gs.P90, ws.P90},
		{"min", gs.Min, ws.Min}, {"max", gs.Max, ws.Max}, {"std", gs.Std, ws.Std}, {"ci95 low", gs.CI95[0], ws.CI95[0]},
		{"ci95 high", gs.CI95[1], ws.CI95[1]}, {"perfect", gs.Perfect, ws.Perfect}, {"pass", gs.Pass, ws.Pass}} {
		near(f.name, f.a, f.b)
	}
	if len(got.Paths) != len(want.Paths) {
		t.Fatalf("%s: %d paths, the engine's %d", what, len(got.Paths), len(want.Paths))
	}
	for i := range got.Paths {
		g, w := got.Paths[i], want.Paths[i]
		if g.Path != w.Path || g.Cases != w.Cases || g.Nodes != w.Nodes || g.StatusCounts() != w.StatusCounts() || g.LeafCounts() != w.LeafCounts() || g.HasScore != w.HasScore {
			t.Errorf("%s: path %+v, the engine's %+v", what, g, w)
			continue
		}
		for _, f := range []struct {
			name string
			a, b float64
		}{{"score", g.Score, w.Score}, {"weight", g.Weight, w.Weight}, {"loss", g.Loss, w.Loss},
			{"precision", g.Precision, w.Precision}, {"recall", g.Recall, w.Recall}, {"f1", g.F1, w.F1}} {
			near(g.Path+" "+f.name, f.a, f.b)
		}
	}
	if len(got.Cases) != len(want.Cases) {
		t.Fatalf("%s: %d cases, the engine's %d", what, len(got.Cases), len(want.Cases))
	}
	for k := range got.Cases {
		g, w := got.Cases[k], want.Cases[k]
		if g.ID != w.ID || g.Status != w.Status || g.HasScore != w.HasScore || (g.Worst == nil) != (w.Worst == nil) {
			t.Errorf("%s: case %+v, the engine's %+v", what, g, w)
			continue
		}
		near("case "+g.ID, g.Score, w.Score)
		if g.Worst != nil && (g.Worst.Path != w.Worst.Path || math.Abs(g.Worst.Loss-w.Worst.Loss) > 1e-9) {
			t.Errorf("%s: case %s's costliest leaf %+v, the engine's %+v", what, g.ID, *g.Worst, *w.Worst)
		}
	}
}

// choose switches the dataset to metric with the chooser.
func (d *dsDriver) choose(metric string) {
	d.T.Helper()
	d.ChooseMetric(&d.m.Shell, metric, d.statusText)
	if got := d.m.ds.Metric(); got != metric {
		d.T.Fatalf("metric %s after choosing %s: %s", got, metric, d.statusText())
	}
}

// TestDatasetMetricIsScore: the dataset scored again with each metric
// the chooser offers has `score --metric X`'s figures, every one; the
// status line says the score before and after; the tree keeps the path
// it was on.
func TestDatasetMetricIsScore(t *testing.T) {
	weights := smallWeights(t)
	for _, metric := range []string{"lynxius", "uipath", "galtea", "exact", "f1", "rouge-l"} {
		t.Run(metric, func(t *testing.T) {
			d := newDSDriver(t, smallDataset(t, "dark"), 120, 35)
			d.Keys("j", "j", "j") // .paid
			d.choose(metric)
			want := engineFigures(t, metric, scoring.MetricOptions{}, nil, weights)
			sameFigures(t, metric, d.m.ds.Scored.Figures(), want)
			st := d.statusText()
			if !strings.HasPrefix(st, "metric "+metric+" · score "+common.Fixed5(want.Score)+" (was 0.55315)") {
				t.Errorf("status %q", st)
			}
			if len(want.Paths) > 0 && d.m.tree.SelectedPath() != ".paid" {
				t.Errorf("the tree is on %s, not .paid", d.m.tree.SelectedPath())
			}
			if len(want.Paths) == 0 && d.m.view != dsdata.ViewCases {
				t.Errorf("a metric that is one number: view %d, not the cases", d.m.view)
			}
			// Back to jsondiff: the figures of the opening, the tree back.
			d.choose("jsondiff")
			sameFigures(t, "back to jsondiff", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", scoring.MetricOptions{}, nil, weights))
			if d.m.view != dsdata.ViewTree {
				t.Errorf("back to jsondiff: view %d, not the tree", d.m.view)
			}
		})
	}
}

// TestDatasetMetricOptionsAndPairing: an option set in the chooser, a
// rule set with C and an array's pairing cycled with p each score the
// dataset again as `score` does with them.
func TestDatasetMetricOptionsAndPairing(t *testing.T) {
	weights := smallWeights(t)
	d := newDSDriver(t, smallDataset(t, "mono"), 120, 35)
	// m, o on jsondiff, abs-tol typed: 0.5.
	d.Keys("m", "o", "enter", "type:0.5", "enter")
	opts, err := scoring.ParseMetricOptions([]string{"abs-tol=0.5"})
	if err != nil {
		t.Fatal(err)
	}
	sameFigures(t, "abs-tol=0.5", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", opts, nil, weights))
	if d.m.Mode != shell.ModeMetric || !strings.Contains(d.Screen(), "metric jsondiff [abs-tol=0.5]") {
		t.Errorf("the chooser stays open on the options, the header names them: mode %d\n%s", d.m.Mode, d.Screen())
	}
	d.Keys("esc", "esc")
	// p on .items[].sku: the arrays at .items pair by best, then by
	// key=sku.
	d.Keys("/", "type:sku", "enter", "p")
	if d.m.tree.SelectedPath() != ".items[].sku" {
		t.Fatalf("/sku: on %s", d.m.tree.SelectedPath())
	}
	at, _ := scoring.ParseMetricOptions([]string{"abs-tol=0.5", "lists=.items=best"})
	sameFigures(t, "lists=.items=best", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", at, nil, weights))
	if st := d.statusText(); !strings.HasPrefix(st, ".items paired by best: 0.41667 (was 0.41667 by index) · score") {
		t.Errorf("p: %q", st)
	}
	d.Keys("p")
	at, _ = scoring.ParseMetricOptions([]string{"abs-tol=0.5", "lists=.items=key=sku"})
	sameFigures(t, "lists=.items=key=sku", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", at, nil, weights))
	// C on .vendor: exact.
	d.Keys("g", "j", "C")
	if d.m.Mode != shell.ModeRule || !strings.Contains(d.Screen(), "Rule for .vendor  string · in force: levenshtein (default)") {
		t.Fatalf("C on .vendor:\n%s", d.Screen())
	}
	d.Keys("j", "enter")
	rules, err := scoring.ParseRules("rules.json", []byte(`{".vendor": "exact"}`))
	if err != nil {
		t.Fatal(err)
	}
	sameFigures(t, "rule exact for .vendor", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", at, rules, weights))
	if st := d.statusText(); !strings.HasPrefix(st, "rule exact for .vendor · score ") || !strings.HasSuffix(st, "ctrl+s saves the rules") {
		t.Errorf("C: %q", st)
	}
	// C on .total: abs_tol, its value asked for.
	d.Keys("j", "C", "j", "j", "enter")
	if d.m.Mode != shell.ModeRuleValue {
		t.Fatalf("abs_tol…: mode %d, %q", d.m.Mode, d.statusText())
	}
	d.Keys("backspace", "backspace", "backspace", "backspace", "type:1", "enter")
	rules, _ = scoring.ParseRules("rules.json", []byte(`{".vendor": "exact", ".total": {"abs_tol": 1}}`))
	sameFigures(t, "abs_tol=1 for .total", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", at, rules, weights))
	// A metric without rules is refused while rules are set.
	d.Keys("m", "j", "enter")
	if d.m.ds.Metric() != "jsondiff" || !strings.Contains(d.statusText(), "lynxius takes no per-key rules") {
		t.Errorf("lynxius with rules: %s, %q", d.m.ds.Metric(), d.statusText())
	}
}

// TestDatasetRescoreKeepsWeights: the weights tuned before a switch
// weigh the dataset scored again (the engine's figures under the edited
// file), the undo steps go on, a metric whose weights are its own holds
// them apart (weight keys refuse; ctrl+s saves them), and they come back
// with a metric that takes them.
func TestDatasetRescoreKeepsWeights(t *testing.T) {
	orig := smallWeights(t)
	dir := t.TempDir()
	wpath := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(wpath, []byte(orig), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := smallDataset(t, "dark")
	opts.Files.SavePath = wpath
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "w", "type:0.5", "enter") // .vendor 0.5
	d.Keys("j", "x")                      // .total 0
	edited := strings.Replace(strings.Replace(orig, `"total": 1.0`, `"total": 0`, 1), "{", `{"vendor": 0.5,`, 1)
	d.choose("lynxius")
	sameFigures(t, "lynxius, weights tuned", d.m.ds.Scored.Figures(), engineFigures(t, "lynxius", scoring.MetricOptions{}, nil, edited))
	if !strings.Contains(d.Screen(), "Δ since switch ±0") || !strings.Contains(d.Screen(), "● unsaved") {
		t.Errorf("the header after the switch:\n%s", d.Screen())
	}
	d.Keys("u")
	if st := d.statusText(); !strings.HasPrefix(st, "undid: weight of .total 1 → 0") {
		t.Errorf("u after the switch: %q", st)
	}
	d.Keys("ctrl+r")
	d.choose("uipath")
	d.Keys("+")
	if st := d.statusText(); !strings.HasPrefix(st, "uipath weighs nodes by its own rule: weights fixed; m → jsondiff, lynxius use yours") {
		t.Errorf("+ under uipath: %q", st)
	}
	if !strings.Contains(d.Screen(), "● unsaved") {
		t.Error("the weights held are unsaved")
	}
	d.Keys("ctrl+s")
	if st := d.statusText(); !strings.Contains(st, "the weights held for a metric that takes them (uipath does not)") {
		t.Errorf("ctrl+s under uipath: %q", st)
	}
	saved, err := scoring.ParseWeights("saved", []byte(tuitest.ReadFile(t, wpath)))
	if err != nil {
		t.Fatal(err)
	}
	if d.m.ds.Dirty() {
		t.Error("dirty after the save")
	}
	d.choose("jsondiff")
	want := engineFigures(t, "jsondiff", scoring.MetricOptions{}, nil, tuitest.ReadFile(t, wpath))
	sameFigures(t, "back to jsondiff", d.m.ds.Scored.Figures(), want)
	if v, _ := d.m.ds.Scored.Weight(".vendor"); v != 0.5 || saved == nil || d.m.ds.Dirty() {
		t.Errorf("back to jsondiff: .vendor %v, dirty %v", v, d.m.ds.Dirty())
	}
}

// TestDatasetRulesSave: ctrl+s writes the rules set with C (asking for a
// path when none was given, beside the dataset), then the weights when
// they are unsaved too; the header names the rules file.
func TestDatasetRulesSave(t *testing.T) {
	dir := t.TempDir()
	wpath := filepath.Join(dir, "weights.json")
	if err := os.WriteFile(wpath, []byte(smallWeights(t)), 0o600); err != nil {
		t.Fatal(err)
	}
	opts := smallDataset(t, "mono")
	opts.Files.SavePath, opts.Files.DefaultSave = wpath, filepath.Join(dir, "weights.json")
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "C", "j", "enter", "-")
	if !strings.Contains(d.Screen(), "rules (not saved)") {
		t.Errorf("header:\n%s", d.Screen())
	}
	d.Keys("q")
	if d.m.Mode != shell.ModeConfirmQuit || !strings.Contains(d.Screen(), "unsaved weights and rules: quit anyway?") {
		t.Fatalf("q with unsaved rules:\n%s", d.Screen())
	}
	d.Keys("n", "ctrl+s")
	if d.m.Mode != shell.ModeRulesPath || !strings.Contains(d.Screen(), "save rules to: "+filepath.Join(dir, "rules.json")) {
		t.Fatalf("ctrl+s:\n%s", d.Screen())
	}
	d.Keys("enter")
	if got := tuitest.ReadFile(t, filepath.Join(dir, "rules.json")); got != "{\n  \".vendor\": \"exact\"\n}\n" {
		t.Errorf("rules file:\n%s", got)
	}
	if st := d.statusText(); !strings.HasPrefix(st, "saved the rules to "+filepath.Join(dir, "rules.json")+" (1 rule) · saved "+wpath) {
		t.Errorf("status %q", st)
	}
	if d.m.ds.Dirty() || d.m.ds.Files.Rules != filepath.Join(dir, "rules.json") || d.m.ds.Rules.Changed() {
		t.Errorf("after the save: dirty %v, rules file %q", d.m.ds.Dirty(), d.m.ds.Files.Rules)
	}
}

// heldRescore presses key (enter on the chooser) and returns the rescore
// it asks for without running it, as a slow rescore is: still under way.
func (d *dsDriver) heldRescore(k string) tea.Cmd {
	d.T.Helper()
	_, cmd := d.m.Update(tuitest.KeyMsg(k))
	if cmd == nil {
		d.T.Fatalf("%s asked for nothing", k)
	}
	batch, ok := cmd().(tea.BatchMsg)
	if !ok || len(batch) != 2 || d.m.job == nil {
		d.T.Fatal("no rescore under way")
	}
	return batch[0] // the rescore; then its progress's timer
}

// TestDatasetRescoreStale: a rescore that a newer choice, esc or q
// cancelled is told so (its context ends), and its answer, should it
// come all the same, is dropped: the figures stay the newer choice's.
func TestDatasetRescoreStale(t *testing.T) {
	var ctxs []context.Context
	opts := smallDataset(t, "dark")
	rescore := opts.RescoreDataset
	// A rescorer that finishes whatever happens, as one that was done
	// just before it was cancelled.
	opts.RescoreDataset = func(ctx context.Context, req ports.DatasetRescoreRequest, p func(ports.DatasetProgress)) (*dataset.Result, error) {
		ctxs = append(ctxs, ctx)
		return rescore(context.Background(), req, p)
	}
	weights := smallWeights(t)
	t.Run("newer choice", func(t *testing.T) {
		ctxs = nil
		d := newDSDriver(t, opts, 120, 35)
		d.Keys("m", "j") // lynxius
		first := d.heldRescore("enter")
		if !strings.Contains(d.Screen(), "Scoring the dataset again with lynxius") {
			t.Errorf("no progress shown:\n%s", d.Screen())
		}
		d.Keys("m", "j") // uipath (the chooser is on lynxius, being scored)
		second := d.heldRescore("enter")
		// The first answer comes while the second rescore runs: stale.
		d.Send(first())
		if len(ctxs) != 1 || ctxs[0].Err() == nil {
			t.Fatalf("the first rescore was not cancelled (%d requests)", len(ctxs))
		}
		if d.m.ds.Metric() != "jsondiff" || d.m.job == nil || !strings.Contains(d.Screen(), "Scoring the dataset again with uipath") {
			t.Errorf("the stale answer was taken: %s, %q", d.m.ds.Metric(), d.statusText())
		}
		d.Send(second())
		if d.m.ds.Metric() != "uipath" || d.m.job != nil || !strings.HasPrefix(d.statusText(), "metric uipath · score 0.52632 (was 0.55315)") {
			t.Errorf("after the second answer: %s, %q", d.m.ds.Metric(), d.statusText())
		}
		sameFigures(t, "uipath", d.m.ds.Scored.Figures(), engineFigures(t, "uipath", scoring.MetricOptions{}, nil, weights))
	})
	t.Run("esc", func(t *testing.T) {
		ctxs = nil
		d := newDSDriver(t, opts, 120, 35)
		d.Keys("m", "j")
		stale := d.heldRescore("enter")
		d.Keys("esc")
		if d.m.job != nil || strings.Contains(d.Screen(), "Scoring the dataset again") ||
			d.statusText() != "stopped scoring with lynxius: the figures are still jsondiff's" {
			t.Errorf("esc: %q\n%s", d.statusText(), d.Screen())
		}
		d.Send(stale())
		if ctxs[0].Err() == nil || d.m.ds.Metric() != "jsondiff" {
			t.Errorf("after esc: cancelled %v, metric %s", ctxs[0].Err(), d.m.ds.Metric())
		}
		sameFigures(t, "jsondiff", d.m.ds.Scored.Figures(), engineFigures(t, "jsondiff", scoring.MetricOptions{}, nil, weights))
	})
	t.Run("q", func(t *testing.T) {
		// A rescore asked for but not started yet never starts.
		ctxs = nil
		d := newDSDriver(t, opts, 120, 35)
		d.Keys("m", "j")
		stale := d.heldRescore("enter")
		_, cmd := d.m.Update(tuitest.KeyMsg("q"))
		_, quits := cmd().(tea.QuitMsg)
		if msg := stale(); !quits || msg != nil || len(ctxs) != 0 {
			t.Errorf("q before the rescore started: quits %v, the rescore gave %T, %d started", quits, msg, len(ctxs))
		}
	})
	t.Run("weights meanwhile", func(t *testing.T) {
		// A weight tuned while the dataset is scored again weighs the
		// new figures too.
		ctxs = nil
		d := newDSDriver(t, opts, 120, 35)
		d.Keys("m", "j")
		pending := d.heldRescore("enter")
		d.Keys("j", "w", "type:0.5", "enter")
		d.Send(pending())
		edited := strings.Replace(weights, "{", `{"vendor": 0.5,`, 1)
		sameFigures(t, "lynxius, .vendor tuned meanwhile", d.m.ds.Scored.Figures(), engineFigures(t, "lynxius", scoring.MetricOptions{}, nil, edited))
	})
}

// TestDatasetRescoreQuitWhileScoring: q cancels a rescore under way, and
// the explorer ends once it stopped.
func TestDatasetRescoreQuitWhileScoring(t *testing.T) {
	opts := smallDataset(t, "dark")
	started, stopped := make(chan struct{}), make(chan struct{})
	opts.RescoreDataset = func(ctx context.Context, req ports.DatasetRescoreRequest, p func(ports.DatasetProgress)) (*dataset.Result, error) {
		close(started)
		<-ctx.Done()
		time.Sleep(20 * time.Millisecond) // stopping takes a while
		close(stopped)
		return nil, ctx.Err()
	}
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("m", "j")
	running := shell.Async(d.heldRescore("enter"))
	<-started
	_, cmd := d.m.Update(tuitest.KeyMsg("q"))
	_, quits := cmd().(tea.QuitMsg)
	select {
	case <-stopped:
	default:
		t.Error("the explorer quit before the rescore under way stopped")
	}
	if !quits {
		t.Error("q while scoring does not quit")
	}
	<-running
}

// TestDatasetRescoreDetail: the detail pane explains the path under the
// metric in force after each switch, one after another from the same
// weights held apart (uipath, then galtea: sessions of one version).
func TestDatasetRescoreDetail(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "mono"), 120, 35)
	d.Keys("j", "j", "j", "tab") // .paid, the detail pane beside the tree
	for _, metric := range []string{"uipath", "galtea", "lynxius", "jsondiff"} {
		d.choose(metric)
		d.Screen()
		got := d.m.detail.View()
		fresh := pathtree.NewPathDetail(d.m.C, d.m.ds)
		fresh.SetSize(d.m.detail.Size())
		fresh.SetSide(d.m.detail.Beside())
		fresh.SelectPath(".paid")
		if want := fresh.View(); got != want {
			t.Errorf("%s: the detail pane shows\n%s\nnot\n%s", metric, tuitest.StripANSI(got), tuitest.StripANSI(want))
		}
	}
}

// TestDatasetRescoreViews: the cases pane keeps its filter and its case
// across a switch, or lists every case (but the missing inv-005) when no
// case has the filter's path any more; the heat map keeps its place.
func TestDatasetRescoreViews(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "mono"), 120, 35)
	d.Keys("j", "j", "j", "f", "j") // the cases losing points at .paid, the second
	k, _ := d.m.cases.Selected()
	d.choose("lynxius")
	if d.m.view != dsdata.ViewCases || d.m.order.FilterPath() != ".paid" || !strings.Contains(d.Screen(), ".paid") {
		t.Errorf("lynxius: view %d, filter %q", d.m.view, d.m.order.FilterPath())
	}
	if got, _ := d.m.cases.Selected(); got != k {
		t.Errorf("the cursor on case %s, not %s", d.m.ds.Scored.CaseID(got), d.m.ds.Scored.CaseID(k))
	}
	d.choose("f1")
	if d.m.order.FilterPath() != "" || !strings.HasSuffix(d.statusText(), "no case has .paid now: every case listed") || len(d.m.order.Cases()) != 5 {
		t.Errorf("f1: filter %q, %d cases, %q", d.m.order.FilterPath(), len(d.m.order.Cases()), d.statusText())
	}
	d.choose("jsondiff")
	d.Keys("esc", "v", "l", "l", "j")
	row, col := d.m.heat.Cursor()
	d.choose("galtea")
	if r, c := d.m.heat.Cursor(); d.m.view != dsdata.ViewHeat || r != row || c != col || !strings.Contains(d.Screen(), "Heat map") {
		t.Errorf("galtea in the heat map: view %d, at %d,%d (was %d,%d)", d.m.view, r, c, row, col)
	}
}

// TestDatasetRescoreKeepsUnsaved: the weights held for a metric that
// takes them stay unsaved under one that does not: the recovery file
// keeps them, and the state settled at an end (a signal) too.
func TestDatasetRescoreKeepsUnsaved(t *testing.T) {
	k := newKeptSmall(t)
	d := newDSDriver(t, k.opts(t), 120, 35)
	d.Keys("j", "-")
	d.FireTimers()
	d.choose("uipath")
	d.FireTimers()
	if w := k.keptWeights(t); !strings.Contains(w, `"vendor": 0.95`) {
		t.Fatalf("kept under uipath:\n%s", w)
	}
	kept, err := d.m.SettleUnsaved()
	if err != nil || kept == "" {
		t.Fatalf("settled under uipath: %q %v", kept, err)
	}
	if w := k.keptWeights(t); !strings.Contains(w, `"vendor": 0.95`) {
		t.Fatalf("kept at the end:\n%s", w)
	}
}

// TestDatasetRescoreRecorded: the runs recorded after a switch are of the
// metric, options and rules in force then, under the weights tuned (held
// for a metric that takes them, under one that does not); a quit after a
// switch records the state, the config having changed; saving the rules
// alone records a run with them.
func TestDatasetRescoreRecorded(t *testing.T) {
	rec := &fakeDSRecorder{}
	opts, _ := smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("j", "-") // .vendor 0.95
	d.choose("lynxius")
	d.Keys("ctrl+s")
	if got := rec.events(); got != "saved" {
		t.Fatalf("recorded %q, want the save", got)
	}
	run := rec.runs[0]
	score, _ := d.m.ds.Total()
	if run.Metric != "lynxius" || run.RulesJSON != nil || !strings.Contains(string(run.WeightsJSON), `"vendor": 0.95`) || run.Score != score {
		t.Errorf("recorded %s %v rules %s score %v (shown %v):\n%s", run.Metric, run.Options, run.RulesJSON, run.Score, score, run.WeightsJSON)
	}
	d.choose("uipath")
	d.Keys("q")
	if got := rec.events(); got != "saved,quit" {
		t.Fatalf("recorded %q, want the save and the quit", got)
	}
	if q := rec.runs[1]; q.Metric != "uipath" || !strings.Contains(string(q.WeightsJSON), `"vendor": 0.95`) {
		t.Errorf("the quit's run: %s\n%s", q.Metric, q.WeightsJSON)
	}
	// A rule set and saved, the weights as they were: a run with it.
	rec = &fakeDSRecorder{}
	opts, w := smallInTemp(t)
	opts.Recorder, opts.Recorded = rec, true
	opts.Files.RulesSavePath = filepath.Join(filepath.Dir(w), "rules.json")
	d = newDSDriver(t, opts, 120, 35)
	d.Keys("j", "C", "j", "enter", "ctrl+s")
	if got := rec.events(); got != "saved" || string(rec.runs[0].RulesJSON) != "{\n  \".vendor\": \"exact\"\n}\n" {
		t.Errorf("recorded %q, rules %s", got, rec.runs[0].RulesJSON)
	}
}
