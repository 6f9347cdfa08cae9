package cli

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/bench"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui"
)

// smallCopy copies dataset-small into a folder of its own and returns
// the paths of its file of records and of its weights file.
func smallCopy(t *testing.T) (dir, data, weights string) {
	t.Helper()
	dir = t.TempDir()
	for _, name := range []string{"data.jsonl", "weights.json"} {
		b, err := os.ReadFile(small + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir, filepath.Join(dir, "data.jsonl"), filepath.Join(dir, "weights.json")
}

// openedDataset is a dataset opened in the explorer with its recorder: the
// opening run recorded as it loaded, committed unless held.
type openedDataset struct {
	r       *datasetRecorder
	res     *dataset.Result
	store   *history.Store
	data    string
	weights string
	rec     *datasetRecording
}

// openDatasetRecorder scores the dataset at data under the weights file
// at weights as the explorer loads it, with a recorder on store; the
// opening run is committed unless hold is set (then commitOpening is the
// caller's to call).
func openDatasetRecorder(t testing.TB, data, weights string, hold bool) *openedDataset {
	t.Helper()
	store := history.Open(filepath.Join(t.TempDir(), "history.db"))
	wdata, err := os.ReadFile(weights)
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights(weights, wdata)
	if err != nil {
		t.Fatal(err)
	}
	m, err := scoring.LookupMetric(scoring.DefaultMetric)
	if err != nil {
		t.Fatal(err)
	}
	spec := dataset.Spec{Ref: data}
	cfg := dataset.Config{Metric: m, Weights: w}
	flags := &datasetFlags{}
	r := &datasetRecorder{store: store, spec: spec, flags: flags, cfg: cfg, weights: inputFile{name: weights, data: wdata},
		meta: datasetRunMeta{source: history.SourceTUI, tau: 1, tags: []string{"t"}}, opening: make(chan struct{})}
	cfg.Keep = true
	rec := startDatasetRecordingHashed(store, &spec, &cfg, r.weights, inputFile{}, datasetHasher(spec.Ref, spec.Out))
	src, err := openDataset(spec, flags)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	o := &openedDataset{r: r, res: res, store: store, data: data, weights: weights, rec: rec}
	if !hold {
		r.commitOpening(rec, res)
	}
	return o
}

// scoreUnder scores the dataset as `score` does under the weights file
// content w, the metric and options, and the rules (nil for none).
func scoreUnder(t testing.TB, data string, w []byte, metric string, options []string, rules *scoring.RuleSet) *dataset.Figures {
	t.Helper()
	weights, err := scoring.ParseWeights("w.json", w)
	if err != nil {
		t.Fatal(err)
	}
	m, err := scoring.LookupMetric(metric)
	if err != nil {
		t.Fatal(err)
	}
	opts, err := scoring.ParseMetricOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	src, err := dataset.Open(dataset.Spec{Ref: data})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Metric: m, Options: opts, Weights: weights, Rules: rules})
	if err != nil {
		t.Fatal(err)
	}
	return res.Figures
}

// newestRun returns the newest run of the store, read back.
func newestRun(t testing.TB, store *history.Store) *history.Run {
	t.Helper()
	list, err := store.List(history.ListOptions{})
	if err != nil || len(list) == 0 {
		t.Fatalf("runs %d: %v", len(list), err)
	}
	run, err := store.Get(list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	return run
}

// sameFigures reports how two dataset figures differ (score, stats, every
// path's score and loss, every case's score), "" when they do not.
func sameFigures(a, b *dataset.Figures) string {
	var diffs []string
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9 || math.IsNaN(x) && math.IsNaN(y) }
	if !near(a.Score, b.Score) || a.Metric != b.Metric || strings.Join(a.Options, " ") != strings.Join(b.Options, " ") {
		diffs = append(diffs, "score or metric")
	}
	if len(a.Paths) != len(b.Paths) || len(a.Cases) != len(b.Cases) {
		return "paths or cases"
	}
	for i := range a.Paths {
		p, q := a.Paths[i], b.Paths[i]
		if p.Path != q.Path || !near(p.Score, q.Score) || !near(p.Loss, q.Loss) || !near(p.Weight, q.Weight) {
			diffs = append(diffs, "path "+p.Path)
		}
	}
	for i := range a.Cases {
		if c, d := a.Cases[i], b.Cases[i]; c.ID != d.ID || !near(c.Score, d.Score) || c.Status != d.Status {
			diffs = append(diffs, "case "+c.ID)
		}
	}
	return strings.Join(diffs, ", ")
}

