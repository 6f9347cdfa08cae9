package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// View renders the screen.
func (m *Model) View() tea.View {
	var content string
	if m.sess == nil { // loading, or quitting while it loaded
		content = m.loadView()
	} else {
		content = m.screen()
	}
	return m.frame(content, "jsontui — "+m.opts.Files.Reference+" vs "+m.opts.Files.Output)
}

// screen renders header, body and status line.
func (m *Model) screen() string {
	w, h := m.c.Width, m.c.Height
	if w <= 0 || h <= 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.hdr.View())
	b.WriteByte('\n')
	b.WriteString(m.body())
	b.WriteByte('\n')
	b.WriteString(m.statusView())
	return b.String()
}

// body renders the area between header and status line.
func (m *Model) body() string {
	switch m.mode {
	case modeHelp:
		return m.help.View()
	case modeHistory, modeLabel, modeConfirmPair:
		return m.hist.View()
	}
	tree := m.tree.View()
	m.detail.Update(selectNodeMsg{id: m.tree.Selected()})
	var body string
	switch {
	case !m.showDetail():
		body = tree
	case m.detail.side:
		body = lipgloss.JoinHorizontal(lipgloss.Top, tree, m.detail.View())
	default:
		body = tree + "\n" + m.detail.View()
	}
	if m.panelH > 0 {
		body = m.panel.View() + "\n" + body
	}
	switch m.mode {
	case modeMetric:
		body = overlay(body, m.chooser.View(), m.c.Width)
	case modeRecover:
		body = overlay(body, m.recoverView(), m.c.Width)
	case modeRule:
		body = overlay(body, m.ruleChooser.View(), m.c.Width)
	}
	return body
}

// overlay draws box centred over base.
func overlay(base, box string, width int) string {
	bw, bh := lipgloss.Width(box), lipgloss.Height(box)
	h := lipgloss.Height(base)
	x, y := max(0, (width-bw)/2), max(0, (h-bh)/3)
	c := lipgloss.NewCanvas(width, h)
	// One compositor of both layers: a layer composed on a canvas alone
	// is drawn over the whole canvas, where it is, blanking what is below.
	c.Compose(lipgloss.NewCompositor(lipgloss.NewLayer(base), lipgloss.NewLayer(box).X(x).Y(y).Z(1)))
	return c.Render()
}

// statusView renders the bottom line for the mode.
func (m *Model) statusView() string {
	k, s := m.c.Keys, m.c.Styles
	if m.mode == modeConfirmPair {
		hint := "y " + m.confirmAct.Act.Verb() + " · n/esc cancel"
		return common.Spread(s.Warn.Render(m.pairQuestion(m.c.Width-common.VisibleWidth(hint)-2)), s.Faint.Render(hint), m.c.Width)
	}
	if line, ok := m.statusLine(); ok {
		return line
	}
	if m.folded {
		// The detail pane gave way to the tree: say how to bring it.
		return m.status.View(append([]key.Binding{k.Detail}, k.ShortHelp()...))
	}
	return m.status.View(k.ShortHelp())
}

// badge is what the status line says while the failing-only view is on:
// how many nodes it hides.
func (m *Model) badge() string {
	if m.tree == nil || m.mode != modeNormal {
		return ""
	}
	n, on := m.tree.hidden()
	if !on {
		return ""
	}
	return fmt.Sprintf("failing only: %s of %s nodes hidden", common.Thousands(n), common.Thousands(m.sess.Tree().Len()))
}
