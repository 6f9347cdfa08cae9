package dataset

import (
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// What the explorer's metric, rules and pairing choosers need of a
// Scored: the kinds of the references' values at a path (which rules
// compare them), and the arrays' places and the pairings they can take.
// They read the dataset's paths only, which never change: the background
// may call them.

// RefKinds returns the kinds of the values the references have at schema
// path, in jsondoc.Kind order; nil when no reference has a value there
// (a key only outputs have, or a path no case has).
func (d *Scored) RefKinds(path string) []jsondoc.Kind {
	id, ok := d.index[path]
	if !ok || !d.acc.isRefPath(id) {
		return nil
	}
	var out []jsondoc.Kind
	for k := jsondoc.Kind(0); k < 8; k++ {
		if d.acc.refKind(id, k) {
			out = append(out, k)
		}
	}
	return out
}

// ArrayAt returns the schema path of the array that path is, or is in
// (the nearest path whose references hold an array there): where a
// --lists PATH=MODE option pairs its elements. ok is false when path is
// in no array of the references.
func (d *Scored) ArrayAt(path string) (string, bool) {
	id, ok := d.index[path]
	if !ok {
		return "", false
	}
	for ; id >= 0; id = d.acc.paths0.snapshotNode(id).parent {
		if d.acc.refKind(id, jsondoc.Array) {
			return d.pathName(id), true
		}
	}
	return "", false
}

// PairingChoices returns the pairings the arrays at schema path array
// (one ArrayAt gives) can take, in the order the explorer cycles them:
// index, best, then key=FIELD for each field of their elements that
// could key the records — one whose values in the references are strings
// or numbers only — in tree order, at most scoring.MaxKeyFields (as a
// pair's PairingChoices). nil when no reference holds an array there.
func (d *Scored) PairingChoices(array string) []scoring.Lists {
	id, ok := d.index[array]
	if !ok || !d.acc.refKind(id, jsondoc.Array) {
		return nil
	}
	out := []scoring.Lists{{}, {Mode: scoring.ListBest}}
	elem := d.acc.paths0.snapshotNode(id).elemOf
	if elem < 0 || !d.acc.refKind(elem, jsondoc.Object) {
		return out
	}
	const keyKinds = 1<<jsondoc.String | 1<<jsondoc.Number
	for _, c := range d.order {
		n := d.acc.paths0.snapshotNode(c)
		if n.parent != elem || n.elem || !d.acc.isRefPath(c) {
			continue
		}
		if k := d.acc.paths.at(c).kinds; k&^keyKinds == 0 {
			out = append(out, scoring.Lists{Mode: scoring.ListKey, Key: n.key})
			if len(out) == 2+scoring.MaxKeyFields {
				break
			}
		}
	}
	return out
}
