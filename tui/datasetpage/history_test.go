package datasetpage

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/datasetpage/casespane"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// fakeDatasetHistory holds recorded runs of dataset-small.
type fakeDatasetHistory struct {
	runs map[string]*ports.DatasetRunDetail
	list []ports.RunSummary
}

func (h *fakeDatasetHistory) Runs(bool) ([]ports.RunSummary, error) { return h.list, nil }

func (h *fakeDatasetHistory) DatasetRun(id string) (*ports.DatasetRunDetail, error) {
	r, ok := h.runs[id]
	if !ok {
		return nil, fmt.Errorf("no run %s", id)
	}
	return r, nil
}

// smallRun scores dataset-small under the weights text as a recorded run
// would hold it.
func smallRun(t testing.TB, id, weights string, at time.Time) *ports.DatasetRunDetail {
	t.Helper()
	w, err := scoring.ParseWeights("weights.json", []byte(weights))
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: filepath.Join(smallDir, "data.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	return &ports.DatasetRunDetail{
		RunSummary: ports.RunSummary{ID: id, Time: at, Label: "model A", Source: "score", Metric: "jsondiff",
			Reference: "data.jsonl", Output: "data.jsonl", Weights: "weights.json", Score: res.Figures.Score, HasScore: true, ThisPair: true},
		Figures: res.Figures, WeightsJSON: []byte(weights),
	}
}

// smallWithHistory is dataset-small with one recorded run: the same
// cases under weights where .vendor weighs 0 and .total 0.5.
func smallWithHistory(t testing.TB, theme string) (ports.DatasetOptions, *fakeDatasetHistory) {
	opts := smallDataset(t, theme)
	run := smallRun(t, "20261120T101500-0001", `{"vendor": 0, "total": 0.5, "note": 0, "items": {"__items": 0.8, "price": 0.5}}`,
		time.Date(2026, 11, 20, 10, 15, 0, 0, time.UTC))
	h := &fakeDatasetHistory{runs: map[string]*ports.DatasetRunDetail{run.ID: run}, list: []ports.RunSummary{run.RunSummary}}
	opts.History = h
	return opts, h
}

// TestDatasetCompareScreens: the compare view (enter on a run in the
// history pane): the header's verdict line, the tree's run and Δ
// columns, the cases pane's Δ column ordered by the largest regression;
// at 120×35 and 80×24, dark and mono.
func TestDatasetCompareScreens(t *testing.T) {
	for _, theme := range []string{"dark", "mono"} {
		for _, size := range []struct{ w, h int }{{120, 35}, {80, 24}} {
			for _, c := range []struct {
				name string
				keys []string
			}{{"compare", []string{"H", "enter"}}, {"compare-cases", []string{"H", "enter", "c"}}, {"history", []string{"H"}}} {
				t.Run(fmt.Sprintf("%s-%dx%d-%s", c.name, size.w, size.h, theme), func(t *testing.T) {
					opts, _ := smallWithHistory(t, theme)
					d := newDSDriver(t, opts, size.w, size.h)
					d.Keys(c.keys...)
					golden.RequireEqual(t, []byte(d.Screen()))
				})
			}
		}
	}
}

// TestDatasetCompare: the comparison pairs the cases by id with the
// figures in force (the verdict as history diff gives it), the cases
// pane orders them by the largest regression, and a re-weight compares
// again; esc ends it.
func TestDatasetCompare(t *testing.T) {
	opts, h := smallWithHistory(t, "dark")
	d := newDSDriver(t, opts, 120, 35)
	d.Keys("H", "enter")
	c := d.m.ds.Cmp
	if c == nil {
		t.Fatalf("no comparison: %q", d.statusText())
	}
	run := h.runs["20261120T101500-0001"]
	want := dataset.Compare(dataset.CompareSide{ID: run.ID, Figures: run.Figures}, dataset.CompareSide{Figures: d.m.ds.Scored.Snapshot()}).Verdict()
	if c.Verdict != want || !strings.HasPrefix(d.statusText(), dsdata.VerdictHead(want)+" · esc ends") {
		t.Errorf("verdict %q, status %q; want %q", c.Verdict, d.statusText(), want)
	}
	if !strings.Contains(d.Screen(), "A run 20261120T1 “model A” · B now · "+dsdata.VerdictHead(want)) {
		t.Errorf("no compare line:\n%s", d.Screen())
	}
	if d.m.order.InForce() != casespane.SortDelta {
		t.Errorf("the cases are %s", casespane.SortNames[d.m.order.InForce()])
	}
	// The regressions first: the Δ of each case listed does not rise.
	prev := -1.0
	for i, k := range d.m.order.Cases() {
		dl, ok := d.m.order.Delta(k)
		if !ok {
			continue
		}
		if i > 0 && dl < prev {
			t.Errorf("case %s (Δ %v) after one of Δ %v", d.m.ds.Scored.CaseID(k), dl, prev)
		}
		prev = dl
	}
	// A re-weight compares again: the verdict is that of the figures now.
	d.Keys("j", "x")
	want = dataset.Compare(dataset.CompareSide{ID: run.ID, Figures: run.Figures}, dataset.CompareSide{Figures: d.m.ds.Scored.Snapshot()}).Verdict()
	if d.m.ds.Cmp.Verdict != want {
		t.Errorf("after x: verdict %q, want %q", d.m.ds.Cmp.Verdict, want)
	}
	// A comparison made again that comes while a case is open is the
	// dataset's, not the case's.
	d.Keys("c", "enter")
	if d.m.open == nil {
		t.Fatal("no case opened")
	}
	d.Send(dsRecomparedMsg{id: d.m.cmpJob, verdict: "made again"})
	if d.m.ds.Cmp.Verdict != "made again" {
		t.Errorf("the verdict went to the case: %q", d.m.ds.Cmp.Verdict)
	}
	d.Keys("esc", "esc", "esc")
	if d.m.ds.Cmp != nil || !strings.HasPrefix(d.statusText(), "ended the comparison with run 20261120T1") {
		t.Errorf("esc: %q", d.statusText())
	}
}

