package pathtree

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/outline"
	pairtree "github.com/jsontui/jsontui/tui/pair/tree"
)

// Outline keeps the rows a dataset's per-path tree shows: the visible
// paths (their places in Figures.Paths) with their depth, in display
// order, as outline.Outline does for a pair's tree. The shape (parents,
// children) is the dataset's and never changes; the figures the order
// and the failing-only view depend on change with the weights (refresh).
// A dataset has few paths next to its cases: a change rebuilds the rows
// from the open paths, costing what shows.
type Outline struct {
	parent []int   // by path: its parent, -1 for the root
	kids   [][]int // by path: its children, in tree order
	open   []bool
	order  outline.Order
	// failing, when set, keeps only the paths that lose points and their
	// ancestors (keep).
	failing bool
	keep    []bool
	rows    []Row
	paths   []dataset.PathFigures
	sorted  map[int][]int
}

// Row is one visible path.
type Row struct {
	Index int // its place in Figures.Paths
	Depth int
}

// NewOutline returns the outline of paths (in tree order, with
// their depths), open down to depth.
func NewOutline(paths []dataset.PathFigures, depth int) *Outline {
	n := len(paths)
	o := &Outline{parent: make([]int, n), kids: make([][]int, n), open: make([]bool, n), paths: paths}
	var stack []int
	for i, p := range paths {
		for len(stack) > 0 && paths[stack[len(stack)-1]].Depth >= p.Depth {
			stack = stack[:len(stack)-1]
		}
		o.parent[i] = -1
		if len(stack) > 0 {
			par := stack[len(stack)-1]
			o.parent[i] = par
			o.kids[par] = append(o.kids[par], i)
		}
		stack = append(stack, i)
	}
	o.ExpandTo(depth)
	return o
}

// Len returns the number of visible rows.
func (o *Outline) Len() int { return len(o.rows) }

// Row returns row i.
func (o *Outline) Row(i int) Row { return o.rows[i] }

// Window returns rows [from, to), clamped.
func (o *Outline) Window(from, to int) []Row {
	from = max(0, min(from, len(o.rows)))
	to = max(from, min(to, len(o.rows)))
	return o.rows[from:to]
}

// hasChildren reports whether path i has children to show.
func (o *Outline) hasChildren(i int) bool { return len(o.shown(i)) > 0 }

// setFigures takes the figures after a re-weight: the order and the
// failing-only view follow them.
func (o *Outline) setFigures(paths []dataset.PathFigures) {
	o.paths = paths
	o.sorted = nil
	if o.failing {
		o.keep = failingPaths(paths, o.parent)
	}
	o.rebuild()
}

// reshape takes the paths of the dataset scored again, byPath giving
// their places: a path open before stays open, one new to the tree opens
// as on opening; the order and the failing-only view stay.
func (o *Outline) reshape(paths []dataset.PathFigures, byPath map[string]int) {
	n := NewOutline(paths, pairtree.InitialDepth)
	for i, open := range o.open {
		if j, ok := byPath[o.paths[i].Path]; ok {
			n.open[j] = open && len(n.kids[j]) > 0
		}
	}
	n.order, n.failing = o.order, o.failing
	if n.failing {
		n.keep = failingPaths(paths, n.parent)
	}
	n.rebuild()
	*o = *n
}

// failingPaths returns the paths that lose points, and their ancestors.
func failingPaths(paths []dataset.PathFigures, parent []int) []bool {
	keep := make([]bool, len(paths))
	for i := range paths {
		if paths[i].Loss > 0 {
			for x := i; x >= 0 && !keep[x]; x = parent[x] {
				keep[x] = true
			}
		}
	}
	if len(keep) > 0 {
		keep[0] = true
	}
	return keep
}

// setFailing shows only the paths that lose points (and their
// ancestors), or every path again.
func (o *Outline) setFailing(on bool) {
	o.failing = on
	o.keep = nil
	if on {
		o.keep = failingPaths(o.paths, o.parent)
	}
	o.sorted = nil
	o.rebuild()
}

// setOrder lists children in order ord.
func (o *Outline) setOrder(ord outline.Order) {
	o.order = ord
	o.sorted = nil
	o.rebuild()
}

