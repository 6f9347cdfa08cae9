package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui"
	"github.com/jsontui/jsontui/tui/datasetpage"
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
	cfg, weightsFile, rulesFile, err := a.datasetConfig(&spec, d, &f.metric, weightsName)
	if err != nil {
		return err
	}
	cfg.Keep = true
	var read, cases atomic.Int64
	var report atomic.Pointer[func(ports.DatasetProgress)]
	total, files := int64(0), 0
	progress := func() {
		if p := report.Load(); p != nil {
			(*p)(ports.DatasetProgress{Cases: int(cases.Load()), Read: read.Load(), Total: total, Files: files})
		}
	}
	spec.Progress = func(n int64) {
		read.Store(n)
		progress()
	}
	cfg.Cases = func(*dataset.Case) error {
		if n := cases.Add(1); n%512 == 0 {
			progress()
		}
		return nil
	}
	// The history pane reads the store even with --no-history, which
	// only stops the recording of runs; a store path that cannot be one
	// is refused now. Then the explorer owns the terminal.
	store, err := a.historyStore()
	if err != nil {
		return err
	}
	a.quietHistory = true
	defer func() { a.quietHistory = false }()
	tau := 1.0
	if d.thresholdSet {
		tau = d.threshold
	}
	meta := datasetRunMeta{label: a.exploreHistory.label, tags: a.exploreHistory.tags, source: history.SourceTUI, groupBy: d.groupBy, tau: tau}
	// The dataset's files are hashed once, for the opening run and the
	// recovery file; standard input as it is read.
	sides := datasetHasher(spec.Ref, spec.Out)
	stdin := sha256.New()
	if spec.Ref == "-" || spec.Out == "-" {
		spec.Stdin = io.TeeReader(spec.Stdin, stdin)
	}
	var rec *datasetRecording
	var recorder *datasetRecorder
	if !a.exploreHistory.noHistory {
		recorder = &datasetRecorder{a: a, store: store, spec: spec, openRules: cfg.Rules, weights: weightsFile, rules: rulesFile,
			meta: meta, opening: make(chan struct{})}
		rec = startDatasetRecordingHashed(store, &spec, &cfg, weightsFile, rulesFile, sides)
	}
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
	files, total = src.Size()
	dopts := ports.DatasetOptions{
		Files:   a.exploreDatasetFiles(spec, weightsName),
		Weights: cfg.Weights, Metric: opts.Metric, MetricOptions: opts.MetricOptions, Rules: opts.Rules,
		Metrics: opts.Metrics, Rescore: opts.Rescore, Theme: opts.Theme, NoMouse: opts.NoMouse,
	}
	dopts.Files.Rules = opts.Files.Rules
	dopts.History = &datasetHistory{a: a, ref: spec.Ref, out: spec.Out}
	if recorder != nil {
		dopts.Recorder, dopts.Recorded = recorder, true
	}
	dopts.Recovery = a.datasetRecoveryKeeper(dopts.Files, weightsFile, func() [2]history.File {
		files := sides()
		for i := range files {
			if files[i].Path == "-" {
				files[i].SHA256 = hex.EncodeToString(stdin.Sum(nil))
			}
		}
		return files
	})
	if rulesFile.name != "" {
		dopts.RulesID = history.RulesSum(rulesFile.data)
	}
	// The opening run is recorded once scored, in the background: the
	// explorer shows meanwhile, and the runs it records later wait for
	// it. When it ends, the load under way (the user quit while it read)
	// stops, one not begun does not begin, and the recording is waited
	// for.
	var (
		mu                 sync.Mutex
		ended              bool
		loading, recording sync.WaitGroup
		committing         bool
	)
	dopts.Load = func(ctx context.Context, p func(ports.DatasetProgress)) (*dataset.Result, error) {
		mu.Lock()
		if ended {
			mu.Unlock()
			return nil, context.Canceled
		}
		loading.Add(1)
		mu.Unlock()
		defer loading.Done()
		report.Store(&p)
		progress()
		res, err := dataset.Score(ctx, src, cfg)
		if err != nil {
			if ctx.Err() != nil {
				return nil, ctx.Err()
			}
			return nil, badInput(err)
		}
		cases.Store(int64(res.Figures.Stats.Cases))
		progress()
		if rec != nil {
			committing = true
			recording.Add(1)
			go func() {
				defer recording.Done()
				recorder.commitOpening(rec, res)
			}()
		}
		return res, nil
	}
	// m, C and p score the dataset again from its files, as `score` would
	// with what was chosen (a dataset read from standard input cannot be
	// read again), the files hashed as they are read then, for the runs
	// recorded of it; the explorer's end waits for a rescore under way to
	// stop, as it waits for the load.
	if spec.Ref != "-" && spec.Out != "-" {
		rescore := datasetRescorer(spec, d, cfg)
		dopts.RescoreDataset = func(ctx context.Context, req ports.DatasetRescoreRequest, p func(ports.DatasetProgress)) (*dataset.Result, error) {
			mu.Lock()
			if ended {
				mu.Unlock()
				return nil, context.Canceled
			}
			loading.Add(1)
			mu.Unlock()
			defer loading.Done()
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
	dopts.RulesSum = history.RulesSum
	progOpts := []tea.ProgramOption{tea.WithOutput(a.stdout)}
	if a.stdinTTY {
		progOpts = append(progOpts, tea.WithInput(a.stdin))
	}
	err = tui.ExploreDataset(dopts, progOpts...)
	mu.Lock()
	ended = true
	mu.Unlock()
	loading.Wait()
	recording.Wait()
	if rec != nil && !committing {
		rec.abandon() // nothing was scored to record
		recorder.openingDone()
	}
	if recorder != nil {
		for _, w := range recorder.warnings() {
			fmt.Fprintf(a.stderr, "jsontui: warning: %v\n", w)
		}
	}
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
	return datasetpage.RescoreDataset(datasetSpec(spec, d), dataset.Config{Pass: cfg.Pass, MatchThreshold: cfg.MatchThreshold})
}
