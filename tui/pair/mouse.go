package pair

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/shell"
)

// handleMouse scrolls with the wheel, selects the clicked row, toggles a
// node when its marker is clicked, and expands the header's notes when
// they are clicked; in the history pane, the wheel and clicks choose a
// run.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.Phase != shell.PhaseReady || m.opts.NoMouse {
		return nil
	}
	mouse := msg.Mouse()
	top := m.hdr.Height()
	if m.Mode == shell.ModeHistory {
		return m.Hist.Update(common.PaneMouseMsg{Msg: msg, Y: mouse.Y - top})
	}
	if m.Mode != shell.ModeNormal {
		return nil
	}
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		step := 0
		switch msg.Button {
		case tea.MouseWheelDown:
			step = common.WheelStep
		case tea.MouseWheelUp:
			step = -common.WheelStep
		}
		if m.overDetail(mouse.X, mouse.Y-top-m.panelH) {
			return m.detail.Update(common.PaneMouseMsg{Msg: msg})
		} else {
			m.tree.ScrollWindow(step)
		}
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return nil
		}
		if mouse.Y == 1 && m.hdr.HasNotes() {
			m.hdr.Update(header.ToggleNotesMsg{})
			m.Layout()
			return nil
		}
		y := mouse.Y - top - m.panelH
		if y < 0 || y >= m.tree.Height() || mouse.X >= m.tree.Width() {
			return nil
		}
		row := m.tree.RowAt(y)
		if row < 0 {
			return nil
		}
		m.tree.SetCursor(row)
		if x0, x1 := m.tree.MarkerSpan(row); mouse.X >= x0 && mouse.X < x1 {
			m.tree.Outline().Toggle(row)
			m.tree.Scroll()
		}
	}
	return nil
}

// overDetail reports whether the cell at x, line y of the body (below
// the score panel) is the detail pane's.
func (m *Model) overDetail(x, y int) bool {
	switch {
	case !m.ShowDetail() || y < 0:
		return false
	case m.detail.Side():
		return x >= m.tree.Width()
	}
	return y >= m.tree.Height()
}
