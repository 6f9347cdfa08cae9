package scoring

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/setting"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// HintMargin is how much better another pairing must make an array's
// score for a pairing hint: "noticeably" is at least 0.05 (a twentieth of
// the array's score range) above the score under the pairing in force.
const HintMargin = 0.05

// MaxHintWork bounds the work of the pairing hints of one build, in the
// word operations of MaxBestWork: 2²⁵, a thirty-second of what --lists
// best may spend on one array (70 ms by that estimate; BenchmarkPairingHints
// measures it). The arrays are tried costliest first; a pairing whose
// estimated work does not fit what is left is not tried
// (PairingHint.Partial), and a warning counts such arrays.
const MaxHintWork = MaxBestWork / 32

// MaxKeyFields is the most key fields a pairing hint tries per array (the
// first in the first reference element's order), of the keyProbe first
// fields of that element.
const MaxKeyFields = 4

// keyProbe is how many fields of an array's first reference element are
// considered as its key.
const keyProbe = 32

// PairingScore is an array's score under one pairing of its elements.
type PairingScore struct {
	Lists Lists
	Score float64
}

// PairingHint says that the elements of an array of objects would pair
// noticeably better otherwise (by HintMargin at least): a dropped element
// shifts every later one against the wrong one under index pairing.
type PairingHint struct {
	// Node is the array, and Path its path (.orders[2].items).
	Node NodeID
	Path string
	// SchemaPath is where --lists PATH=MODE applies: the arrays at the
	// array's place in every element above it (.orders[].items).
	SchemaPath string
	// Current is the pairing in force for it, and Score its score so.
	Current Lists
	Score   float64
	// Others are its scores under the other pairings tried: index,
	// best, then key=FIELD for each candidate key field (a field every
	// element of both arrays has, holding a string or an integer unique
	// within its array), in that order.
	Others []PairingScore
	// Better is the index in Others of the pairing suggested: the
	// highest score, a key field rather than best when they tie.
	Better int
	// Gain is what the total would gain under it: the array's share of
	// the total times the difference in its score.
	Gain float64
	// Partial is set when some pairing was not tried: past the work
	// left of MaxHintWork, or, for best, past MaxBestPairs or MaxBestWork.
	Partial bool
}

// Suggested returns the pairing the hint suggests and the array's score
// under it.
func (h PairingHint) Suggested() PairingScore { return h.Others[h.Better] }

// Option returns the --lists option that applies the suggestion:
// ".line_items=key=sku".
func (h PairingHint) Option() string {
	return ListsAt{Path: h.SchemaPath, Lists: h.Suggested().Lists}.String()
}

// Message says what the hint is, for a warning about the array: its
// score under each pairing, then the option that applies the best.
func (h PairingHint) Message() string { return h.Warning().Error() }

// Warning is Message as the remark about the setting lists, which a front
// end spells its own way (setting.Error.Text).
func (h PairingHint) Warning() *setting.Error {
	var b strings.Builder
	fmt.Fprintf(&b, "pairing hint for %s: it scores %s paired by %s", h.Path, report.Figure(h.Score), h.Current)
	for _, o := range h.Others {
		fmt.Fprintf(&b, ", %s by %s", report.Figure(o.Score), o.Lists)
	}
	return setting.Errorf(setting.Esc(b.String())+"; %[1]s "+setting.Esc(h.Option())+" raises the total by "+report.Figure(h.Gain), OptLists)
}

// PairingHints returns the arrays that would score noticeably better under
// another pairing, the largest gain to the total first. Only trees built
// with Options.PairingHints have them.
func (t *Tree) PairingHints() []PairingHint { return t.hints }

// PairingHint returns the hint about array id, if it has one.
func (t *Tree) PairingHint(id NodeID) (PairingHint, bool) {
	i, ok := slices.BinarySearchFunc(t.hintNodes, id, func(k int32, id NodeID) int { return cmp.Compare(t.hints[k].Node, id) })
	if !ok {
		return PairingHint{}, false
	}
	return t.hints[t.hintNodes[i]], true
}

// hinter looks for pairing hints after a build, within MaxHintWork.
type hinter struct {
	p       *pairer
	left    int64 // the work left
	partial int   // the arrays not fully tried
}