// shown returns the children of path i that show, in the order in force.
func (o *Outline) shown(i int) []int {
	kids := o.kids[i]
	if !o.failing && (o.order == outline.Document || len(kids) < 2) {
		return kids
	}
	if s, ok := o.sorted[i]; ok {
		return s
	}
	out := make([]int, 0, len(kids))
	for _, c := range kids {
		if !o.failing || o.keep[c] {
			out = append(out, c)
		}
	}
	key := func(c int) float64 {
		p := &o.paths[c]
		switch o.order {
		case outline.ByLoss:
			return -p.Loss
		case outline.ByScore:
			if !p.HasScore {
				return math.Inf(1)
			}
			return p.Score
		}
		return 0
	}
	if o.order != outline.Document {
		slices.SortStableFunc(out, func(a, b int) int { return cmp.Compare(key(a), key(b)) })
	}
	if o.sorted == nil {
		o.sorted = map[int][]int{}
	}
	o.sorted[i] = out
	return out
}

// rebuild makes the rows again from the open paths.
func (o *Outline) rebuild() {
	o.rows = o.rows[:0]
	if len(o.paths) == 0 {
		return
	}
	var walk func(i, d int)
	walk = func(i, d int) {
		o.rows = append(o.rows, Row{i, d})
		if !o.open[i] {
			return
		}
		for _, c := range o.shown(i) {
			walk(c, d+1)
		}
	}
	walk(0, 0)
}

// ExpandTo opens the paths above depth and closes the others.
func (o *Outline) ExpandTo(depth int) {
	for i := range o.open {
		o.open[i] = len(o.kids[i]) > 0 && int(o.paths[i].Depth) < depth
	}
	o.rebuild()
}

// ExpandAll opens every path.
func (o *Outline) ExpandAll() {
	for i := range o.open {
		o.open[i] = len(o.kids[i]) > 0
	}
	o.rebuild()
}

// toggle opens or closes the path of row r; expand and collapse do one.
func (o *Outline) toggle(r int) bool {
	i := o.rows[r].Index
	if !o.hasChildren(i) {
		return false
	}
	o.open[i] = !o.open[i]
	o.rebuild()
	return true
}

func (o *Outline) expand(r int) bool {
	i := o.rows[r].Index
	if !o.hasChildren(i) || o.open[i] {
		return false
	}
	return o.toggle(r)
}

func (o *Outline) collapse(r int) bool {
	i := o.rows[r].Index
	if !o.hasChildren(i) || !o.open[i] {
		return false
	}
	return o.toggle(r)
}

// Find returns the row of path i, -1 when it does not show.
func (o *Outline) Find(i int) int {
	for r, row := range o.rows {
		if row.Index == i {
			return r
		}
	}
	return -1
}

// Nearest returns the row of path i, or of its nearest ancestor that
// shows; -1 when none does.
func (o *Outline) Nearest(i int) int {
	for x := i; x >= 0; x = o.parent[x] {
		if r := o.Find(x); r >= 0 {
			return r
		}
	}
	return -1
}

// Reveal opens the ancestors of path i (showing it in the failing-only
// view's despite it) and returns its row.
func (o *Outline) Reveal(i int) int {
	if o.failing && !o.keep[i] {
		o.setFailing(false)
	}
	for p := o.parent[i]; p >= 0; p = o.parent[p] {
		o.open[p] = true
	}
	o.sorted = nil
	o.rebuild()
	return o.Find(i)
}

// preorder returns every path that shows when all is open, in display
// order: what next and previous walk.
func (o *Outline) preorder() []int {
	out := make([]int, 0, len(o.paths))
	var walk func(i int)
	walk = func(i int) {
		out = append(out, i)
		for _, c := range o.shown(i) {
			walk(c)
		}
	}
	if len(o.paths) > 0 {
		walk(0)
	}
	return out
}

// step returns the next (or previous) path after path i in display
// order, all open, that want takes; ok is false when there is none.
func (o *Outline) step(i int, next bool, want func(int) bool) (int, bool) {
	order := o.preorder()
	at := slices.Index(order, i)
	if next {
		for _, x := range order[at+1:] {
			if want(x) {
				return x, true
			}
		}
		return 0, false
	}
	for k := at - 1; k >= 0; k-- {
		if want(order[k]) {
			return order[k], true
		}
	}
	return 0, false
}

// match returns the paths whose last step (the key, or [] for an
// array's elements) contains query, ignoring case when the query is all
// lower case, and how many there are.
func (o *Outline) match(query string) ([]bool, int) {
	fold := query == strings.ToLower(query)
	hit := make([]bool, len(o.paths))
	n := 0
	for i := range o.paths {
		step := o.paths[i].Path
		if par := o.parent[i]; par > 0 {
			step = step[len(o.paths[par].Path):]
		}
		step = strings.TrimPrefix(step, ".")
		if fold {
			step = strings.ToLower(step)
		}
		if i > 0 && strings.Contains(step, query) {
			hit[i] = true
			n++
		}
	}
	return hit, n
}
