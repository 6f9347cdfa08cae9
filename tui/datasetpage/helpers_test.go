package datasetpage

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// smallDir holds the worked example of docs/datasets.md, dataset-small.
const smallDir = "../../testdata/cases/dataset-small"

// smallDataset returns dataset-small scored under its weights file with
// --pass 0.9, held for re-weighting, as the explorer opens it.
func smallDataset(t testing.TB, theme string) ports.DatasetOptions {
	t.Helper()
	return smallDatasetBy(t, theme, "")
}

// smallDatasetBy returns dataset-small as smallDataset does, its cases
// grouped by the field at groupBy ("" for none), as --group-by does.
func smallDatasetBy(t testing.TB, theme, groupBy string) ports.DatasetOptions {
	t.Helper()
	w, err := scoring.ParseWeights("weights.json", []byte(tuitest.ReadFile(t, filepath.Join(smallDir, "weights.json"))))
	if err != nil {
		t.Fatal(err)
	}
	spec := dataset.Spec{Ref: filepath.Join(smallDir, "data.jsonl"), GroupBy: groupBy}
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	pass := 0.9
	res, err := dataset.Score(context.Background(), src, dataset.Config{Weights: w, Keep: true, Pass: &pass})
	if err != nil {
		t.Fatal(err)
	}
	return ports.DatasetOptions{
		Files:   ports.Files{Reference: "data.jsonl", Output: "data.jsonl", Weights: "weights.json"},
		Loaded:  res,
		Weights: w, Metric: "jsondiff", Theme: theme,
		Metrics: ports.ChoicesOf(scoring.Metrics()), RescoreDataset: ports.RescoreDataset(spec, dataset.Config{Pass: &pass}),
		GroupBy: groupBy,
	}
}

// dsDriver drives a dataset's page (tuitest.Driver), m its model.
type dsDriver struct {
	*tuitest.Driver
	m *Model
}

func newDSDriver(t *testing.T, opts ports.DatasetOptions, w, h int) *dsDriver {
	m := New(opts)
	m.C.Tick = tuitest.InstantTick
	return &dsDriver{Driver: tuitest.NewDriver(t, m, w, h), m: m}
}

// statusText returns the status line's message.
func (d *dsDriver) statusText() string {
	if d.m.open != nil {
		return d.m.open.m.Status.Text()
	}
	return d.m.Status.Text()
}
