package pair

import (
	"fmt"
	"slices"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/metricstate"
	"github.com/jsontui/jsontui/tui/shell"
)

// PairingChange is a change of how the elements of the arrays at one
// schema path pair, asked for with the pairing key (p) on one of them.
type PairingChange struct {
	// Path is the schema path; array the path of the array selected.
	Path, Array string
	From, To    scoring.Lists
}

// pairChoicesMsg carries the pairings an array can take (PairingChoices),
// found in the background: for a large array, finding the fields that
// could key its records reads every record.
type pairChoicesMsg struct {
	tree    *scoring.Tree
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

// pairingSpec returns what a pairing change rescores from: the rescore
// in flight, if any (presses in a row go on from it), else the metric
// and options in force.
func (m *Model) pairingSpec() rescoreSpec {
	if s := m.jobs.inflight; s != nil {
		return *s
	}
	return rescoreSpec{metric: m.metric.Name, user: m.opts.MetricOptions}
}

// cyclePairing starts the change of the pairing of the array at (or
// around) node id to the next of its choices: their list is found in the
// background (pairChoicesReady goes on).
func (m *Model) cyclePairing(id scoring.NodeID) tea.Cmd {
	if m.opts.Rescore == nil {
		m.Status.Set(common.Info("the pairing cannot change here: nothing scores again"))
		return nil
	}
	spec := m.pairingSpec()
	if c, ok := m.Choice(spec.metric); !ok || !slices.Contains(c.Takes, scoring.OptLists) {
		m.Status.Set(common.Warn(spec.metric + " pairs list elements its own way: p works under jsondiff (m)"))
		return nil
	}
	t := m.sess.Tree()
	arr := arrayAt(t, id)
	if arr == scoring.NoNode {
		m.Status.Set(common.Info("p changes how an array's elements pair: select an array, or a node inside one"))
		return nil
	}
	if st := t.Status(arr); st == scoring.Missing || st == scoring.Type {
		m.Status.Set(common.Info("the output has no array at " + t.Path(arr) + ": nothing to pair"))
		return nil
	}
	m.Status.Set(common.Info("pairing " + t.Path(arr) + "…"))
	return m.C.Bg.Run(func() tea.Msg {
		path, choices, _ := t.PairingChoices(arr)
		return pairChoicesMsg{tree: t, node: arr, path: path, choices: choices}
	})
}

// pairChoicesReady takes an array's choices and rescores with the one
// after the pairing in force (or on its way) at its schema path.
func (m *Model) pairChoicesReady(msg pairChoicesMsg) tea.Cmd {
	// Every press counts, in the order they come: each goes on from the
	// pairing the one before asked for.
	if msg.tree != m.sess.Tree() || m.Phase != shell.PhaseReady || len(msg.choices) == 0 {
		return nil
	}
	spec := m.pairingSpec()
	from := spec.user.ListsFor(msg.path)
	next := msg.choices[(slices.Index(msg.choices, from)+1)%len(msg.choices)]
	array := msg.tree.Path(msg.node)
	spec.user = spec.user.WithListsAt(msg.path, next)
	spec.pairing = &PairingChange{Path: msg.path, Array: array, From: from, To: next}
	m.Status.Set(common.Info(fmt.Sprintf("pairing %s by %s…", array, next)))
	return m.rescore(spec)
}

// pairedText says what a pairing change did to tree t, scored by ms: the array's score and the
// total, before and after.
func pairedText(ms *metricstate.State, t *scoring.Tree, pc *PairingChange, oldTree *scoring.Tree, old float64, oldHas bool) string {
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

// hintStatus is the status line's word on the pairing hints, shown once,
// on opening: the costliest array, its score now and under the pairing
// suggested.
func hintStatus(t *scoring.Tree) (common.StatusMsg, bool) {
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
