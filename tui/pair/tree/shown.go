package tree

import "github.com/jsontui/jsontui/tui/outline"

// Shown is what the tree shows beyond the nodes themselves, which a tree
// scored again (p, m, C) keeps: the children's order and the
// failing-only view.
type Shown struct {
	order   outline.Order
	failing bool
}

// Shown returns what the pane shows beyond the nodes.
func (p *Pane) Shown() Shown {
	return Shown{order: p.ol.Order(), failing: p.ol.Filter() != nil}
}

// RestoreShown shows the tree as v says, the failing-only view made again
// from the new figures (all nodes when none loses points now).
func (p *Pane) RestoreShown(v Shown) {
	if v.order != p.ol.Order() {
		p.keep(func() { p.ol.SetOrder(v.order) })
	}
	if v.failing {
		if set := outline.Failing(p.sess.Tree()); set.Len() > 0 {
			p.keep(func() { p.ol.SetFilter(set) })
		}
	}
}
