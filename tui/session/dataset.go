package session

import (
	"errors"
	"fmt"
	"math"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// Dataset is a tuning session over a scored dataset held in memory: edits
// per schema path through the engine's re-weighting (never a comparison
// again), undo and redo, what changed since opening and since the last
// save, and saving the weights file atomically with its shape kept. It is
// not safe for concurrent use.
type Dataset struct {
	weightsFile
	d      *dataset.Scored
	openW  map[string]float64
	savedW map[string]float64
	prev   map[string]float64 // a zeroed path's weight before `x`
	undo   []dchange
	redo   []dchange

	openScore, savedScore float64
	openHas, savedHas     bool
}

// dchange is one undoable step of a Dataset.
type dchange struct {
	label string
	edits []dedit
}

type dedit struct {
	path     string
	old, new float64
}

// NewDataset starts a session over d, whose weights came from w (nil for
// none); path is the weights file Save overwrites ("" to ask).
func NewDataset(d *dataset.Scored, w *scoring.Weights, path string) *Dataset {
	s := &Dataset{weightsFile: newWeightsFile(w, path), d: d, prev: map[string]float64{}}
	s.openW = s.current()
	s.savedW = s.current()
	st := d.Stats()
	s.openScore, s.openHas = st.Mean, st.N > 0
	s.savedScore, s.savedHas = s.openScore, s.openHas
	return s
}

// current returns the weights in force of the paths that weigh.
func (s *Dataset) current() map[string]float64 {
	out := map[string]float64{}
	for _, p := range s.d.PathsInOrder() {
		if s.d.Weighs(p) {
			out[p], _ = s.d.Weight(p)
		}
	}
	return out
}

// Scored returns the dataset.
func (s *Dataset) Scored() *dataset.Scored { return s.d }

// Changed reports whether the weight of path differs from the opening's.
func (s *Dataset) Changed(path string) bool {
	w, ok := s.d.Weight(path)
	o, had := s.openW[path]
	return ok && had && w != o
}

// Dirty reports whether some weight differs from the last save.
func (s *Dataset) Dirty() bool {
	for p, w := range s.savedW {
		if now, _ := s.d.Weight(p); now != w {
			return true
		}
	}
	return false
}

// Deltas returns the change of the dataset's score since opening and
// since the last save; ok is false when a score is missing.
func (s *Dataset) Deltas() (sinceOpen, sinceSave float64, ok bool) {
	st := s.d.Stats()
	if st.N == 0 || !s.openHas || !s.savedHas {
		return 0, 0, false
	}
	return st.Mean - s.openScore, st.Mean - s.savedScore, true
}

// weighs returns why path has no weight to set, nil when it has one.
func (s *Dataset) weighs(path string) error {
	switch {
	case !s.d.TakesWeights():
		return dataset.ErrFixedWeights
	case path == ".":
		return &ErrNoWeight{"the root has no weight: its score is the dataset's"}
	case s.d.PathIndex(path) < 0:
		return fmt.Errorf("no case has the path %s", path)
	case !s.d.Weighs(path):
		if len(path) >= 2 && path[len(path)-2:] == "[]" {
			return &ErrNoWeight{path + " is an array's elements: they weigh alike (their array's weight is the one to set)"}
		}
		return &ErrNoWeight{path + " is a key only outputs have (extra): it takes no part and has no weight"}
	}
	return nil
}

// CanWeigh returns why path has no weight to set, nil when it has one.
func (s *Dataset) CanWeigh(path string) error { return s.weighs(path) }

// SetWeight sets the weight of path in every case and returns what the
// status line says about it.
func (s *Dataset) SetWeight(path string, w float64) (string, error) {
	if err := s.weighs(path); err != nil {
		return "", err
	}
	if !(w >= 0 && w <= 1) {
		return "", fmt.Errorf("weight %s is outside [0, 1]", report.Figure(w))
	}
	old, _ := s.d.Weight(path)
	if old == w {
		return fmt.Sprintf("%s already weighs %s", path, report.Figure(w)), nil
	}
	label := fmt.Sprintf("weight of %s %s → %s", path, report.Figure(old), report.Figure(w))
	if err := s.apply(dchange{label: label, edits: []dedit{{path, old, w}}}, false); err != nil {
		return "", err
	}
	s.redo = s.redo[:0]
	return label + s.scope(path), nil
}

// scope says which other paths an edit of path reached: those that take
// their weight from the same weights entry.
func (s *Dataset) scope(path string) string {
	others := s.d.EntryPaths(path)
	if len(others) <= 1 {
		return ""
	}
	var also []string
	for _, p := range others {
		if p != path {
			also = append(also, p)
		}
	}
	return fmt.Sprintf("; one entry: %s too", joinPaths(also))
}

func joinPaths(ps []string) string {
	if len(ps) > 3 {
		return fmt.Sprintf("%s, %s, %s and %d more", ps[0], ps[1], ps[2], len(ps)-3)
	}
	out := ""
	for i, p := range ps {
		if i > 0 {
			out += ", "
		}
		out += p
	}
	return out
}

// Nudge raises (delta > 0) or lowers the weight of path by delta, within
// [0, 1].
func (s *Dataset) Nudge(path string, delta float64) (string, error) {
	if err := s.weighs(path); err != nil {
		return "", err
	}
	w, _ := s.d.Weight(path)
	w = math.Round((w+delta)*1e9) / 1e9
	return s.SetWeight(path, min(1, max(0, w)))
}

// ToggleZero sets the weight of path to 0, or back to what it was before
// when it is 0 (the file's, or 1).
func (s *Dataset) ToggleZero(path string) (string, error) {
	if err := s.weighs(path); err != nil {
		return "", err
	}
	cur, _ := s.d.Weight(path)
	if cur != 0 {
		s.prev[path] = cur
		return s.SetWeight(path, 0)
	}
	back, ok := s.prev[path]
	if !ok {
		back, _ = s.d.FileWeight(path)
		if back == 0 {
			back = 1
		}
	}
	return s.SetWeight(path, back)
}

// Reset sets the weight of path back to the weights file's.
func (s *Dataset) Reset(path string) (string, error) {
	if err := s.weighs(path); err != nil {
		return "", err
	}
	fw, _ := s.d.FileWeight(path)
	return s.SetWeight(path, fw)
}

// ResetAll sets every weight back to the weights file's, as one step.
func (s *Dataset) ResetAll() (string, error) {
	var c dchange
	for _, pw := range s.d.ChangedPaths() {
		fw, _ := s.d.FileWeight(pw.Path)
		c.edits = append(c.edits, dedit{pw.Path, pw.Weight, fw})
	}
	if len(c.edits) == 0 {
		return "every weight is already the file's", nil
	}
	c.label = fmt.Sprintf("reset %d weight%s to the file's", len(c.edits), plural(len(c.edits)))
	if err := s.apply(c, false); err != nil {
		return "", err
	}
	s.redo = s.redo[:0]
	return c.label, nil
}

// SetWeights sets several weights as one undoable step (a run's, or
// those tuned in a case), labelled label, and returns how many changed.
func (s *Dataset) SetWeights(ws []dataset.PathWeight, label string) (int, error) {
	c := dchange{label: label}
	for _, pw := range ws {
		if s.d.Weighs(pw.Path) {
			if old, _ := s.d.Weight(pw.Path); old != pw.Weight {
				c.edits = append(c.edits, dedit{pw.Path, old, pw.Weight})
			}
		}
	}
	if len(c.edits) == 0 {
		return 0, nil
	}
	if err := s.apply(c, false); err != nil {
		return 0, err
	}
	s.redo = s.redo[:0]
	return len(c.edits), nil
}

// Undo takes back the last step.
func (s *Dataset) Undo() (string, error) {
	if len(s.undo) == 0 {
		return "", errors.New("nothing to undo")
	}
	c := s.undo[len(s.undo)-1]
	if err := s.apply(c, true); err != nil {
		return "", err
	}
	s.undo = s.undo[:len(s.undo)-1]
	s.redo = append(s.redo, c)
	return "undid: " + c.label, nil
}

// Redo does again the last step undone.
func (s *Dataset) Redo() (string, error) {
	if len(s.redo) == 0 {
		return "", errors.New("nothing to redo")
	}
	c := s.redo[len(s.redo)-1]
	if err := s.apply(c, false); err != nil {
		return "", err
	}
	s.redo = s.redo[:len(s.redo)-1]
	return "redid: " + c.label, nil
}

// apply sets the weights of c (their old values when reverse) in one
// re-weight, and records c for undo unless reverse.
func (s *Dataset) apply(c dchange, reverse bool) error {
	if err := s.lockedErr(); err != nil {
		return err
	}
	ws := make([]dataset.PathWeight, len(c.edits))
	for k, e := range c.edits {
		ws[k] = dataset.PathWeight{Path: e.path, Weight: e.new}
		if reverse {
			ws[k].Weight = e.old
		}
	}
	if err := s.d.SetWeights(ws); err != nil {
		return err
	}
	s.version++
	if !reverse {
		s.undo = append(s.undo, c)
	}
	return nil
}

// Save writes the weights in force to path (the session's Path when ""),
// keeping the shape of the weights file (dataset.Scored.MarshalWeights),
// atomically, the first overwrite of a file keeping its previous content
// as NAME.bak; the saved file becomes the session's weights file.
func (s *Dataset) Save(path string) (Saved, error) {
	w, sv, err := s.write(path, s.MarshalWeights)
	if err != nil {
		return Saved{}, err
	}
	s.d.UseWeightsFile(w)
	s.savedW = s.current()
	st := s.d.Stats()
	s.savedScore, s.savedHas = st.Mean, st.N > 0
	return s.saved(w, sv), nil
}

// MarshalWeights returns the weights file of the session's weights, in
// the shape of the file they were read from.
func (s *Dataset) MarshalWeights() ([]byte, error) { return s.d.MarshalWeights() }
