package pair

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/shell"
)

// View renders the screen.
func (m *Model) View() tea.View {
	var content string
	if m.sess == nil { // loading, or quitting while it loaded
		content = m.load.View(m.QuitHint())
	} else {
		content = m.Screen()
	}
	return m.Frame(content, "jsontui — "+escape.Text(m.opts.Files.Reference)+" vs "+escape.Text(m.opts.Files.Output))
}

// Header renders the header.
func (m *Model) Header() string { return m.hdr.View() }

// Panes renders the tree, the detail pane beside or below it when shown,
// and the score panel above them when it has room.
func (m *Model) Panes() string {
	tree := m.tree.View()
	m.detail.Update(detail.ShowMsg{ID: m.tree.Selected()})
	var body string
	switch {
	case !m.ShowDetail():
		body = tree
	case m.detail.Side():
		body = lipgloss.JoinHorizontal(lipgloss.Top, tree, m.detail.View())
	default:
		body = tree + "\n" + m.detail.View()
	}
	if m.panelH > 0 {
		body = m.panel.View() + "\n" + body
	}
	return body
}

// StatusView renders the bottom line for the mode.
func (m *Model) StatusView() string {
	k := m.C.Keys
	if m.Mode == shell.ModeConfirmPair {
		return m.runs.QuestionView()
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
	if m.tree == nil || m.Mode != shell.ModeNormal {
		return ""
	}
	n, on := m.tree.Hidden()
	if !on {
		return ""
	}
	return fmt.Sprintf("failing only: %s of %s nodes hidden", common.Thousands(n), common.Thousands(m.sess.Tree().Len()))
}
