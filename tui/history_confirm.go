package tui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// pairChecked does action act on the selected run, asking first when the
// run is of another reference/output pair: its paths are another
// document's, whose scores compare with the tree's by name only.
func (m *Model) pairChecked(req runActionMsg) tea.Cmd {
	if req.act != actLoad && !req.run.ThisPair {
		m.confirmAct = req
		m.mode = modeConfirmPair
		return nil
	}
	return m.runAction(req)
}

// pairQuestion is what the status line asks before comparing with a run
// of another pair, in room cells: naming the pair when it fits.
func (m *Model) pairQuestion(room int) string {
	r := m.confirmAct.run
	q := fmt.Sprintf("run %s is of another pair, %s ⟷ %s: %s anyway?", shortID(r.ID), r.Reference, r.Output, m.confirmAct.act.verb())
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair (%s): %s anyway?", shortID(r.ID), r.Reference, m.confirmAct.act.verb())
	}
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair: %s anyway?", shortID(r.ID), m.confirmAct.act.verb())
	}
	return q
}

// confirmPair answers pairQuestion.
func (m *Model) confirmPair(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "y", "Y":
		m.mode = modeHistory
		return m.runAction(m.confirmAct)
	case "n", "N", "esc", "q":
		m.mode = modeHistory
		m.status.Set(common.Info("canceled"))
	}
	return nil
}

// verb names the action in a question: "compare", "diff".
func (a runAction) verb() string {
	switch a {
	case actCompare:
		return "compare"
	case actDiff:
		return "diff"
	}
	return "load"
}
