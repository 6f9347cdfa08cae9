package dataset

import (
	"math"
	"runtime/debug"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// walk adds the figures of case idx, whose scored tree is t, straight to
// batch b's parts, in one pass over its nodes, for a run that keeps no
// frame of the case and writes no line of it; it returns the case's
// costliest leaf. Each figure is what extract, sweep and then the batch's
// fold make of the same tree, bit for bit: the nodes are taken in the
// same order, a node's share is made from its container's the same way
// (top-down: the tree lists a container's children after it), a path's
// sum over the case's nodes is added in node order and then once to the
// path's exact sums, and paths new to the batch come in the order the
// case meets them. Only the path column of f is filled (a node's path is
// found from its parent's); s.share holds each node's share afterwards.
// What the walk keeps a node is its path, weight and share (20 bytes);
// a container's leaf counts, part and parent container are kept by
// container, a node's parent read from the tree.
func (x *extractor) walk(t *scoring.Tree, f *frame, s *sweeper, b *batch, idx int) caseOutcome {
	f.reset()
	s.acc.clear()
	x.in.begin(b)
	n := t.Len()
	if n == 0 {
		return caseOutcome{score: math.NaN(), worst: -1}
	}
	opt := t.Options()
	rd, od := t.Ref(), t.Out()
	x.unmapSlots(t.NumSlots())
	f.path = reserve(f.path, n)[:n] // filled in node order: a node's parent's is there before it
	path := f.path
	if n >= bigParts {
		x.bigRoom(t, f, b)
	}
	// Room for every node's weight and share at once; s.before finds
	// parents in the tree, let go once walked (its room serves the next
	// case's).
	s.w, s.share = t.AppendWeights(reserve(s.w, n)), grow(s.share, n)
	s.hasParent, s.f, s.tree = false, nil, t
	s.fallback = opt.ZeroWeightFallback
	x.conts, x.cpart, x.cparent, x.below = x.conts[:0], x.cpart[:0], x.cparent[:0], x.below[:0]
	w, share := s.w, s.share
	share[0] = 1
	rules := opt.KeyRules != nil // a rules file's thresholds (MatchThreshold)
	root, _ := t.Score(0)
	out := caseOutcome{score: root, worst: -1}
	pc := int32(-1) // the container index of the node's parent, -1 for the root's
	for i := range n {
		id := scoring.NodeID(i)
		if i > 0 {
			a := int32(t.Parent(id))
			for int(pc+1) < len(x.conts) && x.conts[pc+1] <= a {
				pc++ // parents come in node order: the containers list their children so
			}
		}
		p := path[i]
		if n < bigParts {
			p = x.pathOf(t, f, id)
			path[i] = p
		}
		kind := t.Kind(id)
		sc, _ := t.Score(id)
		k := x.in.part(b, p, int32(i), idx, kind, w[i])
		part := &b.parts[k]
		part.nodes++
		if !part.hasPathWeight && !opt.LeafWeights && t.Slot(id) >= 0 {
			part.pathWeight, part.hasPathWeight = w[i], true // it weighs by its path (weighPath)
		}
		loss := 0.0
		if sc == sc {
			loss = share[i] * (1 - sc)
			part.scored++
			x.in.add(b, k, sc, loss)
		}
		r, o := t.RefValue(id), t.OutValue(id)
		base := baseOf(rd, r, od, o, opt.BoolsAsNumbers)
		part.status[statusOf(uint16(base), sc)]++
		if base != baseExtra {
			part.kinds |= 1 << kind
			if !kind.IsContainer() {
				part.scalars++
			}
		}
		if first, count := t.Children(id); count > 0 {
			x.conts, x.cpart, x.cparent = append(x.conts, int32(i)), append(x.cpart, k), append(x.cparent, pc)
			x.below = append(x.below, [5]int32{})
			x.shareOut(t, s, int32(i), int32(first), int32(first)+int32(count), kind == jsondoc.Array && !opt.LeafWeights)
			continue
		}
		tau := x.tau
		if rules {
			if th, has := t.MatchThreshold(id); has {
				tau = th // the rules file's threshold for this path
			}
		}
		// A leaf counts at its path and at every path above it: at its
		// parent's, which hands its counts up once all are in (countUp).
		if c := leafCount(rd, r, od, o, sc, sc == sc, tau); c > 0 {
			part.counts[c-1]++
			if pc >= 0 {
				x.below[pc][c-1]++
			}
		}
		if loss > 0 && (loss > out.worstLoss || loss == out.worstLoss && s.before(int32(i), out.worst)) {
			out.worst, out.worstLoss = int32(i), loss
		}
	}
	x.countUp(b.parts)
	x.in.end(b)
	s.tree = nil
	return out
}

// bigRoom finds the paths of a big case's nodes (into f.path) before its
// walk, so that its batch's parts and marks take their room at once (a
// part a path at most) rather than grow by doubling, which would leave
// as much again behind them; and hands back what the paths' finding left.
func (x *extractor) bigRoom(t *scoring.Tree, f *frame, b *batch) {
	n := t.Len()
	for i := range n {
		f.path[i] = x.pathOf(t, f, scoring.NodeID(i))
	}
	paths := x.paths.table.len()
	if want := min(len(b.parts)+n, paths); cap(b.parts) < want {
		parts := make([]pathPart, len(b.parts), want)
		copy(parts, b.parts)
		b.parts = parts
	}
	if len(b.at) < paths {
		at := make([]int32, paths)
		copy(at, b.at)
		b.at = at
	}
	// The containers' columns too: grown by doubling they would leave
	// as much again behind them.
	c := containersOf(t)
	x.conts, x.cpart, x.cparent, x.below = reserve(x.conts, c), reserve(x.cpart, c), reserve(x.cparent, c), reserve(x.below, c)
	if n >= bigCaseNodes {
		debug.FreeOSMemory() // what the build and the paths left behind goes before the walk's room
	}
}

// countUp adds the leaf counts gathered below each container (x.below,
// by container) to its path's part and to its parent container's,
// children before parents: the containers are in x.conts in node order,
// a parent before its children.
func (x *extractor) countUp(parts []pathPart) {
	for k := len(x.conts) - 1; k >= 0; k-- {
		b := &x.below[k]
		q := &parts[x.cpart[k]].counts
		q[0], q[1], q[2], q[3], q[4] = q[0]+b[0], q[1]+b[1], q[2]+b[2], q[3]+b[3], q[4]+b[4]
		if a := x.cparent[k]; a >= 0 {
			u := &x.below[a]
			u[0], u[1], u[2], u[3], u[4] = u[0]+b[0], u[1]+b[1], u[2]+b[2], u[3]+b[3], u[4]+b[4]
		}
	}
}

// shareOut gives the children [first, end) of container i their shares
// (their weights are in s.w), as sweeper.shares does: a child's share is its
// container's times its weight's part of the scored children's, or an
// equal part (equal: the container weighs its children alike).
func (x *extractor) shareOut(t *scoring.Tree, s *sweeper, i, first, end int32, equal bool) {
	w, share := s.w, s.share
	var sumW float64
	var scored int32
	for c := first; c < end; c++ {
		wc := w[c]
		if sc, _ := t.Score(scoring.NodeID(c)); sc == sc {
			scored++
			if wc > 0 {
				sumW += wc
			}
		}
	}
	if !equal && sumW == 0 && scored > 0 && s.fallback {
		equal = true
	}
	sh := share[i]
	for c := first; c < end; c++ {
		fr := 0.0
		switch sc, _ := t.Score(scoring.NodeID(c)); {
		case sc != sc:
		case equal:
			fr = 1 / float64(scored)
		case w[c] > 0:
			fr = w[c] / sumW
		}
		share[c] = sh * fr
	}
}
