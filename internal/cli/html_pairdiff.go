package cli

import (
	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring/htmlreport"
)

// writePairDiffHTML writes the page of two runs of a pair compared: the
// figures of d, which --format json writes, with both runs' headers.
func (a *app) writePairDiffHTML(ra, rb *history.Run, d history.DiffResult) error {
	pd := &htmlreport.PairDiff{A: pairRunHTML(ra), B: pairRunHTML(rb), Score: pathChangeHTML(d.Score),
		Changed: pathChangesHTML(d.Changed), OnlyA: pathChangesHTML(d.OnlyA), OnlyB: pathChangesHTML(d.OnlyB)}
	for _, c := range d.Weights {
		pd.Weights = append(pd.Weights, htmlreport.EntryChange{Path: c.Path, Old: weightText(c.Old), New: weightText(c.New)})
	}
	for _, c := range rulesChanges(ra.RulesJSON, rb.RulesJSON) {
		pd.Rules = append(pd.Rules, htmlreport.EntryChange{Path: c[0], Old: c[1], New: c[2]})
	}
	return htmlreport.WritePairDiff(a.stdout, htmlMeta(rb.Time), pd)
}

// pairRunHTML is a recorded pair run's header for the page.
func pairRunHTML(run *history.Run) htmlreport.PairRun {
	return htmlreport.PairRun{ID: run.ID, Label: run.Label, Time: run.Time, Score: run.Score, HasScore: run.HasScore,
		Metric: run.Metric, Options: run.Options, Files: recordedFiles(run)}
}

// pathChangeHTML is a path's change as the page takes it.
func pathChangeHTML(c history.ScoreChange) htmlreport.PathChange {
	p := htmlreport.PathChange{Path: c.Path, Old: c.Old, New: c.New, HasOld: c.HasOld, HasNew: c.HasNew}
	p.Delta, p.HasDelta = c.Delta()
	return p
}

func pathChangesHTML(cs []history.ScoreChange) []htmlreport.PathChange {
	out := make([]htmlreport.PathChange, 0, len(cs))
	for _, c := range cs {
		out = append(out, pathChangeHTML(c))
	}
	return out
}
