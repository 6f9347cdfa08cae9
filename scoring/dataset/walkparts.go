package dataset

import "github.com/jsontui/jsontui/scoring/jsondoc"

// caseIn is a walk's view of its batch's parts during one case: which
// parts the case has met, and its own sums of the scores and losses at
// each, kept apart from the batch's exact sums until the case is done
// (the batch adds a case's sum at a path once, as fold does). A part the
// case begins (from base on) holds the case's sums itself, as a folded
// part holds its first case's: the marks and sums are kept only for the
// parts the batch had before the case.
type caseIn struct {
	now   uint32       // the case's number, by this worker
	base  int32        // the batch's parts before the case
	stamp []uint32     // by batch part before base: the number of the case that met it last
	sums  [][2]float64 // by batch part before base: the case's sums of scores and losses
	met   []int32      // the batch parts before base the case has met, in the order met
}

// begin starts a case of batch b.
func (c *caseIn) begin(b *batch) {
	c.now++
	c.base = int32(len(b.parts))
	c.met = c.met[:0]
}

// part returns the index in b.parts of path p's part, for node (of kind
// and weight w) of case idx: the batch's, which the case's first node
// at a path new to the batch begins, and whose count of cases the
// case's first node there adds to.
func (c *caseIn) part(b *batch, p, node int32, idx int, kind jsondoc.Kind, w float64) int32 {
	if int(p) < len(b.at) {
		if k := b.at[p] - 1; k >= c.base || k >= 0 && int(k) < len(c.stamp) && c.stamp[k] == c.now {
			return k
		}
	}
	return c.meet(b, p, node, idx, kind, w)
}

// meet is part's way for the case's first node at path p.
func (c *caseIn) meet(b *batch, p, node int32, idx int, kind jsondoc.Kind, w float64) int32 {
	if int(p) >= len(b.at) {
		b.at = append(b.at, make([]int32, int(p)+1-len(b.at))...)
	}
	k := b.at[p] - 1
	if k < 0 {
		b.parts = append(b.parts, pathPart{path: p, first: node, firstCase: int32(idx), kind: kind, weight: w, cases: 1})
		k = int32(len(b.parts) - 1)
		b.at[p] = k + 1
		return k
	}
	b.parts[k].cases++
	if int(k) >= len(c.stamp) {
		c.stamp = append(c.stamp, make([]uint32, int(c.base)-len(c.stamp))...)
		c.sums = append(c.sums, make([][2]float64, int(c.base)-len(c.sums))...)
	}
	c.stamp[k], c.sums[k] = c.now, [2]float64{}
	c.met = append(c.met, k)
	return k
}

// add adds a node's score sc and loss to the case's sums at part k.
func (c *caseIn) add(b *batch, k int32, sc, loss float64) {
	if k >= c.base {
		q := &b.parts[k]
		q.scoreSum += sc
		q.lossSum += loss
		return
	}
	s := &c.sums[k]
	s[0] += sc
	s[1] += loss
}

// end adds the case's sums to the exact sums of the parts the batch had
// before the case that the case met.
func (c *caseIn) end(b *batch) {
	for _, k := range c.met {
		sums := b.sumsOf(&b.parts[k])
		sums[0].add(c.sums[k][0])
		sums[1].add(c.sums[k][1])
	}
}
