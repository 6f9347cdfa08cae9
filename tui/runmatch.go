package tui

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
// count as the same: a score updated in place after a weight edit and the
// same score computed from scratch may differ in the last bits.
const sameScoreTol = 1e-12

// sameScore reports whether two scores (each possibly absent) are the
// same.
func sameScore(a float64, hasA bool, b float64, hasB bool) bool {
	return hasA == hasB && (!hasA || math.Abs(a-b) <= sameScoreTol)
}

// runMatch pairs the nodes of a tree with the nodes of a recorded run, by
// path. The tree's shape never changes with the weights, so a match holds
// for as long as the tree does.
type runMatch struct {
	// idx gives, per tree node, the index of its path in the run's nodes,
	// or -1 when the run has no such path.
	idx []int32
	// onlyRun counts the run's paths the tree does not have.
	onlyRun int
}

// matchRun matches the nodes of t with those of run. It runs in the
// background, on a snapshot of the tree.
func matchRun(t *scoring.Tree, run *ports.RunDetail) *runMatch {
	byPath := make(map[string]int32, len(run.Nodes))
	for i, n := range run.Nodes {
		byPath[n.Path] = int32(i)
	}
	m := &runMatch{idx: make([]int32, t.Len())}
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
	m.onlyRun = len(run.Nodes) - found
	return m
}

// comparison is the tree compared with a recorded run: the run's score
// for each node, and how many paths differ, counted again after every
// weight edit.
type comparison struct {
	run   ports.RunSummary
	nodes []ports.RunNode
	*runMatch
	sess *session.Session
	// version is the session version the counts are for.
	version  int
	differ   int // paths in both whose score differs
	onlyHere int // paths the run does not have
}

func newComparison(run *ports.RunDetail, match *runMatch, sess *session.Session) *comparison {
	c := &comparison{run: run.RunSummary, nodes: run.Nodes, runMatch: match, sess: sess, version: -1}
	c.count()
	return c
}

// at returns node id's figures in the run; ok is false when the run has
// no such path.
func (c *comparison) at(id scoring.NodeID) (n ports.RunNode, ok bool) {
	if int(id) >= len(c.idx) || c.idx[id] < 0 {
		return ports.RunNode{}, false
	}
	return c.nodes[c.idx[id]], true
}

// count brings the counts up to date with the session's weights: a pass
// over the nodes, once per edit.
func (c *comparison) count() {
	if c.version == c.sess.Version() {
		return
	}
	c.version = c.sess.Version()
	t := c.sess.Tree()
	c.differ, c.onlyHere = 0, 0
	for id := range t.Len() {
		n, ok := c.at(scoring.NodeID(id))
		if !ok {
			c.onlyHere++
			continue
		}
		s, has := t.Score(scoring.NodeID(id))
		if !sameScore(s, has, n.Score, n.HasScore) {
			c.differ++
		}
	}
}

// pathChange is a path whose score differs between a run and now.
type pathChange struct {
	path           string
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

// weightChange is a key whose weight differs between a run and now.
type weightChange struct {
	path     string // the key's schema path: .fixed_menus[].pizza
	run, now float64
}

// runDiff is what changed from a recorded run to the current state.
type runDiff struct {
	run                ports.RunSummary
	runTotal, nowTotal float64
	runHas, nowHas     bool
	// changed lists the paths whose score differs, the root's included,
	// the largest change first (those with a score on one side only
	// last).
	changed []pathChange
	// onlyNow and onlyRun list the paths one side has, in its document
	// order.
	onlyNow, onlyRun []string
	// weights lists the keys whose weight differs, in the tree's slot
	// order; weightsErr says why the run's weights could not be resolved
	// here, when they could not.
	weights    []weightChange
	weightsErr string
	// ignored are the entries of the run's weights that apply to
	// nothing in the current reference.
	ignored ignoredEntries
	// noScores is set when the metric in force is one number: there are
	// no per-path scores to compare. nowMetric names the metric in force.
	noScores  bool
	nowMetric string
}

// diffRun compares a run with the current state: scores is a snapshot of
// the tree shown (nil for a metric that is one number, which has no
// per-path scores), weights one of the tree holding the weights in force
// (the same tree or not), metric the metric in force and now its total. The caller gives the
// snapshots up. It runs in the background.
func diffRun(scores, weights *scoring.Tree, metric string, now float64, nowHas bool, run *ports.RunDetail) *runDiff {
	d := &runDiff{run: run.RunSummary, runTotal: run.Score, runHas: run.HasScore, nowTotal: now, nowHas: nowHas, nowMetric: metric}
	if scores != nil {
		d.diffScores(scores, run)
	} else {
		d.noScores = true
	}
	d.diffWeights(weights, run)
	return d
}

// diffScores lists the paths whose score differs between the run and the
// tree snap.
func (d *runDiff) diffScores(snap *scoring.Tree, run *ports.RunDetail) {
	m := matchRun(snap, run)
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
			d.changed = append(d.changed, pathChange{path: n.Path, run: n.Score, now: s, hasRun: n.HasScore, hasNow: has})
		}
	}
	for i, n := range run.Nodes {
		if !seen[i] {
			d.onlyRun = append(d.onlyRun, n.Path)
		}
	}
	slices.SortStableFunc(d.changed, func(a, b pathChange) int {
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
func (d *runDiff) diffWeights(snap *scoring.Tree, run *ports.RunDetail) {
	nowW := snap.SlotWeights(nil)
	runW, ignored, err := runWeights(snap, run)
	if err != nil {
		d.weightsErr = err.Error()
		return
	}
	d.ignored = ignored
	for i := range nowW {
		if snap.SlotAt(i).IsKey() && runW[i] != nowW[i] {
			d.weights = append(d.weights, weightChange{path: snap.SchemaPath(i), run: runW[i], now: nowW[i]})
		}
	}
}

// ignoredEntries are the entries of a run's weights that apply to nothing
// in the current reference: the warnings about the first ones
// (report.MaxWarnings at most) and their number.
type ignoredEntries struct {
	first []scoring.Warning
	n     int
}

// runWeights resolves a run's weights onto t, a snapshot of the tree the
// caller gives up (its weights are replaced): the weight of every slot,
// as Tree.Slots lists them, and the entries of the run's weights that
// apply to nothing in this reference.
func runWeights(t *scoring.Tree, run *ports.RunDetail) ([]float64, ignoredEntries, error) {
	return resolveWeights(t, "run "+shortID(run.ID), run.WeightsJSON)
}

// resolveWeights resolves the weights file content data, named name in
// messages, onto t as runWeights does; empty data means every weight is 1.
func resolveWeights(t *scoring.Tree, name string, data []byte) ([]float64, ignoredEntries, error) {
	var w *scoring.Weights
	if len(bytes.TrimSpace(data)) > 0 {
		var err error
		if w, err = scoring.ParseWeights(name, data); err != nil {
			return nil, ignoredEntries{}, fmt.Errorf("its weights do not read: %w", err)
		}
	}
	if err := t.ApplyWeights(w); err != nil {
		return nil, ignoredEntries{}, fmt.Errorf("its weights do not fit this reference: %w", err)
	}
	out := t.SlotWeights(nil)
	first, n := t.IgnoredEntries()
	return out, ignoredEntries{first: first, n: n}, nil
}