// findHints computes the tree's pairing hints with builder b: every
// array of objects compared with one (listed by the build, Tree.objArrays)
// whose score is more than HintMargin below 1 is tried, the costliest
// first, while the work allows. It returns false when the build is
// cancelled meanwhile.
func (t *Tree) findHints(b *builder) bool {
	if !t.opt.PairingHints || t.opt.Pair != nil || !t.opt.IsJSONDiff() {
		return true
	}
	type cand struct {
		id   NodeID
		loss float64
	}
	// The build listed the arrays of objects compared with arrays of
	// objects (their first elements objects; try checks them all).
	var cands []cand
	for _, id := range t.objArrays {
		n := &t.nodes[id]
		if !(n.score < 1-HintMargin) {
			continue
		}
		if loss := t.Loss(id); loss > 0 { // no share of the total: nothing to gain
			cands = append(cands, cand{id, loss})
		}
	}
	t.objArrays = nil
	if len(cands) == 0 {
		return true
	}
	slices.SortFunc(cands, func(a, b cand) int {
		if c := cmp.Compare(b.loss, a.loss); c != 0 {
			return c
		}
		return cmp.Compare(a.id, b.id)
	})
	h := &hinter{p: &pairer{b: b, lists: t.opt.Lists}, left: MaxHintWork}
	for _, c := range cands {
		if h.left <= 0 {
			h.partial++
			continue
		}
		hint, ok := h.try(c.id)
		if isDone(b.done) {
			return false
		}
		if ok {
			t.hints = append(t.hints, hint)
		}
	}
	slices.SortStableFunc(t.hints, func(a, b PairingHint) int { return cmp.Compare(b.Gain, a.Gain) })
	t.hintNodes = make([]int32, len(t.hints))
	for i := range t.hintNodes {
		t.hintNodes[i] = int32(i)
	}
	slices.SortFunc(t.hintNodes, func(a, b int32) int { return cmp.Compare(t.hints[a].Node, t.hints[b].Node) })
	for i, hint := range t.hints {
		if i == report.MaxWarnings {
			t.hintsOmitted = len(t.hints) - i
			break
		}
		w := hint.Warning()
		t.notes = append(t.notes, Warning{Path: hint.Path, Message: w.Error(), Setting: w})
	}
	if h.partial > 0 {
		t.notes = append(t.notes, Warning{Path: jsondoc.RootPath, Message: fmt.Sprintf(
			"pairing hints: %d array%s not tried under every pairing: past the work limit of %s word operations (MaxHintWork)",
			h.partial, plural(h.partial), textdist.Thousands(MaxHintWork))})
	}
	return true
}

// try scores array id under the pairings other than its own, and returns
// the hint when one is noticeably better.
func (h *hinter) try(id NodeID) (PairingHint, bool) {
	p := h.p
	t := p.b.t
	rd, od := t.ref, t.out
	n := &t.nodes[id]
	rs, os := children(rd, n.ref), children(od, n.out)
	h.left -= int64(len(rs) + len(os))
	if !allObjects(rd, rs) || !allObjects(od, os) {
		return PairingHint{}, false
	}
	ctx := t.placeOf(id)
	elem := t.slotElem(ctx)
	cur := p.listsAt(ctx)
	if cur.Mode == ListKey && !p.hasKey(rs, cur.Key) {
		cur = Lists{} // paired by index: no element has the field
	}
	if cur.Mode == ListBest {
		return PairingHint{}, false // the optimal assignment: none scores better
	}
	hint := PairingHint{Node: id, Path: t.Path(id), SchemaPath: t.schemaPathOf(ctx), Current: cur, Score: n.score}
	fields := p.keyFields(rs, os, &h.left)
	rc, oc := costsOf(rd, rs), costsOf(od, os)
	rowOf := make([]int, len(rs))
	tryRows := func(l Lists, work int64) {
		if work > h.left {
			hint.Partial = true
			return
		}
		h.left -= work
		if s, ok := p.rowsScore(rs, os, rowOf, elem); ok {
			hint.Others = append(hint.Others, PairingScore{Lists: l, Score: s})
		}
	}
	if cur.Mode != ListIndex {
		byIndex(rowOf, len(os))
		tryRows(Lists{}, rowsWork(rowOf, rc, oc))
	}
	// best: the matrix of scores, then the assignment, min²·max steps.
	nr, no := int64(len(rs)), int64(len(os))
	if nr*no > MaxBestPairs || nr*no > h.left {
		hint.Partial = true
	} else {
		h.left -= nr * no // the estimate's own additions
		switch work := bestWork(rd, od, rs, os) + min(nr, no)*min(nr, no)*max(nr, no); {
		case work > MaxBestWork || work > h.left:
			hint.Partial = true
		default:
			h.left -= work
			if !p.best(rs, os, elem, rowOf) {
				return PairingHint{}, false // cancelled
			}
			tryRows(Lists{Mode: ListBest}, 0)
		}
	}
	for _, f := range fields {
		if isDone(p.b.done) {
			return PairingHint{}, false
		}
		if l := (Lists{Mode: ListKey, Key: f}); l != cur {
			p.byKey(rs, os, f, rowOf)
			tryRows(l, rowsWork(rowOf, rc, oc))
		}
	}
	if hint.Partial {
		h.partial++
	}
	if len(hint.Others) == 0 {
		return PairingHint{}, false
	}
	hint.Better = betterPairing(hint.Others)
	gain := hint.Suggested().Score - hint.Score
	if !(gain >= HintMargin) {
		return PairingHint{}, false
	}
	hint.Gain = t.Share(id) * gain
	return hint, true
}

// betterPairing returns the index of the best-scoring pairing of others
// (not empty): within 1e-12, a pairing by key beats one that is not.
func betterPairing(others []PairingScore) int {
	better := 0
	for i, o := range others {
		b := others[better]
		if o.Score > b.Score+1e-12 || o.Score > b.Score-1e-12 && o.Lists.Mode == ListKey && b.Lists.Mode != ListKey {
			better = i
		}
	}
	return better
}

