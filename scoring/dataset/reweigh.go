package dataset

// rowAcc is what weights change of one path's figures, over a chunk of
// cases: plain sums (a chunk is a few thousand cases), added up across
// chunks with compensation.
type rowAcc struct {
	scored   int32
	status   [7]int32
	scoreSum float64
	loss     float64
}

// reweighCase computes case f's figures again under the node weights in
// s.w: every container's score from its children's (bottom-up), then
// every node's share and loss (top-down), added to acc by path as it
// goes. It is sweep for a re-weight: one pass less, and no per-case parts.
func (s *sweeper) reweighCase(f *frame, acc []rowAcc) caseOutcome {
	n := len(f.path)
	s.sums = grow(s.sums, len(f.cnode))
	for k := len(f.cnode) - 1; k >= 0; k-- {
		f.score[f.cnode[k]], s.sums[k] = s.containerSums(f, k)
	}
	s.share, s.parent = grow(s.share, n), grow(s.parent, n)
	score, w, share, flags, path, parent := f.score, s.w, s.share, f.flags, f.path, s.parent
	share[0], parent[0] = 1, -1
	s.hasParent = true
	out := caseOutcome{score: score[0], worst: -1}
	// The root: its share is 1, and it is no leaf (a case of one node is
	// a leaf, but then it loses all or nothing and has no parent).
	a := &acc[path[0]]
	if sc := score[0]; sc == sc {
		a.scored++
		a.scoreSum += sc
		a.loss += 1 - sc
		if flags[0]&fContainer == 0 && sc < 1 {
			out.worst, out.worstLoss = 0, 1-sc
		}
	}
	a.status[statusOf(flags[0]&fBase, score[0])]++
	for k, i := range f.cnode {
		first, end := f.cfirst[k], f.cfirst[k]+f.ccount[k]
		cs := &s.sums[k]
		scored, sumW, equal := cs.scored, cs.sumW, cs.equal
		sh := share[i]
		for c := first; c < end; c++ {
			parent[c] = i
			sc, fl := score[c], flags[c]
			a := &acc[path[c]]
			a.status[statusOf(fl&fBase, sc)]++
			if sc != sc {
				share[c] = 0
				continue
			}
			fr := 0.0
			switch {
			case equal:
				fr = 1 / float64(scored)
			case w[c] > 0:
				fr = w[c] / sumW
			}
			share[c] = sh * fr
			loss := share[c] * (1 - sc)
			a.scored++
			a.scoreSum += sc
			a.loss += loss
			if fl&fContainer == 0 && loss > 0 && (loss > out.worstLoss || loss == out.worstLoss && s.before(c, out.worst)) {
				out.worst, out.worstLoss = c, loss
			}
		}
	}
	return out
}