// TestDatasetLoadRunWeights: R on a run loads its weights (one step u
// undoes), and d shows its diff as history diff prints it.
func TestDatasetLoadRunWeights(t *testing.T) {
	opts, _ := smallWithHistory(t, "dark")
	d := newDSDriver(t, opts, 120, 35)
	before := d.m.ds.Stats.Mean
	d.Keys("H", "R")
	if w, _ := d.m.ds.Scored.Weight(".vendor"); w != 0 || !strings.HasPrefix(d.statusText(), "loaded the weights of run 20261120T1 “model A”: 2 weights changed · u undoes") {
		t.Errorf("R: .vendor %v, %q", w, d.statusText())
	}
	if w, _ := d.m.ds.Scored.Weight(".total"); w != 0.5 || d.m.Mode != shell.ModeNormal {
		t.Errorf(".total %v, mode %d", w, d.m.Mode)
	}
	d.Keys("u")
	if d.m.ds.Stats.Mean != before {
		t.Errorf("u: %v, was %v", d.m.ds.Stats.Mean, before)
	}
	d.Keys("H", "d")
	if s := d.Screen(); !strings.Contains(s, "Diff  run 20261120T1") || !strings.Contains(s, "A  run 20261120T1") {
		t.Errorf("d:\n%s", s)
	}
}

// TestDatasetCompareOrder: the compare view orders the run and now as
// `history diff A B` orders two runs, the older A. The explorer's files
// were first recorded at 10:15 (run 1, model A); the other model's run
// (model B, other answers) at 10:30 is B: Δ = B − A = its score minus
// now's, on the tree, the cases and the verdict. A run of model B older
// than model A's first run is A, now B.
func TestDatasetCompareOrder(t *testing.T) {
	for _, c := range []struct {
		name   string
		at     time.Time
		runIsA bool
		header string
	}{
		{"newer", time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC), false, "A now · B run 20261120T2 “model B” · "},
		{"older", time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC), true, "A run 20261120T2 “model B” · B now · "},
	} {
		t.Run(c.name, func(t *testing.T) {
			opts, h := smallWithHistory(t, "dark")
			other := smallRun(t, "20261120T2-0002", `{"total": 0}`, c.at)
			other.Label, other.Output, other.ThisPair = "model B", "model-b.jsonl", false
			h.runs[other.ID] = other
			h.list = append([]ports.RunSummary{other.RunSummary}, h.list...)
			if c.runIsA {
				h.list[0], h.list[1] = h.list[1], h.list[0]
			}
			d := newDSDriver(t, opts, 120, 35)
			// model B's run is listed first when it is the newest.
			sel := "j"
			if !c.runIsA {
				sel = "g"
			}
			// d: the diff as history diff prints it, in the same order.
			d.Keys("H", sel, "d")
			diffA, diffB := "A  now · data.jsonl\n", "B  run 20261120T2 “model B” · "
			if c.runIsA {
				diffA, diffB = "A  run 20261120T2 “model B” · ", "B  now · data.jsonl\n"
			}
			if screen := trimLines(d.Screen()); !strings.Contains(screen, diffA) || !strings.Contains(screen, diffB) {
				t.Errorf("the diff does not name A and B in order (%q, %q):\n%s", diffA, diffB, screen)
			}
			d.Keys("esc", "esc", "H", sel, "enter")
			cmp := d.m.ds.Cmp
			if cmp == nil || cmp.Run.ID != other.ID || cmp.RunIsA != c.runIsA {
				t.Fatalf("comparison %+v, status %q", cmp, d.statusText())
			}
			runSide := dataset.CompareSide{ID: other.ID, Figures: other.Figures}
			want := verdictNow(d, runSide, c.runIsA)
			if cmp.Verdict != want {
				t.Errorf("verdict %q, want %q", cmp.Verdict, want)
			}
			if !strings.Contains(d.Screen(), c.header+dsdata.VerdictHead(want)) {
				t.Errorf("no header %q:\n%s", c.header+dsdata.VerdictHead(want), d.Screen())
			}
			checkRootDelta(t, d, c.runIsA)
			checkCaseDeltas(t, d, other, c.runIsA)
			// A re-weight compares again in the same order.
			before := cmp.Verdict
			d.Keys("j", "x")
			if cmp.Verdict == before {
				t.Errorf("after x: the verdict stayed %q", before)
			}
			if want := verdictNow(d, runSide, c.runIsA); cmp.Verdict != want {
				t.Errorf("after x: verdict %q, want %q", cmp.Verdict, want)
			}
		})
	}
}

