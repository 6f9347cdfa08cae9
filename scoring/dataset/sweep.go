package dataset

import (
	"cmp"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// pathPart is what one case adds to one schema path's figures.
type pathPart struct {
	path          int32
	first         int32 // the case's first node at the path (of case firstCase)
	firstCase     int32 // the case (in reference order) of first
	cases         int32 // the cases with a node at the path
	nodes, scored int32
	scoreSum      float64 // over the nodes that have a score
	lossSum       float64
	status        [7]int32
	counts        [5]int32 // TP, FD, FA, FN, TN
	kind          jsondoc.Kind
	kinds         uint8 // bit k: a reference value of jsondoc.Kind k is here
	hasPathWeight bool
	seen          bool  // a row of the dataset's figures that some case has (rows.go)
	scalars       int32 // the reference values here that are scalars
	// sum is where the exact sums of the scores and losses of the part's
	// cases are, + 1, in its holder's table (batch.sums); 0 while the
	// part holds one case, whose sums are scoreSum and lossSum.
	sum    int32
	weight float64 // the weight of the path's first node
	// pathWeight is the weight of the first node that weighs by the path
	// (hasPathWeight): the weights file's for the path.
	pathWeight float64
}

// caseAcc gathers a case's figures per schema path during a sweep.
type caseAcc struct {
	at    []int32 // by path: index into parts + 1; 0 when untouched
	parts []pathPart
}

func (a *caseAcc) part(p int32, node int32, fl uint16, w float64) *pathPart {
	for int(p) >= len(a.at) {
		a.at = append(a.at, 0)
	}
	if k := a.at[p]; k > 0 {
		return &a.parts[k-1]
	}
	return a.add(p, node, fl, w)
}

// add begins the case's part at path p (which a.at has room for, and no
// part yet), whose first node is node, of flags fl and weight w.
func (a *caseAcc) add(p int32, node int32, fl uint16, w float64) *pathPart {
	a.parts = append(a.parts, pathPart{path: p, first: node, kind: jsondoc.Kind(fl & fKind >> fKindShift), weight: w})
	a.at[p] = int32(len(a.parts))
	return &a.parts[len(a.parts)-1]
}

// reserve makes room for n parts at once: a big case's parts grown by
// doubling would leave as much again behind them.
func (a *caseAcc) reserve(n int) {
	if cap(a.parts) < n {
		a.parts = make([]pathPart, len(a.parts), n)
	}
}

// clear forgets the case's parts.
func (a *caseAcc) clear() {
	for i := range a.parts {
		a.at[a.parts[i].path] = 0
	}
	a.parts = a.parts[:0]
}

// sweeper computes a case's figures from its frame: one per worker, with
// scratch sized to the largest case.
type sweeper struct {
	w     []float64 // each node's weight
	share []float64 // each node's share of the case's score
	// parent is each node's parent, filled by a re-weight (hasParent);
	// a sweep fills cparent, each container's parent container (by
	// index into the frame's containers, -1 for the root), and finds a
	// node's parent among the containers (parentOf): 4 bytes a
	// container rather than a node.
	parent    []int32
	hasParent bool
	cparent   []int32
	f         *frame // the frame the parents are of
	// tree is the tree a walk finds parents in, while it walks.
	tree  *scoring.Tree
	acc   caseAcc
	chain [2][]int32
	sums  []childSums // each container's, in a re-weight
	// fallback is Options.ZeroWeightFallback: an object whose keys all
	// weigh 0 weighs them alike.
	fallback bool
	// counting adds the leaves' counts (they never change with weights).
	counting bool
	// bigAt is the number of nodes from which a case's parents are found
	// among its containers rather than kept a node each (bigCaseNodes
	// when 0; the tests lower it).
	bigAt int
}

// caseOutcome is what a sweep finds about the case as a whole.
type caseOutcome struct {
	score     float64 // NaN when the root has no score
	worst     int32   // the costliest leaf, -1 when no leaf loses anything
	worstLoss float64
}

// weigh fills s.w from the frame's flags and the paths' weights.
func (s *sweeper) weigh(f *frame, weights []float64) {
	s.w = grow(s.w, len(f.path))
	for i, fl := range f.flags {
		switch fl >> fWeightShift & 3 {
		case weighPath:
			s.w[i] = weights[f.path[i]]
		case weighOne:
			s.w[i] = 1
		case weighZero:
			s.w[i] = 0
		default:
			s.w[i] = f.wval[i]
		}
	}
}

// sweep computes the case's shares, losses and per-path parts (in s.acc,
// which it clears first) from the node weights in s.w. With recompute,
// it first computes every container's score again from its children's,
// as scoring does, bottom-up.
func (s *sweeper) sweep(f *frame, recompute bool) caseOutcome {
	n := len(f.path)
	s.acc.clear()
	if n == 0 {
		return caseOutcome{score: math.NaN(), worst: -1}
	}
	if recompute {
		for k := len(f.cnode) - 1; k >= 0; k-- {
			f.score[f.cnode[k]] = s.containerScore(f, k)
		}
	}
	s.shares(f)
	score, w, share := f.score, s.w, s.share
	out := caseOutcome{score: score[0], worst: -1}
	k := 0 // the container of the leaf counted last
	for i := range n {
		fl := f.flags[i]
		p := s.acc.part(f.path[i], int32(i), fl, w[i])
		p.nodes++
		if !p.hasPathWeight && fl>>fWeightShift&3 == weighPath {
			p.pathWeight, p.hasPathWeight = w[i], true
		}
		sc := score[i]
		loss := 0.0
		if sc == sc {
			loss = share[i] * (1 - sc)
			p.scored++
			p.scoreSum += sc
			p.lossSum += loss
		}
		p.status[statusOf(fl&fBase, sc)]++
		if fl&fBase != baseExtra {
			k := jsondoc.Kind(fl & fKind >> fKindShift)
			p.kinds |= 1 << k
			if !k.IsContainer() {
				p.scalars++
			}
		}
		if fl&fContainer != 0 {
			continue
		}
		if s.counting {
			// A leaf counts at its path and at every path above it.
			if c := fl >> fLeafShift & 7; c > 0 {
				p.counts[c-1]++
				if s.hasParent {
					for a := s.parent[i]; a >= 0; a = s.parent[a] {
						s.acc.parts[s.acc.at[f.path[a]]-1].counts[c-1]++
					}
				} else {
					k = s.countAbove(f, i, k, c-1)
				}
			}
		}
		if loss > 0 && (loss > out.worstLoss || loss == out.worstLoss && s.before(int32(i), out.worst)) {
			out.worst, out.worstLoss = int32(i), loss
		}
	}
	return out
}

// shares computes each node's share of the total (s.share) and each
// container's parent (s.cparent), top-down: a child's share is its
// container's times its weight's part of the scored children's, or an
// equal part.
func (s *sweeper) shares(f *frame) {
	n := len(f.path)
	s.share, s.cparent = grow(s.share, n), grow(s.cparent, len(f.cnode))
	s.share[0] = 1
	// Each node's parent too, but for a big case (4 bytes a node): its
	// parents are found among the containers instead.
	big := s.bigAt
	if big == 0 {
		big = bigCaseNodes
	}
	s.f, s.hasParent = f, n < big
	if s.hasParent {
		s.parent = grow(s.parent, n)
		s.parent[0] = -1
	}
	if len(f.cnode) > 0 {
		s.cparent[0] = -1 // the root's: a container, the first
	}
	next := 1 // the next container among the children, in node order
	score, w, share := f.score, s.w, s.share
	for k, i := range f.cnode {
		first, end := f.cfirst[k], f.cfirst[k]+f.ccount[k]
		equal := f.flags[i]&fEqual != 0
		var sumW float64
		var scored int32
		for c := first; c < end; c++ {
			if score[c] == score[c] {
				scored++
				if w[c] > 0 {
					sumW += w[c]
				}
			}
		}
		if !equal && sumW == 0 && scored > 0 && s.fallback {
			equal = true
		}
		sh := share[i]
		for c := first; c < end; c++ {
			if s.hasParent {
				s.parent[c] = i
			}
			if next < len(f.cnode) && f.cnode[next] == c {
				s.cparent[next] = int32(k)
				next++
			}
			fr := 0.0
			switch {
			case score[c] != score[c]:
			case equal:
				fr = 1 / float64(scored)
			case w[c] > 0:
				fr = w[c] / sumW
			}
			share[c] = sh * fr
		}
	}
}

// containerScore computes the score of container k from its children's,
// as scoring's recompute and mean do.
func (s *sweeper) containerScore(f *frame, k int) float64 {
	v, _ := s.containerSums(f, k)
	return v
}

// childSums are what a container's children's shares need of them: how
// many have a score, the sum of their weights (of those that weigh), and
// whether they weigh alike.
type childSums struct {
	scored int32
	sumW   float64
	equal  bool
}

// containerSums computes the score of container k from its children's,
// and the sums of its children their shares need.
func (s *sweeper) containerSums(f *frame, k int) (float64, childSums) {
	i := f.cnode[k]
	fl := f.flags[i]
	first, end := f.cfirst[k], f.cfirst[k]+f.ccount[k]
	score, w := f.score, s.w
	var total, parts float64
	var nonOne int32
	var cs childSums
	if fl&fEqual != 0 {
		var scored int32
		total, scored, nonOne = sumScores(score[first:end])
		parts = float64(scored)
		cs = childSums{scored: scored, equal: true}
	} else {
		var scored int32
		for c := first; c < end; c++ {
			sc := score[c]
			if sc != sc {
				continue
			}
			scored++
			if wc := w[c]; wc > 0 {
				parts += wc
				total += wc * sc
				if sc != 1 {
					nonOne++
				}
			}
		}
		cs = childSums{scored: scored, sumW: parts}
		if parts == 0 && scored > 0 && s.fallback {
			var n int32
			total, n, nonOne = sumScores(score[first:end])
			parts = float64(n)
			cs.equal = true
		}
	}
	if fl&fFlat != 0 {
		return 0, cs
	}
	if parts == 0 {
		switch fl >> fEmptyShift & 3 {
		case emptyOne:
			return 1, cs
		case emptyZero:
			return 0, cs
		}
		return math.NaN(), cs
	}
	v := total / parts
	switch {
	case nonOne == 0:
		return 1, cs
	case v >= 1:
		return math.Nextafter(1, 0), cs // rounding must not turn a partial score into a match
	case v < 0:
		return 0, cs
	}
	return v, cs
}

// sumScores sums the scores that are not NaN.
func sumScores(scores []float64) (sum float64, scored, nonOne int32) {
	for _, sc := range scores {
		if sc != sc {
			continue
		}
		scored++
		sum += sc
		if sc != 1 {
			nonOne++
		}
	}
	return sum, scored, nonOne
}

// before reports whether node a comes before node b in document order:
// the first ancestors where their chains from the root part are siblings,
// and siblings are in document order.
func (s *sweeper) before(a, b int32) bool {
	if b < 0 {
		return true
	}
	ca, cb := s.chainOf(0, a), s.chainOf(1, b)
	for k := 0; k < len(ca) && k < len(cb); k++ {
		if ca[k] != cb[k] {
			return ca[k] < cb[k]
		}
	}
	return len(ca) < len(cb)
}

// chainOf returns the nodes from the root to id, in scratch k.
func (s *sweeper) chainOf(k int, id int32) []int32 {
	c := s.chain[k][:0]
	for ; id >= 0; id = s.parentOf(id) {
		c = append(c, id)
	}
	for i, j := 0, len(c)-1; i < j; i, j = i+1, j-1 {
		c[i], c[j] = c[j], c[i]
	}
	s.chain[k] = c
	return c
}

// countAbove adds a count of class c at the path of every container above
// node i, found from the containers (k: the container of the leaf counted
// before, the search's start), and returns i's container.
func (s *sweeper) countAbove(f *frame, i, k int, c uint16) int {
	if i == 0 {
		return k
	}
	for f.cfirst[k]+f.ccount[k] <= int32(i) {
		k++ // the container whose children i is among
	}
	for a := int32(k); a >= 0; a = s.cparent[a] {
		s.acc.parts[s.acc.at[f.path[f.cnode[a]]]-1].counts[c]++
	}
	return k
}

// parentOf returns the parent of node id (-1 for the root): the walked
// tree's, a re-weight's, or the container among whose children the
// sweep's frame has id (containers list their children in node order).
func (s *sweeper) parentOf(id int32) int32 {
	if s.tree != nil {
		return int32(s.tree.Parent(scoring.NodeID(id)))
	}
	if s.hasParent {
		return s.parent[id]
	}
	if id == 0 {
		return -1
	}
	f := s.f
	k, _ := slices.BinarySearchFunc(f.cfirst, id, func(first, id int32) int {
		return cmp.Compare(first, id+1)
	})
	return f.cnode[k-1] // the last container whose children start at id or before
}

// grow returns s with length n, reusing its storage when it can.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		if n > 1<<16 {
			return make([]T, n) // a big case's: no room to spare
		}
		return make([]T, n, n+n/4)
	}
	return s[:n]
}
