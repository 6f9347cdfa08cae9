package datasetpage

import (
	"context"
	"math"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestDatasetMetricEndToEnd runs the dataset explorer as a program: it
// loads dataset-small from testdata in the background, switches the
// metric to lynxius with the chooser (the whole dataset scored again in
// the background, from the files) and reads the new score, exactly the
// engine's as `jsontui score data.jsonl weights.json --metric lynxius`
// gives it; then quits.
func TestDatasetMetricEndToEnd(t *testing.T) {
	data := filepath.Join(smallDir, "data.jsonl")
	weights := smallWeights(t)
	w, err := scoring.ParseWeights("weights.json", []byte(weights))
	if err != nil {
		t.Fatal(err)
	}
	spec := dataset.Spec{Ref: data}
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	opts := ports.DatasetOptions{
		Files:   ports.Files{Reference: "data.jsonl", Output: "data.jsonl", Weights: "weights.json"},
		Weights: w, Metric: "jsondiff", Theme: "mono",
		Load: func(ctx context.Context, progress func(ports.DatasetProgress)) (*dataset.Result, error) {
			progress(ports.DatasetProgress{})
			return dataset.Score(ctx, src, dataset.Config{Weights: w, Keep: true})
		},
		Metrics: ports.ChoicesOf(scoring.Metrics()), RescoreDataset: ports.RescoreDataset(spec, dataset.Config{}),
	}
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(120, 35))
	wait := func(text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	wait("0.55315")
	want := engineFiguresOf(t, data, "lynxius", w)
	tm.Send(tuitest.KeyMsg("m"))
	wait("jsondiff (in force)")
	tm.Send(tuitest.KeyMsg("j"))
	tm.Send(tuitest.KeyMsg("enter"))
	wait("metric lynxius · score " + common.Fixed5(want.Score) + " (was 0.55315)")
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	m, ok := tm.FinalModel(t).(*Model)
	if !ok {
		t.Fatal("the final model is not the dataset's")
	}
	if got := m.ds.Stats.Mean; math.Abs(got-want.Score) > 1e-12 || m.ds.Metric() != "lynxius" {
		t.Errorf("dataset score %v under %s, the engine's under lynxius %v", got, m.ds.Metric(), want.Score)
	}
	if m.job != nil {
		t.Error("a rescore still under way at the end")
	}
}

// engineFiguresOf scores the dataset in the file data with metric under
// w, as `score` does.
func engineFiguresOf(t *testing.T, data, metric string, w *scoring.Weights) *dataset.Figures {
	t.Helper()
	mt, err := scoring.LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: data})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Metric: mt, Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	return res.Figures
}
