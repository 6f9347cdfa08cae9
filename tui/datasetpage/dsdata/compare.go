package dsdata

import (
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// Comparison is a recorded run of the dataset the explorer compares
// with: its per-path scores, its case scores by id, and the verdict of
// `history diff` between it and now.
type Comparison struct {
	Run ports.RunSummary
	// Figures and rules are the run's, compared again after a re-weight.
	Figures *dataset.Figures
	Rules   string
	paths   map[string]RunScore
	cases   map[string]float64
	// Verdict is the diff's verdict line: Δ with its interval and p.
	Verdict string
}

// RunScore is a score in a run, with whether it has one.
type RunScore struct {
	Score float64
	Has   bool
}

// PathScore returns the run's score of a path; ok is false without a
// comparison or when the run has no such path.
func (c *Comparison) PathScore(path string) (RunScore, bool) {
	if c == nil {
		return RunScore{}, false
	}
	r, ok := c.paths[path]
	return r, ok
}

// CaseDelta returns case id's score now minus the run's; ok is false
// without a comparison, or when either has no score.
func (c *Comparison) CaseDelta(id string, now float64, has bool) (float64, bool) {
	if c == nil || !has {
		return 0, false
	}
	r, ok := c.cases[id]
	if !ok {
		return 0, false
	}
	return now - r, true
}

// NewComparison makes the comparison the panes show from the run and
// its comparison with now.
func NewComparison(run *ports.DatasetRunDetail, c *dataset.Comparison) *Comparison {
	cmp := &Comparison{Run: run.RunSummary, Figures: run.Figures, Rules: run.Rules,
		paths: make(map[string]RunScore, len(c.Paths)), cases: make(map[string]float64, len(c.Deltas))}
	for _, p := range c.Paths {
		if p.InA {
			cmp.paths[p.Path] = RunScore{p.A, p.HasA}
		}
	}
	for _, cf := range run.Figures.Cases {
		if cf.HasScore {
			cmp.cases[cf.ID] = cf.Score
		}
	}
	cmp.Verdict = c.Verdict()
	return cmp
}
