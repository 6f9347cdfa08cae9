package scoring

import (
	"context"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// compareSettings are the switches compare consults for every node,
// worked out from Options once per Build and shared by its builders.
type compareSettings struct {
	numbers func(r, o float64) float64
	strings textsim.Comparator
	whole   func(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) float64
	// done, once closed, cancels the build (nil: never).
	done <-chan struct{}
	// sameTextIsOne lets leaf score two identical literals 1 without
	// reading them: true of jsondiff's default comparators.
	sameTextIsOne bool
	// rules are the per-key rules (Options.KeyRules), nil for none.
	rules *RuleSet
	// same lets the build take two containers written byte for byte alike
	// (up to sameMax bytes) as equal through and through: children paired
	// in order, leaves scored 1. It holds where leaf scores two identical
	// literals 1 and arrays pair by index.
	same           bool
	boolsAsNumbers bool
	absentAsNull   bool
}

// builder holds the scratch state of one Build.
type builder struct {
	t *Tree
	compareSettings
	outKeys jsondoc.KeyIndex // scratch index of an output object's keys out of order
	marks   marks            // the members of outKeys found
	pairs   *pairer          // the pairing of Options.Lists, nil for index

	// What a round of the breadth-first build produces, held until it is
	// merged into the tree (see buildLevels).
	from    NodeID // the nodes the builder compares this round: [from, end)
	end     NodeID
	buf     []node      // the children found, in order
	own     []node      // buf's own storage while buf is the tree's room
	aggs    []aggregate // the compared containers' aggregates
	owners  []NodeID    // the containers whose aggregates they are
	shared  bool        // slots may not be created now: ask for them (pending)
	pending []slotRequest
	asked   map[askedSlot]int32
	wide    []int32 // the round's arrays that get a segment tree, by aggregate
	remap   []int32 // the merge's slots for pending, in order

	// The first builder's scratch for buildLevels and mergeRound, kept
	// with it for the next tree: a dataset builds a small tree a case.
	team   []*builder
	round  []*builder
	places []place

	// approx lists the leaves this builder scored past their
	// comparator's limit.
	approx []approxNote
	// arrays lists the arrays of objects it compared with arrays of
	// objects, for the pairing hints (Options.PairingHints).
	arrays []NodeID
}

// Build compares out with ref under the weights w (nil: every weight 1)
// and returns the scored tree. An absent out (jsondoc.Absent) makes every
// node missing. The error, if any, is about the weights
// (a *WeightsError naming the file, line:col and path of the entry).
func Build(ref, out *jsondoc.Doc, w *Weights, opt Options) (*Tree, error) {
	return BuildContext(context.Background(), ref, out, w, opt)
}

// BuildContext is Build, cancelled with ctx: it then stops within about a
// millisecond (the build looks at ctx between rounds of 512 nodes, and
// long string comparisons while they run) and returns ctx's error.
func BuildContext(ctx context.Context, ref, out *jsondoc.Doc, w *Weights, opt Options) (*Tree, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Room for the reference's values and the output's surplus, if any,
	// plus a little: growing a table this size means copying it. Plain
	// small pages, no advice to the kernel: huge pages and faulting the
	// room in on the side were measured to cost more system time than
	// they save (ARCHITECTURE.md, "Memory and the kernel").
	nodes, aggs := ref.Len()+max(0, out.Len()-ref.Len()), ref.Containers()+max(0, out.Containers()-ref.Containers())
	nodes, aggs = nodes+ref.Len()/64+16, aggs+ref.Containers()/64+16
	t, reused := newTree(nodes, aggs) // the room of a released tree, if one fits
	t.ref, t.out, t.opt, t.weights = ref, out, opt, w
	if !reused {
		t.nodes = make([]node, 1, nodes)
		t.aggs = make([]aggregate, 0, aggs)
	}
	t.stats = t.room.newStats()
	t.newSlot(-1, noKey)
	if w != nil {
		if n := w.doc.Len(); cap(t.used) >= n {
			t.used = t.used[:n]
			clear(t.used)
		} else {
			t.used = make([]bool, n)
		}
	}
	t.resolveSlot(0)
	b := t.room.builder(t, compareSettings{numbers: opt.Numbers, strings: opt.Strings,
		whole: opt.Whole, boolsAsNumbers: opt.BoolsAsNumbers, absentAsNull: opt.AbsentAsNull,
		sameTextIsOne: opt.IsJSONDiff() && opt.Numbers == nil && opt.Strings == nil, done: ctx.Done()})
	b.rules = opt.KeyRules
	if b.numbers == nil {
		b.numbers = NumberScore
	}
	if b.strings == nil {
		b.strings = StringScore
	}
	if opt.Pair == nil && (opt.Lists.Mode != ListIndex || len(opt.ListsAt) > 0) {
		b.pairs = &pairer{b: b, lists: opt.Lists}
	}
	b.same = b.sameTextIsOne && b.whole == nil && b.pairs == nil && opt.Pair == nil
	t.nodes[0] = node{ref: 0, out: 0, parent: NoNode, slot: -1, agg: -1}
	if out.IsAbsent() {
		t.nodes[0].out = jsondoc.None // no output at all: every node is missing
	}
	if !t.buildLevels(b) {
		return nil, context.Cause(ctx)
	}
	if err := t.checkLists(); err != nil {
		return nil, err
	}
	if b.pairs != nil {
		t.notes = append(t.notes, b.pairs.notes...)
	}
	t.noteApprox()
	changed, err := t.finishWeights()
	if err != nil {
		return nil, err
	}
	if changed || opt.LeafWeights {
		t.recomputeAll()
	} else {
		t.rescore()
	}
	if !t.findHints(b) {
		return nil, context.Cause(ctx)
	}
	t.sl.spare = nil
	if !t.reusable() {
		// No later build will take this tree's room: its builder's
		// scratch (an index of a wide object's keys out of order, say)
		// must not live as long as the tree.
		t.room.b = builder{}
	}
	return t, nil
}

// pendingCtx marks, in the slot field of an array element waiting in the
// queue, the slot context its children will take: -ctx-2. Elements have
// no weight slot of their own.
func pendingCtx(ctx int32) int32 { return -ctx - 2 }

// compare fills in node id, whose ref and out are set, and appends its
// children. Its score, if it is a container, is computed by rescore once
// every node is in place.
func (b *builder) compare(id NodeID) {
	t := b.t
	n := &t.nodes[id]
	ctx := n.slot // a key's context is its slot
	switch {
	case id == 0:
		ctx = 0
	case ctx <= -2:
		ctx = -ctx - 2 // an element: it keeps its context (see valueSlot)
	}
	r, o := n.ref, n.out
	rd, od := t.ref, t.out
	switch {
	case r == jsondoc.None:
		b.extra(id, n)
		return
	case n.has(bitAside):
		// An element past the shorter array: shown, takes no part.
		n.kind, n.base, n.score = rd.Kind(r), missing, math.NaN()
		return
	case o == jsondoc.None:
		n.kind, n.base = rd.Kind(r), missing
	case n.has(bitSame):
		n.kind = rd.Kind(r)
	default:
		n.kind = rd.Kind(r)
		if ok := od.Kind(o); n.kind != ok && !(b.boolsAsNumbers && isBoolOrNumber(n.kind) && isBoolOrNumber(ok)) {
			n.base = typeMismatch
		}
	}
	if b.whole != nil && n.parent == 0 {
		if n.base == compared {
			n.score = b.whole(rd, r, od, o)
		}
		return
	}
	if !n.kind.IsContainer() {
		switch {
		case n.has(bitSame):
			n.score = 1
		case n.base == compared:
			n.score = b.leafAt(id, ctx, r, o)
		case b.absentAsNull && n.base == missing && n.kind == jsondoc.Null && t.parentCompared(n):
			n.score = 1
		}
		return
	}
	n.agg = int32(len(b.aggs)) // local to the builder until the merge
	b.aggs = append(b.aggs, aggregate{seg: -1})
	b.owners = append(b.owners, id)
	if n.base != compared {
		o = jsondoc.None
	} else if b.same && !n.has(bitSame) && sameBytes(rd.Raw(r), od.Raw(o)) {
		n.set(bitSame, true)
	}
	if n.has(bitSame) {
		b.sameChildren(id, ctx, r, o)
		return
	}
	if n.kind == jsondoc.Object {
		b.object(id, ctx, r, o)
	} else {
		b.array(id, ctx, r, o)
	}
}

// extra fills in a node only the output has: shown with no score, unless
// the options make it take part.
func (b *builder) extra(id NodeID, n *node) {
	t := b.t
	n.kind, n.base = t.out.Kind(n.out), extra
	n.score = math.NaN()
	switch elem := t.IsElement(id); {
	case elem && (t.opt.ShorterLists || t.opt.IgnoreExtraElements):
	case elem || t.opt.PenalizeExtraKeys:
		n.score = 0
	case t.opt.KeyUnion:
		n.score = 0
		if n.kind == jsondoc.Null && t.opt.AbsentAsNull {
			n.score = 1
		}
	}
}

// sameMax is the longest container whose two sides are checked for being
// written alike: a larger one is seldom, and its children are checked in
// turn.
const sameMax = 64 << 10

// sameBytes reports whether two containers are written byte for byte
// alike, checked up to sameMax bytes.
func sameBytes(r, o []byte) bool {
	return len(r) == len(o) && len(r) <= sameMax && string(r) == string(o)
}

// sameChildren builds the children of a container pair written alike
// (bitSame): the n-th child of one with the n-th of the other, alike too.
// An object's members still find their key slots as object does; an
// array's elements take their context as they are pushed, so that the
// children are gone over once (finishBlock's pass is not needed: none of
// them is extra).
func (b *builder) sameChildren(id NodeID, ctx int32, r, o jsondoc.ID) {
	t := b.t
	rd, od := t.ref, t.out
	first := NodeID(len(b.buf))
	elemCtx, isObj := int32(-1), t.nodes[id].kind == jsondoc.Object
	if !isObj {
		elemCtx = pendingCtx(b.elemSlot(ctx))
	}
	// fresh: the first object at this place, whose keys are all new, as
	// in object: their slots are made in order, with no lookup.
	fresh := isObj && !b.shared && t.kids(ctx).Len() == 0
	var ks *keySlots
	if fresh {
		ks = t.freshKeySlots(ctx, rd, r)
	}
	oc, pos := od.Child(o), 0
	for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
		slot := elemCtx // an element waits with its context (see finishBlock)
		switch {
		case fresh:
			slot = t.addKeySlotIn(ks, ctx, refKey(rc))
		case isObj:
			if slot = b.slotAt(ctx, pos); slot < 0 || !t.slotKeyIs(slot, rd, rc) {
				slot = b.childSlot(ctx, refKey(rc), pos)
			}
			pos++
		}
		b.push(node{ref: rc, out: oc, parent: id, slot: slot, agg: -1, bits: bitSame})
		oc = od.Next(oc)
	}
	a := &b.aggs[t.nodes[id].agg]
	a.first, a.count = first, int32(NodeID(len(b.buf))-first)
}

