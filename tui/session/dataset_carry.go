package session

import (
	"fmt"
	"maps"
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// DatasetState is what a dataset's session hands on to the session over
// the same dataset scored again (another metric, its options, the rules,
// an array's pairing): its weights file and save path, and by schema path
// the weights in force, at opening and as last saved, those before `x`
// zeroed them, and the undo and redo steps. It is a copy, so a background
// command may read it while the session goes on.
type DatasetState struct {
	weights *scoring.Weights
	path    string
	// now, open, saved and prev map a path that weighs to its weight in
	// force, at opening, as last saved, and before `x`.
	now, open, saved, prev map[string]float64
	undo, redo             []dchange
	backedUp               map[string]bool
	// takes is whether the session's metric took the weights: a state of
	// one that did not holds nothing in force (now is empty).
	takes bool
	// version is the session's: the resumed one counts on from it, so
	// that what caches on a version is made again.
	version int
}

// State returns the session's state, to resume over the dataset scored
// again.
func (s *Dataset) State() *DatasetState {
	st := &DatasetState{weights: s.weights, path: s.path, now: s.current(), open: maps.Clone(s.openW),
		saved: maps.Clone(s.savedW), prev: maps.Clone(s.prev), backedUp: maps.Clone(s.backedUp),
		takes: s.d.TakesWeights(), version: s.version}
	st.undo, st.redo = cloneSteps(s.undo), cloneSteps(s.redo)
	return st
}

// Takes reports whether the state's session weighed its dataset with the
// user's weights (its metric took them).
func (st *DatasetState) Takes() bool { return st.takes }

// Weights returns the weights file of the state (nil for none).
func (st *DatasetState) Weights() *scoring.Weights { return st.weights }

// Path returns the file the state's session saves to ("" to ask).
func (st *DatasetState) Path() string { return st.path }

func cloneSteps(cs []dchange) []dchange {
	out := make([]dchange, len(cs))
	for i, c := range cs {
		out[i] = dchange{label: c.label, edits: slices.Clone(c.edits)}
	}
	return out
}

// ResumeDataset starts a session over d, the dataset scored again under
// the state's weights file, going on from st: d gets the weights in force
// by path, in one re-weight (Scored.SetWeights); what changed since
// opening and since the last save carries over by path, so that Dirty and
// Changed answer as before; and the undo and redo steps go on, by path
// (the edits of paths d does not weigh left out). The totals' baselines
// (Deltas) are d's own once the weights are in (Resumed). A d whose
// metric takes no weights gets none: the caller holds the state's
// session apart meanwhile, as its weights are the ones to save.
func ResumeDataset(d *dataset.Scored, st *DatasetState) (*Dataset, error) {
	if d.TakesWeights() {
		var ws []dataset.PathWeight
		for _, p := range d.PathsInOrder() {
			if w, ok := st.now[p]; ok && d.Weighs(p) {
				if cur, _ := d.Weight(p); cur != w {
					ws = append(ws, dataset.PathWeight{Path: p, Weight: w})
				}
			}
		}
		if err := d.SetWeights(ws); err != nil {
			return nil, fmt.Errorf("the weights do not carry over: %w", err)
		}
	}
	s := NewDataset(d, st.weights, st.path)
	s.resumed, s.version = true, st.version+1
	for p := range s.openW {
		if w, ok := st.open[p]; ok {
			s.openW[p] = w
		}
		if w, ok := st.saved[p]; ok {
			s.savedW[p] = w
		}
		if w, ok := st.prev[p]; ok {
			s.prev[p] = w
		}
	}
	keep := func(steps []dchange) []dchange {
		out := make([]dchange, 0, len(steps))
		for _, c := range steps {
			k := dchange{label: c.label}
			for _, e := range c.edits {
				if d.Weighs(e.path) {
					k.edits = append(k.edits, e)
				}
			}
			if len(k.edits) > 0 {
				out = append(out, k)
			}
		}
		return out
	}
	if d.TakesWeights() {
		s.undo, s.redo = keep(st.undo), keep(st.redo)
	}
	s.backedUp = maps.Clone(st.backedUp)
	if s.backedUp == nil {
		s.backedUp = map[string]bool{}
	}
	return s, nil
}