// rowsWork estimates the work of scoring the pairs rowOf makes.
func rowsWork(rowOf []int, rc, oc []elemCost) int64 {
	var w int64
	for i, j := range rowOf {
		if j >= 0 {
			w += pairWork(rc[i], oc[j])
		}
	}
	return w
}

// costsOf returns the comparison cost of each element.
func costsOf(d *jsondoc.Doc, ids []jsondoc.ID) []elemCost {
	cs := make([]elemCost, len(ids))
	for i, id := range ids {
		cs[i] = costOf(d, id)
	}
	return cs
}

func allObjects(d *jsondoc.Doc, ids []jsondoc.ID) bool {
	for _, id := range ids {
		if d.Kind(id) != jsondoc.Object {
			return false
		}
	}
	return true
}

// keyFields returns the fields that could pair the records rs with the
// records os: among the first keyProbe fields of rs[0], in its order,
// those every record of both lists has, holding a string or an integer
// that no other record of its list holds; at most MaxKeyFields. It
// spends (and counts in *work) a lookup per record and field still in
// the running.
func (p *pairer) keyFields(rs, os []jsondoc.ID, work *int64) []string {
	t := p.b.t
	rd, od := t.ref, t.out
	if len(rs) == 0 {
		return nil
	}
	var fields []string
	for c := rd.Child(rs[0]); c != jsondoc.None && len(fields) < keyProbe; c = rd.Next(c) {
		if !slices.Contains(fields, rd.Key(c)) {
			fields = append(fields, rd.Key(c))
		}
	}
	alive := make([]bool, len(fields))
	for i := range alive {
		alive[i] = true
	}
	left := len(fields)
	var x jsondoc.KeyIndex
	for _, side := range []struct {
		d   *jsondoc.Doc
		ids []jsondoc.ID
	}{{rd, rs}, {od, os}} {
		seen := make([]map[string]bool, len(fields))
		for _, id := range side.ids {
			if left == 0 {
				return nil
			}
			x.Reset(side.d, id)
			*work -= int64(x.Len() + left)
			for k, f := range fields {
				if !alive[k] {
					continue
				}
				v := x.Lookup(f)
				key, ok := "", v != jsondoc.None && isKeyValue(side.d, v)
				if ok {
					key = keyText(side.d, v)
					ok = !seen[k][key]
				}
				if !ok {
					alive[k] = false
					left--
					continue
				}
				if seen[k] == nil {
					seen[k] = map[string]bool{}
				}
				seen[k][key] = true
			}
		}
	}
	var out []string
	for k, f := range fields {
		if alive[k] && len(out) < MaxKeyFields {
			out = append(out, f)
		}
	}
	return out
}

// isKeyValue reports whether value v can key a record: a string, or an
// integer.
func isKeyValue(d *jsondoc.Doc, v jsondoc.ID) bool {
	switch d.Kind(v) {
	case jsondoc.String:
		return true
	case jsondoc.Number:
		f := d.Float(v)
		return f == math.Trunc(f) && math.Abs(f) < 1<<53
	}
	return false
}

// PairingChoices returns the pairings the elements of array id can take,
// in the order the explorer cycles them: index, best, then key=FIELD for
// each field that could key its records (as PairingHint.Others), and the
// schema path of the arrays a choice applies to. ok is false when id is
// not an array of the reference (an array compared with no array has
// index and best only). It costs a lookup per element and field tried,
// and reads only the documents and the tree's shape, which re-weighting
// leaves alone: it may run on another goroutine while the tree is
// re-weighted (the explorer finds the choices in the background).
func (t *Tree) PairingChoices(id NodeID) (path string, choices []Lists, ok bool) {
	n := &t.nodes[id]
	if n.kind != jsondoc.Array || n.ref == jsondoc.None {
		return "", nil, false
	}
	choices = []Lists{{}, {Mode: ListBest}}
	ctx := t.placeOf(id)
	if n.base == compared {
		b := &builder{t: t}
		p := &pairer{b: b}
		var work int64
		for _, f := range p.keyFields(children(t.ref, n.ref), children(t.out, n.out), &work) {
			choices = append(choices, Lists{Mode: ListKey, Key: f})
		}
	}
	return t.schemaPathOf(ctx), choices, true
}

// PairingPlace returns the schema path of array id, where --lists
// PATH=MODE applies to it; ok is false when id is not an array of the
// reference.
func (t *Tree) PairingPlace(id NodeID) (path string, ok bool) {
	n := &t.nodes[id]
	if n.kind != jsondoc.Array || n.ref == jsondoc.None {
		return "", false
	}
	return t.schemaPathOf(t.placeOf(id)), true
}

// PairingOf returns the pairing in force for array id: the options' for
// its schema path, else their default.
func (t *Tree) PairingOf(id NodeID) Lists {
	return listsFor(t.opt, t.schemaPathOf(t.placeOf(id)))
}
