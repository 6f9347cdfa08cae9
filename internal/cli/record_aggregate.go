package cli

import (
	"fmt"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// recordAggregate records the dataset run that aggregate added up from
// shards, as score records one: each case's id, status, score, group and
// costliest leaf (the lines carry no per-node rows), the stats and the
// per-path figures. Its files are the first and the last shard, with
// their SHA-256.
func (a *app) recordAggregate(figs *dataset.Figures, shards []string, f *aggregateFlags) error {
	store, err := a.historyStore()
	if err != nil {
		return err
	}
	rec := history.NewDatasetRecorder()
	// The lines carry no per-node rows: each case's layout is a tree of
	// no nodes, which history show --case prints as the case's figures.
	layout := (&history.CaseEncoder{}).Encode(nil, &report.Report{})
	add := func(c *dataset.Case) error {
		if c.Status != dataset.CaseExtra {
			c.Encoded = layout
		}
		if err := rec.Add(c); err != nil {
			rec.Close()
			return &exitError{code: 2, err: fmt.Errorf("history: the run was not recorded: %w", err)}
		}
		return nil
	}
	for i := range figs.Cases {
		c := &figs.Cases[i]
		if err := add(&dataset.Case{Index: i, ID: c.ID, Status: c.Status, Score: c.Score, HasScore: c.HasScore,
			Group: c.Group, HasGroup: c.HasGroup, Repairs: c.Repairs(), Error: c.ParseError(), Worst: c.Worst}); err != nil {
			return err
		}
	}
	for i, id := range figs.Extra {
		if err := add(&dataset.Case{Index: len(figs.Cases) + i, ID: id, Status: dataset.CaseExtra}); err != nil {
			return err
		}
	}
	run := &history.Run{Label: f.label, Tags: f.tags, Source: history.SourceAggregate,
		Reference: hashDatasetSide(shards[0]), Output: hashDatasetSide(shards[len(shards)-1])}
	p, err := rec.Prepare(run, history.DatasetSpec{Pairing: dataset.PairRecord}, figs)
	if err != nil {
		return &exitError{code: 2, err: fmt.Errorf("history: the run was not recorded: %w", err)}
	}
	return a.commit(store, p)
}
