package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/spf13/cobra"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/tui/ports"
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
// opening state, every save and the state at quit when it changed. It is
// also the explorer's ports.History: the runs of the explorer's
// reference/output pair, read from the same store.
type explorerRecorder struct {
	a     *app
	flags historyFlags

	mu     sync.Mutex
	hashed func() [3]history.File // the inputs' paths and hashes, once loaded
}

// setInputs notes the inputs once loaded. They are hashed on first use
// (finding the best earlier run, once the first screen is up, or
// recording), not now: hashing hundreds of MB would take a core from the
// scoring the first screen waits for.
func (r *explorerRecorder) setInputs(names [3]string, data [3][]byte) {
	in := &inputs{}
	for i := range names {
		in.files[i] = inputFile{name: names[i], data: data[i]}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hashed = sync.OnceValue(func() [3]history.File { return hashFiles(in) })
}

// inputs returns the inputs as loaded, hashing them on first use, or an
// error before they are loaded.
func (r *explorerRecorder) inputs() ([3]history.File, error) {
	r.mu.Lock()
	hashed := r.hashed
	r.mu.Unlock()
	if hashed == nil {
		return [3]history.File{}, errors.New("the inputs are not loaded")
	}
	return hashed(), nil
}

// Record implements ports.Recorder.
func (r *explorerRecorder) Record(ctx context.Context, run ports.Run) error {
	files, err := r.inputs()
	if err != nil {
		return err
	}
	rep, err := run.Report(ctx)
	if err != nil {
		return err
	}
	weights := files[2]
	switch {
	case run.Event == ports.RunSaved && run.Files.SavePath != "":
		weights = history.NewFile(run.Files.SavePath, run.WeightsJSON)
	case run.SavedWeights != "" && run.Files.SavePath != "":
		// The weights file is the one this explorer saved last, not the
		// one it opened.
		weights = history.NewFile(run.Files.SavePath, nil)
		weights.SHA256 = run.SavedWeights
	}
	label := r.flags.label
	if label == "" && run.Event != ports.RunOpened {
		label = "explorer " + run.Event.String()
	}
	h := &history.Run{
		Time: run.Time, Label: label, Tags: r.flags.tags, Source: history.SourceTUI,
		Reference: files[0], Output: files[1], Weights: weights,
		WeightsJSON: run.WeightsJSON, Metric: rep.Metric, Options: rep.Options,
		Score: rep.Score, HasScore: rep.HasScore, Repairs: rep.Repairs, Warnings: rep.Warnings, MoreWarnings: rep.MoreWarnings,
		Extra: rep.Extra, Explanation: rep.Explanation,
	}
	if run.RulesJSON != nil {
		h.Rules, h.RulesJSON = history.NewFile(run.Files.Rules, run.RulesJSON), run.RulesJSON
	}
	store, err := r.a.historyStore()
	if err != nil {
		return err
	}
	if _, err := store.Record(h, nodeParts(rep)...); err != nil {
		var pe *history.PendingError
		if errors.As(err, &pe) {
			return fmt.Errorf("%w", pe)
		}
		return err
	}
	return nil
}

// Runs implements ports.History: the runs of the explorer's pair (a file
// given as standard input matched by its content), or every run, newest
// first.
func (r *explorerRecorder) Runs(all bool) ([]ports.RunSummary, error) {
	files, err := r.inputs()
	if err != nil {
		return nil, err
	}
	store, err := r.a.historyStore()
	if err != nil {
		return nil, err
	}
	var opts history.ListOptions
	if !all {
		opts.Reference, opts.Output = files[0].Path, files[1].Path
	}
	list, err := store.List(opts)
	if err != nil {
		return nil, err
	}
	out := make([]ports.RunSummary, 0, len(list))
	for _, s := range list {
		if s.Cases > 0 {
			continue // a dataset's run: no pair's figures to compare with
		}
		this := samePair(s, files)
		if all || this {
			rs := runSummary(s)
			rs.ThisPair = this
			out = append(out, rs)
		}
	}
	return out, nil
}

// samePair reports whether run s is of the pair files[0], files[1]: the
// same paths, and for standard input the same content.
func samePair(s history.Summary, files [3]history.File) bool {
	same := func(a, b history.File) bool {
		return a.Path == b.Path && (a.Path != "-" || a.SHA256 == b.SHA256)
	}
	return same(s.Reference, files[0]) && same(s.Output, files[1])
}

// Run implements ports.History: the run with its per-path scores.
func (r *explorerRecorder) Run(id string) (*ports.RunDetail, error) {
	store, err := r.a.historyStore()
	if err != nil {
		return nil, err
	}
	run, err := store.Get(id)
	if err != nil {
		return nil, err
	}
	d := &ports.RunDetail{
		RunSummary: runSummary(history.Summary{
			ID: run.ID, Time: run.Time, Label: run.Label, Tags: run.Tags, Source: run.Source,
			Reference: run.Reference, Output: run.Output, Weights: run.Weights,
			Score: run.Score, HasScore: run.HasScore, Metric: run.Metric,
			Count: run.Count, LastSeen: run.LastSeen,
		}),
		Options:     slices.Clone(run.Options),
		WeightsJSON: slices.Clone(run.WeightsJSON),
		RulesJSON:   slices.Clone(run.RulesJSON),
		Nodes:       make([]ports.RunNode, 0, run.NodeCount),
	}
	for n := range run.Nodes() {
		d.Nodes = append(d.Nodes, ports.RunNode{Path: n.Path, Score: n.Score, HasScore: n.HasScore})
	}
	if files, err := r.inputs(); err == nil {
		d.ThisPair = samePair(history.Summary{Reference: run.Reference, Output: run.Output}, files)
	}
	return d, nil
}

// SetLabel implements ports.History.
func (r *explorerRecorder) SetLabel(id, label string) error {
	store, err := r.a.historyStore()
	if err != nil {
		return err
	}
	return store.SetLabel(id, label)
}

// Best implements ports.History: the best-scoring run of the pair among
// those of config c.
func (r *explorerRecorder) Best(c ports.RunConfig) (ports.RunSummary, bool, error) {
	cfg := history.Config{Metric: c.Metric, Options: c.Options, Rules: history.RulesSum(c.RulesJSON)}
	files, err := r.inputs()
	if err != nil {
		return ports.RunSummary{}, false, err
	}
	store, err := r.a.historyStore()
	if err != nil {
		return ports.RunSummary{}, false, err
	}
	// The store's pair filter goes by path: standard input is matched by
	// its content here.
	list, err := store.List(history.ListOptions{Reference: files[0].Path, Output: files[1].Path})
	runs := list[:0]
	for _, s := range list {
		if samePair(s, files) {
			runs = append(runs, s)
		}
	}
	best, ok := history.BestOf(runs, cfg)
	if !ok {
		return ports.RunSummary{}, false, err
	}
	rs := runSummary(best)
	rs.ThisPair = true
	return rs, true, err
}

// runSummary returns a run's summary as the explorer shows it: the time
// in the local zone, the files relative to the working directory when
// that is shorter.
func runSummary(s history.Summary) ports.RunSummary {
	return ports.RunSummary{
		ID: s.ID, Time: s.Time.Local(), Label: s.Label, Source: s.Source, Metric: s.Metric,
		Reference: rel(s.Reference.Path), Output: rel(s.Output.Path), Weights: rel(s.Weights.Path),
		Score: s.Score, HasScore: s.HasScore, Delta: s.Delta, HasDelta: s.HasDelta,
		Count: s.Count, LastSeen: s.LastSeen.Local(), Pair: pairOf(s),
	}
}

// pairOf identifies the reference/output pair of s for the explorer: the
// files' paths, standard input by its content.
func pairOf(s history.Summary) string {
	key := func(f history.File) string {
		if f.Path == "-" {
			return "-" + f.SHA256
		}
		return f.Path
	}
	return key(s.Reference) + "\x00" + key(s.Output)
}
