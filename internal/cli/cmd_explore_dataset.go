package cli

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui"
)

// exploreDataset opens the explorer on a dataset (SPEC 8.6): DATA.jsonl
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
	if spec.Ref == "-" && weightsName == "-" || spec.Out == "-" && weightsName == "-" {
		return badInput(errors.New("only one file argument may be - (standard input)"))
	}
	opts, err := a.exploreSettings(f, args)
	if err != nil {
		return badInput(err)
	}
	cfg, err := a.datasetConfig(d, &f.metric, weightsName)
	if err != nil {
		var ee *exitError
		if errors.As(err, &ee) {
			return err
		}
		return badInput(err)
	}
	cfg.Keep = true
	var read, cases atomic.Int64
	var report atomic.Pointer[func(tui.DatasetProgress)]
	total, files := int64(0), 0
	progress := func() {
		if p := report.Load(); p != nil {
			(*p)(tui.DatasetProgress{Cases: int(cases.Load()), Read: read.Load(), Total: total, Files: files})
		}
	}
	spec.Progress = func(n int64) {
		read.Store(n)
		progress()
	}
	src, err := openDataset(spec, d)
	if err != nil {
		return badInput(err)
	}
	defer src.Close()
	if err := a.needTerminal(args, false); err != nil {
		return err
	}
	files, total = src.Size()
	cfg.Cases = func(*dataset.Case) error {
		if n := cases.Add(1); n%512 == 0 {
			progress()
		}
		return nil
	}
	dopts := tui.DatasetOptions{
		Files:   a.datasetFiles(spec, weightsName),
		Weights: cfg.Weights, Metric: opts.Metric, MetricOptions: opts.MetricOptions, Rules: opts.Rules,
		Metrics: opts.Metrics, Rescore: opts.Rescore, Theme: opts.Theme, NoMouse: opts.NoMouse,
	}
	dopts.Files.Rules = opts.Files.Rules
	dopts.Load = func(ctx context.Context, p func(tui.DatasetProgress)) (*dataset.Result, error) {
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
		return res, nil
	}
	progOpts := []tea.ProgramOption{tea.WithOutput(a.stdout)}
	if a.stdinTTY {
		progOpts = append(progOpts, tea.WithInput(a.stdin))
	}
	err = tui.ExploreDataset(dopts, progOpts...)
	var ee *exitError
	switch {
	case err == nil, errors.As(err, &ee):
		return err
	case errors.Is(err, context.Canceled):
		return nil
	}
	return fmt.Errorf("the explorer failed: %w", err)
}

// datasetFiles names a dataset's files for the explorer, and where
// ctrl+s saves the weights.
func (a *app) datasetFiles(spec dataset.Spec, weightsName string) tui.Files {
	f := tui.Files{Reference: displayName(spec.Ref), Output: displayName(spec.Ref), Weights: displayNameOrEmpty(weightsName),
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
