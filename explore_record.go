package main

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/tui"
)

// historyFlags are the explorer's history flags.
type historyFlags struct {
	noHistory bool
	label     string
	tags      []string
}

// addHistoryFlags defines --no-history, --label and --tag on cmd.
func addHistoryFlags(cmd *cobra.Command, f *historyFlags) {
	fl := cmd.Flags()
	fl.BoolVar(&f.noHistory, "no-history", false, "do not record runs in the history")
	fl.StringVar(&f.label, "label", "", "a label for the recorded runs")
	fl.StringArrayVar(&f.tags, "tag", nil, "a tag for the recorded runs (repeatable)")
}

// explorerRecorder records the explorer's runs in the history store: the
// opening state, every save and the state at quit when it changed.
type explorerRecorder struct {
	a     *app
	flags historyFlags

	mu    sync.Mutex
	files [3]history.File // the inputs as loaded, hashed once
	ready bool
}

// setInputs notes the inputs (their paths and content hashes) once loaded.
func (r *explorerRecorder) setInputs(names [3]string, data [3][]byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for i := range names {
		r.files[i] = history.NewFile(names[i], data[i])
	}
	r.ready = true
}

// Record implements tui.Recorder.
func (r *explorerRecorder) Record(ctx context.Context, run tui.Run) error {
	r.mu.Lock()
	files, ready := r.files, r.ready
	r.mu.Unlock()
	if !ready {
		return errors.New("the inputs are not loaded")
	}
	rep, err := run.Report(ctx)
	if err != nil {
		return err
	}
	weights := files[2]
	if run.Event == tui.RunSaved && run.Files.SavePath != "" {
		weights = history.NewFile(run.Files.SavePath, run.WeightsJSON)
	}
	label := r.flags.label
	if label == "" && run.Event != tui.RunOpened {
		label = "explorer " + run.Event.String()
	}
	h := &history.Run{
		Time: run.Time, Label: label, Tags: r.flags.tags, Source: history.SourceTUI,
		Reference: files[0], Output: files[1], Weights: weights,
		WeightsJSON: run.WeightsJSON, Metric: rep.Metric, Options: rep.Options,
		Score: rep.Score, HasScore: rep.HasScore, Repairs: rep.Repairs, Warnings: rep.Warnings,
		Extra: rep.Extra, Explanation: rep.Explanation,
	}
	store, err := r.a.historyStore()
	if err != nil {
		return err
	}
	if _, err := store.Record(h, rep.Nodes); err != nil {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			return fmt.Errorf("%w", pe)
		}
		return err
	}
	return nil
}
