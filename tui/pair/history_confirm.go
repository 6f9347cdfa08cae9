package pair

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// pairChecked does action act on the selected run, asking first when the
// run is of another reference/output pair: its paths are another
// document's, whose scores compare with the tree's by name only.
func (ra *runActions) pairChecked(req runspane.RunActionMsg) tea.Cmd {
	m := ra.m
	if req.Act != runspane.ActLoad && !req.Run.ThisPair {
		m.confirmAct = req
		m.Mode = shell.ModeConfirmPair
		return nil
	}
	return m.runs.runAction(req)
}

// pairQuestion is what the status line asks before comparing with a run
// of another pair, in room cells: naming the pair when it fits.
func (ra *runActions) pairQuestion(room int) string {
	m := ra.m
	r := m.confirmAct.Run
	q := fmt.Sprintf("run %s is of another pair, %s ⟷ %s: %s anyway?", runspane.ShortID(r.ID), r.Reference, r.Output, m.confirmAct.Act.Verb())
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair (%s): %s anyway?", runspane.ShortID(r.ID), r.Reference, m.confirmAct.Act.Verb())
	}
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair: %s anyway?", runspane.ShortID(r.ID), m.confirmAct.Act.Verb())
	}
	return q
}

// confirmPair answers pairQuestion.
func (ra *runActions) confirmPair(msg tea.KeyPressMsg) tea.Cmd {
	m := ra.m
	switch msg.String() {
	case "y", "Y":
		m.Mode = shell.ModeHistory
		return m.runs.runAction(m.confirmAct)
	case "n", "N", "esc", "q":
		m.Mode = shell.ModeHistory
		m.Status.Set(common.Info("canceled"))
	}
	return nil
}
