package cli

import (
	"fmt"
	"slices"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/tui/ports"
)

// datasetHistory is the dataset explorer's window on the history
// (ports.DatasetHistory): the dataset runs of the same references, and a
// run's figures.
type datasetHistory struct {
	a        *app
	ref, out string // the dataset's sides as given ("" out for one file)
	// cases returns the number of the dataset's reference cases once it
	// is scored (0 before): a file of records holds its references with
	// the answers, and another model's file of the same cases is known by
	// that number.
	cases func() int
}

// Runs implements ports.DatasetHistory: the dataset runs of the same
// references (any outputs: other models' answers pair case by case), or
// every dataset run. The references of two files or folders are a file
// or folder of their own, which the other models' runs share. Those of a
// file of records are in it, beside one model's answers: another model's
// answers are another file, so the runs listed are those of this file and
// the other dataset runs of as many reference cases.
func (h *datasetHistory) Runs(all bool) ([]ports.RunSummary, error) {
	store, err := h.a.historyStore()
	if err != nil {
		return nil, err
	}
	oneFile := h.out == "" && h.ref != "-"
	var opts history.ListOptions
	if !all && h.ref != "-" && !oneFile {
		opts.Reference = h.ref
	}
	list, err := store.List(opts)
	if err != nil {
		return nil, err
	}
	this := h.files()
	cases := 0
	if oneFile && !all && h.cases != nil {
		cases = h.cases()
	}
	out := make([]ports.RunSummary, 0, len(list))
	for _, s := range list {
		if s.Cases == 0 {
			continue // a pair's run
		}
		rs := runSummary(s)
		rs.ThisPair = s.Reference.Path == this[0].Path && s.Output.Path == this[1].Path
		if oneFile && !all && !rs.ThisPair && (cases == 0 || s.Cases != cases) {
			continue
		}
		out = append(out, rs)
	}
	return out, nil
}

// files returns the dataset's sides as the history names them.
func (h *datasetHistory) files() [2]history.File {
	ref := history.NewFile(h.ref, nil)
	out := ref // one file of records holds both sides
	if h.out != "" {
		out = history.NewFile(h.out, nil)
	}
	return [2]history.File{ref, out}
}

// DatasetRun implements ports.DatasetHistory: a dataset run with its
// figures, weights and rules.
func (h *datasetHistory) DatasetRun(id string) (*ports.DatasetRunDetail, error) {
	store, err := h.a.historyStore()
	if err != nil {
		return nil, err
	}
	run, err := store.Get(id)
	if err != nil {
		return nil, err
	}
	if run.Dataset == nil {
		return nil, fmt.Errorf("run %s is of a pair, not a dataset: it has no cases to compare", id)
	}
	figs, err := run.DatasetFigures()
	if err != nil {
		return nil, err
	}
	rs := runSummary(history.Summary{
		ID: run.ID, Time: run.Time, Label: run.Label, Tags: run.Tags, Source: run.Source,
		Reference: run.Reference, Output: run.Output, Weights: run.Weights,
		Score: run.Score, HasScore: run.HasScore, Metric: run.Metric, Count: run.Count, LastSeen: run.LastSeen,
	})
	return &ports.DatasetRunDetail{RunSummary: rs, Figures: figs, WeightsJSON: slices.Clone(run.WeightsJSON),
		Rules: history.RulesSum(run.RulesJSON)}, nil
}
