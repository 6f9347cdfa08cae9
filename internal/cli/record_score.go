package cli

import (
	"errors"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"sync"

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

// hashInputs starts hashing the inputs for the history in the background
// and returns a function that waits for the result.
func hashInputs(in *inputs) func() [3]history.File {
	done := make(chan [3]history.File, 1)
	go func() { done <- hashFiles(in) }()
	var files [3]history.File
	var once sync.Once
	return func() [3]history.File {
		once.Do(func() { files = <-done })
		return files
	}
}

// hashFiles returns the inputs' paths and hashes for the history.
func hashFiles(in *inputs) [3]history.File {
	var files [3]history.File
	for i, f := range in.files {
		files[i] = history.NewFile(f.name, f.data)
	}
	return files
}

// runOf returns the history run for a report of the inputs (files: their
// paths and hashes).
func runOf(files [3]history.File, rep *report.Report, source, label string, tags []string, weightsJSON []byte) *history.Run {
	run := &history.Run{
		Label: label, Tags: tags, Source: source,
		Reference: files[0], Output: files[1], Weights: files[2],
		WeightsJSON: weightsJSON,
		Metric:      rep.Metric, Options: rep.Options,
		Score: rep.Score, HasScore: rep.HasScore,
		Repairs: rep.Repairs, Warnings: rep.Warnings, MoreWarnings: rep.MoreWarnings,
		Extra: rep.Extra, Explanation: rep.Explanation,
	}
	return run
}

// nodeParts returns the report's nodes in as many parts as there are cores
// to encode them on.
func nodeParts(rep *report.Report) []iter.Seq[*report.Node] {
	if rep.Parts != nil {
		return rep.Parts(runtime.GOMAXPROCS(0))
	}
	return []iter.Seq[*report.Node]{rep.Nodes}
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
	runtime.GC() // the scoring's scratch space, for the encoder to reuse
	p, err := history.Prepare(run, nodeParts(rep)...)
	if err != nil {
		fmt.Fprintf(a.stderr, "jsontui: warning: history: the run was not recorded: %v\n", err)
		return
	}
	// Nothing here needs the tree any more (the caller may, to print it):
	// collect it, and hand what is free back to the system, before the
	// write copies the figures a few times over and reads the store's
	// pages.
	debug.FreeOSMemory()
	if _, err := store.Commit(p); err != nil {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			fmt.Fprintf(a.stderr, "jsontui: warning: history: %v\n", err)
			return
		}
		fmt.Fprintf(a.stderr, "jsontui: warning: history: the run was not recorded: %v\n", err)
	}
}
