// Package session is the explorer's weight-tuning state over a scored
// tree: edits per key slot through the engine's path update (never a
// rescore), undo and redo, what changed since opening and since the last
// save, and saving the weights file atomically with its shape kept.
package session

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
)

// Session is one tuning session. It is not safe for concurrent use.
type Session struct {
	weightsFile
	t      *scoring.Tree
	openW  []float64       // slot weights when the session opened
	savedW []float64       // slot weights as last saved (or opened)
	prev   map[int]float64 // a zeroed slot's weight before `x`
	undo   []change
	redo   []change

	openTotal, savedTotal float64
	openHas, savedHas     bool
	counts                counter
	// stepRules are the rules the last Undo or Redo calls for, when
	// stepHasRules (see StepRules).
	stepRules    *scoring.RuleSet
	stepHasRules bool
}

// change is one undoable step: the weights it set, and what it said;
// rules, when set, is the change of the rules made with them.
type change struct {
	label string
	edits []edit
	rules *RulesChange
}

type edit struct {
	slot     int
	old, new float64
}

// New starts a session over t, whose weights came from w (nil for none);
// path is the weights file Save overwrites ("" when there is none to
// overwrite, as with no file, standard input or the demo).
func New(t *scoring.Tree, w *scoring.Weights, path string) *Session {
	s := &Session{weightsFile: newWeightsFile(w, path), t: t, prev: map[int]float64{}}
	s.openW = t.SlotWeights(make([]float64, 0, t.NumSlots()))
	s.savedW = append([]float64(nil), s.openW...)
	s.openTotal, s.openHas = t.Total()
	s.savedTotal, s.savedHas = s.openTotal, s.openHas
	s.counts.init(t)
	return s
}

// Tree returns the tree.
func (s *Session) Tree() *scoring.Tree { return s.t }

// Changed reports whether the weight of slot differs from the opening's.
func (s *Session) Changed(slot int) bool {
	return slot >= 0 && slot < len(s.openW) && s.t.SlotWeightAt(slot) != s.openW[slot]
}

// OpenWeight returns the weight slot had when the session opened.
func (s *Session) OpenWeight(slot int) float64 { return s.openW[slot] }

// Dirty reports whether some weight differs from the last save.
func (s *Session) Dirty() bool {
	for i, w := range s.savedW {
		if s.t.SlotWeightAt(i) != w {
			return true
		}
	}
	return false
}

// Deltas returns the change of the total since opening and since the
// last save; ok is false when the total or a baseline has no score.
func (s *Session) Deltas() (sinceOpen, sinceSave float64, ok bool) {
	tot, has := s.t.Total()
	if !has || !s.openHas || !s.savedHas {
		return 0, 0, false
	}
	return tot - s.openTotal, tot - s.savedTotal, true
}

// Counts returns the number of nodes per status.
func (s *Session) Counts() [7]int { return s.counts.get() }

// CanUndo and CanRedo report whether there is a step to undo or redo.
func (s *Session) CanUndo() bool { return len(s.undo) > 0 }

// CanRedo reports whether there is an undone step to redo.
func (s *Session) CanRedo() bool { return len(s.redo) > 0 }

// ErrNoWeight explains why a node has no weight of its own.
type ErrNoWeight struct{ msg string }

func (e *ErrNoWeight) Error() string { return e.msg }

// WeightSlot returns the slot holding the weight of node id, or an error
// saying why it has none: the root and array elements, extra keys.
func (s *Session) WeightSlot(id scoring.NodeID) (int, error) {
	t := s.t
	switch {
	case id == 0:
		return -1, &ErrNoWeight{"the root has no weight of its own: its score is the total"}
	case t.IsElement(id):
		return -1, &ErrNoWeight{fmt.Sprintf("%s is an array element: elements weigh alike (1/%d each); weigh the keys inside them, or the array itself",
			t.Path(id), childCount(t, t.Parent(id)))}
	case t.Slot(id) < 0:
		return -1, &ErrNoWeight{fmt.Sprintf("%s is a key only the output has: it takes no part, so it has no weight", t.Path(id))}
	}
	return t.Slot(id), nil
}

func childCount(t *scoring.Tree, id scoring.NodeID) int {
	_, n := t.Children(id)
	return n
}

// ParseWeight reads a weight typed by the user: a number in [0, 1].
func ParseWeight(text string) (float64, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return 0, errors.New("type a weight between 0 and 1")
	}
	v, err := strconv.ParseFloat(text, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number: type a weight between 0 and 1", text)
	}
	if !(v >= 0 && v <= 1) {
		return 0, fmt.Errorf("weight %s is outside [0, 1]", text)
	}
	return v, nil
}

// SetWeight sets the weight of the key slot of node id (every node at that
// place) and returns what the status line says about it.
func (s *Session) SetWeight(id scoring.NodeID, w float64) (string, error) {
	slot, err := s.WeightSlot(id)
	if err != nil {
		return "", err
	}
	if !(w >= 0 && w <= 1) {
		return "", fmt.Errorf("weight %s is outside [0, 1]", report.Figure(w))
	}
	old := s.t.SlotWeightAt(slot)
	if old == w {
		return fmt.Sprintf("%s already weighs %s", s.t.SchemaPath(slot), report.Figure(w)), nil
	}
	label := fmt.Sprintf("weight of %s %s → %s", s.t.SchemaPath(slot), report.Figure(old), report.Figure(w))
	if err := s.apply(change{label: label, edits: []edit{{slot, old, w}}}, false); err != nil {
		return "", err
	}
	s.redo = s.redo[:0]
	return label + s.scope(id, slot), nil
}

