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
// invalid case's costliest leaf, as the command line's list does
// (dataset.WorstLabel): it has none, its whole output is; an invalid
// case's error follows.
func unscoredLeaf(cf dataset.CaseFigures) string {
	label := dataset.WorstLabel(&cf)
	if cf.Status == dataset.CaseInvalid && cf.ParseError() != "" {
		label += " " + escape.Text(cf.ParseError())
	}
	return label
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
	text := fmt.Sprintf("%s cases listed", common.Thousands(n))
	if h := p.order.hiddenText(); h != "" {
		text += " · " + h + " not listed"
	}
	return common.StatusCmd(common.Info(text))
}

// footer counts the missing and invalid cases left out, on the pane's
// last line: "" when none is.
func (p *Pane) footer() string {
	h := p.order.hiddenText()
	if h == "" {
		return ""
	}
	return fmt.Sprintf("+ %s not listed, each scoring 0 · %s lists them", h, p.c.Keys.CasesPane.Unscored.Help().Key)
}
