package scoring

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// ListMode is how the elements of two arrays are paired.
type ListMode uint8

// The list pairings.
const (
	// ListIndex pairs elements by position (the rule of docs/scoring.md).
	ListIndex ListMode = iota
	// ListBest pairs elements by optimal assignment on their scores, for
	// lists whose order does not matter.
	ListBest
	// ListKey pairs records by the value of a key field; an array none
	// of whose reference elements is a record with that field (a list of
	// tags inside the records) is paired by index.
	ListKey
)

// Lists says how array elements are paired.
type Lists struct {
	Mode ListMode
	// Key is the field records are paired by, for ListKey.
	Key string
}

// MaxBestPairs bounds the optimal assignment of --lists best: two arrays
// of n and m elements need an n×m matrix of element scores and
// O(min(n,m)²·max(n,m)) time. Past n·m = MaxBestPairs (1024×1024), the
// arrays are paired by index and a warning says so. The scores of the
// matrix are bounded too (MaxBestWork).
const MaxBestPairs = 1 << 20

// String returns the option's canonical text: "index", "best", "key=FIELD".
func (l Lists) String() string {
	switch l.Mode {
	case ListBest:
		return "best"
	case ListKey:
		return "key=" + l.Key
	}
	return "index"
}

// pairer pairs array elements for Options.Lists.
type pairer struct {
	b     *builder
	lists Lists
	notes []Warning
	// work counts the object members looked at while scoring element
	// pairs (indexed or compared with a key), for the test that checks it
	// stays linear.
	work int
	// outIdx and refIdx index the output and reference objects scored,
	// one per depth of nesting (see objectScore); depth is the current.
	outIdx, refIdx []*jsondoc.KeyIndex
	depth          int
	// at caches the pairing of each array place (slot) under
	// Options.ListsAt.
	at map[int32]Lists
}

// pair pairs the elements of reference array r with those of output array
// o (node id), as Options.Pair does; elem is the elements' slot.
func (p *pairer) pair(id NodeID, r, o jsondoc.ID, elem int32) (pairs, extras []jsondoc.ID) {
	rd, od := p.b.t.ref, p.b.t.out
	rs := children(rd, r)
	os := children(od, o)
	rowOf := make([]int, len(rs)) // the output element of each reference one, -1 for none
	switch l := p.listsAt(p.b.t.slotParent(elem)); {
	case l.Mode == ListIndex:
		byIndex(rowOf, len(os))
	case l.Mode == ListKey && p.hasKey(rs, l.Key):
		p.byKey(rs, os, l.Key, rowOf)
	case l.Mode == ListKey:
		// Not a list of records with that field (a list of tags inside
		// the records, say): by index.
		byIndex(rowOf, len(os))
	case len(rs)*len(os) > MaxBestPairs:
		p.notes = append(p.notes, Warning{Path: p.b.t.Path(id), Message: fmt.Sprintf(
			"lists=best: %d×%d elements is past the limit of %d pairs for the optimal assignment; paired by index",
			len(rs), len(os), MaxBestPairs)})
		byIndex(rowOf, len(os))
	default:
		if w := bestWork(rd, od, rs, os); w > MaxBestWork {
			p.notes = append(p.notes, Warning{Path: p.b.t.Path(id), Message: fmt.Sprintf(
				"lists=best: pairing %d×%d elements would compare them for about %s word operations, "+
					"past the limit of %s (MaxBestWork); paired by index",
				len(rs), len(os), textdist.Thousands(int(w)), textdist.Thousands(MaxBestWork))})
			byIndex(rowOf, len(os))
			break
		}
		if !p.best(rs, os, elem, rowOf) {
			byIndex(rowOf, len(os)) // cancelled: the build is dropped anyway
		}
	}
	taken := make([]bool, len(os))
	pairs = make([]jsondoc.ID, len(rs))
	for i, j := range rowOf {
		pairs[i] = jsondoc.None
		if j >= 0 {
			pairs[i] = os[j]
			taken[j] = true
		}
	}
	for j, oc := range os {
		if !taken[j] {
			extras = append(extras, oc)
		}
	}
	return pairs, extras
}