// Nudge raises (delta > 0) or lowers the weight of node id by delta,
// within [0, 1].
func (s *Session) Nudge(id scoring.NodeID, delta float64) (string, error) {
	slot, err := s.WeightSlot(id)
	if err != nil {
		return "", err
	}
	w := s.t.SlotWeightAt(slot) + delta
	w = math.Round(w*1e9) / 1e9 // 0.1+0.05 is 0.15, not 0.15000000000000002
	w = min(1, max(0, w))
	return s.SetWeight(id, w)
}

// ToggleZero sets the weight of node id to 0, or back to what it was
// before when it is 0 (the file's, or 1, when the session never saw it
// otherwise).
func (s *Session) ToggleZero(id scoring.NodeID) (string, error) {
	slot, err := s.WeightSlot(id)
	if err != nil {
		return "", err
	}
	cur := s.t.SlotWeightAt(slot)
	if cur != 0 {
		s.prev[slot] = cur
		return s.SetWeight(id, 0)
	}
	back, ok := s.prev[slot]
	if !ok {
		back = s.t.SlotAt(slot).FileWeight
		if back == 0 {
			back = 1
		}
	}
	return s.SetWeight(id, back)
}

// Reset sets the weight of node id back to the weights file's.
func (s *Session) Reset(id scoring.NodeID) (string, error) {
	slot, err := s.WeightSlot(id)
	if err != nil {
		return "", err
	}
	return s.SetWeight(id, s.t.SlotAt(slot).FileWeight)
}

// ResetAll sets every weight back to the weights file's, as one step.
func (s *Session) ResetAll() (string, error) {
	var c change
	for i, sl := range s.t.Slots() {
		if sl.IsKey() && sl.Weight != sl.FileWeight {
			c.edits = append(c.edits, edit{i, sl.Weight, sl.FileWeight})
		}
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

// Undo takes back the last step.
func (s *Session) Undo() (string, error) {
	s.stepRules, s.stepHasRules = nil, false
	if len(s.undo) == 0 {
		return "", errors.New("nothing to undo")
	}
	c := s.undo[len(s.undo)-1]
	if err := s.apply(c, true); err != nil {
		return "", err
	}
	s.undo = s.undo[:len(s.undo)-1]
	s.redo = append(s.redo, c)
	if c.rules != nil {
		s.stepRules, s.stepHasRules = c.rules.Before, true
	}
	return "undid: " + c.label, nil
}

// Redo does again the last step undone.
func (s *Session) Redo() (string, error) {
	s.stepRules, s.stepHasRules = nil, false
	if len(s.redo) == 0 {
		return "", errors.New("nothing to redo")
	}
	c := s.redo[len(s.redo)-1]
	if err := s.apply(c, false); err != nil {
		return "", err
	}
	s.redo = s.redo[:len(s.redo)-1]
	if c.rules != nil {
		s.stepRules, s.stepHasRules = c.rules.After, true
	}
	return "redid: " + c.label, nil
}

// apply sets the weights of c (their old values when reverse) through the
// engine's slot update, all in one pass however many there are, and
// records c for undo unless reverse.
func (s *Session) apply(c change, reverse bool) error {
	if err := s.lockedErr(); err != nil {
		return err
	}
	slots := make([]int, len(c.edits))
	ws := make([]scoring.SlotWeight, len(c.edits))
	for k, e := range c.edits {
		slots[k] = e.slot
		w := e.new
		if reverse {
			// Backwards, so that a slot edited twice ends at its first
			// old weight.
			e = c.edits[len(c.edits)-1-k]
			w = e.old
		}
		ws[k] = scoring.SlotWeight{Slot: e.slot, Weight: w}
	}
	affected := s.counts.affected(s.t, slots)
	s.counts.uncount(s.t, affected)
	_, err := s.t.SetSlotWeights(ws)
	s.counts.recount(s.t, affected)
	if err != nil {
		return err
	}
	s.version++
	if !reverse {
		s.undo = append(s.undo, c)
	}
	return nil
}

// scope says which nodes an edit of slot (made on node id) reached, when
// more than one: "; applies to all 2 elements of .fixed_menus".
func (s *Session) scope(id scoring.NodeID, slot int) string {
	t := s.t
	n := t.SlotNodeCount(slot)
	if n <= 1 {
		return ""
	}
	levels := strings.Count(t.SchemaPath(slot), "[]")
	arr := scoring.NoNode
	for x := id; x != scoring.NoNode; x = t.Parent(x) {
		if t.IsElement(x) {
			arr = t.Parent(x)
			break
		}
	}
	if levels == 1 && arr != scoring.NoNode {
		m := childCount(t, arr)
		if m == n {
			return fmt.Sprintf("; applies to all %s elements of %s", thousands(n), t.Path(arr))
		}
		return fmt.Sprintf("; applies to the %s of %s elements of %s that have it", thousands(n), thousands(m), t.Path(arr))
	}
	return fmt.Sprintf("; applies to all %s nodes at %s", thousands(n), t.SchemaPath(slot))
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// thousands formats n with thin separators: 1,500,000.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// Thousands formats n with comma separators, as the explorer prints
// counts.
func Thousands(n int) string { return thousands(n) }

// MarshalWeights returns the weights file of the session's weights, in
// the shape of the file they were read from.
func (s *Session) MarshalWeights() ([]byte, error) { return s.t.MarshalWeights(), nil }
