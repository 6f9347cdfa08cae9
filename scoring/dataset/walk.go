package dataset

import (
	"math"

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
// found from its parent's); s.parent and s.share hold each node's parent
// and share afterwards, x.part each node's index in b.parts.
func (x *extractor) walk(t *scoring.Tree, f *frame, s *sweeper, b *batch, idx int) caseOutcome {
	f.reset()
	s.acc.clear()
	x.in.begin()
	n := t.Len()
	if n == 0 {
		return caseOutcome{score: math.NaN(), worst: -1}
	}
	opt := t.Options()
	rd, od := t.Ref(), t.Out()
	x.unmapSlots(t.NumSlots())
	f.path = reserve(f.path, n)[:n] // filled in node order: a node's parent's is there before it
	path := f.path
	s.w, s.share, s.parent = t.AppendWeights(s.w[:0]), grow(s.share, n), grow(s.parent, n)
	s.hasParent, s.f = true, nil
	s.fallback = opt.ZeroWeightFallback
	x.part, x.below, x.conts = grow(x.part, n), grow(x.below, n), x.conts[:0]
	w, share, pk := s.w, s.share, x.part
	share[0], s.parent[0] = 1, -1
	rules := opt.KeyRules != nil // a rules file's thresholds (MatchThreshold)
	root, _ := t.Score(0)
	out := caseOutcome{score: root, worst: -1}
	for i := range n {
		id := scoring.NodeID(i)
		p := x.pathOf(t, f, id)
		path[i] = p
		kind := t.Kind(id)
		sc, _ := t.Score(id)
		k := x.in.part(b, p, int32(i), idx, kind, w[i])
		pk[i] = k
		part, sum := &b.parts[k], &x.in.sums[k]
		part.nodes++
		if !part.hasPathWeight && !opt.LeafWeights && t.Slot(id) >= 0 {
			part.pathWeight, part.hasPathWeight = w[i], true // it weighs by its path (weighPath)
		}
		loss := 0.0
		if sc == sc {
			loss = share[i] * (1 - sc)
			part.scored++
			sum[0] += sc
			sum[1] += loss
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
			x.conts = append(x.conts, int32(i))
			x.below[i] = [5]int32{}
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
			if a := s.parent[i]; a >= 0 {
				x.below[a][c-1]++
			}
		}
		if loss > 0 && (loss > out.worstLoss || loss == out.worstLoss && s.before(int32(i), out.worst)) {
			out.worst, out.worstLoss = int32(i), loss
		}
	}
	x.countUp(b.parts, s.parent)
	x.in.end(b)
	return out
}

// countUp adds the leaf counts gathered below each container (x.below) to
// its path's part and to its parent's (parent: each node's), children
// before parents: the
// containers are in x.conts in node order, a parent before its children.
func (x *extractor) countUp(parts []pathPart, parent []int32) {
	pk := x.part
	for k := len(x.conts) - 1; k >= 0; k-- {
		i := x.conts[k]
		b := &x.below[i]
		q := &parts[pk[i]].counts
		q[0], q[1], q[2], q[3], q[4] = q[0]+b[0], q[1]+b[1], q[2]+b[2], q[3]+b[3], q[4]+b[4]
		if a := parent[i]; a >= 0 {
			u := &x.below[a]
			u[0], u[1], u[2], u[3], u[4] = u[0]+b[0], u[1]+b[1], u[2]+b[2], u[3]+b[3], u[4]+b[4]
		}
	}
}

// shareOut gives the children [first, end) of container i their parent
// and shares (their weights are in s.w), as sweeper.shares does: a child's share is its
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
		s.parent[c] = i
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
