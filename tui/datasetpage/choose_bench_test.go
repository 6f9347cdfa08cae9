package datasetpage

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// BenchmarkDatasetMetricSwitch measures a metric chosen on the dataset
// (enter in the chooser) to the screen repainted with the new figures,
// over the generated dataset of 100,000 cases (10,000 with -short),
// switching between lynxius and jsondiff with a weight tuned (carried
// over each time): the whole dataset read again from its file and scored
// on every core, the tuned weight put in, every pane brought up to date
// and the tree with the detail pane drawn at 120×35. ui-ms/median is the
// part of it on the UI's goroutine (taking the new figures and
// repainting), the rest being in the background, the box's progress
// showing meanwhile; cpu-ms/op says how much of the wall time was the
// machine's other work.
func BenchmarkDatasetMetricSwitch(b *testing.B) {
	n := benchDatasetCases()
	generatedDataset(b, n) // the file, written once
	p := filepath.Join("..", "testdata", "bench", fmt.Sprintf("explore-%dc.jsonl", n))
	// A dataset of its own: the one the other benchmarks share is not
	// to be re-weighted here.
	src, err := dataset.Open(dataset.Spec{Ref: p})
	if err != nil {
		b.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true})
	if err != nil {
		b.Fatal(err)
	}
	m := New(ports.DatasetOptions{Files: ports.Files{Reference: p, Output: p}, Loaded: res, Theme: "dark",
		Metrics: ports.ChoicesOf(scoring.Metrics()), RescoreDataset: ports.RescoreDataset(dataset.Spec{Ref: p}, dataset.Config{})})
	m.Update(tea.WindowSizeMsg{Width: 120, Height: 35})
	m.tree.SelectPath(m.ds.Scored.PathIndex(".vendor"))
	m.Update(tuitest.KeyMsg("tab"))
	m.Update(dsdata.WeightKeyMsg{Path: ".vendor", Key: tuitest.KeyMsg("-")})
	m.View()
	var times, ui []time.Duration
	metrics := []string{"lynxius", "jsondiff"}
	i := 0
	cpu := cpuTime()
	for b.Loop() {
		start := time.Now()
		_, cmd := m.Update(choosers.MetricChosenMsg{Metric: metrics[i%2], Close: true})
		batch := cmd().(tea.BatchMsg)
		msg := batch[0]() // the rescore, in the background in the program
		t0 := time.Now()
		m.Update(msg)
		m.View()
		ui = append(ui, time.Since(t0))
		times = append(times, time.Since(start))
		if got := m.ds.Metric(); got != metrics[i%2] {
			b.Fatalf("metric %s, not %s: %s", got, metrics[i%2], m.Status.Text())
		}
		if w, _ := m.ds.Scored.Weight(".vendor"); w != 0.95 {
			b.Fatalf(".vendor weighs %v under %s", w, metrics[i%2])
		}
		i++
	}
	b.ReportMetric(float64(cpuTime()-cpu)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	tuitest.ReportMedian(b, times)
	slices.Sort(ui)
	b.ReportMetric(float64(ui[len(ui)/2])/float64(time.Millisecond), "ui-ms/median")
}
