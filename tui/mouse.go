package tui

import (
	tea "charm.land/bubbletea/v2"
)

// wheelStep is how many rows a wheel notch scrolls.
const wheelStep = 3

// handleMouse scrolls with the wheel, selects the clicked row, toggles a
// node when its marker is clicked, and expands the header's notes when
// they are clicked.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.phase != phaseReady || m.opts.NoMouse || m.mode != modeNormal {
		return nil
	}
	mouse := msg.Mouse()
	top := m.hdr.Height(m.c.height)
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		switch msg.Button {
		case tea.MouseWheelDown:
			m.tree.scrollWindow(wheelStep)
		case tea.MouseWheelUp:
			m.tree.scrollWindow(-wheelStep)
		}
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft {
			return nil
		}
		if mouse.Y == 1 && len(m.hdr.notes) > 0 {
			m.hdr.expanded = !m.hdr.expanded
			m.layout()
			return nil
		}
		y := mouse.Y - top
		if y < 0 || y >= m.tree.height || mouse.X >= m.tree.width {
			return nil
		}
		row := m.tree.rowAt(y)
		if row < 0 {
			return nil
		}
		m.tree.setCursor(row)
		if x0, x1 := m.tree.markerSpan(row); mouse.X >= x0 && mouse.X < x1 {
			m.tree.ol.Toggle(row)
			m.tree.scroll()
		}
	}
	return nil
}

// scrollWindow moves the window by n rows, taking the cursor along only
// when it would leave it.
func (p *treePane) scrollWindow(n int) {
	h := p.page()
	p.offset = max(0, min(p.offset+n, p.ol.Len()-h))
	if p.cursor < p.offset {
		p.cursor = p.offset
	}
	if p.cursor > p.offset+h-1 {
		p.cursor = p.offset + h - 1
	}
}
