package runspane

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/session"
)

// sameScoreTol is how far apart two scores of one path may be and still
// Count as the same: a score updated in place after a weight edit and the
// same score computed from scratch may differ in the last bits.
const sameScoreTol = 1e-12

// sameScore reports whether two scores (each possibly absent) are the
// same.
func sameScore(a float64, hasA bool, b float64, hasB bool) bool {
	return hasA == hasB && (!hasA || math.Abs(a-b) <= sameScoreTol)
}

// RunMatch pairs the nodes of a tree with the nodes of a recorded run, by
// Path. The tree's shape never changes with the weights, so a match holds
// for as long as the tree does.
type RunMatch struct {
	// idx gives, per tree node, the index of its path in the run's nodes,
	// or -1 when the run has no such path.
	idx []int32
	// OnlyRun counts the run's paths the tree does not have.
	OnlyRun int
}

// MatchRun matches the nodes of t with those of run. It runs in the
// background, on a snapshot of the tree.
func MatchRun(t *scoring.Tree, run *ports.RunDetail) *RunMatch {
	byPath := make(map[string]int32, len(run.Nodes))
	for i, n := range run.Nodes {
		byPath[n.Path] = int32(i)
	}
	m := &RunMatch{idx: make([]int32, t.Len())}
	found := 0
	var buf []byte
	for id := range t.Len() {
		buf = t.AppendPath(buf[:0], scoring.NodeID(id))
		i, ok := byPath[string(buf)]
		if !ok {
			i = -1
		} else {
			found++
		}
		m.idx[id] = i
	}
	m.OnlyRun = len(run.Nodes) - found
	return m
}

// Comparison is the tree compared with a recorded run: the run's score
// for each node, and how many paths differ, counted again after every
// weight edit.
type Comparison struct {
	Run   ports.RunSummary
	nodes []ports.RunNode
	*RunMatch
	sess *session.Session
	// version is the session version the counts are for.
	version  int
	Differ   int // paths in both whose score differs
	OnlyHere int // paths the run does not have
}

func NewComparison(run *ports.RunDetail, match *RunMatch, sess *session.Session) *Comparison {
	c := &Comparison{Run: run.RunSummary, nodes: run.Nodes, RunMatch: match, sess: sess, version: -1}
	c.Count()
	return c
}

// At returns node id's figures in the run; ok is false when the run has
// no such path.
func (c *Comparison) At(id scoring.NodeID) (n ports.RunNode, ok bool) {
	if int(id) >= len(c.idx) || c.idx[id] < 0 {
		return ports.RunNode{}, false
	}
	return c.nodes[c.idx[id]], true
}

// Count brings the counts up to date with the session's weights: a pass
// over the nodes, once per edit.
func (c *Comparison) Count() {
	if c.version == c.sess.Version() {
		return
	}
	c.version = c.sess.Version()
	t := c.sess.Tree()
	c.Differ, c.OnlyHere = 0, 0
	for id := range t.Len() {
		n, ok := c.At(scoring.NodeID(id))
		if !ok {
			c.OnlyHere++
			continue
		}
		s, has := t.Score(scoring.NodeID(id))
		if !sameScore(s, has, n.Score, n.HasScore) {
			c.Differ++
		}
	}
}

// pathChange is a path whose score differs between a run and now.
type pathChange struct {
	Path           string
	run, now       float64
	hasRun, hasNow bool
}

// delta returns now − run; ok is false unless both have a score.
func (p pathChange) delta() (float64, bool) {
	if !p.hasRun || !p.hasNow {
		return 0, false
	}
	return p.now - p.run, true
}

// WeightChange is a key whose weight differs between a run and now.
type WeightChange struct {
	Path     string // the key's schema path: .fixed_menus[].pizza
	Run, Now float64
}

// RunDiff is what changed from a recorded run to the current state.
type RunDiff struct {
	run                ports.RunSummary
	runTotal, nowTotal float64
	runHas, nowHas     bool
	// Changed lists the paths whose score differs, the root's included,
	// the largest change first (those with a score on one side only
	// last).
	Changed []pathChange
	// onlyNow and onlyRun list the paths one side has, in its document
	// order.
	onlyNow, onlyRun []string
	// Weights lists the keys whose weight differs, in the tree's slot
	// order; weightsErr says why the run's weights could not be resolved
	// here, when they could not.
	Weights    []WeightChange
	weightsErr string
	// ignored are the entries of the run's weights that apply to
	// nothing in the current reference.
	ignored IgnoredEntries
	// NoScores is set when the metric in force is one number: there are
	// no per-path scores to compare. nowMetric names the metric in force.
	NoScores  bool
	nowMetric string
}