// listsAt returns the pairing of the arrays whose place is slot ctx:
// Options.ListsAt's entry for its schema path, else Options.Lists.
func (p *pairer) listsAt(ctx int32) Lists {
	t := p.b.t
	if len(t.opt.ListsAt) == 0 {
		return p.lists
	}
	if l, ok := p.at[ctx]; ok {
		return l
	}
	if p.at == nil {
		p.at = map[int32]Lists{}
	}
	l := listsFor(t.opt, t.schemaPathOf(ctx))
	p.at[ctx] = l
	return l
}

// listsFor returns the pairing opt gives the arrays at schema path.
func listsFor(opt Options, path string) Lists {
	i, found := slices.BinarySearchFunc(opt.ListsAt, path, func(a ListsAt, p string) int { return strings.Compare(a.Path, p) })
	if found {
		return opt.ListsAt[i].Lists
	}
	return opt.Lists
}

// schemaPathOf returns the schema path of slot ctx, "." for the root.
func (t *Tree) schemaPathOf(ctx int32) string {
	if ctx == 0 {
		return jsondoc.RootPath
	}
	return t.SchemaPath(int(ctx))
}

// best pairs by optimal assignment on the elements' scores. It returns
// false, rowOf unset, when the build is cancelled meanwhile.
func (p *pairer) best(rs, os []jsondoc.ID, elem int32, rowOf []int) bool {
	score := make([]float64, len(rs)*len(os))
	for i, rc := range rs {
		for j, oc := range os {
			s, ok := p.score(rc, oc, elem)
			if !ok {
				s = 0 // nothing takes part: the pair counts for nothing
			}
			score[i*len(os)+j] = s
		}
		if isDone(p.b.done) {
			return false
		}
	}
	pairs := assign(score, len(rs), len(os), p.b.done)
	if pairs == nil {
		return false
	}
	copy(rowOf, pairs)
	return true
}

// byIndex pairs element i with output element i.
func byIndex(rowOf []int, outs int) {
	for i := range rowOf {
		rowOf[i] = -1
		if i < outs {
			rowOf[i] = i
		}
	}
}

// hasKey reports whether some reference element is a record with the key
// field.
func (p *pairer) hasKey(rs []jsondoc.ID, key string) bool {
	for _, rc := range rs {
		if _, ok := keyOf(p.b.t.ref, rc, key); ok {
			return true
		}
	}
	return false
}

// byKey pairs records by the value of the key field: each reference
// record takes the first output record not yet taken whose field holds
// the same JSON value. Elements without the field pair with nothing.
func (p *pairer) byKey(rs, os []jsondoc.ID, key string, rowOf []int) {
	rd, od := p.b.t.ref, p.b.t.out
	queue := map[string][]int{}
	for j, oc := range os {
		if k, ok := keyOf(od, oc, key); ok {
			queue[k] = append(queue[k], j)
		}
	}
	for i, rc := range rs {
		rowOf[i] = -1
		k, ok := keyOf(rd, rc, key)
		if !ok || len(queue[k]) == 0 {
			continue
		}
		rowOf[i] = queue[k][0]
		queue[k] = queue[k][1:]
	}
}

// keyOf returns the value of record id's field as a comparable string:
// numbers by value (1 and 1.0 alike), strings decoded, other values as
// written.
func keyOf(d *jsondoc.Doc, id jsondoc.ID, field string) (string, bool) {
	if d.Kind(id) != jsondoc.Object {
		return "", false
	}
	f := d.Lookup(id, field)
	if f == jsondoc.None {
		return "", false
	}
	return keyText(d, f), true
}

// keyText returns value f as a comparable string, as keyOf does.
func keyText(d *jsondoc.Doc, f jsondoc.ID) string {
	switch d.Kind(f) {
	case jsondoc.Number:
		return "n" + strconv.FormatFloat(d.Float(f), 'g', -1, 64)
	case jsondoc.String:
		return "s" + d.Str(f)
	}
	return "v" + string(d.Raw(f))
}

func children(d *jsondoc.Doc, id jsondoc.ID) []jsondoc.ID {
	var ids []jsondoc.ID
	for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
		ids = append(ids, c)
	}
	return ids
}

// score returns the jsondiff score of reference value r against output
// value o (jsondoc.None: absent) in slot context ctx, with the tree's
// comparators and weights, without building nodes. Nested arrays are
// compared by index here, or by their key field where the options pair
// them so (never by optimal assignment, whose matrices would multiply).
// ok is false when nothing takes part.
func (p *pairer) score(r, o jsondoc.ID, ctx int32) (s float64, ok bool) {
	t := p.b.t
	rd, od := t.ref, t.out
	k := rd.Kind(r)
	if o == jsondoc.None || od.Kind(o) != k {
		return 0, true
	}
	switch k {
	case jsondoc.Object:
		return p.objectScore(r, o, ctx)
	case jsondoc.Array:
		return p.arrayScore(r, o, ctx)
	}
	return p.b.leafAt(NoNode, ctx, r, o), true
}

