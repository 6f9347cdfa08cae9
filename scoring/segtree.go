package scoring

// segMin is the element count from which an array keeps a segTree, so that
// re-weighting one element costs O(log n) instead of O(n).
const segMin = 256

// segBlock is how many consecutive elements a leaf of a segTree sums.
const segBlock = 32

// segTree holds the partial sums of a large array's element scores: leaves
// sum blocks of segBlock elements in order, inner nodes sum their two
// halves. The sums depend only on the current scores, never on the order of
// updates, so an array scores the same after any edits as when built.
type segTree struct {
	n, size int // elements; leaves (a power of two)
	sum     []float64
	scored  []int32 // elements with a score
	nonOne  []int32 // elements with a score below 1
}

func newSegTree(n int) *segTree {
	blocks := (n + segBlock - 1) / segBlock
	size := 1
	for size < blocks {
		size <<= 1
	}
	return &segTree{n: n, size: size,
		sum: make([]float64, 2*size), scored: make([]int32, 2*size), nonOne: make([]int32, 2*size)}
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
	i := st.size + b
	if lo >= hi {
		st.sum[i], st.scored[i], st.nonOne[i] = 0, 0, 0
		return
	}
	st.sum[i], st.scored[i], st.nonOne[i] = t.sumScores(first+NodeID(lo), first+NodeID(hi))
}

func (st *segTree) pull(i int) {
	st.sum[i] = st.sum[2*i] + st.sum[2*i+1]
	st.scored[i] = st.scored[2*i] + st.scored[2*i+1]
	st.nonOne[i] = st.nonOne[2*i] + st.nonOne[2*i+1]
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
	return st.sum[1], st.scored[1], st.nonOne[1]
}
