package scoring

import (
	"errors"
	"fmt"
	"math"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// recomputeAll gives every node the weight of its slot again (dropping
// the weights SetWeight gave single nodes) and computes every container's
// score from its children, bottom-up (children have higher IDs than their
// parents).
func (t *Tree) recomputeAll() {
	if t.opt.LeafWeights {
		t.setLeafWeights()
		t.rescore()
		return
	}
	for id := range t.own {
		t.nodes[id].set(bitOwnWeight, false)
	}
	clear(t.own)
	t.rescore()
}

// weightOf returns node id's own weight at its level: its slot's, unless
// it weighs apart; 1 for the root and array elements, 0 for an output key
// that takes no part.
func (t *Tree) weightOf(id NodeID) float64 {
	n := &t.nodes[id]
	switch {
	case n.bits&(bitOwnWeight|bitNoWeight) == 0:
		if n.slot >= 0 {
			return t.slotWeight(n.slot)
		}
		return 1
	case n.has(bitNoWeight):
		return 0
	case t.leafWeights != nil:
		return t.leafWeights[id]
	default:
		return t.own[id]
	}
}

// recompute computes container id's figures from its children's.
func (t *Tree) recompute(id NodeID) {
	n := &t.nodes[id]
	a := &t.aggs[n.agg]
	var sum float64
	var scored, nonOne int32
	if n.kind == jsondoc.Array && !t.opt.LeafWeights {
		if a.count >= segMin {
			if a.seg < 0 {
				a.seg = int32(len(t.segs))
				t.segs = append(t.segs, newSegTree(int(a.count)))
			}
			st := t.segs[a.seg]
			st.build(t, a.first)
			sum, scored, nonOne = st.root()
		} else {
			sum, scored, nonOne = t.sumScores(a.first, a.first+NodeID(a.count))
		}
		a.sum, a.n = sum, scored
		n.score = t.mean(id, sum, float64(scored), nonOne)
		return
	}
	var sumWS float64
	for c, end := a.first, a.first+NodeID(a.count); c < end; c++ {
		cn := &t.nodes[c]
		if math.IsNaN(cn.score) {
			continue
		}
		scored++
		if w := t.weightOf(c); w > 0 {
			sum += w
			sumWS += w * cn.score
			if cn.score != 1 {
				nonOne++
			}
		}
	}
	a.sum, a.n = sum, scored
	n.set(bitEqual, false)
	if sum == 0 && scored > 0 && t.opt.ZeroWeightFallback {
		t.recomputeEqual(id)
		return
	}
	n.score = t.mean(id, sumWS, sum, nonOne)
}

// recomputeEqual scores object id as the plain mean of its children's
// scores: every key weighs 0, and Options.ZeroWeightFallback weighs them
// alike (Lynxius: "weights can't sum up to 0").
func (t *Tree) recomputeEqual(id NodeID) {
	n := &t.nodes[id]
	a := &t.aggs[n.agg]
	sum, scored, nonOne := t.sumScores(a.first, a.first+NodeID(a.count))
	a.sum, a.n = float64(scored), scored
	n.set(bitEqual, true)
	n.score = t.mean(id, sum, float64(scored), nonOne)
}

// mean turns a container's sums into its score: total/parts, or the
// vendor aggregation (emptyScore) for a container in which nothing takes part (parts is 0). nonOne counts
// the children taking part that score below 1.
func (t *Tree) mean(id NodeID, total, parts float64, nonOne int32) float64 {
	n := &t.nodes[id]
	if t.opt.FlatMismatch && n.base != compared {
		return 0 // Lynxius: a container against anything else scores 0
	}
	if parts == 0 {
		if s, ok := t.emptyScore(id); ok {
			return s
		}
		// Nothing takes part: an empty reference container scores 1
		// against a container of its type, 0 against anything else; one
		// whose children all stand aside has no score.
		if n.ref != jsondoc.None && t.ref.Child(n.ref) == jsondoc.None {
			if n.base == compared {
				return 1
			}
			return 0
		}
		return math.NaN()
	}
	s := total / parts
	switch {
	case nonOne == 0:
		return 1
	case s >= 1:
		// Rounding must not turn a partial score into a match.
		return math.Nextafter(1, 0)
	case s < 0:
		return 0
	}
	return s
}

// segOf returns the segment tree of container id, or nil.
func (t *Tree) segOf(id NodeID) *segTree {
	if a := t.nodes[id].agg; a >= 0 {
		if s := t.aggs[a].seg; s >= 0 {
			return t.segs[s]
		}
	}
	return nil
}

// sumScores sums the scores of nodes [from, to), skipping those without.
func (t *Tree) sumScores(from, to NodeID) (sum float64, scored, nonOne int32) {
	for c := from; c < to; c++ {
		s := t.nodes[c].score
		if math.IsNaN(s) {
			continue
		}
		scored++
		sum += s
		if s != 1 {
			nonOne++
		}
	}
	return sum, scored, nonOne
}

// SetWeight sets the weight of one node (an object key of the reference)
// and updates the scores along its path to the root, without rescoring the
// document. Other nodes of the same slot keep theirs; see SetSlotWeight.
func (t *Tree) SetWeight(id NodeID, w float64) error {
	if t.opt.FixedWeights {
		return errFixedWeights
	}
	if err := t.checkWeight(id, w); err != nil {
		return err
	}
	if t.weightOf(id) == w {
		return nil
	}
	t.counted = false
	if t.leafWeights != nil {
		t.leafWeights[id] = w
	} else {
		if t.own == nil {
			t.own = make(map[NodeID]float64)
		}
		t.own[id] = w
	}
	t.nodes[id].set(bitOwnWeight, true)
	for child, p := id, t.nodes[id].parent; p != NoNode; child, p = p, t.nodes[p].parent {
		old := t.nodes[p].score
		if st := t.segOf(p); st != nil {
			first, _ := t.block(&t.nodes[p])
			st.update(t, first, int(child-first))
			t.finishArray(p, st)
		} else {
			t.recompute(p)
		}
		if sameFloat(old, t.nodes[p].score) {
			break
		}
	}
	return nil
}

// errFixedWeights refuses a weight change under Options.FixedWeights.
var errFixedWeights = errors.New("this metric weighs nodes by its own rule: its weights cannot be changed")

func sameFloat(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }

func (t *Tree) checkWeight(id NodeID, w float64) error {
	if !(w >= 0 && w <= 1) {
		return fmt.Errorf("weight %v is outside [0, 1]", w)
	}
	n := &t.nodes[id]
	switch {
	case n.parent == NoNode:
		return fmt.Errorf("the root has no weight of its own: its score is the total")
	case t.IsElement(id):
		return fmt.Errorf("%s is an array element: elements weigh alike; weigh the keys inside them, or the array itself", t.Path(id))
	case n.slot < 0:
		return fmt.Errorf("%s is a key only the output has: it takes no part, so it has no weight", t.Path(id))
	}
	return nil
}

// finishArray sets a large array's figures from its segment tree.
func (t *Tree) finishArray(p NodeID, st *segTree) {
	sum, scored, nonOne := st.root()
	a := &t.aggs[t.nodes[p].agg]
	a.sum, a.n = sum, scored
	t.nodes[p].score = t.mean(p, sum, float64(scored), nonOne)
}

// ResetWeights restores every weight to the weights file's and rescores.
func (t *Tree) ResetWeights() {
	if t.sl.fileWeight.on {
		t.sl.weight.vals, t.sl.weight.on = append(t.sl.weight.vals[:0], t.sl.fileWeight.vals...), true
	} else {
		t.sl.weight.reset()
	}
	t.recomputeAll()
}

// ApplyWeights resolves another weights file (nil: every weight 1) onto the
// tree and rescores; it becomes the tree's file, as if it had been given to
// Build. On error the tree is unchanged.
func (t *Tree) ApplyWeights(w *Weights) error {
	saved := t.sl.cloneWeights()
	old, oldWarn, oldOmitted, oldIgnored, oldFrom := t.weights, t.warnings, t.omitted, t.ignored, t.ignoredFrom
	if err := t.applyWeights(w); err != nil {
		t.sl = saved
		t.weights, t.warnings, t.omitted, t.ignored, t.ignoredFrom = old, oldWarn, oldOmitted, oldIgnored, oldFrom
		return err
	}
	return nil
}
