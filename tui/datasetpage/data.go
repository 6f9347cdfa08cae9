package datasetpage

import (
	"math"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// dsData is what the panes of a dataset's explorer share: the scored
// dataset and its tuning session, its figures under the weights in
// force, and the run it is compared with. The root owns it and tells the
// panes when it changed (dsChangedMsg); they read it, never write it.
type dsData struct {
	// sess is the tuning session over d; wsess the one that holds the
	// user's weights: sess, or, under a metric that takes none (uipath,
	// a metric that is one number), the last session whose metric took
	// them, held apart for a metric that does (and for ctrl+s).
	sess, wsess *session.Dataset
	d           *dataset.Scored
	res         *dataset.Result
	files       ports.Files
	// rules are the per-key rules in force (nil for none), and rulesID
	// identifies them as the history does ("" for none).
	rules   *scoring.RuleSet
	rulesID string
	// paths and stats are the figures in force; scores every case's
	// score (NaN for none), in reference order.
	paths  []dataset.PathFigures
	stats  dataset.Stats
	scores []float64
	// cmp is the run compared with, nil for none.
	cmp *dsComparison
	// cal is the agreement with people's labels, nil without labels.
	cal *calib
}

func newDSData(res *dataset.Result, w *scoring.Weights, files ports.Files, rules *scoring.RuleSet, rulesID string) *dsData {
	ds := &dsData{d: res.Scored, res: res, files: files, rules: rules, rulesID: rulesID}
	ds.sess = session.NewDataset(res.Scored, w, files.SavePath)
	ds.wsess = ds.sess
	ds.refresh()
	return ds
}

// replace takes the dataset scored again (another metric, options,
// rules or pairing) with its session, and wsess holding the user's
// weights; the comparison with a run stays, to be made again.
func (ds *dsData) replace(res *dataset.Result, sess, wsess *session.Dataset) {
	ds.d, ds.res, ds.sess, ds.wsess = res.Scored, res, sess, wsess
	ds.scores = nil
	ds.refresh()
}

// metric returns the name of the metric that scored the dataset.
func (ds *dsData) metric() string { return ds.res.Figures.Metric }

// dirty reports whether weights or rules are unsaved.
func (ds *dsData) dirty() bool { return ds.wsess.Dirty() || ds.rules.Changed() }

// refresh reads the figures in force again.
func (ds *dsData) refresh() {
	ds.paths = ds.d.Paths()
	ds.stats = ds.d.Stats()
	ds.scores = ds.d.Scores(ds.scores)
	ds.cal.measure(ds.scores)
}

// score returns case k's score and whether it has one.
func (ds *dsData) score(k int) (float64, bool) {
	v := ds.scores[k]
	return v, !math.IsNaN(v)
}

// total returns the dataset's score and whether it has one.
func (ds *dsData) total() (float64, bool) { return ds.stats.Mean, ds.stats.N > 0 }

// The messages of a dataset's explorer: between its panes and its root.

// dsChangedMsg tells the panes that the figures changed (a re-weight, a
// comparison begun or ended).
type dsChangedMsg struct{}

// dsReplacedMsg tells the panes that the dataset was scored again
// (another metric, its options, the rules, an array's pairing): its
// paths, their figures and the cases' may all differ; each keeps its
// place by path and by case where it can.
type dsReplacedMsg struct{}

// filterCasesMsg asks for the cases that lose points at path ("" for
// every case again).
type filterCasesMsg struct{ path string }

// openCaseMsg asks to open case k as a pair, its cursor at path ("" for
// the costliest leaf).
type openCaseMsg struct {
	k    int
	path string
}

// dsView is what the body of a dataset's explorer shows.
type dsView int

const (
	viewTree  dsView = iota // the per-path tree (and the detail pane)
	viewCases               // the cases pane
	viewHeat                // the heat map
)

// showViewMsg asks the root to show a view.
type showViewMsg struct{ view dsView }

// weightKeyMsg asks the root to run a weight key on a path.
type weightKeyMsg struct {
	path string
	key  tea.KeyPressMsg
}

// promptKind is what a pane asks the prompt for.
type promptKind int

const (
	promptSearch promptKind = iota // the tree: search the paths' keys
	promptFind                     // the cases pane: find a case by id
)

// askPromptMsg asks the root for the prompt; what is typed comes back to
// the pane as promptDoneMsg.
type askPromptMsg struct {
	kind         promptKind
	label, value string
	placeholder  string
}

// promptDoneMsg carries what was typed into a pane's prompt.
type promptDoneMsg struct {
	kind promptKind
	text string
}

// factor returns the normalization factor f of path i under the weights
// in force.
func (ds *dsData) factor(i int) (float64, bool) {
	f := dataset.Figures{Paths: ds.paths}
	return f.Factor(i)
}

// dsComparison is a recorded run of the dataset the explorer compares
// with: its per-path scores, its case scores by id, and the verdict of
// `history diff` between it and now, the two in the command line's order
// (runIsA: the run is A and now B, else now is A; Δ is B − A).
type dsComparison struct {
	run    ports.RunSummary
	runIsA bool
	// figures and rules are the run's, compared again after a re-weight.
	figures *dataset.Figures
	rules   string
	paths   map[string]runScore
	cases   map[string]float64
	// verdict is the diff's verdict line: Δ with its interval and p.
	verdict string
}

// runScore is a score in a run, with whether it has one.
type runScore struct {
	score float64
	has   bool
}

// pathScore returns the run's score of a path; ok is false without a
// comparison or when the run has no such path.
func (c *dsComparison) pathScore(path string) (runScore, bool) {
	if c == nil {
		return runScore{}, false
	}
	r, ok := c.paths[path]
	return r, ok
}

// caseDelta returns case id's Δ, B − A (its score now minus the run's
// when the run is A); ok is false without a comparison, or when either
// has no score.
func (c *dsComparison) caseDelta(id string, now float64, has bool) (float64, bool) {
	if c == nil || !has {
		return 0, false
	}
	r, ok := c.cases[id]
	if !ok {
		return 0, false
	}
	return c.delta(now, r), true
}

// delta returns the change B − A between a score now and the run's.
func (c *dsComparison) delta(now, run float64) float64 {
	if c.runIsA {
		return now - run
	}
	return run - now
}

// sides returns the run and now as the comparison's A and B.
func (c *dsComparison) sides(now dataset.CompareSide) (a, b dataset.CompareSide) {
	return compareSides(c.runIsA, dataset.CompareSide{ID: c.run.ID, Figures: c.figures, Rules: c.rules}, now)
}

// compareSides orders a run and now as A and B.
func compareSides(runIsA bool, run, now dataset.CompareSide) (a, b dataset.CompareSide) {
	if runIsA {
		return run, now
	}
	return now, run
}

// names returns the names of A and B: the run's, "now".
func (c *dsComparison) names() (a, b string) {
	if c.runIsA {
		return runspane.RunName(c.run), "now"
	}
	return "now", runspane.RunName(c.run)
}
