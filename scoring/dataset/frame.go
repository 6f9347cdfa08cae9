package dataset

import (
	"math"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// A frame is one case's scored tree in columns: what the dataset's figures
// and re-weighting need of it, and nothing of its documents. Nodes are in
// the tree's order (breadth first: a node's children are consecutive and
// come after it); containers are the nodes with children, in node order.
// Indices are relative to the case.
type frame struct {
	path   []int32   // each node's schema path
	score  []float64 // each node's score, NaN for none
	flags  []uint16  // each node's nodeFlags
	wval   []float64 // each node's weight when it weighs by value (weighValue); nil when none does
	cnode  []int32   // each container's node
	cfirst []int32   // its first child
	ccount []int32   // its number of children
}

// The bits of a frame node's flags.
const (
	fBase      = 3 << 0 // how the sides relate: baseCompared, baseMissing, baseExtra, baseType
	fContainer = 1 << 2 // a node with children: its score follows theirs
	fEqual     = 1 << 3 // a container whose children weigh alike (an array)
	fFlat      = 1 << 4 // a container that scores 0 whatever its children (lynxius)

	fEmptyShift  = 5 // 2 bits: what a container scores when nothing takes part
	fWeightShift = 7 // 2 bits: how the node weighs
	fLeafShift   = 9 // 3 bits: a leaf's count (leafTP...), 0 for containers
	fKindShift   = 12
	fKind        = 7 << fKindShift // the node's jsondoc.Kind
	// fFactor marks a node that has a normalization factor when some
	// child takes part (scoring.Tree.Factor): a container of the
	// reference, even an empty one, not compared whole, and not under
	// leaf-count weights (Options.LeafWeights).
	fFactor = 1 << 15
)

// How the sides of a node relate, in scoring's order.
const (
	baseCompared = iota
	baseMissing
	baseExtra
	baseType
)

// What a container scores when none of its children takes part.
const (
	emptyNaN = iota
	emptyZero
	emptyOne
)

// How a node weighs.
const (
	weighPath  = iota // its schema path's weight, which the user may change
	weighOne          // 1: the root, array elements, extra keys that take part
	weighZero         // 0: extra keys that take no part
	weighValue        // its own weight, in frame.wval (leaf-count weights)
)

// A leaf's count (docs/datasets.md), stored one more than its index in
// pathFigures.Counts so that 0 means "not a leaf".
const (
	leafTP = iota + 1
	leafFD
	leafFA
	leafFN
	leafTN
)

func (f *frame) reset() {
	f.path, f.score, f.flags, f.wval = f.path[:0], f.score[:0], f.flags[:0], nil
	f.cnode, f.cfirst, f.ccount = f.cnode[:0], f.cfirst[:0], f.ccount[:0]
}

// add appends the columns of g, and returns where g's nodes and
// containers are in f.
func (f *frame) add(g *frame) (nodes, conts [2]int) {
	nodes[0], conts[0] = len(f.path), len(f.cnode)
	if g.wval != nil && f.wval == nil {
		f.wval = make([]float64, len(f.path), cap(f.path))
	}
	f.path = append(f.path, g.path...)
	f.score = append(f.score, g.score...)
	f.flags = append(f.flags, g.flags...)
	if f.wval != nil {
		if g.wval != nil {
			f.wval = append(f.wval, g.wval...)
		} else {
			f.wval = append(f.wval, make([]float64, len(g.path))...)
		}
	}
	f.cnode = append(f.cnode, g.cnode...)
	f.cfirst = append(f.cfirst, g.cfirst...)
	f.ccount = append(f.ccount, g.ccount...)
	nodes[1], conts[1] = len(f.path), len(f.cnode)
	return nodes, conts
}

// slice returns the frame of nodes [n0, n1) and containers [c0, c1) of a
// frame holding many cases, with indices relative to the case.
func (f *frame) slice(n0, n1, c0, c1 int) frame {
	g := frame{path: f.path[n0:n1], score: f.score[n0:n1], flags: f.flags[n0:n1],
		cnode: f.cnode[c0:c1], cfirst: f.cfirst[c0:c1], ccount: f.ccount[c0:c1]}
	if f.wval != nil {
		g.wval = f.wval[n0:n1]
	}
	return g
}

// extractor turns scored trees into frames: one per worker.
type extractor struct {
	paths    *pathCache
	tau      float64 // --match-threshold
	slotPath []int32
	// memo is what the previous cases found of each slot index: cases of
	// one schema make their slots in the same order, so slot k of this
	// case is most often slot k of the last one, found again by comparing
	// its parent's path and its key, without hashing the key.
	memo []slotMemo
	w    []float64 // the tree's weight of each node
	// A walk's, by container in node order: the container's node, its
	// index in the batch's parts, its parent container (-1 for the
	// root), the leaf counts below it.
	conts   []int32
	cpart   []int32
	cparent []int32
	below   [][5]int32
	in      caseIn
}

// slotMemo is the schema path last found for a slot index: the path of
// its parent, its key ("" for elements), whether it holds elements.
type slotMemo struct {
	parent, path int32
	elem         bool
	key          string
}

// extract fills f from tree t, and x.w with each node's weight.
func (x *extractor) extract(t *scoring.Tree, f *frame) {
	f.reset()
	opt := t.Options()
	rd, od := t.Ref(), t.Out()
	x.unmapSlots(t.NumSlots())
	n := t.Len()
	// Room for every node at once: a big case's columns grown by
	// doubling would leave as much again behind them.
	x.w = reserve(x.w[:0], n)
	f.path, f.score, f.flags = reserve(f.path, n), reserve(f.score, n), reserve(f.flags, n)
	f.cnode, f.cfirst, f.ccount = reserve(f.cnode, 0), reserve(f.cfirst, 0), reserve(f.ccount, 0)
	if c := containersOf(t); c > cap(f.cnode) {
		f.cnode, f.cfirst, f.ccount = make([]int32, 0, c), make([]int32, 0, c), make([]int32, 0, c)
	}
	valued := false
	for i := range n {
		id := scoring.NodeID(i)
		p := x.pathOf(t, f, id)
		s, ok := t.Score(id)
		if !ok {
			s = math.NaN()
		}
		r, o := t.RefValue(id), t.OutValue(id)
		kind := t.Kind(id)
		fl := uint16(kind) << fKindShift
		base := baseOf(rd, r, od, o, opt.BoolsAsNumbers)
		fl |= uint16(base)
		if kind.IsContainer() && base != baseExtra && !opt.LeafWeights && !(opt.Whole != nil && i > 0 && t.Parent(id) == 0) {
			fl |= fFactor
		}
		first, count := t.Children(id)
		if count > 0 {
			fl |= fContainer
			if kind == jsondoc.Array && !opt.LeafWeights {
				fl |= fEqual
			}
			if opt.FlatMismatch && base != baseCompared {
				fl |= fFlat
			}
			fl |= uint16(emptyRule(opt, i, kind, base, rd, r, od, o)) << fEmptyShift
			f.cnode = append(f.cnode, int32(i))
			f.cfirst = append(f.cfirst, int32(first))
			f.ccount = append(f.ccount, int32(count))
		} else {
			tau := x.tau
			if th, has := t.MatchThreshold(id); has {
				tau = th // the rules file's threshold for this path
			}
			fl |= uint16(leafCount(rd, r, od, o, s, ok, tau)) << fLeafShift
		}
		w := t.Weight(id)
		how := weighOf(opt.LeafWeights, t.Slot(id) >= 0, w)
		fl |= uint16(how) << fWeightShift
		valued = valued || how == weighValue
		f.path = append(f.path, p)
		f.score = append(f.score, s)
		f.flags = append(f.flags, fl)
		x.w = append(x.w, w)
	}
	if valued {
		f.wval = append(f.wval[:0], x.w...)
	} else {
		f.wval = nil
	}
}

// unmapSlots makes x.slotPath n slots long, none of them mapped to a
// path yet (-1).
func (x *extractor) unmapSlots(n int) {
	x.slotPath = grow(x.slotPath, n)
	for k := range x.slotPath {
		x.slotPath[k] = -1
	}
}

// containersOf returns how many of t's nodes have children, or for a
// small tree at most how many: the containers of its two documents.
func containersOf(t *scoring.Tree) int {
	n := t.Len()
	if n < bigCaseNodes {
		return min(n, t.Ref().Containers()+t.Out().Containers())
	}
	c := 0
	for i := range n {
		if _, k := t.Children(scoring.NodeID(i)); k > 0 {
			c++
		}
	}
	return c
}

// reserve returns s emptied, with room for n elements: s's own when it
// has it, else an allocation of exactly n.
func reserve[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, 0, n)
	}
	return s[:0]
}