// TestDatasetRecorderSave: a save's run is the dataset scored again under
// the weights saved, recorded as `score` records it: its score, per-path
// and per-case figures those of dataset.Score under the file, the file
// named with its hash, labelled "explorer saved", tagged.
func TestDatasetRecorderSave(t *testing.T) {
	dir, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, false)
	saved := []byte("{\n  \"vendor\": 0.5,\n  \"note\": 0.0,\n  \"total\": 1.0,\n  \"items\": {\"__items\": 0.8, \"price\": 0.5}\n}\n")
	savePath := filepath.Join(dir, "tuned.json")
	if err := os.WriteFile(savePath, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	want := scoreUnder(t, data, saved, "jsondiff", nil, nil)
	run := tui.DatasetRun{Event: tui.RunSaved, Time: time.Now(), Files: tui.Files{SavePath: savePath, Weights: savePath},
		WeightsJSON: saved, Metric: "jsondiff", Options: o.res.Figures.Options, Score: want.Score, HasScore: true}
	if err := o.r.Record(context.Background(), run); err != nil {
		t.Fatal(err)
	}
	got := newestRun(t, o.store)
	figs, err := got.DatasetFigures()
	if err != nil {
		t.Fatal(err)
	}
	if d := sameFigures(figs, want); d != "" {
		t.Errorf("the run's figures differ from score's under the file saved: %s", d)
	}
	if got.Label != "explorer saved" || strings.Join(got.Tags, ",") != "t" || got.Source != history.SourceTUI ||
		got.Weights != history.NewFile(savePath, saved) || string(got.WeightsJSON) != string(saved) || got.Dataset == nil {
		t.Errorf("run %+v", got)
	}
	if list, _ := o.store.List(history.ListOptions{}); len(list) != 2 || list[1].Label != "" {
		t.Errorf("runs %+v, want the opening then the save", list)
	}
}

// TestDatasetRecorderQuit: the run at quit records the weights in force
// and names the weights file in force as it is on disk; under another
// metric, options or rules in force, it is scored under those.
func TestDatasetRecorderQuit(t *testing.T) {
	_, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, false)
	inForce := []byte(`{"vendor": 0.25, "note": 0, "items": {"__items": 0.8, "price": 0.5}}`)
	disk, _ := os.ReadFile(weights)
	rules := []byte(`{".vendor": "exact"}`)
	rs, err := scoring.ParseRules("rules", rules)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name    string
		metric  string
		options []string
		rules   []byte
	}{
		{"weights", "jsondiff", o.res.Figures.Options, nil},
		{"options", "jsondiff", []string{"lists=best"}, nil},
		{"rules", "jsondiff", o.res.Figures.Options, rules},
		{"metric", "lynxius", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			run := tui.DatasetRun{Event: tui.RunQuit, Files: tui.Files{SavePath: weights, Weights: weights, Rules: "rules.json"},
				WeightsJSON: inForce, Metric: c.metric, Options: c.options, RulesJSON: c.rules}
			if err := o.r.Record(context.Background(), run); err != nil {
				t.Fatal(err)
			}
			var r *scoring.RuleSet
			if c.rules != nil {
				r = rs
			}
			want := scoreUnder(t, data, inForce, c.metric, c.options, r)
			got := newestRun(t, o.store)
			figs, err := got.DatasetFigures()
			if err != nil {
				t.Fatal(err)
			}
			if d := sameFigures(figs, want); d != "" {
				t.Errorf("the run's figures differ from score's under the weights in force: %s", d)
			}
			if got.Label != "explorer quit" || got.Weights != history.NewFile(weights, disk) || string(got.WeightsJSON) != string(inForce) {
				t.Errorf("run: label %q, weights %+v\n%s", got.Label, got.Weights, got.WeightsJSON)
			}
			if c.rules != nil && (got.Rules.Path == "" || string(got.RulesJSON) != string(rules)) {
				t.Errorf("run's rules %+v %s", got.Rules, got.RulesJSON)
			}
		})
	}
}

// TestDatasetRecorderWaitsAndRefuses: a run recorded after the opening
// waits for it to be committed (the history keeps their order), gives up
// when its context ends, and a dataset read from standard input, which
// cannot be read again, is refused with why; every failure is kept to be
// printed once the explorer ends.
func TestDatasetRecorderWaitsAndRefuses(t *testing.T) {
	_, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, true)
	disk, _ := os.ReadFile(weights)
	run := tui.DatasetRun{Event: tui.RunSaved, Files: tui.Files{SavePath: weights}, WeightsJSON: disk, Metric: "jsondiff", Options: o.res.Figures.Options}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- o.r.Record(ctx, run) }()
	select {
	case err := <-done:
		t.Fatalf("recorded before the opening run: %v", err)
	case <-time.After(50 * time.Millisecond):
	}
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
	go func() { done <- o.r.Record(context.Background(), run) }()
	o.r.commitOpening(o.rec, o.res)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	list, err := o.store.List(history.ListOptions{})
	if err != nil || len(list) != 2 || list[0].Label != "explorer saved" || list[1].Label != "" {
		t.Fatalf("runs %+v (%v), want the opening then the save", list, err)
	}

	o.r.spec.Ref = "-"
	err = o.r.Record(context.Background(), run)
	if err == nil || !strings.Contains(err.Error(), "read from standard input, which cannot be read again") {
		t.Errorf("standard input: %v", err)
	}
	warns := o.r.warnings()
	if len(warns) != 2 || warns[0].Error() != "history: the saved run was not recorded: context canceled" || !strings.HasPrefix(warns[1].Error(), "history: the saved run was not recorded: the dataset was read from standard input") {
		t.Errorf("warnings %q", warns)
	}
}

