package dataset

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// The union of the references' shapes is a JSON document with every key
// any reference has, at its place: an object where some reference has an
// object, an array of one element where some has an array, 0 for a
// scalar. A weights file is checked against it (an entry matching no
// case's key is a likely typo; an object for a key that is a scalar in
// every case is an error) and `weights init` writes its keys.

// isRefPath reports whether some reference has a value at path id (it is
// not only ever an extra key of the outputs).
func (a *accumulator) isRefPath(id int32) bool {
	if int(id) >= a.paths.len() {
		return false
	}
	p := a.paths.at(id)
	return p.seen && p.kinds != 0
}

// refKind reports whether some reference has a value of kind k at path
// id.
func (a *accumulator) refKind(id int32, k jsondoc.Kind) bool {
	return int(id) < a.paths.len() && a.paths.at(id).seen && a.paths.at(id).kinds&(1<<k) != 0
}

// unionJSON returns the union document of the references' shapes: {}
// when no case has a tree (a metric that is one number).
func (a *accumulator) unionJSON() []byte {
	if a.paths.len() == 0 {
		return []byte("{}")
	}
	first := a.firsts()
	kids := a.paths0.children(first)
	u := unionWriter{a: a, kids: kids, nodes: a.paths0.snapshot()}
	u.value(0)
	return u.buf
}

type unionWriter struct {
	a     *accumulator
	kids  [][]int32
	nodes []pathNode
	buf   []byte
}

// value writes the union value of the paths ids: the places that meet
// in one key of the union (a key of an object and the same key of the
// elements of arrays found at its place, .x.menu, .x[].menu and
// .x[][].menu alike), their shapes merged.
func (u *unionWriter) value(ids ...int32) {
	var kinds uint8
	var elems []int32
	own := false // a place of ids has keys of its own: an object
	for _, id := range ids {
		kinds |= u.a.paths.at(id).kinds
		for _, c := range u.kids[id] {
			switch {
			case !u.a.isRefPath(c):
			case u.nodes[c].elem:
				elems = append(elems, c)
			default:
				own = true
			}
		}
	}
	switch {
	case kinds&(1<<jsondoc.Object) != 0 || own:
		// An object's keys, and those of the elements of arrays found at
		// its places; an array alone stays an array.
		keys, byKey := u.keys(ids)
		u.buf = append(u.buf, '{')
		for i, k := range keys {
			if i > 0 {
				u.buf = append(u.buf, ',')
			}
			u.buf = jsondoc.AppendQuoted(u.buf, k)
			u.buf = append(u.buf, ':')
			u.value(byKey[k]...)
		}
		u.buf = append(u.buf, '}')
	case kinds&(1<<jsondoc.Array) != 0 || len(elems) > 0:
		u.buf = append(u.buf, '[')
		if len(elems) > 0 {
			u.value(elems...)
		}
		u.buf = append(u.buf, ']')
	default:
		u.buf = append(u.buf, '0')
	}
}

// keys returns the keys at the paths ids: their own, then those of the
// elements of arrays found at their place, at any depth (a weights entry
// applies to all), each once in the order first met, with the paths of
// each.
func (u *unionWriter) keys(ids []int32) ([]string, map[string][]int32) {
	var keys []string
	byKey := map[string][]int32{}
	for level := ids; len(level) > 0; {
		var next []int32
		for _, p := range level {
			for _, c := range u.kids[p] {
				switch {
				case !u.a.isRefPath(c):
				case u.nodes[c].elem:
					next = append(next, c)
				default:
					k := u.nodes[c].key
					if _, ok := byKey[k]; !ok {
						keys = append(keys, k)
					}
					byKey[k] = append(byKey[k], c)
				}
			}
		}
		level = next
	}
	return keys, byKey
}

// unionTree builds the union of the references' shapes under weights w.
func (a *accumulator) unionTree(w *scoring.Weights) (*scoring.Tree, error) {
	d, err := jsondoc.Parse("the references", a.unionJSON(), nil)
	if err != nil {
		return nil, err
	}
	return scoring.Build(d, d, w, scoring.Options{})
}

