package casespane

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
)

// unscored reports whether a case of status st scores 0 for want of an
// output to score: missing or invalid.
func unscored(st dataset.CaseStatus) bool {
	return st == dataset.CaseMissing || st == dataset.CaseInvalid
}

// unscoredLeaf is what the cases pane says in place of a missing or
// invalid case's costliest leaf: it has none, its whole output is.
func unscoredLeaf(cf dataset.CaseFigures) string {
	if cf.Status == dataset.CaseMissing {
		return "(no output)"
	}
	if cf.Error != "" {
		return "(invalid) " + escape.Text(cf.Error)
	}
	return "(invalid)"
}

// toggleUnscored shows the missing and invalid cases, or hides them
// again, the cursor staying on its case when it is listed still.
func (p *Pane) toggleUnscored() tea.Cmd {
	sel, ok := p.Selected()
	p.order.showUnscored = !p.order.showUnscored
	p.order.stale = true
	if ok {
		p.selectCase(sel)
	}
	n := len(p.order.Cases())
	if p.order.showUnscored {
		return common.StatusCmd(common.Info(fmt.Sprintf("%s cases listed, the missing and invalid too", common.Thousands(n))))
	}
	return common.StatusCmd(common.Info(fmt.Sprintf("%s cases listed · %s missing or invalid hidden", common.Thousands(n), common.Thousands(p.order.hidden))))
}