// BenchmarkDatasetRecordSave times the record of a save in the dataset's
// explorer on generated datasets of 10,000 and 100,000 cases (10,000
// with -short), a weight tuned: "s/record" and "cpu-s/record" are its
// wall and CPU time, the cases laid out, compressed and committed;
// "x-load" is its time against the explorer's own load of the dataset
// (dataset.Score with Keep, on every core), measured in the same loop.
// "reweigh-ms" is a re-weight's mean latency on its own and
// "reweigh-ms-recording" while a record runs (the explorer's keys are
// re-weights while a save is recorded in the background).
func BenchmarkDatasetRecordSave(b *testing.B) {
	sizes := []int{10_000, 100_000}
	if testing.Short() {
		sizes = sizes[:1]
	}
	for _, n := range sizes {
		b.Run(fmt.Sprintf("%dcases", n), func(b *testing.B) {
			data := datasetCasesFile(b, n)
			weights := filepath.Join(b.TempDir(), "weights.json")
			if err := os.WriteFile(weights, []byte(`{}`), 0o644); err != nil {
				b.Fatal(err)
			}
			o := openDatasetRecorder(b, data, weights, false)
			d := o.res.Scored
			path := weighablePath(b, d)
			var record, load, cpu, idle, busy time.Duration
			var idleN, busyN int
			w := 0.5
			reweigh := func() time.Duration {
				w = 1.5 - w // 0.5, 1, 0.5…
				start := time.Now()
				if err := d.SetWeight(path, w); err != nil {
					b.Fatal(err)
				}
				return time.Since(start)
			}
			for b.Loop() {
				start := time.Now()
				src, err := dataset.Open(dataset.Spec{Ref: data})
				if err != nil {
					b.Fatal(err)
				}
				if _, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true}); err != nil {
					b.Fatal(err)
				}
				src.Close()
				load += time.Since(start)
				for range 3 {
					idle += reweigh()
					idleN++
				}
				// The record alone, for its time and CPU.
				start, startCPU := time.Now(), bench.CPUTime()
				if err := o.r.Record(context.Background(), saveRun(b, d, weights)); err != nil {
					b.Fatal(err)
				}
				record += time.Since(start)
				cpu += bench.CPUTime() - startCPU
				// Then re-weights while another record runs.
				done := make(chan error, 1)
				run := saveRun(b, d, weights)
				go func() { done <- o.r.Record(context.Background(), run) }()
				for waiting := true; waiting; {
					busy += reweigh()
					busyN++
					select {
					case err := <-done:
						if err != nil {
							b.Fatal(err)
						}
						waiting = false
					default:
					}
				}
			}
			nl := float64(b.N)
			b.ReportMetric(record.Seconds()/nl, "s/record")
			b.ReportMetric(cpu.Seconds()/nl, "cpu-s/record")
			b.ReportMetric(float64(record)/float64(load), "x-load")
			b.ReportMetric(float64(idle.Milliseconds())/float64(idleN), "reweigh-ms")
			b.ReportMetric(float64(busy.Milliseconds())/float64(busyN), "reweigh-ms-recording")
			b.ReportMetric(float64(o.res.Figures.Stats.Cases), "cases")
		})
	}
}

// weighablePath returns a path of d whose weight can be set.
func weighablePath(b *testing.B, d *dataset.Scored) string {
	for _, p := range d.Paths() {
		if w, ok := d.Weight(p.Path); ok && d.SetWeight(p.Path, w) == nil && p.Path != "." {
			return p.Path
		}
	}
	b.Fatal("no path of the dataset takes a weight")
	return ""
}

// saveRun returns the run of a save of d's weights in force to weights.
func saveRun(b *testing.B, d *dataset.Scored, weights string) tui.DatasetRun {
	w, err := d.MarshalWeights()
	if err != nil {
		b.Fatal(err)
	}
	return tui.DatasetRun{Event: tui.RunSaved, Files: tui.Files{SavePath: weights}, WeightsJSON: w,
		Metric: "jsondiff", Options: d.Figures().Options}
}
