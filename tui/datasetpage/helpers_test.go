package datasetpage

import (
	"context"
	"path/filepath"
	"testing"

	tea "charm.land/bubbletea/v2"

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

// dsDriver feeds a dataset's explorer messages as the program would,
// running the commands they return at once, in order (driver's rules).
type dsDriver struct {
	t      *testing.T
	m      *Model
	timers []tea.Msg
}

func newDSDriver(t *testing.T, opts ports.DatasetOptions, w, h int) *dsDriver {
	d := &dsDriver{t: t, m: New(opts)}
	d.m.C.Tick = tuitest.InstantTick
	d.run(d.m.Init())
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	return d
}

func (d *dsDriver) send(msg tea.Msg) {
	d.t.Helper()
	_, cmd := d.m.Update(msg)
	d.run(cmd)
}

func (d *dsDriver) run(cmd tea.Cmd) {
	d.t.Helper()
	tuitest.RunCmd(cmd, &d.timers, d.send)
}

// keys sends key presses as driver.keys does.
func (d *dsDriver) keys(ks ...string) {
	d.t.Helper()
	for _, k := range ks {
		if text, ok := cutType(k); ok {
			for _, r := range text {
				d.send(tea.KeyPressMsg{Code: r, Text: string(r)})
			}
			continue
		}
		d.send(tuitest.KeyMsg(k))
	}
}

// screen returns the view with the ANSI sequences stripped.
func (d *dsDriver) screen() string { return tuitest.StripANSI(d.m.View().Content) }

// statusText returns the status line's message.
func (d *dsDriver) statusText() string {
	if d.m.open != nil {
		return d.m.open.m.Status.Text()
	}
	return d.m.Status.Text()
}

func cutType(k string) (string, bool) {
	if len(k) > 5 && k[:5] == "type:" {
		return k[5:], true
	}
	return "", false
}
