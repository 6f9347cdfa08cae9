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
// what the tree shows (shell.ArrangeSide): the pane folds away when the
// tree would cut the values on screen.
func (m *Model) Arrange() {
	if m.Phase != shell.PhaseReady || m.sess == nil {
		return
	}
	m.ArrangeSide(m.tree, m.detail, DetailMinWidth)
}

// DetailMinWidth is the narrowest the detail pane gets beside the tree,
// its rule included.
const DetailMinWidth = detail.MinWidth