// parentCompared reports whether n's parent compares two values of its
// type (absent-as-null applies only between two objects).
func (t *Tree) parentCompared(n *node) bool {
	return n.parent != NoNode && t.nodes[n.parent].base == compared
}

func isBoolOrNumber(k jsondoc.Kind) bool { return k == jsondoc.Bool || k == jsondoc.Number }

// leaf scores two scalars of the same kind (or a boolean and a number,
// with BoolsAsNumbers), for node id (NoNode when the score only serves to
// pair list elements). A string pair scored past its comparator's limit
// is noted (see approxNote); a comparison cut short by a cancel scores 0,
// and the build, which looks at b.done after each round, is dropped.
func (b *builder) leaf(id NodeID, r, o jsondoc.ID) float64 {
	rd, od := b.t.ref, b.t.out
	if b.sameTextIsOne && string(rd.Raw(r)) == string(od.Raw(o)) {
		return 1 // the same literal: the same value, read or not
	}
	switch rd.Kind(r) {
	case jsondoc.Number:
		if b.boolsAsNumbers && od.Kind(o) == jsondoc.Bool {
			return b.numbers(rd.Float(r), boolNumber(od, o))
		}
		return b.numbers(rd.Float(r), od.Float(o))
	case jsondoc.String:
		res, err := b.strings(rd.Str(r), od.Str(o), b.limits())
		return b.outcome(id, res, err)
	case jsondoc.Bool:
		if b.boolsAsNumbers {
			if od.Kind(o) == jsondoc.Number {
				return b.numbers(boolNumber(rd, r), od.Float(o))
			}
			return b.numbers(boolNumber(rd, r), boolNumber(od, o))
		}
		if rd.Bool(r) == od.Bool(o) {
			return 1
		}
		return 0
	default: // null
		return 1
	}
}

