package tui

// side is the pane beside (or below) the tree. The history pane is not
// one: it takes the whole body in its own mode, modeHistory.
type side int

const (
	sideAuto   side = iota // the detail pane when the screen is wide enough
	sideNone               // the tree alone
	sideDetail             // the detail pane
)

// sideMinWidth is the width from which the detail pane stands beside the
// tree, and shows by default.
const sideMinWidth = 110

// detailMinWidth is the narrowest the detail pane gets beside the tree,
// its rule included.
const detailMinWidth = 40

// layout sizes every component: the one place that decides where things
// go. Its part that depends on what the tree shows, arrange, also runs
// after every message.
func (m *Model) layout() {
	w, h := m.c.Width, m.c.Height
	m.status.SetWidth(w)
	m.prompt.SetWidth(w)
	if m.phase == phaseLoading || m.sess == nil {
		return
	}
	m.hdr.SetSize(w, h)
	body := max(2, h-m.hdr.Height()-1)
	m.help.SetSize(w, body)
	m.hist.SetSize(w, body)
	m.panel.SetSize(w, body)
	m.panelH = m.panel.Height()
	m.bodyH = body - m.panelH
	m.chooser.SetSize(w, body)
	m.ruleChooser.SetSize(w, body)
	m.arrange()
}

// arrange shares the body out between the tree and the detail pane, from
// what the tree shows. Beside the tree the pane takes two fifths of the
// width (40 to 80 cells), less when the tree would cut the values on
// screen (down to detailMinWidth); when even that would cut them, the
// pane shown by default folds away (tab still shows it). Below the tree
// (tab on a screen narrower than sideMinWidth) it takes three fifths of
// the height.
func (m *Model) arrange() {
	if m.phase != phaseReady || m.sess == nil {
		return
	}
	w, body := m.c.Width, m.bodyH
	m.folded = false
	switch {
	case m.side == sideNone || w < sideMinWidth && m.side == sideAuto:
		m.tree.SetSize(w, body)
	case w >= sideMinWidth:
		m.tree.SetSize(m.tree.width, body) // the rows on screen, first
		dw := max(detailMinWidth, min(80, w*2/5))
		if need := m.tree.needWidth(); w-dw < need {
			dw = max(detailMinWidth, w-need)
			if w-dw < need && m.side == sideAuto {
				m.folded = true
				m.tree.SetSize(w, body)
				return
			}
		}
		m.tree.SetSize(w-dw, body)
		m.detail.SetSize(dw, body)
		m.detail.setSide(true)
	default:
		th := max(4, body*2/5)
		m.tree.SetSize(w, th)
		m.detail.SetSize(w, body-th)
		m.detail.setSide(false)
	}
}
