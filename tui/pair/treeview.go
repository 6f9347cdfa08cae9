package pair

import "github.com/jsontui/jsontui/tui/outline"

// treeView is what the tree shows beyond the nodes themselves, which a
// tree scored again (p, m, C) keeps: the children's order and the
// failing-only view.
type treeView struct {
	order   outline.Order
	failing bool
}

// view returns the pane's treeView.
func (p *treePane) view() treeView {
	return treeView{order: p.ol.Order(), failing: p.ol.Filter() != nil}
}

// restoreView shows the tree as v says, the failing-only view made again
// from the new figures (all nodes when none loses points now).
func (p *treePane) restoreView(v treeView) {
	if v.order != p.ol.Order() {
		p.keep(func() { p.ol.SetOrder(v.order) })
	}
	if v.failing {
		if set := outline.Failing(p.sess.Tree()); set.Len() > 0 {
			p.keep(func() { p.ol.SetFilter(set) })
		}
	}
}