// limits are the limits of the build's string comparisons: the default
// work, cancelled with the build.
func (b *builder) limits() textdist.Limits { return textdist.Limits{Cancel: b.done} }

// outcome returns the score of a string comparison for node id (NoNode
// when it only serves to pair list elements), noting it when it is past
// the comparator's limit (see approxNote); a comparison cut short by a
// cancel (err) scores 0, and the build is dropped.
func (b *builder) outcome(id NodeID, res textsim.Outcome, err error) float64 {
	if err != nil {
		return 0 // cancelled
	}
	if !res.Exact() && id != NoNode {
		b.approx = append(b.approx, approxNote{id: id, high: res.High, detail: res.Detail})
	}
	return res.Score
}

// boolNumber returns a boolean as Python does arithmetic on it: 1 or 0.
func boolNumber(d *jsondoc.Doc, id jsondoc.ID) float64 {
	if d.Bool(id) {
		return 1
	}
	return 0
}

// array builds the children of an array node: positions paired by index
// (or by Options.Pair or Options.Lists), then the output's elements left
// over.
func (b *builder) array(id NodeID, ctx int32, r, o jsondoc.ID) {
	t := b.t
	rd, od := t.ref, t.out
	first := NodeID(len(b.buf))
	elem := b.elemSlot(ctx)
	if t.opt.PairingHints && o != jsondoc.None {
		if rc, oc := rd.Child(r), od.Child(o); rc != jsondoc.None && oc != jsondoc.None &&
			rd.Kind(rc) == jsondoc.Object && od.Kind(oc) == jsondoc.Object {
			b.arrays = append(b.arrays, id)
		}
	}
	if o != jsondoc.None && (t.opt.Pair != nil || b.pairs != nil) {
		var pairs, extras []jsondoc.ID
		if t.opt.Pair != nil {
			pairs, extras = t.opt.Pair(t, r, o)
		} else {
			pairs, extras = b.pairs.pair(id, r, o, elem)
		}
		k := 0
		for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
			b.push(node{ref: rc, out: pairs[k], parent: id, slot: -1, agg: -1})
			k++
		}
		for _, x := range extras {
			b.push(node{ref: jsondoc.None, out: x, parent: id, slot: -1, agg: -1})
		}
		b.finishBlock(id, first, elem)
		return
	}
	oc := jsondoc.None
	if o != jsondoc.None {
		oc = od.Child(o)
	}
	shorter := o != jsondoc.None && t.opt.ShorterLists
	for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
		n := node{ref: rc, out: oc, parent: id, slot: -1, agg: -1}
		n.set(bitAside, shorter && oc == jsondoc.None)
		b.push(n)
		if oc != jsondoc.None {
			oc = od.Next(oc)
		}
	}
	for ; oc != jsondoc.None; oc = od.Next(oc) {
		b.push(node{ref: jsondoc.None, out: oc, parent: id, slot: -1, agg: -1})
	}
	b.finishBlock(id, first, elem)
}

