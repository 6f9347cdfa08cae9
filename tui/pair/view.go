package pair

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// View renders the screen.
func (m *Model) View() tea.View {
	var content string
	if m.Sess == nil { // loading, or quitting while it loaded
		content = m.loadView()
	} else {
		content = m.screen()
	}
	return m.Frame(content, "jsontui — "+m.opts.Files.Reference+" vs "+m.opts.Files.Output)
}

// screen renders header, body and status line.
func (m *Model) screen() string {
	w, h := m.C.Width, m.C.Height
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
	switch m.Mode {
	case shell.ModeHelp:
		return m.Help.View()
	case shell.ModeHistory, shell.ModeLabel, shell.ModeConfirmPair:
		return m.Hist.View()
	}
	tree := m.Tree.View()
	m.detail.Update(SelectNodeMsg{Id: m.Tree.Selected()})
	var body string
	switch {
	case !m.ShowDetail():
		body = tree
	case m.detail.side:
		body = lipgloss.JoinHorizontal(lipgloss.Top, tree, m.detail.View())
	default:
		body = tree + "\n" + m.detail.View()
	}
	if m.panelH > 0 {
		body = m.panel.View() + "\n" + body
	}
	switch m.Mode {
	case shell.ModeMetric:
		body = Overlay(body, m.Chooser.View(), m.C.Width)
	case shell.ModeRecover:
		body = Overlay(body, m.OfferView("reference"), m.C.Width)
	case shell.ModeRule:
		body = Overlay(body, m.RuleChooser.View(), m.C.Width)
	}
	return body
}

// Overlay draws box centred over base.
func Overlay(base, box string, width int) string {
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
	k, s := m.C.Keys, m.C.Styles
	if m.Mode == shell.ModeConfirmPair {
		hint := "y " + m.confirmAct.Act.Verb() + " · n/esc cancel"
		return common.Spread(s.Warn.Render(m.runs.pairQuestion(m.C.Width-common.VisibleWidth(hint)-2)), s.Faint.Render(hint), m.C.Width)
	}
	if line, ok := m.StatusLine(); ok {
		return line
	}
	if m.Folded {
		// The detail pane gave way to the tree: say how to bring it.
		return m.Status.View(append([]key.Binding{k.Detail}, k.ShortHelp()...))
	}
	return m.Status.View(k.ShortHelp())
}

// badge is what the status line says while the failing-only view is on:
// how many nodes it hides.
func (m *Model) badge() string {
	if m.Tree == nil || m.Mode != shell.ModeNormal {
		return ""
	}
	n, on := m.Tree.hidden()
	if !on {
		return ""
	}
	return fmt.Sprintf("failing only: %s of %s nodes hidden", common.Thousands(n), common.Thousands(m.Sess.Tree().Len()))
}