// pathOf returns the schema path of node id, whose parent's is in f.
func (x *extractor) pathOf(t *scoring.Tree, f *frame, id scoring.NodeID) int32 {
	switch {
	case id == 0:
		return 0
	case t.Slot(id) >= 0:
		return x.slotPathOf(t, int32(t.Slot(id)))
	case t.IsElement(id):
		return x.paths.elem(f.path[t.Parent(id)])
	default:
		return x.paths.key(f.path[t.Parent(id)], t.Key(id))
	}
}

// weighOf says how a node of weight w is weighed: by its value under
// leaf weights (or any weight but 0 and 1), by its slot's path when it
// has a slot.
func weighOf(leafWeights, slotted bool, w float64) int {
	switch {
	case leafWeights:
		return weighValue
	case slotted:
		return weighPath
	case w == 1:
		return weighOne
	case w == 0:
		return weighZero
	default:
		return weighValue
	}
}

// slotPathOf returns the schema path of a weight slot, looking it up (and
// its parents) on first use: a slot's path is its parent's and its key.
func (x *extractor) slotPathOf(t *scoring.Tree, k int32) int32 {
	if p := x.slotPath[k]; p >= 0 {
		return p
	}
	parent, elem := t.SlotParent(int(k))
	if parent < 0 {
		x.slotPath[k] = 0
		return 0
	}
	pp := x.slotPathOf(t, int32(parent))
	if int(k) < len(x.memo) {
		// The key compared in the document, not made first.
		if m := &x.memo[k]; m.parent == pp && m.elem == elem && (elem || t.SlotKeyIs(int(k), m.key)) {
			x.slotPath[k] = m.path
			return m.path
		}
	}
	_, key, _ := t.SlotName(int(k))
	var p int32
	if elem {
		p = x.paths.elem(pp)
	} else {
		p = x.paths.key(pp, key)
	}
	if x.paths.direct {
		x.slotPath[k] = p
		return p
	}
	for len(x.memo) <= int(k) {
		x.memo = append(x.memo, slotMemo{parent: -1})
	}
	x.memo[k] = slotMemo{parent: pp, path: p, elem: elem, key: strings.Clone(key)} // key may share a record's buffer
	x.slotPath[k] = p
	return p
}

