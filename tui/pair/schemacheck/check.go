package schemacheck

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
)

// Check is the output checked against --schema: the violations, and
// where they fall in the tree shown. Its methods answer for a nil check
// (no --schema) as for a valid output.
type Check struct {
	name string
	// pending is set until the check, run in the background, is done;
	// err says why it failed.
	pending bool
	err     string
	// gen is the latest check started (Start): an older one's answer is
	// stale.
	gen int
	// violations are the schema's, in document order.
	violations []validate.Violation
	// byNode lists, per node of the tree shown, its violations (indexes
	// into violations); unplaced those at output values the tree has no
	// node for.
	byNode   map[scoring.NodeID][]int
	unplaced []int
	// placeWork counts what placing the violations looked at (see
	// outputPlacer).
	placeWork int
}

// New returns the check of the output against the schema name, pending
// until Done.
func New(name string) *Check { return &Check{name: name, pending: true} }

// Name returns the schema's name.
func (sc *Check) Name() string { return sc.name }

// Done takes the outcome of the check: the violations, placed in t, or
// why the check failed.
func (sc *Check) Done(violations []validate.Violation, err error, t *scoring.Tree) {
	sc.pending = false
	if err != nil {
		sc.err = err.Error()
		return
	}
	sc.violations = violations
	sc.Place(t)
}

// Count returns how many violations the check found.
func (sc *Check) Count() int {
	if sc == nil {
		return 0
	}
	return len(sc.violations)
}

// Verdict is the schema's verdict for the header, "" without a schema:
// "schema: checking…", "schema: valid", "schema: 2 violations".
func (sc *Check) Verdict(s *themes.Styles) string {
	switch {
	case sc == nil:
		return ""
	case sc.pending:
		return s.Faint.Render("schema: checking…")
	case sc.err != "":
		return s.Bad.Render("schema: " + sc.err)
	case len(sc.violations) == 0:
		return s.Good.Render("schema: valid")
	}
	n := len(sc.violations)
	return s.Bad.Render(fmt.Sprintf("schema: %s violation%s", common.Thousands(n), common.Plural(n, "s")))
}

// Place finds the node of t at each violation's output value.
func (sc *Check) Place(t *scoring.Tree) {
	if sc == nil || sc.pending {
		return
	}
	sc.byNode = map[scoring.NodeID][]int{}
	sc.unplaced = sc.unplaced[:0]
	p := newOutputPlacer(t)
	for i, v := range sc.violations {
		id, ok := p.node(v.Path)
		if !ok {
			sc.unplaced = append(sc.unplaced, i)
			continue
		}
		sc.byNode[id] = append(sc.byNode[id], i)
	}
	sc.placeWork = p.work
}

// outputPlacer finds the nodes of a tree that show values of its output
// document, given their paths in the document (which, with list pairing
// other than by index, may differ from the nodes' own paths). It indexes
// each object, array and node on the way of a path the first time it
// goes through it, so that placing a violation at every member of a wide
// object reads the object once, not once per violation.
type outputPlacer struct {
	t     *scoring.Tree
	out   *jsondoc.Doc
	keys  map[jsondoc.ID]*jsondoc.KeyIndex
	items map[jsondoc.ID][]jsondoc.ID
	kids  map[scoring.NodeID]map[jsondoc.ID]scoring.NodeID
	// work counts the members, elements and nodes looked at.
	work int
}

// placeIndexMin is the number of elements or children from which the
// placer indexes an array or a node; below it, a scan is as fast. (An
// object's KeyIndex decides for itself.)
const placeIndexMin = 9

func newOutputPlacer(t *scoring.Tree) *outputPlacer {
	return &outputPlacer{t: t, out: t.Out(), keys: map[jsondoc.ID]*jsondoc.KeyIndex{},
		items: map[jsondoc.ID][]jsondoc.ID{}, kids: map[scoring.NodeID]map[jsondoc.ID]scoring.NodeID{}}
}

