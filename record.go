package main

import (
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/report"
)

// historyStore opens the history store the flags and environment name.
func (a *app) historyStore() (*history.Store, error) {
	path, err := history.Resolve(a.historyPath, a.getenv)
	if err != nil {
		return nil, err
	}
	return history.Open(path), nil
}

// runOf returns the history run for a report of the inputs.
func runOf(in *inputs, rep *report.Report, source, label string, tags []string, weightsJSON []byte) *history.Run {
	run := &history.Run{
		Label: label, Tags: tags, Source: source,
		Reference:   history.NewFile(in.files[0].name, in.files[0].data),
		Output:      history.NewFile(in.files[1].name, in.files[1].data),
		Weights:     history.NewFile(in.files[2].name, in.files[2].data),
		WeightsJSON: weightsJSON,
		Metric:      rep.Metric, Options: rep.Options,
		Score: rep.Score, HasScore: rep.HasScore,
		Repairs: rep.Repairs, Warnings: rep.Warnings,
		Extra: rep.Extra, Explanation: rep.Explanation,
	}
	return run
}

// record stores a run, telling the user on standard error when it could
// only be kept pending or not at all. Recording never fails a command.
func (a *app) record(run *history.Run, rep *report.Report) {
	store, err := a.historyStore()
	if err != nil {
		fmt.Fprintf(a.stderr, "jsontui: warning: history: %v\n", err)
		return
	}
	// Encoding a large run makes garbage while the documents and the tree
	// are still alive: collect it as it comes rather than let the heap
	// grow by half again (the big tables hold no pointers, so a
	// collection costs little).
	defer debug.SetGCPercent(debug.SetGCPercent(10))
	if _, err := store.Record(run, rep.Nodes); err != nil {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			fmt.Fprintf(a.stderr, "jsontui: warning: history: %v\n", err)
			return
		}
		fmt.Fprintf(a.stderr, "jsontui: warning: history: the run was not recorded: %v\n", err)
	}
}
