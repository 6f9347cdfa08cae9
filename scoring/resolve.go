package scoring

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// resolveSlot sets slot k's weight from the weights file entries at its
// parent's level, and the level below it. Slots are created parents
// first, so the parent's level is known. A key whose entry is an object
// takes its own weight from the loopback "__<key>" inside it.
func (t *Tree) resolveSlot(k int32) {
	t.resolveRule(k)
	t.setSlotWeight(k, 1)
	t.setFileWeight(k, 1, jsondoc.None)
	if t.extIndex(k) > 0 {
		x := t.ext(k)
		x.level, x.loopback = jsondoc.None, false
	}
	parent := t.sl.parent[k]
	if parent < 0 {
		if t.weights != nil {
			t.ext(k).level = 0
		}
		return
	}
	parentLevel := t.slotLevel(parent)
	if parentLevel == jsondoc.None {
		return
	}
	if t.slotIsElem(k) {
		t.ext(k).level = parentLevel // an array's entry applies to every element
		return
	}
	d := t.weights.doc
	key := t.slotKey(k)
	e := t.entry(parentLevel, key)
	if e == jsondoc.None {
		return
	}
	t.used[e] = true
	switch d.Kind(e) {
	case jsondoc.Number:
		t.setFileWeight(k, d.Float(e), e)
	case jsondoc.Object:
		t.ext(k).level = e
		if lb := t.entry(e, "__"+key); lb != jsondoc.None && d.Kind(lb) == jsondoc.Number {
			t.used[lb] = true
			t.setFileWeight(k, d.Float(lb), lb)
			t.ext(k).loopback = true
		}
	}
}

// setFileWeight sets slot k's weight, in force and in the file, and the
// entry that gives it.
func (t *Tree) setFileWeight(k int32, w float64, e jsondoc.ID) {
	n := t.sl.len()
	t.sl.weight.set(k, w, n, 1)
	t.sl.fileWeight.set(k, w, n, 1)
	t.sl.entry.set(k, e, n, jsondoc.None)
}

// finishWeights checks the resolved weights once the tree is built: an
// object given for a key with a scalar reference value everywhere it
// applies is an error; an entry taken for a loopback that is in fact a
// key of the reference is undone; entries that applied to nothing become
// warnings, and a weights file none of whose entries applied is an error
// (it is another document's). It reports whether node weights must be
// recomputed.
func (t *Tree) finishWeights() (changed bool, err error) {
	defer func() { t.wix = nil }() // the weights objects' indexes
	if t.weights == nil {
		t.setWarnings(t.docWarnings(), warnings{})
		return false, nil
	}
	uses := t.objectEntries()
	var mixed []*entryUse // entries given as objects, reaching a container in some places and a scalar in others
	for _, u := range uses {
		scalar := u.kinds &^ (1<<jsondoc.Object | 1<<jsondoc.Array)
		switch {
		case scalar == 0:
		case u.kinds&(1<<jsondoc.Object|1<<jsondoc.Array) != 0:
			// docs/weights-and-rules.md: the scalar places take the loopback weight (the
			// slot's already) and the entries below apply to nothing
			// there; a warning says so, once for every place the entry
			// reaches, nested arrays included (across a dataset's cases,
			// the dataset's one warning).
			if !t.weights.cases {
				mixed = append(mixed, u)
			}
		case !t.weights.cases:
			d := t.weights.doc
			return false, t.weights.errorAt(u.entry, weightsPath(d, u.entry),
				"an object of weights is given for %s, whose reference value is %s; give it a number",
				t.SchemaPath(int(u.slots[0])), kindList(scalar))
			// Across a dataset's cases, a key that is a scalar in this
			// one may be a container in others: the dataset decides.
		}
	}
	for i, e := range t.sl.ext {
		k := int32(i)
		if e == 0 || t.sl.exts[e-1].level == jsondoc.None || !t.slotIsKey(k) {
			continue
		}
		if x := &t.sl.exts[e-1]; x.loopback && t.hasKeyBelow(k, "__"+t.slotKey(k)) {
			// "__key" names a key of the reference: it is that key's weight.
			t.setFileWeight(k, 1, jsondoc.None)
			x.loopback = false
			changed = true
		}
	}
	var ww warnings
	if !t.weights.cases {
		ww = t.weightWarnings()
		if err := t.checkSomeApplied(); err != nil {
			return false, err
		}
	}
	docs := t.docWarnings()
	for _, u := range mixed {
		docs.add(t.mixedWarning(u))
	}
	t.setWarnings(docs, ww)
	return changed, nil
}

// entryUse is an object entry of the weights file and the key slots it
// weighs: one key reaches several schema paths through nested arrays
// (.x.menu reaches .x[].menu and .x[][].menu).
type entryUse struct {
	entry jsondoc.ID
	kinds uint16  // the kinds of the reference values at its slots
	slots []int32 // in slot order
}

// objectEntries returns the weights entries given as objects for key
// slots, in the order of their first slot, with the kinds of reference
// values they reach.
func (t *Tree) objectEntries() []*entryUse {
	var uses []*entryUse
	byEntry := map[jsondoc.ID]*entryUse{}
	for i, e := range t.sl.ext {
		k := int32(i)
		if e == 0 || t.sl.exts[e-1].level == jsondoc.None || !t.slotIsKey(k) {
			continue
		}
		en := t.entry(t.slotLevel(t.sl.parent[k]), t.slotKey(k))
		u := byEntry[en]
		if u == nil {
			u = &entryUse{entry: en}
			byEntry[en] = u
			uses = append(uses, u)
		}
		u.kinds |= t.slotStats().kindsAt(k)
		u.slots = append(u.slots, k)
	}
	return uses
}

