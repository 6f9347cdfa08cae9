package dsdata

import (
	"strings"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
)

// Comparison is a recorded run of the dataset the explorer compares
// with: its per-path scores, its case scores by id, and the verdict of
// `history diff` between it and now, the two in the command line's order
// (RunIsA: the run is A and now B, else now is A; every Δ is B − A).
type Comparison struct {
	Run    ports.RunSummary
	RunIsA bool
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

// CaseDelta returns case id's Δ, B − A (its score now minus the run's
// when the run is A); ok is false without a comparison, or when either
// has no score.
func (c *Comparison) CaseDelta(id string, now float64, has bool) (float64, bool) {
	if c == nil || !has {
		return 0, false
	}
	r, ok := c.cases[id]
	if !ok {
		return 0, false
	}
	return c.Delta(now, r), true
}

// Delta returns the change B − A between a score now and the run's.
func (c *Comparison) Delta(now, run float64) float64 {
	if c.RunIsA {
		return now - run
	}
	return run - now
}

// Sides returns the run and now as the comparison's A and B.
func (c *Comparison) Sides(now dataset.CompareSide) (a, b dataset.CompareSide) {
	return CompareSides(c.RunIsA, dataset.CompareSide{ID: c.Run.ID, Figures: c.Figures, Rules: c.Rules}, now)
}

// CompareSides orders a run and now as A and B.
func CompareSides(runIsA bool, run, now dataset.CompareSide) (a, b dataset.CompareSide) {
	if runIsA {
		return run, now
	}
	return now, run
}

// Names returns the names of A and B: the run's, "now".
func (c *Comparison) Names() (a, b string) {
	if c.RunIsA {
		return runspane.RunName(c.Run), "now"
	}
	return "now", runspane.RunName(c.Run)
}

// NewComparison makes the comparison the panes show from the run and
// its comparison c with now, the run being A when runIsA (else B).
func NewComparison(run *ports.DatasetRunDetail, c *dataset.Comparison, runIsA bool) *Comparison {
	cmp := &Comparison{Run: run.RunSummary, RunIsA: runIsA, Figures: run.Figures, Rules: run.Rules,
		paths: make(map[string]RunScore, len(c.Paths)), cases: make(map[string]float64, len(c.Deltas))}
	for _, p := range c.Paths {
		switch {
		case runIsA && p.InA:
			cmp.paths[p.Path] = RunScore{p.A, p.HasA}
		case !runIsA && p.InB:
			cmp.paths[p.Path] = RunScore{p.B, p.HasB}
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

// VerdictHead returns a verdict without its parenthesised figures (the
// interval and the tests, which the header and the diff give): its
// finding and its number, "No significant difference: B − A = +0.046".
func VerdictHead(v string) string {
	if i := strings.Index(v, " ("); i > 0 {
		return v[:i]
	}
	return strings.TrimSuffix(v, ".")
}
