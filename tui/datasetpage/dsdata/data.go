package dsdata

import (
	"math"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
)

// Data is what the panes of a dataset's explorer share: the scored
// dataset and its tuning session, its figures under the weights in
// force, and the run it is compared with. The root owns it and tells the
// panes when it changed (ChangedMsg); they read it, never write it.
type Data struct {
	// Sess is the tuning session over Scored; WSess the one that holds
	// the user's weights: Sess, or, under a metric that takes none (uipath,
	// a metric that is one number), the last session whose metric took
	// them, held apart for a metric that does (and for ctrl+s).
	Sess, WSess *session.Dataset
	Scored      *dataset.Scored
	Result      *dataset.Result
	Files       ports.Files
	// Rules are the per-key rules in force (nil for none), and RulesID
	// identifies them as the history does ("" for none).
	Rules   *scoring.RuleSet
	RulesID string
	// Paths and Stats are the figures in force; Scores every case's
	// score (NaN for none), in reference order.
	Paths  []dataset.PathFigures
	Stats  dataset.Stats
	Scores []float64
	// Groups are the figures of each --group-by value in force, nil when
	// the cases were not grouped.
	Groups []dataset.GroupFigures
	// Cmp is the run compared with, nil for none.
	Cmp *Comparison
	// Cal is the agreement with people's labels, nil without labels.
	Cal *Calib
}

// New returns the data of a dataset scored as res, its session under
// weights w (nil for none) saved to files.SavePath, rules in force.
func New(res *dataset.Result, w *scoring.Weights, files ports.Files, rules *scoring.RuleSet, rulesID string) *Data {
	ds := &Data{Scored: res.Scored, Result: res, Files: files, Rules: rules, RulesID: rulesID}
	ds.Sess = session.NewDataset(res.Scored, w, files.SavePath)
	ds.WSess = ds.Sess
	ds.Refresh()
	return ds
}

// Replace takes the dataset scored again (another metric, options,
// rules or pairing) with its session, and wsess holding the user's
// weights; the comparison with a run stays, to be made again.
func (ds *Data) Replace(res *dataset.Result, sess, wsess *session.Dataset) {
	ds.Scored, ds.Result, ds.Sess, ds.WSess = res.Scored, res, sess, wsess
	ds.Scores = nil
	ds.Refresh()
}

// Metric returns the name of the metric that scored the dataset.
func (ds *Data) Metric() string { return ds.Result.Figures.Metric }

// Dirty reports whether weights or rules are unsaved.
func (ds *Data) Dirty() bool { return ds.WSess.Dirty() || ds.Rules.Changed() }

// Refresh reads the figures in force again.
func (ds *Data) Refresh() {
	ds.Groups = ds.Scored.Groups()
	ds.Paths = ds.Scored.Paths()
	ds.Stats = ds.Scored.Stats()
	ds.Scores = ds.Scored.Scores(ds.Scores)
	ds.Cal.Measure(ds.Scores)
}

// Score returns case k's score and whether it has one.
func (ds *Data) Score(k int) (float64, bool) {
	v := ds.Scores[k]
	return v, !math.IsNaN(v)
}

// Total returns the dataset's score and whether it has one.
func (ds *Data) Total() (float64, bool) { return ds.Stats.Mean, ds.Stats.N > 0 }

// Factor returns the normalization factor f of path i under the weights
// in force.
func (ds *Data) Factor(i int) (float64, bool) {
	f := dataset.Figures{Paths: ds.Paths}
	return f.Factor(i)
}