// checkSomeApplied returns an error when the weights file has entries
// and none of them applied to a node of the reference: it was written
// for another document. A reference without a key (a scalar, an empty
// container) has nothing for an entry to apply to, and draws no error.
func (t *Tree) checkSomeApplied() error {
	d := t.weights.doc
	if d.Kind(0) != jsondoc.Object || d.Child(0) == jsondoc.None || t.sl.len() <= 1 {
		return nil // no entry, or no key for one to apply to
	}
	for _, u := range t.used {
		if u {
			return nil
		}
	}
	return t.weights.errorAt(0, ".", "no entry applies anywhere in %s (none of its keys is the reference's at its place): the weights file looks written for another document",
		escape.Name(t.ref.Name()))
}

// mixedWarning says that the key slots of entry use u, given an object of
// weights, hold a scalar in some of their places: those weigh the
// object's loopback.
func (t *Tree) mixedWarning(u *entryUse) Warning {
	scalars, all := 0, 0
	of := make(map[int32]bool, len(u.slots))
	paths := make([]string, 0, len(u.slots))
	for _, k := range u.slots {
		of[k] = true
		all += t.slotStats().count(k)
		if len(paths) < 3 {
			paths = append(paths, jsondoc.MessagePath(t.SchemaPath(int(k))))
		}
	}
	if len(u.slots) > 3 {
		paths = append(paths, fmt.Sprintf("%d more", len(u.slots)-3))
	}
	for i := range t.nodes {
		if n := &t.nodes[i]; of[n.slot] && n.ref != jsondoc.None && !n.kind.IsContainer() {
			scalars++
		}
	}
	d := t.weights.doc
	line, col := d.KeyPosition(u.entry)
	return Warning{Path: weightsPath(d, u.entry), Message: posPrefix(d.Name(), line, col) +
		MixedMessage(strings.Join(paths, ", "), scalars, all, t.slotWeight(u.slots[0]))}
}

// MixedMessage says that the key at path, given an object of weights,
// holds a scalar in scalars of its places (of all): those weigh the
// object's loopback weight w, and the entries below apply to nothing
// there (docs/weights-and-rules.md).
func MixedMessage(path string, scalars, all int, w float64) string {
	return fmt.Sprintf("%s holds a scalar in %d of its %d places, where the weights give an object: those take its loopback weight %s and the entries below apply to nothing there",
		path, scalars, all, FormatWeight(w))
}

// setWarnings sets the tree's warnings: those of the documents, then those
// of the weights file.
func (t *Tree) setWarnings(docs, weights warnings) {
	t.warnings = append(docs.list[:len(docs.list):len(docs.list)], weights.list...)
	t.omitted = docs.omitted + weights.omitted
	t.ignoredFrom = len(docs.list)
}

// hasKeyBelow reports whether the reference has key below slot k, in its
// objects or those of its array elements.
func (t *Tree) hasKeyBelow(k int32, key string) bool {
	for e := k; e >= 0; e = t.slotElem(e) {
		if t.keySlot(e, key) >= 0 {
			return true
		}
	}
	return false
}

// applyWeights resolves w (nil: no file) onto every slot, sets every
// node's weight and rescores every container.
func (t *Tree) applyWeights(w *Weights) error {
	t.weights = w
	t.used = nil
	t.resolveWork, t.suggestWork, t.ignored = 0, 0, 0
	if w != nil {
		t.used = make([]bool, w.doc.Len())
	}
	for k := range t.sl.len() {
		t.resolveSlot(int32(k))
	}
	if _, err := t.finishWeights(); err != nil {
		return err
	}
	t.recomputeAll()
	return nil
}

// docWarnings returns the warnings about the documents themselves: the
// reference's, the output's and the weights file's (duplicate keys).
func (t *Tree) docWarnings() warnings {
	var out warnings
	docs := []*jsondoc.Doc{t.ref, t.out}
	if t.weights != nil {
		docs = append(docs, t.weights.doc)
	}
	for _, d := range docs {
		if d == nil {
			continue
		}
		for _, dw := range d.Warnings() {
			out.list = append(out.list, Warning{Path: dw.Path, Message: posPrefix(d.Name(), dw.Line, dw.Col) + dw.Message})
		}
		out.omitted += d.OmittedWarnings()
	}
	return out
}

// entry returns the member of weights object level with the given key,
// through an index of the object made on its first lookup: resolving
// costs one pass over the weights file and one lookup per slot, where
// scanning an object's members for each of its keys cost their number
// squared.
func (t *Tree) entry(level jsondoc.ID, key string) jsondoc.ID {
	x := t.wix[level]
	if x == nil {
		if t.wix == nil {
			t.wix = make(map[jsondoc.ID]*jsondoc.KeyIndex)
		}
		x = t.weights.doc.Index(level)
		t.wix[level] = x
		t.resolveWork += x.Len()
	}
	t.resolveWork++
	return x.Lookup(key)
}