// checkWeights checks the weights file against the union of the
// references: its errors (an object for a key that is a scalar in every
// case) stop the run, its warnings (entries no case has) are the
// dataset's.
func (a *accumulator) checkWeights(r *runner) error {
	if r == nil || r.weights == nil || !a.tree {
		return nil
	}
	return a.weightsWarnings(r.cfg.Weights)
}

// weightsWarnings adds the warnings about weights file w (not nil)
// against the union of the references, or returns its error.
func (a *accumulator) weightsWarnings(w *scoring.Weights) error {
	t, err := a.unionTree(w)
	if err != nil {
		return err
	}
	for _, wn := range t.Warnings() {
		a.warn(wn.Path, wn.Message)
	}
	a.mixedWarnings(w)
	return nil
}

// mixedWarnings warns of the weights entries given as objects for a key
// that holds a container in some cases (or places) and a scalar in
// others: one warning an entry, with how many of the places it reaches
// are scalars (docs/weights-and-rules.md), nested arrays included (.x.menu reaches
// .x[].menu and .x[][].menu alike). Array elements are not keys: they
// weigh alike whatever their shape, as in a single pair, and draw no
// warning.
func (a *accumulator) mixedWarnings(w *scoring.Weights) {
	const containers = 1<<jsondoc.Object | 1<<jsondoc.Array
	nodes := a.paths0.snapshot()
	first := a.firsts()
	type use struct {
		kinds           uint8
		scalars, places int
		loop            float64
		paths           []string
		more            int
	}
	var order []jsondoc.ID
	uses := map[jsondoc.ID]*use{}
	for _, id := range a.paths0.order(first) {
		if id == 0 || int(id) >= a.paths.len() || nodes[id].elem {
			continue // the root has no weight; elements weigh 1, whatever their shape
		}
		e, loop := weightsEntry(w, nodes, id)
		if e == jsondoc.None || w.Doc().Kind(e) != jsondoc.Object {
			continue
		}
		p := a.paths.at(id)
		u := uses[e]
		if u == nil {
			u = &use{loop: loop}
			uses[e] = u
			order = append(order, e)
		}
		u.kinds |= p.kinds
		t := a.totals(id)
		u.scalars += t.scalars
		u.places += t.nodes - t.status[scoring.Extra]
		if len(u.paths) < 3 {
			u.paths = append(u.paths, jsondoc.MessagePath(a.paths0.String(id)))
		} else {
			u.more++
		}
	}
	d := w.Doc()
	for _, e := range order {
		u := uses[e]
		if u.kinds&containers == 0 || u.kinds&^containers == 0 {
			continue
		}
		paths := strings.Join(u.paths, ", ")
		if u.more > 0 {
			paths += fmt.Sprintf(" and %d more", u.more)
		}
		line, col := d.KeyPosition(e)
		a.warn(w.EntryPath(e), fmt.Sprintf("%s:%d:%d: %s", escape.Name(w.Name()), line, col,
			scoring.MixedMessage(paths, u.scalars, u.places, u.loop)))
	}
}

// weightsEntry returns the weights file's entry for path id (its keys; an
// array's entry is its elements') and the loopback weight of an object
// entry (1 without one).
func weightsEntry(w *scoring.Weights, nodes []pathNode, id int32) (jsondoc.ID, float64) {
	var keys []string
	for p := id; p > 0; p = nodes[p].parent {
		if !nodes[p].elem {
			keys = append(keys, nodes[p].key)
		}
	}
	d := w.Doc()
	e := jsondoc.ID(0)
	for i := len(keys) - 1; i >= 0; i-- {
		if d.Kind(e) != jsondoc.Object {
			return jsondoc.None, 1
		}
		if e = d.Lookup(e, keys[i]); e == jsondoc.None {
			return jsondoc.None, 1
		}
	}
	loop := 1.0
	if d.Kind(e) == jsondoc.Object && len(keys) > 0 {
		if lb := d.Lookup(e, "__"+keys[0]); lb != jsondoc.None && d.Kind(lb) == jsondoc.Number {
			loop = d.Float(lb)
		}
	}
	return e, loop
}
