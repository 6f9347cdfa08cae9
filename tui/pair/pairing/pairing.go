// Package pairing is how the elements of a pair's arrays pair, as the
// pair's page shows and changes it: the hint given on opening, the
// choices an array can take (found in the background) and the next one
// the pairing key (p) asks for, and what a change did to the scores.
package pairing

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
)

// Change is a change of how the elements of the arrays at one schema
// path pair, asked for with the pairing key (p) on one of them.
type Change struct {
	// Path is the schema path; array the path of the array selected.
	Path, Array string
	From, To    scoring.Lists
}

// ChoicesMsg carries the pairings an array can take (PairingChoices),
// found in the background: for a large array, finding the fields that
// could key its records reads every record.
type ChoicesMsg struct {
	// Tree is the tree the choices were found in: a result for another
	// tree is stale.
	Tree    *scoring.Tree
	node    scoring.NodeID
	path    string
	choices []scoring.Lists
}

// arrayAt returns the array node id is, or is in (the nearest), whose
// reference value is an array; NoNode for none.
func arrayAt(t *scoring.Tree, id scoring.NodeID) scoring.NodeID {
	for ; id != scoring.NoNode; id = t.Parent(id) {
		if _, ok := t.PairingPlace(id); ok {
			return id
		}
	}
	return scoring.NoNode
}

// Choose finds in the background the pairings the array at (or around)
// node id of t can take; the command ends with a ChoicesMsg. The status
// says what it does, or why there is nothing to pair (a nil command).
func Choose(c *common.Common, t *scoring.Tree, id scoring.NodeID) (tea.Cmd, common.StatusMsg) {
	arr := arrayAt(t, id)
	if arr == scoring.NoNode {
		return nil, common.Info("p changes how an array's elements pair: select an array, or a node inside one")
	}
	if st := t.Status(arr); st == scoring.Missing || st == scoring.Type {
		return nil, common.Info("the output has no array at " + t.Path(arr) + ": nothing to pair")
	}
	return c.Bg.Run(func() tea.Msg {
		path, choices, _ := t.PairingChoices(arr)
		return ChoicesMsg{Tree: t, node: arr, path: path, choices: choices}
	}), common.Info("pairing " + t.Path(arr) + "…")
}

// Next returns the user's options user with the pairing after the one
// in force (or on its way) at the array's schema path, and the change;
// ok is false when the array has no choices.
func Next(msg ChoicesMsg, user scoring.MetricOptions) (scoring.MetricOptions, *Change, bool) {
	if len(msg.choices) == 0 {
		return user, nil, false
	}
	from := user.ListsFor(msg.path)
	next := msg.choices[(slices.Index(msg.choices, from)+1)%len(msg.choices)]
	return user.WithListsAt(msg.path, next), &Change{Path: msg.path, Array: msg.Tree.Path(msg.node), From: from, To: next}, true
}

// ChangedText says what a pairing change did to tree t, scored by ms:
// the array's score and the total, before (in oldTree; old) and after.
func ChangedText(ms *metricstate.State, t *scoring.Tree, pc *Change, oldTree *scoring.Tree, old float64, oldHas bool) string {
	text := fmt.Sprintf("%s paired by %s", pc.Array, pc.To)
	if pc.Path != pc.Array {
		text = fmt.Sprintf("%s paired by %s (every %s)", pc.Array, pc.To, pc.Path)
	}
	if was, ok := oldTree.Find(pc.Array); ok {
		if now, ok := t.Find(pc.Array); ok {
			s0, h0 := oldTree.Score(was)
			s1, h1 := t.Score(now)
			text += fmt.Sprintf(": %s (was %s by %s)", common.ScoreText5(s1, h1), common.ScoreText5(s0, h0), pc.From)
		}
	}
	tot, has := ms.Total(t)
	return text + fmt.Sprintf(" · total %s (was %s)", common.ScoreText5(tot, has), common.ScoreText5(old, oldHas))
}

// HintStatus is the status line's word on the pairing hints, shown
// once, on opening: the costliest array, its score now and under the
// pairing suggested.
func HintStatus(t *scoring.Tree) (common.StatusMsg, bool) {
	hs := t.PairingHints()
	if len(hs) == 0 {
		return common.StatusMsg{}, false
	}
	h := hs[0]
	sug := h.Suggested()
	text := fmt.Sprintf("pairing hint: %s scores %s by %s, %s by %s · p on it cycles the pairing",
		h.Path, common.ScoreText5(h.Score, true), h.Current, common.ScoreText5(sug.Score, true), sug.Lists)
	if len(hs) > 1 {
		text += fmt.Sprintf(" · %d more arrays: !", len(hs)-1)
	}
	return common.Warn(text), true
}
