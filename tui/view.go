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
	v := tea.NewView(content)
	v.AltScreen = true
	if !m.opts.NoMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = "jsontui — " + m.opts.Files.Reference + " vs " + m.opts.Files.Output
	return v
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
	k := m.c.Keys
	s := m.c.Styles
	switch m.mode {
	case modeSearch:
		return m.prompt.View("enter jump · esc cancel")
	case modeWeight:
		return m.prompt.View("0–1 · enter apply · esc cancel")
	case modeSavePath:
		return m.prompt.View("enter save · esc cancel")
	case modeLabel, modeRulesPath:
		return m.prompt.View("enter save · esc cancel")
	case modeRuleValue:
		if m.rulePrompt.Ask == "normalize" {
			return m.prompt.View("case,accents,space · enter apply · esc cancel")
		}
		return m.prompt.View("a number ≥ 0 · enter apply · esc cancel")
	case modeHistory:
		return m.status.View(m.hist.ShortHelp())
	case modeConfirmOverwrite:
		path := m.savePath
		if m.rulesSaves.confirming {
			path = m.rulesSaves.path
		}
		q := fmt.Sprintf("%s exists: overwrite it? (its content is kept as %s.bak)", path, path)
		return common.Spread(s.Warn.Render(q), s.Faint.Render("y overwrite · n/esc cancel"), m.c.Width)
	case modeRecover:
		return recoverStatus(m.c, m.unsaved.offers[0])
	case modeConfirmPair:
		hint := "y " + m.confirmAct.Act.Verb() + " · n/esc cancel"
		return common.Spread(s.Warn.Render(m.pairQuestion(m.c.Width-common.VisibleWidth(hint)-2)), s.Faint.Render(hint), m.c.Width)
	case modeConfirmQuit:
		return common.Spread(s.Warn.Render(m.unsavedText()+": quit anyway?"), s.Faint.Render("y quit · n/esc stay · ctrl+s save & quit"), m.c.Width)
	case modeHelp:
		return m.status.View([]key.Binding{k.Cancel})
	case modeRule:
		return m.status.View(m.ruleChooser.ShortHelp())
	case modeMetric:
		return m.status.View(m.chooser.ShortHelp())
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
