package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/shell"
)

// exploreDataset opens the explorer on a dataset (docs/datasets.md): DATA.jsonl
// [WEIGHTS], REF.jsonl OUT.jsonl [WEIGHTS] or REF_DIR OUT_DIR [WEIGHTS],
// with the flags `score` takes for datasets. What `score` refuses before
// reading (bad flags, weights, rules, a dataset that cannot be opened)
// is refused here before the explorer starts, with the same message;
// what the scoring finds (a reference that does not parse, a duplicate
// id) ends the explorer with `score`'s message.
func (a *app) exploreDataset(f *exploreFlags, d *datasetFlags, spec dataset.Spec, weightsName string, args []string) error {
	if f.schema != "" {
		return badInput(errors.New("--schema checks a pair's output; for a dataset's outputs use: jsontui validate --schema FILE " + joinArgs(args)))
	}
	opts, err := a.exploreSettings(f, args)
	if err != nil {
		return badInput(err)
	}
	labels, err := a.exploreLabelPairer(&a.exploreLabels, &spec)
	if err != nil {
		return err
	}
	cfg, weightsFile, rulesFile, err := a.datasetConfig(&spec, d, &f.metric, weightsName)
	if err != nil {
		return err
	}
	cfg.Keep = true
	prog := newLoadProgress(&spec, &cfg)
	// The history pane reads the store even with --no-history, which
	// only stops the recording of runs; a store path that cannot be one
	// is refused now. Then the explorer owns the terminal.
	store, err := a.historyStore()
	if err != nil {
		return err
	}
	a.quietHistory = true
	defer func() { a.quietHistory = false }()
	// The dataset's files are hashed once, for the opening run and the
	// recovery file; standard input as it is read.
	sides := datasetHasher(spec.Ref, spec.Out)
	stdin := sha256.New()
	if spec.Ref == "-" || spec.Out == "-" {
		spec.Stdin = io.TeeReader(spec.Stdin, stdin)
	}
	rec, recorder := a.exploreDatasetRecorder(store, &spec, &cfg, d, weightsFile, rulesFile, sides)
	src, err := openDataset(spec, d)
	if err != nil {
		rec.abandon()
		return badInput(err)
	}
	defer src.Close()
	if err := a.needTerminal(args, false); err != nil {
		rec.abandon()
		return err
	}
	prog.files, prog.total = src.Size()
	dopts := a.datasetExplorerOptions(opts, spec, cfg, weightsName, weightsFile, rulesFile, recorder, withStdin(sides, stdin), &prog.scored)
	// The opening run is recorded once scored, in the background (see
	// loader); when the explorer ends, gate stops the loads.
	gate := &explorerGate{}
	dopts.Labels = labels
	dopts.Load = gate.loader(src, cfg, prog, rec, recorder)
	// m, C and p score the dataset again from its files (see rescorer);
	// a dataset read from standard input cannot be read again.
	if spec.Ref != "-" && spec.Out != "-" {
		dopts.RescoreDataset = gate.rescorer(spec, d, cfg, recorder)
	}
	dopts.RulesSum = history.RulesSum
	progOpts := []tea.ProgramOption{tea.WithOutput(a.stdout)}
	if a.stdinTTY {
		progOpts = append(progOpts, tea.WithInput(a.stdin))
	}
	err = tui.ExploreDataset(dopts, progOpts...)
	gate.close()
	if rec != nil && !gate.committing {
		rec.abandon() // nothing was scored to record
		recorder.openingDone()
	}
	if recorder != nil {
		for _, w := range recorder.warnings() {
			fmt.Fprintf(a.stderr, "jsontui: warning: %v\n", w)
		}
	}
	return explorerEnd(err)
}

// explorerEnd is the command's error for the explorer's: an interrupt
// exits as a shell reports a signal, a cancel is no error.
func explorerEnd(err error) error {
	var ee *exitError
	var ie *shell.Interrupted
	switch {
	case err == nil, errors.As(err, &ee):
		return err
	case errors.As(err, &ie):
		// As a shell reports a process a signal ended: 128 + its number.
		return &exitError{code: ie.ExitCode(), err: ie}
	case errors.Is(err, context.Canceled):
		return nil
	}
	return fmt.Errorf("the explorer failed: %w", err)
}

