package scoring

import (
	"math"
	"runtime"
	"slices"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// The build is breadth first: the node slice is its own queue, each node
// appending its children as one block. The records of an array thus lie
// side by side, and so do their keys, which keeps re-weighting a key in
// every record a sequential sweep.
//
// A level is compared in chunks. When it is wide, a round's chunks (a few
// per core) are compared on all cores, each by a builder into buffers of
// its own; the buffers are then merged into the tree in chunk order, so
// the tree is node for node the one a single builder makes. Slots (shared
// by all) are only read during a round: a builder that meets a key no slot
// has yet asks for one, and the merge creates it, in order, and renumbers
// the nodes that used it.

// chunkNodes is how many nodes of a level one builder compares per round.
const chunkNodes = 512

// provisional is the first id of a slot asked for during a round.
const provisional = 1 << 30

// slotRequest is a slot a builder asked for during a round: the key slot
// below ctx for the key of member member (at position pos in its
// object), or the element slot below ctx.
type slotRequest struct {
	ctx    int32
	member keyRef
	pos    int
	elem   bool
}

// askedSlot is what a builder's requests are told apart by.
type askedSlot struct {
	ctx  int32
	key  string
	elem bool
}

// childSlot returns the key slot below ctx for the key of member key: an
// existing one, or, during a parallel round, a provisional id the merge
// resolves.
func (b *builder) childSlot(ctx int32, key keyRef, pos int) int32 {
	t := b.t
	if !b.shared {
		return t.childSlot(ctx, key, pos)
	}
	d, id := t.keyMember(key)
	if kids := t.kids(ctx); pos < kids.Len() {
		if k := kids.At(pos); t.slotKeyIs(k, d, id) {
			return k
		}
	}
	if k := t.memberSlot(ctx, d, id); k >= 0 {
		return k
	}
	return b.ask(slotRequest{ctx: ctx, member: key, pos: pos}, d.Key(id))
}

// slotAt returns the key slot at place pos below ctx, or -1 when there is
// none yet (slots are only read during a round).
func (b *builder) slotAt(ctx int32, pos int) int32 {
	if kids := b.t.kids(ctx); pos < kids.Len() {
		return kids.At(pos)
	}
	return -1
}

// elemSlot returns the element slot below ctx, or a provisional id.
func (b *builder) elemSlot(ctx int32) int32 {
	t := b.t
	if !b.shared {
		return t.elemSlot(ctx)
	}
	if e := t.slotElem(ctx); e >= 0 {
		return e
	}
	return b.ask(slotRequest{ctx: ctx, member: noKey, elem: true}, "")
}

// ask returns the provisional id of the slot r asks for (key is the key
// of its member), asking for it the first time.
func (b *builder) ask(r slotRequest, key string) int32 {
	a := askedSlot{ctx: r.ctx, key: key, elem: r.elem}
	if id, ok := b.asked[a]; ok {
		return id
	}
	if b.asked == nil {
		b.asked = make(map[askedSlot]int32)
	}
	id := int32(provisional + len(b.pending))
	b.pending = append(b.pending, r)
	b.asked[a] = id
	return id
}

// fork returns a builder for another goroutine: the same settings, its
// own scratch space.
func (b *builder) fork() *builder {
	return &builder{t: b.t, compareSettings: b.compareSettings}
}

// buildLevels compares every node, level by level, starting with the
// root. It returns false, the tree unfinished, when the build was
// cancelled (b.done closed).
func (t *Tree) buildLevels(b *builder) bool {
	builders := append(b.team[:0], b)
	// Several builders when there are several cores and nothing needs the
	// slots while comparing (list pairing scores sub-documents through
	// them): a wide level's round is cut into chunksPerWorker chunks per
	// core, which the workers take in turn, so that a chunk with more
	// children than the others does not leave a core idle. Each builder
	// holds a chunk's children until the merge: up to maxWorkers cores
	// take part, so that a many-core machine does not spend its memory on
	// buffers.
	workers := min(runtime.GOMAXPROCS(0), maxWorkers)
	parallel := workers > 1 && b.pairs == nil && t.opt.Pair == nil
	round := b.round[:0]
	var c *crew // made for the first wide level
	defer func() {
		c.Close()
		clear(builders[1:]) // the forks hold this tree
		b.team, b.round = builders[:0], round[:0]
	}()
	for lo, hi := NodeID(0), NodeID(1); lo < hi; lo, hi = hi, NodeID(len(t.nodes)) {
		t.levels = append(t.levels, lo)
		width := 1
		if parallel && hi-lo > 2*chunkNodes {
			// The other builders are made for the first wide level: a
			// small tree (a dataset's case) never needs them.
			for len(builders) < workers*chunksPerWorker {
				builders = append(builders, b.fork())
			}
			width = len(builders)
		}
		if width > 1 && c == nil {
			c = newCrew(workers)
		}
		for start := lo; start < hi; {
			round = round[:0]
			for _, w := range builders[:width] {
				if start >= hi {
					break
				}
				w.from, w.end, w.shared = start, min(start+chunkNodes, hi), width > 1
				start = w.end
				round = append(round, w)
			}
			// The round's first builder appends straight into the tree's
			// spare room, where the merge will leave its nodes: no buffer
			// to grow (a wide array's block would be copied many times
			// over while growing) and no copy. The others' blocks go
			// after it, at places known only once it is done.
			first := round[0]
			first.own, first.buf = first.buf[:0], t.nodes[len(t.nodes):len(t.nodes)]
			if c == nil {
				for _, w := range round {
					w.compareRange()
				}
			} else {
				r := round // captured by value: round stays on the stack
				c.run(len(r), func(k int) { r[k].compareRange() })
			}
			if isDone(b.done) {
				return false
			}
			t.mergeRound(round, c)
		}
	}
	for _, w := range builders {
		t.approx = append(t.approx, w.approx...)
		w.approx = nil
		t.objArrays = append(t.objArrays, w.arrays...)
		w.arrays = nil
	}
	return true
}

// isDone reports whether done is closed; nil never is.
func isDone(done <-chan struct{}) bool {
	if done == nil {
		return false
	}
	select {
	case <-done:
		return true
	default:
		return false
	}
}

// maxWorkers is the most cores a build uses.
const maxWorkers = 8

// chunksPerWorker is how many chunks a wide level's round holds per core.
const chunksPerWorker = 4

// compareRange compares the nodes [b.from, b.end).
func (b *builder) compareRange() {
	for id := b.from; id < b.end; id++ {
		b.compare(id)
	}
}

// place is where a builder's nodes and aggregates go in the tree.
type place struct {
	nodes NodeID
	aggs  int32
}

// mergeRound adds what the builders of a round found to the tree, in
// order: it creates the slots they asked for, then (on all cores when
// there are several builders, since filling fresh memory is most of the
// cost) renumbers each builder's containers and children and copies its
// children into place, and last gives the round's large arrays their
// segment trees, in order.
func (t *Tree) mergeRound(round []*builder, c *crew) {
	lead := round[0]
	places := slices.Grow(lead.places[:0], len(round))[:len(round)]
	lead.places = places
	nodes, aggs := len(t.nodes), len(t.aggs)
	asked := 0
	for _, b := range round {
		asked += len(b.pending)
	}
	t.sl.grow(asked)
	for k, b := range round {
		p := &places[k]
		b.remap = b.remap[:0]
		for _, r := range b.pending {
			if r.elem {
				b.remap = append(b.remap, t.elemSlot(r.ctx))
			} else {
				b.remap = append(b.remap, t.childSlot(r.ctx, r.member, r.pos))
			}
		}
		p.nodes, p.aggs = NodeID(nodes), int32(aggs)
		nodes += len(b.buf)
		aggs += len(b.aggs)
	}
	t.nodes = slices.Grow(t.nodes, nodes-len(t.nodes))[:nodes]
	t.aggs = slices.Grow(t.aggs, aggs-len(t.aggs))[:aggs]
	if c == nil {
		for k, b := range round {
			t.place(b, places[k])
		}
	} else {
		c.run(len(round), func(k int) { t.place(round[k], places[k]) })
	}
	for _, b := range round {
		for _, a := range b.wide {
			t.aggs[a].seg = int32(len(t.segs))
			t.segs = append(t.segs, newSegTree(int(t.aggs[a].count)))
		}
		b.wide = b.wide[:0]
		if b == round[0] {
			b.buf = b.own // let go of the tree's room
		}
		b.buf, b.aggs, b.owners, b.pending = b.buf[:0], b.aggs[:0], b.owners[:0], b.pending[:0]
		clear(b.asked)
	}
}

// rescore computes every container's score from its children's, bottom-up
// level by level (children have higher IDs than their parents), a wide
// level in parts that all cores take in turn. On the way it counts the
// nodes per status: each is final once the level below is done.
func (t *Tree) rescore() {
	workers := min(runtime.GOMAXPROCS(0), maxWorkers)
	var c *crew // made for the first wide level
	defer func() { c.Close() }()
	parts := workers * chunksPerWorker
	var one [7]int      // the counts of the levels done by one core
	var counts [][7]int // those of the wide levels' parts, made for the first
	for l := len(t.levels) - 1; l >= 0; l-- {
		lo, hi := t.levels[l], NodeID(len(t.nodes))
		if l+1 < len(t.levels) {
			hi = t.levels[l+1]
		}
		if workers == 1 || hi-lo < 4*chunkNodes {
			t.recomputeRange(lo, hi, &one)
			continue
		}
		if c == nil {
			c = newCrew(workers)
			counts = make([][7]int, parts)
		}
		t.rescoreWide(c, lo, hi, counts)
	}
	total := one
	for _, part := range counts {
		for s, n := range part {
			total[s] += n
		}
	}
	t.counts, t.counted = total, true
}

// rescoreWide recomputes the wide level [lo, hi) in len(counts) parts
// that c's workers take in turn, counting each part's statuses in its
// counts: apart from rescore, so that a tree with no wide level (a
// dataset's case) allocates nothing for it.
func (t *Tree) rescoreWide(c *crew, lo, hi NodeID, counts [][7]int) {
	parts := len(counts)
	c.run(parts, func(k int) {
		width := int(hi - lo)
		from, to := lo+NodeID(width*k/parts), lo+NodeID(width*(k+1)/parts)
		t.recomputeRange(from, to, &counts[k])
	})
}

// recomputeRange recomputes the containers among nodes [lo, hi), which
// lie at one level: they share no child. It adds their statuses to counts.
func (t *Tree) recomputeRange(lo, hi NodeID, counts *[7]int) {
	for i := hi - 1; i >= lo; i-- {
		n := &t.nodes[i]
		if n.agg >= 0 {
			t.recompute(i)
		}
		counts[statusOf(n.base, n.score, !math.IsNaN(n.score))]++
	}
}

// place is a round's merge for builder b, whose nodes and aggregates go
// to p: it renumbers its containers' aggregates and its children's slots
// and copies its children into place.
func (t *Tree) place(b *builder, p place) {
	for _, id := range b.owners {
		n := &t.nodes[id]
		if n.kind == jsondoc.Array && b.aggs[n.agg].count >= segMin && !t.opt.LeafWeights {
			b.wide = append(b.wide, n.agg+p.aggs)
		}
		n.agg += p.aggs
	}
	for i := range b.aggs {
		a := b.aggs[i]
		a.first += p.nodes
		t.aggs[int(p.aggs)+i] = a
	}
	dst := t.nodes[p.nodes : int(p.nodes)+len(b.buf)]
	if len(b.remap) == 0 {
		if len(dst) > 0 && &dst[0] != &b.buf[0] {
			copy(dst, b.buf)
		} // else written in place, with no slot to renumber
		return
	}
	for i := range b.buf {
		n := b.buf[i]
		switch {
		case n.slot >= provisional:
			n.slot = b.remap[n.slot-provisional]
		case n.slot <= -2 && -n.slot-2 >= provisional:
			n.slot = pendingCtx(b.remap[-n.slot-2-provisional])
		}
		dst[i] = n
	}
}
