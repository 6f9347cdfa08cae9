package scoring

import "github.com/jsontui/jsontui/scoring/jsondoc"

// tally counts a builder's compared nodes and their kinds per slot
// context until they are added to the slots, after each round. It covers
// a window of slot ids, [base, base+len(nodes)), widened as needed; a
// context far outside it (more than twice the counts made so far, plus
// tallyMin) goes to a map instead, so that a tally costs what its counts
// do, never what the number of slots does: a reference with a million
// keys makes a million slots, and each of the builders of a round sees a
// few hundred of them.
type tally struct {
	base  int32
	nodes []int32
	kinds []uint16
	far   map[int32]farTally
	n     int // counts since the last flush
	// lo and hi bound the slot ids counted in the window since the last
	// flush, [lo, hi): a flush looks at those only, not at the whole
	// window (a small tree's build flushes a few times a level).
	lo, hi int32
}

type farTally struct {
	nodes int32
	kinds uint16
}

// tallyMin is the smallest window a tally makes.
const tallyMin = 256

// count counts a node of kind k in slot ctx.
func (c *tally) count(ctx int32, k jsondoc.Kind) {
	c.n++
	i := ctx - c.base
	if uint(i) >= uint(len(c.nodes)) {
		if !c.widen(ctx) {
			f := c.far[ctx]
			f.nodes++
			f.kinds |= 1 << k
			if c.far == nil {
				c.far = make(map[int32]farTally)
			}
			c.far[ctx] = f
			return
		}
		i = ctx - c.base
	}
	c.nodes[i]++
	c.kinds[i] |= 1 << k
	if c.lo >= c.hi {
		c.lo, c.hi = ctx, ctx+1
	} else {
		c.lo, c.hi = min(c.lo, ctx), max(c.hi, ctx+1)
	}
}

// widen makes the window cover ctx, at least doubling it, unless that
// would make it wider than the counts justify.
func (c *tally) widen(ctx int32) bool {
	if len(c.nodes) == 0 {
		c.base = max(0, ctx-tallyMin/2)
		c.nodes = make([]int32, tallyMin)
		c.kinds = make([]uint16, tallyMin)
		return true
	}
	lo, hi := c.base, c.base+int32(len(c.nodes))
	width := int(hi - lo)
	if ctx < lo {
		lo = max(0, min(ctx, lo-int32(width)))
	} else {
		hi = max(ctx+1, hi+int32(width))
	}
	if int(hi-lo) > 2*c.n+tallyMin {
		return false
	}
	nodes, kinds := make([]int32, hi-lo), make([]uint16, hi-lo)
	copy(nodes[c.base-lo:], c.nodes)
	copy(kinds[c.base-lo:], c.kinds)
	c.base, c.nodes, c.kinds = lo, nodes, kinds
	return true
}

// flush adds the counts to the slots of t and empties the tally, keeping
// its window's memory.
func (c *tally) flush(t *Tree) {
	for id := c.lo; id < c.hi; id++ {
		i := id - c.base
		if n, k := c.nodes[i], c.kinds[i]; n != 0 || k != 0 {
			s := &t.slots[id]
			s.Nodes += int(n)
			s.kinds |= k
			c.nodes[i], c.kinds[i] = 0, 0
		}
	}
	c.lo, c.hi = 0, 0
	for ctx, f := range c.far {
		s := &t.slots[ctx]
		s.Nodes += int(f.nodes)
		s.kinds |= f.kinds
	}
	clear(c.far)
	c.n = 0
}