// node returns the node of the tree that shows the output value at path.
func (p *outputPlacer) node(path string) (scoring.NodeID, bool) {
	steps, err := scoring.ParsePath(path)
	if err != nil {
		return scoring.NoNode, false
	}
	v, id := jsondoc.ID(0), scoring.NodeID(0)
	if p.t.OutValue(0) != v {
		return scoring.NoNode, false
	}
	for _, st := range steps {
		next := jsondoc.None
		switch {
		case st.IsIndex && p.out.Kind(v) == jsondoc.Array:
			next = p.element(v, st.Index)
		case !st.IsIndex && p.out.Kind(v) == jsondoc.Object:
			next = p.member(v, st.Key)
		}
		if next == jsondoc.None {
			return scoring.NoNode, false
		}
		v = next
		if id = p.child(id, v); id == scoring.NoNode {
			return scoring.NoNode, false
		}
	}
	return id, true
}

// member returns the member of object obj with the given key, or None.
func (p *outputPlacer) member(obj jsondoc.ID, key string) jsondoc.ID {
	x, ok := p.keys[obj]
	if !ok {
		x = p.out.Index(obj)
		p.keys[obj] = x
		p.work += x.Len()
	}
	if x.Len() < placeIndexMin {
		p.work += x.Len() // a KeyIndex of a few members scans them
	} else {
		p.work++
	}
	return x.Lookup(key)
}

// element returns the element at index i of array arr, or None.
func (p *outputPlacer) element(arr jsondoc.ID, i int) jsondoc.ID {
	items, ok := p.items[arr]
	if !ok {
		for c := p.out.Child(arr); c != jsondoc.None; c = p.out.Next(c) {
			items = append(items, c)
		}
		p.work += len(items)
		if len(items) >= placeIndexMin { // a short array is scanned again
			p.items[arr] = items
		}
	} else {
		p.work++
	}
	if i < 0 || i >= len(items) {
		return jsondoc.None
	}
	return items[i]
}

// child returns the child of node id that shows the output value v, or
// NoNode.
func (p *outputPlacer) child(id scoring.NodeID, v jsondoc.ID) scoring.NodeID {
	first, n := p.t.Children(id)
	if n < placeIndexMin {
		for c := first; c < first+scoring.NodeID(n); c++ {
			p.work++
			if p.t.OutValue(c) == v {
				return c
			}
		}
		return scoring.NoNode
	}
	m, ok := p.kids[id]
	if !ok {
		m = make(map[jsondoc.ID]scoring.NodeID, n)
		for c := first; c < first+scoring.NodeID(n); c++ {
			if o := p.t.OutValue(c); o != jsondoc.None {
				if _, dup := m[o]; !dup { // the first, as a scan finds it
					m[o] = c
				}
			}
		}
		p.kids[id] = m
		p.work += n
	}
	p.work++
	if c, ok := m[v]; ok {
		return c
	}
	return scoring.NoNode
}

// Has reports whether node id breaks the schema.
func (sc *Check) Has(id scoring.NodeID) bool {
	if sc == nil {
		return false
	}
	_, ok := sc.byNode[id]
	return ok
}

// At returns the violations at node id.
func (sc *Check) At(id scoring.NodeID) []validate.Violation {
	if sc == nil {
		return nil
	}
	var out []validate.Violation
	for _, i := range sc.byNode[id] {
		out = append(out, sc.violations[i])
	}
	return out
}

// Unplaced returns the violations at values the tree does not
// show.
func (sc *Check) Unplaced() []validate.Violation {
	if sc == nil {
		return nil
	}
	var out []validate.Violation
	for _, i := range sc.unplaced {
		out = append(out, sc.violations[i])
	}
	return out
}

// DetailLines writes the schema section of the detail pane for node id.
func (sc *Check) DetailLines(c *common.Common, id scoring.NodeID) []string {
	if sc == nil || sc.pending || sc.err != "" {
		return nil
	}
	s := c.Styles
	vs := sc.At(id)
	if len(vs) == 0 {
		return nil
	}
	out := []string{"", s.Bad.Render(fmt.Sprintf("! schema %s: %d violation%s here", sc.name, len(vs), common.Plural(len(vs), "s")))}
	for _, v := range vs {
		out = append(out, fmt.Sprintf("  %d:%d %s", v.Line, v.Col, v.Message))
		if v.Keyword != "" {
			out = append(out, s.Faint.Render("    at "+v.Keyword))
		}
	}
	return out
}