// verdictNow is the verdict of the comparison of the run with the
// figures in force, the run A when runIsA, else B.
func verdictNow(d *dsDriver, run dataset.CompareSide, runIsA bool) string {
	now := dataset.CompareSide{Figures: d.m.ds.Scored.Snapshot()}
	if runIsA {
		return dataset.Compare(run, now).Verdict()
	}
	return dataset.Compare(now, run).Verdict()
}

// checkRootDelta checks the root's row on the tree: the run's score and
// Δ = B − A, the run being A when runIsA.
func checkRootDelta(t *testing.T, d *dsDriver, runIsA bool) {
	t.Helper()
	root, ok := d.m.ds.Cmp.PathScore(".")
	now := d.m.ds.Scored.Snapshot().Paths[0]
	rootD := now.Score - root.Score
	if !runIsA {
		rootD = root.Score - now.Score
	}
	rootRow := strings.Split(d.Screen(), "\n")[5]
	if !ok || now.Path != "." || !strings.Contains(rootRow, common.ScoreText(root.Score, true)+" "+common.Signed(rootD)) {
		t.Errorf("root row %q: want the run's %v and Δ %s", rootRow, root.Score, common.Signed(rootD))
	}
}

// checkCaseDeltas checks each case's Δ in the cases' order: B − A, the
// run being A when runIsA.
func checkCaseDeltas(t *testing.T, d *dsDriver, run *ports.DatasetRunDetail, runIsA bool) {
	t.Helper()
	runScores := map[string]float64{}
	for _, cf := range run.Figures.Cases {
		if cf.HasScore {
			runScores[cf.ID] = cf.Score
		}
	}
	for k := range d.m.ds.Scored.Len() {
		id := d.m.ds.Scored.CaseID(k)
		now, has := d.m.ds.Score(k)
		dl, ok := d.m.order.Delta(k)
		run, inRun := runScores[id]
		if !has || !inRun {
			continue
		}
		wantD := now - run
		if !runIsA {
			wantD = run - now
		}
		if !ok || dl != wantD {
			t.Errorf("case %s: Δ %v, want %v", id, dl, wantD)
		}
	}
}

// TestDatasetCompareNarrow: at 80 columns the verdict keeps its number on
// the header line (its figures in parentheses, then the run's label give
// way) and on the status line.
func TestDatasetCompareNarrow(t *testing.T) {
	for _, label := range []string{"model A", "model A, the prompt of the second week with fenced answers"} {
		opts, h := smallWithHistory(t, "mono")
		for id := range h.runs {
			h.runs[id].Label = label
			h.list[0].Label = label
		}
		d := newDSDriver(t, opts, 80, 24)
		d.Keys("H", "enter")
		lines := strings.Split(d.Screen(), "\n")
		want := "No significant difference: B − A = +0.046"
		if !strings.Contains(lines[3], "· B now · "+want) || !strings.HasPrefix(d.statusText(), want) {
			t.Errorf("label %q: header %q, status %q; want %q in both", label, lines[3], d.statusText(), want)
		}
	}
}

// TestDatasetHistoryModelsScreens compares with golden files (go test
// ./tui/datasetpage -update writes them) the history pane listing two
// models' runs of the same cases — the explorer's file (model A, first
// scored) and another file (model B, scored after): the files column, a
// line per model — and the compare view with model B's run, model A
// (now) being A.
func TestDatasetHistoryModelsScreens(t *testing.T) {
	for _, size := range []struct{ w, h int }{{120, 35}, {80, 24}} {
		for _, c := range []struct {
			name string
			keys []string
		}{{"models", []string{"H"}}, {"models-compare", []string{"H", "enter"}}} {
			t.Run(fmt.Sprintf("%s-%dx%d", c.name, size.w, size.h), func(t *testing.T) {
				opts, h := smallWithHistory(t, "mono")
				other := smallRun(t, "20261120T2-0002", `{"total": 0}`, time.Date(2026, 11, 20, 10, 30, 0, 0, time.UTC))
				other.Label, other.Reference, other.Output, other.ThisPair = "model B", "model-b.jsonl", "model-b.jsonl", false
				other.Pair = "model-b"
				h.runs[other.ID] = other
				h.list = append([]ports.RunSummary{other.RunSummary}, h.list...)
				d := newDSDriver(t, opts, size.w, size.h)
				d.Keys(c.keys...)
				golden.RequireEqual(t, []byte(d.Screen()))
			})
		}
	}
}

// trimLines drops the spaces that end the lines of a screen.
func trimLines(screen string) string {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}
