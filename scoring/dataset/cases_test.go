package dataset

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/jsontui/jsontui/internal/examples"
	"github.com/jsontui/jsontui/scoring"
)

// The worked dataset examples: the copy in testdata and the shared
// originals beside the repository, with the flags their README gives.
var datasetCases = map[string]struct {
	pass    float64
	groupBy string
}{
	"dataset-small": {pass: 0.9, groupBy: ".category"},
}

type expectedDataset struct {
	Dataset struct {
		Reference, Output, Weights string
		Pairing                    string
		Fields                     struct{ Reference, Output, ID string }
	}
	Metric string
	Score  float64
	Stats  struct {
		Cases, Scored, Ignored, Missing, Invalid, Extra int
		Mean, Median, P10, P90, Min, Max, Std           float64
		CI95                                            [2]float64
		Perfect                                         float64
		Pass                                            *float64
	}
	Paths  []expectedPath
	Groups []struct {
		Group        string
		Cases        int
		Mean, Median float64
		Pass         *float64
	}
	Cases []struct {
		ID, Status string
		Score      float64
		Worst      *struct {
			Path string
			Loss float64
		}
	}
	Extra []string
}

// expectedPath is one path's figures in an expected.json.
type expectedPath struct {
	Path, Kind            string
	Cases, Nodes          int
	Loss, Weight          float64
	Score                 *float64
	Statuses              map[string]int
	TP, FD, FA, FN, TN    int
	Precision, Recall, F1 *float64
}

func nearOpt(got float64, has bool, want *float64) bool {
	if want == nil {
		return !has
	}
	return has && math.Abs(got-*want) <= 1e-9
}

