package dataset

import (
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// checkLists checks the --lists options against every case's reference at
// once, as the rules are: each case pairs its arrays by them where its
// reference bears them out (a case without the array, or whose elements
// lack the key field, pairs as it would without), but an option that no
// case's reference bears out is an error, as it is for a pair
// (*scoring.ListsError, exit 2).
func (r *runner) checkLists() error {
	opt := r.opt
	for _, a := range opt.ListsAt {
		if err := r.checkListsAt(a); err != nil {
			return err
		}
	}
	if opt.Lists.Mode != scoring.ListKey {
		return nil
	}
	field := opt.Lists.Key
	p := r.paths
	p.mu.Lock()
	defer p.mu.Unlock()
	for id := range p.nodes {
		n := &p.nodes[id]
		if !n.elem || !r.acc.refKind(int32(id), jsondoc.Object) {
			continue
		}
		if c := p.lookup(int32(id), field); c > 0 && r.acc.isRefPath(c) {
			return nil
		}
	}
	return &scoring.ListsError{Option: opt.Lists.String(), Field: field,
		Message: fmt.Sprintf("no case's reference has an array of objects to pair by the field %q", field)}
}

// checkListsAt checks one --lists PATH=MODE against every case's
// reference.
func (r *runner) checkListsAt(a scoring.ListsAt) error {
	e := &scoring.ListsError{Option: a.String(), Path: a.Path}
	steps, err := scoring.ParseSchemaPath(a.Path)
	if err != nil { // a canonical path reads back
		e.Message = err.Error()
		return e
	}
	p := r.paths
	p.mu.Lock()
	defer p.mu.Unlock()
	id := int32(0)
	for _, st := range steps {
		n := &p.nodes[id]
		next, ok := n.elemOf, n.elemOf >= 0
		if !st.IsIndex {
			next = p.lookup(id, st.Key)
			ok = next > 0
		}
		if !ok || !r.acc.isRefPath(next) {
			id = -1
			break
		}
		id = next
	}
	if id < 0 || !r.acc.refKind(id, jsondoc.Array) {
		e.Message = fmt.Sprintf("no case's reference has an array at %s", a.Path)
		return e
	}
	if a.Lists.Mode != scoring.ListKey {
		return nil
	}
	e.Field = a.Lists.Key
	if el := p.nodes[id].elemOf; el >= 0 {
		if c := p.lookup(el, a.Lists.Key); c > 0 && r.acc.isRefPath(c) {
			return nil
		}
	}
	e.Message = fmt.Sprintf("no element of the arrays at %s has the field %q in any case's reference", a.Path, a.Lists.Key)
	return e
}