// exploreDatasetFiles names a dataset's files for the explorer, and where
// ctrl+s saves the weights.
func (a *app) exploreDatasetFiles(spec dataset.Spec, weightsName string) ports.Files {
	f := ports.Files{Reference: displayName(spec.Ref), Output: displayName(spec.Ref), Weights: displayNameOrEmpty(weightsName),
		DefaultSave: "weights.json"}
	if spec.Out != "" {
		f.Output = displayName(spec.Out)
	}
	if weightsName != "" && weightsName != "-" {
		f.SavePath = weightsName
	}
	if spec.Ref != "-" {
		f.DefaultSave = filepath.Join(filepath.Dir(spec.Ref), "weights.json")
	}
	return f
}

// datasetRescorer returns what scores the dataset of spec again in the
// explorer: from its files, with the field flags d and the figures' flags
// of cfg (--pass, --match-threshold) as `score` takes them, and the
// metric, options, rules and weights file chosen.
func datasetRescorer(spec dataset.Spec, d *datasetFlags, cfg dataset.Config) ports.DatasetRescorer {
	return ports.RescoreDataset(datasetSpec(spec, d), dataset.Config{Pass: cfg.Pass, MatchThreshold: cfg.MatchThreshold})
}

// loadProgress counts a dataset's load for the explorer's progress line:
// report is the explorer's, once it asks for the load.
type loadProgress struct {
	// done is the bytes of the cases done (Spec.Progress); sent, the
	// last of them sent to the explorer.
	done, cases atomic.Int64
	sent        int64
	// scored is the number of reference cases once the dataset is
	// scored, 0 before.
	scored atomic.Int64
	report atomic.Pointer[func(ports.DatasetProgress)]
	total  int64
	files  int
}

// send reports the counts so far, once the explorer listens.
func (p *loadProgress) send() {
	if r := p.report.Load(); r != nil {
		(*r)(ports.DatasetProgress{Cases: int(p.cases.Load()), Read: p.done.Load(), Total: p.total, Files: p.files})
	}
}

// explorerGate lets the explorer's loads and rescores begin until it
// ends: close stops new ones and waits for those under way, and for the
// opening run's recording.
type explorerGate struct {
	mu                 sync.Mutex
	ended              bool
	loading, recording sync.WaitGroup
	committing         bool // the opening run is being recorded
}

// enter reports whether a load may begin, counting it in loading (the
// caller calls loading.Done); false once the explorer ended.
func (g *explorerGate) enter() bool {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.ended {
		return false
	}
	g.loading.Add(1)
	return true
}

// close ends the gate and waits for the loads and the recording.
func (g *explorerGate) close() {
	g.mu.Lock()
	g.ended = true
	g.mu.Unlock()
	g.loading.Wait()
	g.recording.Wait()
}

// datasetExplorerOptions are the dataset explorer's options: its files,
// metric and weights, the history pane, the recorder (nil with
// --no-history) and the recovery file of unsaved weights, whose dataset
// files sides names; cases counts its reference cases once scored (for
// the history pane of a file of records).
func (a *app) datasetExplorerOptions(opts ports.Options, spec dataset.Spec, cfg dataset.Config, weightsName string,
	weightsFile, rulesFile inputFile, recorder *datasetRecorder, sides func() [2]history.File, cases *atomic.Int64) ports.DatasetOptions {
	dopts := ports.DatasetOptions{
		Files:   a.exploreDatasetFiles(spec, weightsName),
		Weights: cfg.Weights, Metric: opts.Metric, MetricOptions: opts.MetricOptions, Rules: opts.Rules,
		Metrics: opts.Metrics, Rescore: opts.Rescore, Theme: opts.Theme, NoMouse: opts.NoMouse, GroupBy: spec.GroupBy,
	}
	dopts.Files.Rules = opts.Files.Rules
	dopts.History = &datasetHistory{a: a, ref: spec.Ref, out: spec.Out, cases: func() int { return int(cases.Load()) }}
	if recorder != nil {
		dopts.Recorder, dopts.Recorded = recorder, true
	}
	dopts.Recovery = a.datasetRecoveryKeeper(dopts.Files, weightsFile, sides)
	if rulesFile.name != "" {
		dopts.RulesID = history.RulesSum(rulesFile.data)
	}
	return dopts
}

