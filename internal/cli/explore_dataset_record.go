package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui"
)

// datasetRecorder records the dataset explorer's runs (SPEC 7, 8.5;
// tui.DatasetRecorder) as `score` records a dataset's: the opening run
// as the dataset loads (commitOpening), then a run at every save and at
// quit, for which the dataset is read and scored again under the
// weights, metric, options and rules in force, its every case's figures
// recorded in the store's compressed pieces. Runs are committed in the
// order they come, the opening first; a run the store cannot take is
// kept pending, as `score` keeps it.
type datasetRecorder struct {
	a     *app
	store *history.Store
	// spec is the dataset as given; flags are its field flags.
	spec  dataset.Spec
	flags *datasetFlags
	// cfg is the opening's config, without the hooks of a load;
	// options are its options in force, canonical, and rules the rules
	// file as read.
	cfg     dataset.Config
	options []string
	weights inputFile
	rules   inputFile
	meta    datasetRunMeta
	// opening is closed once the opening run is committed (or will not
	// be): the runs after it wait for it.
	opening     chan struct{}
	openingOnce sync.Once

	mu   sync.Mutex
	errs []error // what went wrong, to print once the explorer has ended
}

// openingDone says the opening run is committed, or never will be.
func (r *datasetRecorder) openingDone() { r.openingOnce.Do(func() { close(r.opening) }) }

// commitOpening commits the opening run, recorded as the dataset loaded
// (rec), and lets the runs after it go.
func (r *datasetRecorder) commitOpening(rec *datasetRecording, res *dataset.Result) {
	defer r.openingDone()
	r.options = res.Figures.Options
	if err := r.commit(rec, res, r.meta, tui.RunOpened); err != nil {
		r.note(err)
	}
}

// note keeps an error to print once the explorer has ended.
func (r *datasetRecorder) note(err error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, err)
}

// warnings returns what went wrong, in order.
func (r *datasetRecorder) warnings() []error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.errs)
}

// Record implements tui.DatasetRecorder: it reads and scores the dataset
// again as run says, and commits the run, after the opening one.
func (r *datasetRecorder) Record(ctx context.Context, run tui.DatasetRun) error {
	var err error
	select {
	case <-r.opening:
		err = r.record(ctx, run)
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			r.note(fmt.Errorf("history: the %s run: %v%s", run.Event, err, strings.TrimSuffix("\n"+storeHint(err), "\n")))
		} else {
			r.note(fmt.Errorf("history: the %s run was not recorded: %w", run.Event, err))
		}
	}
	return err
}

func (r *datasetRecorder) record(ctx context.Context, run tui.DatasetRun) error {
	if r.spec.Ref == "-" || r.spec.Out == "-" {
		return errors.New("the dataset was read from standard input, which cannot be read again to score it under these weights (jsontui score records such a run)")
	}
	cfg, rules, err := r.config(run)
	if err != nil {
		return err
	}
	weights := r.weightsFile(run)
	if cfg.Weights, err = scoring.ParseWeights(weightsName(weights), run.WeightsJSON); err != nil {
		return fmt.Errorf("the weights in force do not read: %w", err)
	}
	spec := r.spec
	spec.Progress, spec.Stdin = nil, nil
	rec := startDatasetRecording(r.store, &spec, &cfg, weights, rules)
	rec.weightsJSON = run.WeightsJSON
	src, err := openDataset(spec, r.flags)
	if err != nil {
		rec.abandon()
		return err
	}
	defer src.Close()
	res, err := dataset.Score(ctx, src, cfg)
	if err != nil {
		rec.abandon()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return fmt.Errorf("scoring the dataset again: %w", err)
	}
	meta := r.meta
	if meta.label == "" {
		meta.label = "explorer " + run.Event.String()
	}
	return r.commit(rec, res, meta, run.Event)
}

// commit prepares the run of res and commits it to the store.
func (r *datasetRecorder) commit(rec *datasetRecording, res *dataset.Result, meta datasetRunMeta, ev tui.RunEvent) error {
	p, err := rec.prepare(res, meta)
	if err == nil {
		_, err = r.store.Commit(p)
	}
	if err != nil && ev == tui.RunOpened {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			return fmt.Errorf("history: %v%s", err, strings.TrimSuffix("\n"+storeHint(err), "\n"))
		}
		return fmt.Errorf("history: the opening run was not recorded: %w", err)
	}
	return err
}

// config returns the config run is scored with: the opening's, under
// the metric, options and rules of run when they are not the opening's,
// with no hooks, on every core but one while the explorer goes on (on
// every core at quit); and the rules file as the run records it.
func (r *datasetRecorder) config(run tui.DatasetRun) (dataset.Config, inputFile, error) {
	cfg := r.cfg
	cfg.Keep, cfg.Cases, cfg.NewEncoder, cfg.Lines = false, nil, nil, false
	cfg.Workers = 0
	if run.Event != tui.RunQuit {
		cfg.Workers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	name := scoring.DefaultMetric
	if cfg.Metric != nil {
		name = cfg.Metric.Name()
	}
	if run.Metric != "" && run.Metric != name || !slices.Equal(run.Options, r.options) {
		m, err := scoring.LookupMetric(run.Metric)
		if err != nil {
			return cfg, inputFile{}, err
		}
		if cfg.Options, err = scoring.ParseMetricOptions(run.Options); err != nil {
			return cfg, inputFile{}, fmt.Errorf("the options in force: %w", err)
		}
		cfg.Metric = m
	}
	rules := r.rules
	var inForce *scoring.RuleSet
	if len(run.RulesJSON) > 0 {
		var err error
		if inForce, err = scoring.ParseRules("the rules in force", run.RulesJSON); err != nil {
			return cfg, inputFile{}, err
		}
	}
	if !inForce.Equal(cfg.Rules) {
		cfg.Rules = inForce
		rules = inputFile{name: run.Files.Rules, data: run.RulesJSON}
		if rules.name == "" && run.RulesJSON != nil {
			rules.name = "rules.json"
		}
	}
	return cfg, rules, nil
}

// weightsFile returns the weights file a run records: the file just
// saved, or the weights file in force as it is now (the one opened with,
// when it cannot be read again, or was standard input).
func (r *datasetRecorder) weightsFile(run tui.DatasetRun) inputFile {
	path := run.Files.SavePath
	if run.Event == tui.RunSaved && path != "" {
		return inputFile{name: path, data: run.WeightsJSON}
	}
	if path != "" && path != "-" {
		if data, err := os.ReadFile(path); err == nil {
			return inputFile{name: path, data: data}
		}
	}
	return r.weights
}

// weightsName names the weights of a run in messages.
func weightsName(f inputFile) string {
	if f.name == "" {
		return "the weights in force"
	}
	return displayName(f.name)
}
