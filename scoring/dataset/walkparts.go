package dataset

import "github.com/jsontui/jsontui/scoring/jsondoc"

// caseIn is a walk's view of its batch's parts during one case: which
// parts the case has met, and its own sums of the scores and losses at
// each, kept apart from the batch's exact sums until the case is done
// (the batch adds a case's sum at a path once, as fold does).
type caseIn struct {
	now   uint32       // the case's number, by this worker
	stamp []uint32     // by batch part: the number of the case that met it last
	sums  [][2]float64 // by batch part: the case's sums of scores and losses
	met   []int32      // the batch parts the case has met, in the order met
}

// begin starts a case.
func (c *caseIn) begin() {
	c.now++
	c.met = c.met[:0]
}

// part returns the index in b.parts of path p's part, for node (of kind
// and weight w) of case idx: the batch's, which the case's first node
// at a path new to the batch begins, and whose count of cases the
// case's first node there adds to.
func (c *caseIn) part(b *batch, p, node int32, idx int, kind jsondoc.Kind, w float64) int32 {
	if int(p) < len(b.at) {
		if k := b.at[p] - 1; k >= 0 && int(k) < len(c.stamp) && c.stamp[k] == c.now {
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
		b.parts = append(b.parts, pathPart{path: p, first: node, firstCase: int32(idx), kind: kind, weight: w})
		k = int32(len(b.parts) - 1)
		b.at[p] = k + 1
	}
	b.parts[k].cases++
	for int(k) >= len(c.stamp) {
		c.stamp, c.sums = append(c.stamp, 0), append(c.sums, [2]float64{})
	}
	c.stamp[k], c.sums[k] = c.now, [2]float64{}
	c.met = append(c.met, k)
	return k
}

// end adds the case's sums to the parts it met: a part the case began
// holds them as its own, as a folded part holds its first case's; to
// another's exact sums they are added.
func (c *caseIn) end(b *batch) {
	for _, k := range c.met {
		q, s := &b.parts[k], &c.sums[k]
		if q.cases == 1 {
			q.scoreSum, q.lossSum = s[0], s[1]
			continue
		}
		sums := b.sumsOf(q)
		sums[0].add(s[0])
		sums[1].add(s[1])
	}
}