// finishBlock records the children block [first, len(buf)) of id (in the
// builder's buffer, until the merge) and sets the weights of its elements
// and extra nodes. Object members carry their weight slot, which is also
// the context of their own children, and get their weight at the merge,
// when every slot is known; array elements have no slot and will take the
// context elemCtx.
func (b *builder) finishBlock(id NodeID, first NodeID, elemCtx int32) {
	t := b.t
	end := NodeID(len(b.buf))
	a := &b.aggs[t.nodes[id].agg]
	a.first, a.count = first, int32(end-first)
	for c := first; c < end; c++ {
		n := &b.buf[c]
		switch {
		case n.ref == jsondoc.None: // extra
			if n.slot < 0 && elemCtx < 0 && !t.opt.PenalizeExtraKeys {
				n.set(bitNoWeight, true)
			}
		case elemCtx >= 0:
			n.slot = pendingCtx(elemCtx)
		}
	}
}

// push appends n to the builder's children. The buffer doubles when full
// (append grows a large slice by only a quarter, which would leave five
// times its size of garbage behind on the way up).
func (b *builder) push(n node) {
	if len(b.buf) == cap(b.buf) {
		b.buf = slices.Grow(b.buf, max(len(b.buf), 1024))
	}
	b.buf = append(b.buf, n)
}
