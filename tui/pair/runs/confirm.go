package runs

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
func (c *Controller) pairChecked(req runspane.RunActionMsg) tea.Cmd {
	if req.Act != runspane.ActLoad && !req.Run.ThisPair {
		c.confirm = req
		c.sh.Mode = shell.ModeConfirmPair
		return nil
	}
	return c.RunAction(req)
}

// question is what the status line asks before comparing with a run of
// another pair, in room cells: naming the pair when it fits.
func (c *Controller) question(room int) string {
	r, verb := c.confirm.Run, c.confirm.Act.Verb()
	q := fmt.Sprintf("run %s is of another pair, %s ⟷ %s: %s anyway?", runspane.ShortID(r.ID), r.Reference, r.Output, verb)
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair (%s): %s anyway?", runspane.ShortID(r.ID), r.Reference, verb)
	}
	if common.VisibleWidth(q) > room {
		q = fmt.Sprintf("run %s is of another pair: %s anyway?", runspane.ShortID(r.ID), verb)
	}
	return q
}

// QuestionView renders the status line that asks before acting on a run
// of another pair (ModeConfirmPair).
func (c *Controller) QuestionView() string {
	s, w := c.sh.C.Styles, c.sh.C.Width
	hint := "y " + c.confirm.Act.Verb() + " · n/esc cancel"
	return common.Spread(s.Warn.Render(c.question(w-common.VisibleWidth(hint)-2)), s.Faint.Render(hint), w)
}

// ConfirmKey answers the question of QuestionView.
func (c *Controller) ConfirmKey(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "y", "Y":
		c.sh.Mode = shell.ModeHistory
		return c.RunAction(c.confirm)
	case "n", "N", "esc", "q":
		c.sh.Mode = shell.ModeHistory
		c.sh.Status.Set(common.Info("canceled"))
	}
	return nil
}