// rescorer scores the dataset again from its files, as `score` would
// with what was chosen, the files hashed as they are read then for the
// runs recorder (nil for none) records of it; the explorer's end waits
// for a rescore under way to stop, as it waits for the load.
func (g *explorerGate) rescorer(spec dataset.Spec, d *datasetFlags, cfg dataset.Config,
	recorder *datasetRecorder) func(context.Context, ports.DatasetRescoreRequest, func(ports.DatasetProgress)) (*dataset.Result, error) {
	rescore := datasetRescorer(spec, d, cfg)
	return func(ctx context.Context, req ports.DatasetRescoreRequest, p func(ports.DatasetProgress)) (*dataset.Result, error) {
		if !g.enter() {
			return nil, context.Canceled
		}
		defer g.loading.Done()
		var sides func() [2]history.File
		if recorder != nil {
			sides = datasetHasher(spec.Ref, spec.Out)
			go sides() // as the files are read
		}
		res, err := rescore(ctx, req, p)
		if err == nil && recorder != nil {
			recorder.scored(res.Scored, sides)
		}
		return res, err
	}
}

// loader scores the dataset from src for the explorer, reporting to prog,
// and records the opening run in the background (rec nil: not at all):
// the explorer shows meanwhile, and the runs it records later wait for
// it. When it ends, the load under way (the user quit while it read)
// stops, one not begun does not begin, and the recording is waited for.
func (g *explorerGate) loader(src *dataset.Source, cfg dataset.Config, prog *loadProgress, rec *datasetRecording,
	recorder *datasetRecorder) func(context.Context, func(ports.DatasetProgress)) (*dataset.Result, error) {
	return func(ctx context.Context, p func(ports.DatasetProgress)) (*dataset.Result, error) {
		if !g.enter() {
			return nil, context.Canceled
		}
		defer g.loading.Done()
		prog.report.Store(&p)
		prog.send()
		res, err := dataset.Score(ctx, src, cfg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, badInput(err)
		}
		prog.cases.Store(int64(res.Figures.Stats.Cases))
		prog.scored.Store(int64(res.Figures.Stats.Cases))
		prog.send()
		if rec != nil {
			g.committing = true
			g.recording.Go(func() { recorder.commitOpening(rec, res) })
		}
		return res, nil
	}
}

// newLoadProgress counts what spec reads and the cases cfg scores.
func newLoadProgress(spec *dataset.Spec, cfg *dataset.Config) *loadProgress {
	prog := &loadProgress{}
	spec.Progress = func(n int64) {
		prog.done.Store(n)
		if n-prog.sent >= ports.ProgressStep {
			prog.sent = n
			prog.send()
		}
	}
	cfg.Cases = func(*dataset.Case) error {
		if n := prog.cases.Add(1); n%512 == 0 {
			prog.send()
		}
		return nil
	}
	return prog
}

// exploreDatasetRecorder starts the recording of the explorer's opening
// run and returns the recorder of the runs it records; both nil with
// --no-history.
func (a *app) exploreDatasetRecorder(store *history.Store, spec *dataset.Spec, cfg *dataset.Config, d *datasetFlags,
	weightsFile, rulesFile inputFile, sides func() [2]history.File) (*datasetRecording, *datasetRecorder) {
	if a.exploreHistory.noHistory {
		return nil, nil
	}
	tau := 1.0
	if d.thresholdSet {
		tau = d.threshold
	}
	meta := datasetRunMeta{label: a.exploreHistory.label, tags: a.exploreHistory.tags, source: history.SourceTUI, groupBy: d.groupBy, tau: tau}
	recorder := &datasetRecorder{a: a, store: store, spec: *spec, openRules: cfg.Rules, weights: weightsFile, rules: rulesFile,
		meta: meta, opening: make(chan struct{})}
	return startDatasetRecordingHashed(store, spec, cfg, weightsFile, rulesFile, sides), recorder
}

// withStdin returns sides with the hash of standard input, as read so
// far, for a side read from it.
func withStdin(sides func() [2]history.File, stdin hash.Hash) func() [2]history.File {
	return func() [2]history.File {
		files := sides()
		for i := range files {
			if files[i].Path == "-" {
				files[i].SHA256 = hex.EncodeToString(stdin.Sum(nil))
			}
		}
		return files
	}
}
