package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
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
	"github.com/jsontui/jsontui/tui/ports"
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
// at weights as the explorer loads it, with a recorder on a store of its
// own; the opening run is committed unless hold is set (then
// commitOpening is the caller's to call).
func openDatasetRecorder(t testing.TB, data, weights string, hold bool) *openedDataset {
	t.Helper()
	return openDatasetRecorderWith(t, dataset.Spec{Ref: data}, weights, metricFlags{name: scoring.DefaultMetric}, filepath.Join(t.TempDir(), "history.db"), hold)
}

// openDatasetRecorderWith is openDatasetRecorder of the dataset spec with
// the metric flags m (metric, options, --rules), on the store at store,
// read as the explorer reads it (datasetConfig).
func openDatasetRecorderWith(t testing.TB, spec dataset.Spec, weights string, m metricFlags, store string, hold bool) *openedDataset {
	t.Helper()
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	flags := &datasetFlags{}
	cfg, weightsFile, rulesFile, err := a.datasetConfig(&spec, flags, &m, weights)
	if err != nil {
		t.Fatal(err)
	}
	st := history.Open(store)
	r := &datasetRecorder{a: a, store: st, spec: spec, openRules: cfg.Rules, weights: weightsFile, rules: rulesFile,
		meta: datasetRunMeta{source: history.SourceTUI, tau: 1, tags: []string{"t"}}, opening: make(chan struct{})}
	cfg.Keep = true
	rec := startDatasetRecordingHashed(st, &spec, &cfg, weightsFile, rulesFile, datasetHasher(spec.Ref, spec.Out))
	src, err := openDataset(spec, flags)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	o := &openedDataset{r: r, res: res, store: st, data: spec.Ref, weights: weights, rec: rec}
	if !hold {
		r.commitOpening(rec, res)
	}
	return o
}

// tuned sets the weights of d (path: weight) and returns the weights in
// force as the explorer saves them.
func tuned(t testing.TB, d *dataset.Scored, weights map[string]float64) []byte {
	t.Helper()
	for p, w := range weights {
		if err := d.SetWeight(p, w); err != nil {
			t.Fatalf("SetWeight(%s): %v", p, err)
		}
	}
	b, err := d.MarshalWeights()
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// explorerRun is the run the explorer records of o's dataset as it stands
// (datasetpage.Model.record): the weights in force, the metric, options
// and rules of the dataset scored, frozen.
func explorerRun(o *openedDataset, ev ports.RunEvent, files ports.Files, weights []byte) ports.DatasetRun {
	figs := o.res.Scored.Figures()
	run := ports.DatasetRun{Event: ev, Time: time.Now(), Files: files, WeightsJSON: weights,
		Metric: figs.Metric, Options: figs.Options, Score: figs.Score, HasScore: figs.HasScore, Dataset: o.res.Scored.Freeze()}
	if o.r.openRules != nil {
		run.RulesJSON = o.r.openRules.Marshal()
	}
	return run
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

// TestDatasetRecorderSave: a save's run is the dataset held in memory
// under the weights saved, recorded as `score` records it: its score,
// per-path and per-case figures those of dataset.Score under the file,
// the file named with its hash, labelled "explorer saved", tagged.
func TestDatasetRecorderSave(t *testing.T) {
	dir, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, false)
	saved := tuned(t, o.res.Scored, map[string]float64{".vendor": 0.5})
	savePath := filepath.Join(dir, "tuned.json")
	if err := os.WriteFile(savePath, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	want := scoreUnder(t, data, saved, "jsondiff", nil, nil)
	run := explorerRun(o, ports.RunSaved, ports.Files{SavePath: savePath, Weights: savePath}, saved)
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
// metric, options or rules in force (the dataset scored again with them
// in the explorer), it records that dataset.
func TestDatasetRecorderQuit(t *testing.T) {
	_, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, false)
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
		{"weights", "jsondiff", nil, nil},
		{"options", "jsondiff", []string{"lists=best"}, nil},
		{"rules", "jsondiff", nil, rules},
		{"metric", "lynxius", nil, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			var r *scoring.RuleSet
			if c.rules != nil {
				r = rs
			}
			// The explorer's dataset as m, C or p scored it again.
			cur := rescoreFor(t, o, c.metric, c.options, r)
			inForce := tuned(t, cur.Scored, map[string]float64{".vendor": 0.25, ".note": 0})
			run := explorerRun(&openedDataset{r: o.r, res: cur}, ports.RunQuit,
				ports.Files{SavePath: weights, Weights: weights, Rules: "rules.json"}, inForce)
			run.RulesJSON = c.rules
			if err := o.r.Record(context.Background(), run); err != nil {
				t.Fatal(err)
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

// rescoreFor scores o's dataset again with a metric, options and rules,
// held for re-weighting, as the explorer's m, C and p do
// (datasetRescorer), and notes it with o's recorder as
// cmd_explore_dataset does.
func rescoreFor(t testing.TB, o *openedDataset, metric string, options []string, rules *scoring.RuleSet) *dataset.Result {
	t.Helper()
	opts, err := scoring.ParseMetricOptions(options)
	if err != nil {
		t.Fatal(err)
	}
	rescore := datasetRescorer(o.r.spec, &datasetFlags{}, dataset.Config{})
	sides := datasetHasher(o.r.spec.Ref, o.r.spec.Out)
	res, err := rescore(context.Background(), ports.DatasetRescoreRequest{Metric: metric, Options: opts, Rules: rules}, func(ports.DatasetProgress) {})
	if err != nil {
		t.Fatal(err)
	}
	o.r.scored(res.Scored, sides)
	return res
}

// TestDatasetRecorderWaits: a run recorded after the opening waits for it
// to be committed (the history keeps their order), gives up when its
// context ends, and every failure is kept to be printed once the
// explorer ends.
func TestDatasetRecorderWaits(t *testing.T) {
	_, data, weights := smallCopy(t)
	o := openDatasetRecorder(t, data, weights, true)
	disk, _ := os.ReadFile(weights)
	run := explorerRun(o, ports.RunSaved, ports.Files{SavePath: weights}, disk)
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
	run.Dataset = nil
	if err := o.r.Record(context.Background(), run); err == nil {
		t.Error("a run without its dataset was recorded")
	}
	warns := o.r.warnings()
	if len(warns) != 2 || warns[0].Error() != "history: the saved run was not recorded: context canceled" ||
		warns[1].Error() != "history: the saved run was not recorded: the explorer gave no scored dataset to record" {
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
func saveRun(b *testing.B, d *dataset.Scored, weights string) ports.DatasetRun {
	w, err := d.MarshalWeights()
	if err != nil {
		b.Fatal(err)
	}
	return ports.DatasetRun{Event: ports.RunSaved, Files: ports.Files{SavePath: weights}, WeightsJSON: w,
		Metric: "jsondiff", Options: d.Figures().Options, Dataset: d.Freeze()}
}
