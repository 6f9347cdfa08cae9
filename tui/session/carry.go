package session

import (
	"fmt"
	"maps"

	"github.com/jsontui/jsontui/scoring"
)

// State is what a session hands on to the session of another metric's
// tree over the same documents: its weights file and save path, and by
// key (schema path, as `.fixed_menus[].pizza`) the weights in force, at
// opening and as last saved. It is a copy, so a background command may
// read it while the session goes on.
type State struct {
	weights *scoring.Weights
	path    string
	// now, open and saved map a key's schema path to its weight in force,
	// at opening and as last saved; prev to its weight before `x` zeroed
	// it.
	now, open, saved, prev map[string]float64
	backedUp               map[string]bool
	// undo and redo are the session's steps by key, when StateWithSteps
	// took them; nil otherwise.
	undo, redo []keyChange
}

// keyChange is a step as State keeps it: its edits by key.
type keyChange struct {
	label string
	edits []keyEdit
	rules *RulesChange
}

type keyEdit struct {
	path     string
	old, new float64
}

// State returns the session's state, to resume on another tree.
func (s *Session) State() *State {
	st := &State{
		weights: s.weights, path: s.path,
		now: map[string]float64{}, open: map[string]float64{}, saved: map[string]float64{}, prev: map[string]float64{},
		backedUp: maps.Clone(s.backedUp),
	}
	for i, sl := range s.t.Slots() {
		if !sl.IsKey() {
			continue
		}
		p := s.t.SchemaPath(i)
		st.now[p], st.open[p], st.saved[p] = sl.Weight, s.openW[i], s.savedW[i]
		if w, ok := s.prev[i]; ok {
			st.prev[p] = w
		}
	}
	return st
}

// StateWithSteps is State with the undo and redo steps, for a session
// that goes on over the documents scored again under other rules as the
// same session: undoing a step that changed the rules (see
// SetWeightsAndRules), or doing it again. Resume carries the steps over.
func (s *Session) StateWithSteps() *State {
	st := s.State()
	byKey := func(steps []change) []keyChange {
		out := make([]keyChange, len(steps))
		for i, c := range steps {
			k := keyChange{label: c.label, edits: make([]keyEdit, len(c.edits)), rules: c.rules}
			for j, e := range c.edits {
				k.edits[j] = keyEdit{path: s.t.SchemaPath(e.slot), old: e.old, new: e.new}
			}
			out[i] = k
		}
		return out
	}
	st.undo, st.redo = byKey(s.undo), byKey(s.redo)
	if st.undo == nil {
		st.undo = []keyChange{}
	}
	return st
}

// Weights returns the weights file of the state (nil for none).
func (st *State) Weights() *scoring.Weights { return st.weights }

// Path returns the file the state's session saves to ("" to ask).
func (st *State) Path() string { return st.path }

// changedSlots returns the edits that give the key slots of t the
// state's weights in force.
func (st *State) changedSlots(t *scoring.Tree) []edit {
	var edits []edit
	for i, sl := range t.Slots() {
		if !sl.IsKey() {
			continue
		}
		if w, ok := st.now[t.SchemaPath(i)]; ok && w != sl.Weight {
			edits = append(edits, edit{slot: i, old: sl.Weight, new: w})
		}
	}
	return edits
}

// Resume starts a session over t, another metric's tree of the same
// documents built under the state's weights file, going on from st: t
// gets the weights in force, through the engine's slot update in one
// pass, and what changed since opening and since the last save carries
// over by key, so
// Dirty and Changed answer as before. Keys t lacks are left out. The undo
// history starts afresh, unless st is a StateWithSteps, whose steps go
// on (by key); the totals' baselines (Deltas) are t's own once the
// weights are in. t must not be in use elsewhere.
func Resume(t *scoring.Tree, st *State) (*Session, error) {
	edits := st.changedSlots(t)
	ws := make([]scoring.SlotWeight, len(edits))
	for k, e := range edits {
		ws[k] = scoring.SlotWeight{Slot: e.slot, Weight: e.new}
	}
	if _, err := t.SetSlotWeights(ws); err != nil {
		return nil, fmt.Errorf("the weights do not carry over: %w", err)
	}
	s := New(t, st.weights, st.path)
	s.resumed = true
	if st.undo != nil {
		slotOf := make(map[string]int, t.NumSlots())
		for i, sl := range t.Slots() {
			if sl.IsKey() {
				slotOf[t.SchemaPath(i)] = i
			}
		}
		bySlot := func(steps []keyChange) []change {
			out := make([]change, 0, len(steps))
			for _, k := range steps {
				c := change{label: k.label, edits: make([]edit, 0, len(k.edits)), rules: k.rules}
				for _, e := range k.edits {
					if i, ok := slotOf[e.path]; ok {
						c.edits = append(c.edits, edit{slot: i, old: e.old, new: e.new})
					}
				}
				if len(c.edits) > 0 || c.rules != nil {
					out = append(out, c)
				}
			}
			return out
		}
		s.undo, s.redo = bySlot(st.undo), bySlot(st.redo)
	}
	s.backedUp = maps.Clone(st.backedUp)
	if s.backedUp == nil {
		s.backedUp = map[string]bool{}
	}
	for i, sl := range t.Slots() {
		if !sl.IsKey() {
			continue
		}
		p := t.SchemaPath(i)
		if w, ok := st.open[p]; ok {
			s.openW[i] = w
		}
		if w, ok := st.saved[p]; ok {
			s.savedW[i] = w
		}
		if w, ok := st.prev[p]; ok {
			s.prev[i] = w
		}
	}
	return s, nil
}
