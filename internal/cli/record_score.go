package cli

import (
	"errors"
	"fmt"
	"iter"
	"runtime"
	"strings"
	"sync"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// historyFlag is the --history flag: its value, and whether it was given
// (--history "" is refused, not taken for the default store).
type historyFlag struct {
	path string
	set  bool
}

func (f *historyFlag) String() string { return f.path }
func (f *historyFlag) Type() string   { return "path" }
func (f *historyFlag) Set(v string) error {
	f.path, f.set = v, true
	return nil
}

// historyStore opens the history store the flags and environment name. A
// path the user gave (--history, $JSONTUI_HISTORY) must be a regular file
// or a new file in a folder that exists; the default store's folder is
// made when first written. Its errors are usage errors.
func (a *app) historyStore() (*history.Store, error) {
	if a.historyPath.set && a.historyPath.path == "" {
		return nil, badInput(errors.New("--history: the path is empty; give the store's file path, or leave the flag out for the default store"))
	}
	path, err := history.Resolve(a.historyPath.path, a.getenv)
	if err != nil {
		return nil, badInput(err)
	}
	given := "--history " + escape.Name(path)
	if !a.historyPath.set {
		given = "JSONTUI_HISTORY=" + escape.Name(path)
	}
	if a.historyPath.set || a.getenv("JSONTUI_HISTORY") != "" {
		if err := history.CheckPath(path); err != nil {
			return nil, badInput(fmt.Errorf("%s: %w", given, err))
		}
	}
	s := history.Open(path)
	s.Wait = a.historyWait
	if !a.quietHistory {
		s.Warn = func(err error) { fmt.Fprintf(a.stderr, "jsontui: warning: history: %v\n", err) }
	}
	return s, nil
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

// A scoreRecording records the run of a pair on a goroutine of its own.
// It works out the weights in force and encodes the figures while the
// report is printed (all of them only read the tree), then waits for
// finish before it writes the run: by then the command holds neither the
// documents nor the tree, and the copies the write makes of the record
// (its encoding, the store's pages) take the place of those rather than
// stacking on them.
type scoreRecording struct {
	release chan struct{}
	done    chan error
}

// startRecording starts recording the run that prepare encodes into
// store; gc is released before the run is written.
func (a *app) startRecording(store *history.Store, gc *gcPolicy, prepare func() (*history.Prepared, error)) *scoreRecording {
	r := &scoreRecording{release: make(chan struct{}), done: make(chan error, 1)}
	go r.record(a, store, gc, prepare)
	return r
}

// record prepares the run, waits for finish and writes it.
func (r *scoreRecording) record(a *app, store *history.Store, gc *gcPolicy, prepare func() (*history.Prepared, error)) {
	p, err := prepare() // prepare, and what it reads, is not used after this
	<-r.release
	gc.release()
	if err != nil {
		r.done <- &exitError{code: 2, err: fmt.Errorf("history: the run was not recorded: %w", err)}
		return
	}
	r.done <- a.commit(store, p)
}

// finish lets the run be written once prepared, and waits until it is: it
// returns nil, or the error that fails the command because the run could
// be kept nowhere (when it could only be kept pending, the user has been
// told on standard error).
func (r *scoreRecording) finish() error {
	close(r.release)
	return <-r.done
}

// prepareScoreRun encodes the run of a scored pair: its files (paths and
// hashes), the report's figures, the weights in force and the rules.
func prepareScoreRun(files [3]history.File, rep *report.Report, res *scoring.Result, in *inputs, f *scoreFlags) (*history.Prepared, error) {
	var weightsJSON []byte
	if res.Tree != nil {
		weightsJSON = res.Tree.MarshalWeights()
	} else if in.weights != nil {
		weightsJSON = in.files[2].data
	}
	run := runOf(files, rep, history.SourceScore, f.label, f.tags, weightsJSON)
	if in.rules != nil {
		run.Rules, run.RulesJSON = history.NewFile(in.rulesFile.name, in.rulesFile.data), in.rulesFile.data
	}
	return history.Prepare(run, nodeParts(rep)...)
}

// commit writes a prepared run into the store, telling the user on
// standard error when it could only be kept pending. A run that could be
// kept nowhere fails the command (the error says so, for exit code 2).
func (a *app) commit(store *history.Store, p *history.Prepared) error {
	_, err := store.Commit(p)
	var pe *history.PendingError
	switch {
	case err == nil:
		return nil
	case errors.As(err, &pe):
		fmt.Fprintf(a.stderr, "jsontui: warning: history: %v\n%s", err, storeHint(err))
		return nil
	}
	err = fmt.Errorf("history: the run was not recorded: %w", err)
	if hint := storeHint(err); hint != "" {
		err = fmt.Errorf("%w\n%s", err, strings.TrimSuffix(hint, "\n"))
	}
	return &exitError{code: 2, err: err}
}
