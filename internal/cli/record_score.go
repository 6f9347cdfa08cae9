package cli

import (
	"errors"
	"fmt"
	"iter"
	"runtime"
	"runtime/debug"
	"strings"
	"sync"

	"github.com/jsontui/jsontui/history"
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
	given := "--history " + path
	if !a.historyPath.set {
		given = "JSONTUI_HISTORY=" + path
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

// collectMin is the size of the reference and output together from which
// recording a run first collects the scoring's garbage, and hands the free
// heap back to the system once the figures are encoded (see record).
// Measured on a shared 2-core machine: on the pizza case (622 bytes) those
// collections raised the command's CPU time from 10 ms to 18 ms (the
// median of 100 runs) to save under 1 MB of its 15; they lower the peak
// resident memory by about 7% at any size (3.5 MB of 35 for 2 MB files; 14
// MB of 212 for 25 MB files, which keeps score's peak under 4 times its
// input as BenchmarkScoreQuiet wants; 90 MB of 1.54 GB for 200 MB files).
// From 16 MB, where the peak is above 100 MB, what they save is worth a
// few milliseconds of a run that takes a second.
const collectMin = 16 << 20

// record stores a run, telling the user on standard error when it could
// only be kept pending. A run that could be kept nowhere fails the command
// (the error says so, for exit code 2), once its output is written.
// inputSize is the size of the reference and output together.
func (a *app) record(store *history.Store, run *history.Run, rep *report.Report, inputSize int) error {
	big := inputSize >= collectMin
	if big {
		// Encoding a large run makes garbage while the documents and the
		// tree are still alive: collect it as it comes rather than let
		// the heap grow by half again (the big tables hold no pointers,
		// so a collection costs little).
		defer debug.SetGCPercent(debug.SetGCPercent(10))
		runtime.GC() // the scoring's scratch space, for the encoder to reuse
	}
	p, err := history.Prepare(run, nodeParts(rep)...)
	if err != nil {
		return &exitError{code: 2, err: fmt.Errorf("history: the run was not recorded: %w", err)}
	}
	if big {
		// Nothing here needs the tree any more (the caller may, to print
		// it): collect it, and hand what is free back to the system,
		// before the write copies the figures a few times over and reads
		// the store's pages.
		debug.FreeOSMemory()
	}
	return a.commit(store, p)
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