// TestDatasetCases reproduces every figure of the worked dataset
// examples' expected.json (docs/datasets.md) to 1e-9.
func TestDatasetCases(t *testing.T) {
	for _, dir := range examples.Dirs(t, "data.jsonl") {
		t.Run(dir, func(t *testing.T) {
			flags, ok := datasetCases[filepath.Base(dir)]
			if !ok {
				t.Fatalf("no flags known for the example %s: add it to datasetCases", dir)
			}
			var want expectedDataset
			if err := json.Unmarshal(mustRead(t, filepath.Join(dir, "expected.json")), &want); err != nil {
				t.Fatal(err)
			}
			w, err := scoring.ParseWeights("weights.json", mustRead(t, filepath.Join(dir, want.Dataset.Weights)))
			if err != nil {
				t.Fatal(err)
			}
			src, err := Open(Spec{Ref: filepath.Join(dir, want.Dataset.Reference), GroupBy: flags.groupBy})
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			pass := flags.pass
			res, err := Score(context.Background(), src, Config{Weights: w, Pass: &pass})
			if err != nil {
				t.Fatal(err)
			}
			checkExpected(t, res, &want)
		})
	}
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkExpected compares a run's figures with an expected.json.
func checkExpected(t *testing.T, res *Result, want *expectedDataset) {
	t.Helper()
	f := res.Figures
	if string(res.Pairing) != want.Dataset.Pairing {
		t.Errorf("pairing %s, want %s", res.Pairing, want.Dataset.Pairing)
	}
	if res.Fields.Reference != want.Dataset.Fields.Reference || res.Fields.Output != want.Dataset.Fields.Output || res.Fields.ID != want.Dataset.Fields.ID {
		t.Errorf("fields %+v, want %+v", res.Fields, want.Dataset.Fields)
	}
	if f.Metric != want.Metric {
		t.Errorf("metric %s, want %s", f.Metric, want.Metric)
	}
	if !nearOpt(f.Score, f.HasScore, &want.Score) {
		t.Errorf("score %v, want %v", f.Score, want.Score)
	}
	st, ws := f.Stats, want.Stats
	if st.Cases != ws.Cases || st.Scored != ws.Scored || st.Ignored != ws.Ignored || st.Missing != ws.Missing || st.Invalid != ws.Invalid || st.Extra != ws.Extra {
		t.Errorf("stats counts %+v, want %+v", st, ws)
	}
	for _, c := range []struct {
		name      string
		got, want float64
	}{{"mean", st.Mean, ws.Mean}, {"median", st.Median, ws.Median}, {"p10", st.P10, ws.P10}, {"p90", st.P90, ws.P90},
		{"min", st.Min, ws.Min}, {"max", st.Max, ws.Max}, {"std", st.Std, ws.Std}, {"ci95[0]", st.CI95[0], ws.CI95[0]},
		{"ci95[1]", st.CI95[1], ws.CI95[1]}, {"perfect", st.Perfect, ws.Perfect}} {
		if math.Abs(c.got-c.want) > 1e-9 {
			t.Errorf("stats %s %v, want %v", c.name, c.got, c.want)
		}
	}
	if !nearOpt(st.Pass, st.HasPass, ws.Pass) {
		t.Errorf("stats pass %v, want %v", st.Pass, ws.Pass)
	}
	if len(f.Paths) != len(want.Paths) {
		t.Errorf("%d paths, want %d", len(f.Paths), len(want.Paths))
	}
	for i := range min(len(f.Paths), len(want.Paths)) {
		checkExpectedPath(t, i, f.Paths[i], want.Paths[i])
	}
	if len(f.Groups) != len(want.Groups) {
		t.Errorf("%d groups, want %d", len(f.Groups), len(want.Groups))
	}
	for i := range min(len(f.Groups), len(want.Groups)) {
		g, w := f.Groups[i], want.Groups[i]
		if g.Group != w.Group || g.Cases != w.Cases || math.Abs(g.Mean-w.Mean) > 1e-9 || math.Abs(g.Median-w.Median) > 1e-9 || !nearOpt(g.Pass, g.HasPass, w.Pass) {
			t.Errorf("group %d: %+v, want %+v", i, g, w)
		}
	}
	if !slices.Equal(f.Extra, want.Extra) {
		t.Errorf("extra %q, want %q", f.Extra, want.Extra)
	}
	if len(f.Cases) != len(want.Cases) {
		t.Fatalf("%d cases, want %d", len(f.Cases), len(want.Cases))
	}
	for i, w := range want.Cases {
		g := f.Cases[i]
		if g.ID != w.ID || g.Status.String() != w.Status || !g.HasScore || math.Abs(g.Score-w.Score) > 1e-9 {
			t.Errorf("case %d: %s %s %v, want %s %s %v", i, g.ID, g.Status, g.Score, w.ID, w.Status, w.Score)
		}
		switch {
		case (g.Worst == nil) != (w.Worst == nil):
			t.Errorf("%s: worst %+v, want %+v", w.ID, g.Worst, w.Worst)
		case w.Worst != nil && (g.Worst.Path != w.Worst.Path || math.Abs(g.Worst.Loss-w.Worst.Loss) > 1e-9):
			t.Errorf("%s: worst %+v, want %+v", w.ID, *g.Worst, *w.Worst)
		}
	}
}

// checkExpectedPath fails t unless g, the i-th path's figures, are w.
func checkExpectedPath(t *testing.T, i int, g PathFigures, w expectedPath) {
	t.Helper()
	kind := w.Kind
	if g.Path != w.Path || g.Kind != kind || g.Cases != w.Cases || g.Nodes != w.Nodes {
		t.Errorf("path %d: %s %s cases %d nodes %d, want %s %s %d %d", i, g.Path, g.Kind, g.Cases, g.Nodes, w.Path, kind, w.Cases, w.Nodes)
	}
	if math.Abs(g.Loss-w.Loss) > 1e-9 || math.Abs(g.Weight-w.Weight) > 1e-9 || !nearOpt(g.Score, g.HasScore, w.Score) {
		t.Errorf("%s: loss %v weight %v score %v (%v), want %v %v %v", w.Path, g.Loss, g.Weight, g.Score, g.HasScore, w.Loss, w.Weight, ptr(w.Score))
	}
	known := 0
	for _, s := range scoring.Statuses {
		if n, ok := w.Statuses[s.String()]; ok {
			known++
			if n == 0 {
				t.Errorf("%s: the expected statuses list %s with 0", w.Path, s)
			}
		}
		if g.Status(s) != w.Statuses[s.String()] {
			t.Errorf("%s: %d %s, want %d", w.Path, g.Status(s), s, w.Statuses[s.String()])
		}
	}
	if known != len(w.Statuses) {
		t.Errorf("%s: unknown statuses in %v", w.Path, w.Statuses)
	}
	if g.LeafCounts() != [5]int{w.TP, w.FD, w.FA, w.FN, w.TN} {
		t.Errorf("%s: counts %v, want %v", w.Path, g.LeafCounts(), [5]int{w.TP, w.FD, w.FA, w.FN, w.TN})
	}
	if !nearOpt(g.Precision, g.HasPrecision, w.Precision) || !nearOpt(g.Recall, g.HasRecall, w.Recall) || !nearOpt(g.F1, g.HasF1, w.F1) {
		t.Errorf("%s: p/r/f1 %v/%v/%v, want %v/%v/%v", w.Path, g.Precision, g.Recall, g.F1, ptr(w.Precision), ptr(w.Recall), ptr(w.F1))
	}
}

func ptr(p *float64) any {
	if p == nil {
		return nil
	}
	return *p
}
