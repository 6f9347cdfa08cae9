package scoring

// segMin is the element count from which an array keeps a segTree, so that
// re-weighting one element costs O(log n) instead of O(n).
const segMin = 256

// segBlock is how many consecutive elements a leaf of a segTree sums.
const segBlock = 8

// segNode holds the sums over a range of elements.
type segNode struct {
	sum    float64
	scored int32 // elements with a score
	nonOne int32 // elements with a score below 1
}

// segTree holds the partial sums of a large array's element scores: leaves
// sum blocks of segBlock elements in order, inner nodes sum their two
// halves. The sums depend only on the current scores, never on the order of
// updates, so an array scores the same after any edits as when built.
type segTree struct {
	n, size int // elements; leaves (a power of two)
	nodes   []segNode
}

func newSegTree(n int) *segTree {
	blocks := (n + segBlock - 1) / segBlock
	size := 1
	for size < blocks {
		size <<= 1
	}
	return &segTree{n: n, size: size, nodes: make([]segNode, 2*size)}
}

// build computes every sum from the elements starting at node first.
func (st *segTree) build(t *Tree, first NodeID) {
	for b := 0; b < st.size; b++ {
		st.leaf(t, first, b)
	}
	for i := st.size - 1; i >= 1; i-- {
		st.pull(i)
	}
}

// leaf recomputes the sums of block b.
func (st *segTree) leaf(t *Tree, first NodeID, b int) {
	lo := b * segBlock
	hi := min(lo+segBlock, st.n)
	sn := &st.nodes[st.size+b]
	if lo >= hi {
		*sn = segNode{}
		return
	}
	sn.sum, sn.scored, sn.nonOne = t.sumScores(first+NodeID(lo), first+NodeID(hi))
}

func (st *segTree) pull(i int) {
	l, r := &st.nodes[2*i], &st.nodes[2*i+1]
	st.nodes[i] = segNode{sum: l.sum + r.sum, scored: l.scored + r.scored, nonOne: l.nonOne + r.nonOne}
}

// update refreshes the sums after element k changed.
func (st *segTree) update(t *Tree, first NodeID, k int) {
	b := k / segBlock
	st.leaf(t, first, b)
	for i := (st.size + b) / 2; i >= 1; i /= 2 {
		st.pull(i)
	}
}

// root returns the sums over the whole array.
func (st *segTree) root() (sum float64, scored, nonOne int32) {
	r := &st.nodes[1]
	return r.sum, r.scored, r.nonOne
}
