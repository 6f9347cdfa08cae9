package pair

import (
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/shell"
)

// Layout sizes every component: the one place that decides where things
// go. Its part that depends on what the tree shows, arrange, also runs
// after every message.
func (m *Model) Layout() {
	w, h := m.C.Width, m.C.Height
	m.Status.SetWidth(w)
	m.Prompt.SetWidth(w)
	if m.Phase == shell.PhaseLoading || m.sess == nil {
		return
	}
	m.hdr.SetSize(w, h)
	body := max(2, h-m.hdr.Height()-1)
	m.Help.SetSize(w, body)
	m.Hist.SetSize(w, body)
	m.panel.SetSize(w, body)
	m.panelH = m.panel.Height()
	m.BodyH = body - m.panelH
	m.Chooser.SetSize(w, body)
	m.RuleChooser.SetSize(w, body)
	m.Arrange()
}

// Arrange shares the body out between the tree and the detail pane, from
// what the tree shows. Beside the tree the pane takes two fifths of the
// width (40 to 80 cells), less when the tree would cut the values on
// screen (down to detailMinWidth); when even that would cut them, the
// pane shown by default folds away (tab still shows it). Below the tree
// (tab on a screen narrower than sideMinWidth) it takes three fifths of
// the height.
func (m *Model) Arrange() {
	if m.Phase != shell.PhaseReady || m.sess == nil {
		return
	}
	w, body := m.C.Width, m.BodyH
	m.Folded = false
	switch {
	case m.Side == shell.SideNone || w < shell.SideMinWidth && m.Side == shell.SideAuto:
		m.tree.SetSize(w, body)
	case w >= shell.SideMinWidth:
		m.tree.SetSize(m.tree.Width(), body) // the rows on screen, first
		dw := max(DetailMinWidth, min(80, w*2/5))
		if need := m.tree.NeedWidth(); w-dw < need {
			dw = max(DetailMinWidth, w-need)
			if w-dw < need && m.Side == shell.SideAuto {
				m.Folded = true
				m.tree.SetSize(w, body)
				return
			}
		}
		m.tree.SetSize(w-dw, body)
		m.detail.SetSize(dw, body)
		m.detail.SetSide(true)
	default:
		th := max(4, body*2/5)
		m.tree.SetSize(w, th)
		m.detail.SetSize(w, body-th)
		m.detail.SetSide(false)
	}
}

// DetailMinWidth is the narrowest the detail pane gets beside the tree,
// its rule included.
const DetailMinWidth = detail.MinWidth