// objectScore scores reference object r against output object o: the
// weighted mean of its keys' scores. It finds the members of o (and, for
// --extra-keys penalize, of r) through an index of each, made once: the
// work is linear in the two objects' keys.
func (p *pairer) objectScore(r, o jsondoc.ID, ctx int32) (float64, bool) {
	t := p.b.t
	rd, od := t.ref, t.out
	depth := p.depth
	p.depth++
	ox := p.index(&p.outIdx, depth, od, o)
	var sum, sumWS float64
	scored, pos := 0, 0
	for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
		key := rd.Key(rc)
		slot := t.childSlot(ctx, refKey(rc), pos)
		pos++
		p.work++
		s, ok := p.score(rc, ox.Lookup(key), slot)
		if !ok {
			continue
		}
		scored++
		if w := t.slotWeight(slot); w > 0 {
			sum += w
			sumWS += w * s
		}
	}
	if t.opt.PenalizeExtraKeys {
		rx := p.index(&p.refIdx, depth, rd, r)
		for oc := od.Child(o); oc != jsondoc.None; oc = od.Next(oc) {
			p.work++
			if rx.Lookup(od.Key(oc)) == jsondoc.None {
				sum++
			}
		}
	}
	p.depth--
	if sum == 0 {
		if scored == 0 && rd.Child(r) == jsondoc.None {
			return 1, true // an empty reference object matches any object
		}
		return math.NaN(), false
	}
	return sumWS / sum, true
}

// index returns an index of object id of d, kept in (*xs)[depth]: one
// per depth of nesting, reused from object to object at that depth.
func (p *pairer) index(xs *[]*jsondoc.KeyIndex, depth int, d *jsondoc.Doc, id jsondoc.ID) *jsondoc.KeyIndex {
	for len(*xs) <= depth {
		*xs = append(*xs, &jsondoc.KeyIndex{})
	}
	x := (*xs)[depth]
	x.Reset(d, id)
	p.work += x.Len()
	return x
}

func (p *pairer) arrayScore(r, o jsondoc.ID, ctx int32) (float64, bool) {
	t := p.b.t
	rd, od := t.ref, t.out
	elem := t.elemSlot(ctx)
	if l := p.listsAt(ctx); l.Mode == ListKey {
		rs := children(rd, r)
		if p.hasKey(rs, l.Key) {
			os := children(od, o)
			rowOf := make([]int, len(rs))
			p.byKey(rs, os, l.Key, rowOf)
			return p.rowsScore(rs, os, rowOf, elem)
		}
	}
	var sum float64
	n := 0
	oc := od.Child(o)
	for rc := rd.Child(r); rc != jsondoc.None; rc = rd.Next(rc) {
		s, ok := p.score(rc, oc, elem)
		if oc != jsondoc.None {
			oc = od.Next(oc)
		}
		if ok {
			sum += s
			n++
		}
	}
	for ; oc != jsondoc.None; oc = od.Next(oc) {
		n++ // an extra element scores 0
	}
	if n == 0 {
		if rd.Child(r) == jsondoc.None {
			return 1, true
		}
		return math.NaN(), false
	}
	return sum / float64(n), true
}

// rowsScore returns the score of an array whose reference elements rs are
// paired with the output elements os as rowOf says (-1: with none): the
// mean of the pairs' scores, the output elements left over counting 0.
func (p *pairer) rowsScore(rs, os []jsondoc.ID, rowOf []int, elem int32) (float64, bool) {
	var sum float64
	n, paired := 0, 0
	for i, rc := range rs {
		oc := jsondoc.None
		if j := rowOf[i]; j >= 0 {
			oc = os[j]
			paired++
		}
		if s, ok := p.score(rc, oc, elem); ok {
			sum += s
			n++
		}
	}
	n += len(os) - paired // the extra elements score 0
	if n == 0 {
		if len(rs) == 0 {
			return 1, true
		}
		return math.NaN(), false
	}
	return sum / float64(n), true
}
