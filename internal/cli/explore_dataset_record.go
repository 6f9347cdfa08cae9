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
	"weak"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// datasetRecorder records the dataset explorer's runs (docs/history.md;
// ports.DatasetRecorder) as `score` records a dataset's: the opening run
// as the dataset loads (commitOpening), then a run at every save and at
// quit, for which the scored dataset the explorer holds, frozen under the
// weights in force, hands out its cases again (dataset.Frozen.Replay:
// nothing is read or compared again), every case's figures recorded in
// the store's compressed pieces. A run names the dataset's files with
// their SHA-256 as hashed when the cases were read (at opening, or when
// the explorer scored the dataset again from them): what was scored,
// whatever the files hold since, and standard input too. Runs are
// committed in the order they come, the opening first; a run the store
// cannot take is kept pending, as `score` keeps it.
type datasetRecorder struct {
	a     *app
	store *history.Store
	// spec is the dataset as given.
	spec dataset.Spec
	// openRules are the opening's rules, and rules the rules file as
	// read; weights is the weights file as read.
	openRules *scoring.RuleSet
	weights   inputFile
	rules     inputFile
	meta      datasetRunMeta
	// opening is closed once the opening run is committed (or will not
	// be): the runs after it wait for it.
	opening     chan struct{}
	openingOnce sync.Once

	mu   sync.Mutex
	errs []error // what went wrong, to print once the explorer has ended
	// sides are the files each scored dataset was read from, as hashed
	// then (scored); weak, so that a dataset the explorer dropped goes.
	sides map[weak.Pointer[dataset.Scored]]func() [2]history.File
}

// openingDone says the opening run is committed, or never will be.
func (r *datasetRecorder) openingDone() { r.openingOnce.Do(func() { close(r.opening) }) }

// commitOpening commits the opening run, recorded as the dataset loaded
// (rec), and lets the runs after it go: they name the files as the
// opening hashed them.
func (r *datasetRecorder) commitOpening(rec *datasetRecording, res *dataset.Result) {
	defer r.openingDone()
	if err := r.commit(rec, res, r.meta, ports.RunOpened); err != nil {
		r.note(err)
	}
	if files, ok := rec.hashed(); ok {
		r.scored(res.Scored, func() [2]history.File { return files })
	}
}

// scored notes that s was scored from the dataset's files as sides
// returns them (the opening's, or those of a rescore from the files).
func (r *datasetRecorder) scored(s *dataset.Scored, sides func() [2]history.File) {
	if s == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.sides == nil {
		r.sides = make(map[weak.Pointer[dataset.Scored]]func() [2]history.File)
	}
	for p := range r.sides {
		if p.Value() == nil {
			delete(r.sides, p) // a dataset gone
		}
	}
	r.sides[weak.Make(s)] = sides
}

// sidesOf returns the files s was scored from, as hashed when they were
// read; hashed now when s was not noted (it always is).
func (r *datasetRecorder) sidesOf(s *dataset.Scored) [2]history.File {
	r.mu.Lock()
	sides := r.sides[weak.Make(s)]
	r.mu.Unlock()
	if sides == nil {
		sides = datasetHasher(r.spec.Ref, r.spec.Out)
	}
	return sides()
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

// Record implements ports.DatasetRecorder: it records the dataset run
// holds, frozen under the weights in force, after the opening run.
func (r *datasetRecorder) Record(ctx context.Context, run ports.DatasetRun) error {
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

func (r *datasetRecorder) record(ctx context.Context, run ports.DatasetRun) error {
	if run.Dataset == nil {
		return errors.New("the explorer gave no scored dataset to record")
	}
	rules, err := r.rulesFile(run)
	if err != nil {
		return err
	}
	weights := r.weightsFile(run)
	var w *scoring.Weights
	if len(run.WeightsJSON) > 0 {
		if w, err = scoring.ParseWeights(weightsName(weights), run.WeightsJSON); err != nil {
			return fmt.Errorf("the weights in force do not read: %w", err)
		}
	}
	rec := startReplayRecording(r.store, weights, rules, r.sidesOf(run.Dataset.Scored()))
	rec.weightsJSON = run.WeightsJSON
	// On every core but one while the explorer goes on; on every core at
	// quit.
	workers := 0
	if run.Event != ports.RunQuit {
		workers = max(1, runtime.GOMAXPROCS(0)-1)
	}
	res, err := run.Dataset.Replay(ctx, dataset.ReplayConfig{Weights: w, Workers: workers,
		NewEncoder: rec.rec.Encoder, Cases: rec.rec.Add})
	if err != nil {
		rec.abandon()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	meta := r.meta
	if meta.label == "" {
		meta.label = "explorer " + run.Event.String()
	}
	return r.commit(rec, res, meta, run.Event)
}

// commit prepares the run of res and commits it to the store.
func (r *datasetRecorder) commit(rec *datasetRecording, res *dataset.Result, meta datasetRunMeta, ev ports.RunEvent) error {
	p, err := rec.prepare(res, meta)
	if err == nil {
		_, err = r.store.Commit(p)
	}
	if err != nil && ev == ports.RunOpened {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			return fmt.Errorf("history: %v%s", err, strings.TrimSuffix("\n"+storeHint(err), "\n"))
		}
		return fmt.Errorf("history: the opening run was not recorded: %w", err)
	}
	return err
}

// rulesFile returns the rules file a run records: the one opened with,
// or the rules in force as a file when they are not the opening's.
func (r *datasetRecorder) rulesFile(run ports.DatasetRun) (inputFile, error) {
	var inForce *scoring.RuleSet
	if len(run.RulesJSON) > 0 {
		var err error
		if inForce, err = scoring.ParseRules("the rules in force", run.RulesJSON); err != nil {
			return inputFile{}, err
		}
	}
	if inForce.Equal(r.openRules) {
		return r.rules, nil
	}
	rules := inputFile{name: run.Files.Rules, data: run.RulesJSON}
	if rules.name == "" && run.RulesJSON != nil {
		rules.name = "rules.json"
	}
	return rules, nil
}

// weightsFile returns the weights file a run records: the file just
// saved, or the weights file in force as it is now (the one opened with,
// when it cannot be read again, or was standard input).
func (r *datasetRecorder) weightsFile(run ports.DatasetRun) inputFile {
	path := run.Files.SavePath
	if run.Event == ports.RunSaved && path != "" {
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