// DiffRun compares a run with the current state: scores is a snapshot of
// the tree shown (nil for a metric that is one number, which has no
// per-path scores), weights one of the tree holding the weights in force
// (the same tree or not), metric the metric in force and now its total. The caller gives the
// snapshots up. It runs in the background.
func DiffRun(scores, weights *scoring.Tree, metric string, now float64, nowHas bool, run *ports.RunDetail) *RunDiff {
	d := &RunDiff{run: run.RunSummary, runTotal: run.Score, runHas: run.HasScore, nowTotal: now, nowHas: nowHas, nowMetric: metric}
	if scores != nil {
		d.diffScores(scores, run)
	} else {
		d.NoScores = true
	}
	d.diffWeights(weights, run)
	return d
}

// diffScores lists the paths whose score differs between the run and the
// tree snap.
func (d *RunDiff) diffScores(snap *scoring.Tree, run *ports.RunDetail) {
	m := MatchRun(snap, run)
	seen := make([]bool, len(run.Nodes))
	for id := range snap.Len() {
		i := m.idx[id]
		if i < 0 {
			d.onlyNow = append(d.onlyNow, snap.Path(scoring.NodeID(id)))
			continue
		}
		seen[i] = true
		n := run.Nodes[i]
		s, has := snap.Score(scoring.NodeID(id))
		if !sameScore(s, has, n.Score, n.HasScore) {
			d.Changed = append(d.Changed, pathChange{Path: n.Path, run: n.Score, now: s, hasRun: n.HasScore, hasNow: has})
		}
	}
	for i, n := range run.Nodes {
		if !seen[i] {
			d.onlyRun = append(d.onlyRun, n.Path)
		}
	}
	slices.SortStableFunc(d.Changed, func(a, b pathChange) int {
		da, okA := a.delta()
		db, okB := b.delta()
		switch {
		case okA != okB:
			if okA {
				return -1
			}
			return 1
		case !okA:
			return 0
		}
		return cmp.Compare(math.Abs(db), math.Abs(da))
	})
}

// diffWeights lists the keys whose weight differs between the run and the
// tree snap, which holds the weights in force (its weights are replaced).
func (d *RunDiff) diffWeights(snap *scoring.Tree, run *ports.RunDetail) {
	nowW := snap.SlotWeights(nil)
	runW, ignored, err := RunWeights(snap, run)
	if err != nil {
		d.weightsErr = err.Error()
		return
	}
	d.ignored = ignored
	for i := range nowW {
		if snap.SlotAt(i).IsKey() && runW[i] != nowW[i] {
			d.Weights = append(d.Weights, WeightChange{Path: snap.SchemaPath(i), Run: runW[i], Now: nowW[i]})
		}
	}
}

// IgnoredEntries are the entries of a run's weights that apply to nothing
// in the current reference: the warnings about the first ones
// (report.MaxWarnings at most) and their number.
type IgnoredEntries struct {
	First []scoring.Warning
	N     int
}

// RunWeights resolves a run's weights onto t, a snapshot of the tree the
// caller gives up (its weights are replaced): the weight of every slot,
// as Tree.Slots lists them, and the entries of the run's weights that
// apply to nothing in this reference.
func RunWeights(t *scoring.Tree, run *ports.RunDetail) ([]float64, IgnoredEntries, error) {
	return ResolveWeights(t, "run "+ShortID(run.ID), run.WeightsJSON)
}

// ResolveWeights resolves the weights file content data, named name in
// messages, onto t as runWeights does; empty data means every weight is 1.
func ResolveWeights(t *scoring.Tree, name string, data []byte) ([]float64, IgnoredEntries, error) {
	var w *scoring.Weights
	if len(bytes.TrimSpace(data)) > 0 {
		var err error
		if w, err = scoring.ParseWeights(name, data); err != nil {
			return nil, IgnoredEntries{}, fmt.Errorf("its weights do not read: %w", err)
		}
	}
	if err := t.ApplyWeights(w); err != nil {
		return nil, IgnoredEntries{}, fmt.Errorf("its weights do not fit this reference: %w", err)
	}
	out := t.SlotWeights(nil)
	first, n := t.IgnoredEntries()
	return out, IgnoredEntries{First: first, N: n}, nil
}