// baseOf says how a node's two sides relate, as scoring does.
func baseOf(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID, boolsAsNumbers bool) int {
	switch {
	case r == jsondoc.None:
		return baseExtra
	case o == jsondoc.None:
		return baseMissing
	}
	rk, ok := rd.Kind(r), od.Kind(o)
	if rk == ok || boolsAsNumbers && isBoolOrNumber(rk) && isBoolOrNumber(ok) {
		return baseCompared
	}
	return baseType
}

func isBoolOrNumber(k jsondoc.Kind) bool { return k == jsondoc.Bool || k == jsondoc.Number }

// emptyRule is what container i scores when none of its children takes
// part, by scoring's rules: UiPath's root 1; two lists of which one is
// empty 0 under ShorterLists (two empty ones 1); an empty reference
// container 1 against its own type, 0 against anything else; otherwise
// no score.
func emptyRule(opt scoring.Options, i int, kind jsondoc.Kind, base int, rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) int {
	switch {
	case opt.LeafWeights && i == 0:
		return emptyOne
	case opt.ShorterLists && kind == jsondoc.Array && base == baseCompared:
		if rd.Child(r) == jsondoc.None && od.Child(o) == jsondoc.None {
			return emptyOne
		}
		return emptyZero
	case r != jsondoc.None && rd.Child(r) == jsondoc.None:
		if base == baseCompared {
			return emptyOne
		}
		return emptyZero
	}
	return emptyNaN
}

// leafCount classifies a leaf (docs/datasets.md): TP both sides present
// and score ≥ tau, FD both present and below it, FA only the output, FN
// only the reference, TN neither ("empty" being absent, null, "", [] or
// {}).
func leafCount(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID, s float64, has bool, tau float64) int {
	re, oe := isEmpty(rd, r), isEmpty(od, o)
	switch {
	case !re && !oe:
		if has && s >= tau {
			return leafTP
		}
		return leafFD
	case re && !oe:
		return leafFA
	case !re:
		return leafFN
	}
	return leafTN
}

// isEmpty reports whether value id of d is absent, null, "", [] or {}.
func isEmpty(d *jsondoc.Doc, id jsondoc.ID) bool {
	if id == jsondoc.None {
		return true
	}
	switch d.Kind(id) {
	case jsondoc.Null:
		return true
	case jsondoc.String:
		return len(d.Raw(id)) == 2
	case jsondoc.Object, jsondoc.Array:
		return d.Child(id) == jsondoc.None
	}
	return false
}

// statusOf derives a node's status from its base and score, as scoring
// does.
func statusOf(base uint16, s float64) scoring.Status {
	has := s == s
	switch base {
	case baseExtra:
		return scoring.Extra
	case baseMissing:
		if !has {
			return scoring.Ignored
		}
		return scoring.Missing
	case baseType:
		if !has {
			return scoring.Ignored
		}
		return scoring.Type
	}
	switch {
	case !has:
		return scoring.Ignored
	case s == 1:
		return scoring.Match
	case s == 0:
		return scoring.Mismatch
	}
	return scoring.Partial
}
