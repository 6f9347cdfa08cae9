package tree

import (
	"fmt"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
)

// This file is the failing-only view (f) and the jump to the costliest
// leaf (W).

// toggleFailing shows only the nodes that lose points and their
// ancestors, or every node again.
func (p *Pane) toggleFailing() *common.StatusMsg {
	t := p.sess.Tree()
	if p.ol.Filter() != nil {
		p.keep(func() { p.ol.SetFilter(nil) })
		m := common.Info(fmt.Sprintf("all %s nodes shown", common.Thousands(t.Len())))
		return &m
	}
	set := outline.Failing(t)
	if set.Len() == 0 {
		m := common.Info("no node loses points: the failing-only view would be empty")
		return &m
	}
	p.keep(func() { p.ol.SetFilter(set) })
	k := p.c.Keys.FailingOnly.Help().Key
	m := common.Info(fmt.Sprintf("failing only: the %s nodes that lose points or hold some that do · %s shows all", common.Thousands(set.Len()), k))
	return &m
}

// Hidden returns how many nodes the failing-only view hides, and whether
// it is on.
func (p *Pane) Hidden() (int, bool) {
	f := p.ol.Filter()
	if f == nil {
		return 0, false
	}
	return p.sess.Tree().Len() - f.Len(), true
}

// worst selects the costliest leaf.
func (p *Pane) worst() *common.StatusMsg {
	t := p.sess.Tree()
	id, ok := outline.Costliest(t)
	if !ok {
		m := common.Info("no leaf loses points")
		return &m
	}
	p.SelectNode(id)
	m := common.Info(fmt.Sprintf("the costliest leaf: %s loses %s of the total", t.Path(id), common.Fixed5(t.Loss(id))))
	return &m
}

// HiddenMatches is the status when a search matches only nodes the
// failing-only view hides; failingKey names its key.
func HiddenMatches(m *outline.Matches, failingKey string) common.StatusMsg {
	return common.Warn(fmt.Sprintf("%q: %s match%s, none of them failing: %s shows all nodes", m.Query, common.Thousands(m.Count), common.Plural(m.Count, "es"), failingKey))
}
