package datasetpage

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/shell"
)

// View renders the screen: the loading screen, the dataset, or the case
// opened as a pair.
func (m *Model) View() tea.View {
	if m.open != nil {
		v := m.open.m.View()
		v.WindowTitle = common.Safe("jsontui — case " + escape.Text(m.open.id) + " of " + escape.Text(m.opts.Files.Reference))
		return v
	}
	var content string
	if m.Phase == shell.PhaseLoading || m.ds == nil {
		content = m.load.view(m.C, m.opts.Files, m.QuitHint())
	} else {
		content = m.Screen()
	}
	return m.Frame(content, "jsontui — dataset "+escape.Text(m.opts.Files.Reference))
}

// Header renders the header.
func (m *Model) Header() string { return m.hdr.View() }

// Panes renders the view in force, with the progress of a rescore over
// it unless the mode opens a box of its own (a chooser, an offer).
func (m *Model) Panes() string {
	body := m.viewBody()
	switch m.Mode {
	case shell.ModeMetric, shell.ModeRule, shell.ModeRecover:
		return body
	}
	if m.rescoring.Shown() {
		body = shell.Overlay(body, m.rescoring.View(), m.C.Width)
	}
	return body
}

// viewBody renders the view shown: the tree (and the detail pane), the
// cases pane, the heat map or the groups.
func (m *Model) viewBody() string {
	switch m.view {
	case dsdata.ViewCases:
		return m.cases.View()
	case dsdata.ViewHeat:
		return m.heat.View()
	case dsdata.ViewGroups:
		return m.groups.View()
	}
	tree := m.tree.View()
	if !m.ShowDetail() {
		return tree
	}
	m.detail.SelectPath(m.tree.SelectedPath())
	if m.detail.Beside() {
		return lipgloss.JoinHorizontal(lipgloss.Top, tree, m.detail.View())
	}
	return tree + "\n" + m.detail.View()
}

// StatusView renders the bottom line for the mode and the view.
func (m *Model) StatusView() string {
	k := m.C.Keys
	if m.Mode == shell.ModeSearch && m.promptFor == dsdata.PromptFind {
		return m.Prompt.View("enter finds · n/N the next/previous · esc cancel")
	}
	if line, ok := m.StatusLine(); ok {
		return line
	}
	if line, ok := m.proposalStatus(); ok {
		return line
	}
	if m.rescoring.Shown() {
		return m.Status.View(m.rescoring.ShortHelp())
	}
	switch m.view {
	case dsdata.ViewCases:
		return m.Status.View(m.cases.ShortHelp())
	case dsdata.ViewHeat:
		return m.Status.View(m.heat.ShortHelp())
	case dsdata.ViewGroups:
		return m.Status.View(m.groups.ShortHelp())
	}
	if m.Folded {
		return m.Status.View(append([]key.Binding{k.Detail}, m.tree.ShortHelp()...))
	}
	return m.Status.View(m.tree.ShortHelp())
}

// Layout sizes every pane: the one place that decides where things go.
// Its part that depends on what the tree shows, arrange, also runs after
// every message.
func (m *Model) Layout() {
	w, h := m.C.Width, m.C.Height
	m.Status.SetWidth(w)
	m.Prompt.SetWidth(w)
	if m.Phase != shell.PhaseReady || m.ds == nil {
		return
	}
	m.hdr.SetSize(w, h)
	body := max(2, h-m.hdr.Height()-1)
	m.BodyH = body
	m.Help.SetSize(w, body)
	m.Hist.SetSize(w, body)
	m.cases.SetSize(w, body)
	m.heat.SetSize(w, body)
	m.groups.SetSize(w, body)
	m.Chooser.SetSize(w, body)
	m.RuleChooser.SetSize(w, body)
	m.rescoring.SetSize(w, body)
	m.Arrange()
}

// Arrange shares the body out between the tree and the detail pane, as
// a pair's explorer does (shell.ArrangeSide).
func (m *Model) Arrange() {
	if m.Phase != shell.PhaseReady || m.ds == nil {
		return
	}
	m.ArrangeSide(m.tree, m.detail, pair.DetailMinWidth)
}

// handleMouse scrolls the pane under the wheel and selects the row
// clicked, in the tree and the cases pane.
func (m *Model) handleMouse(msg tea.MouseMsg) tea.Cmd {
	if m.Phase != shell.PhaseReady || m.opts.NoMouse {
		return nil
	}
	mouse := msg.Mouse()
	y := mouse.Y - m.hdr.Height()
	if m.Mode == shell.ModeHistory {
		return m.Hist.Update(common.PaneMouseMsg{Msg: msg, Y: y})
	}
	if m.Mode != shell.ModeNormal {
		return nil
	}
	k := m.C.Keys
	switch msg := msg.(type) {
	case tea.MouseWheelMsg:
		press := k.Down
		if msg.Button == tea.MouseWheelUp {
			press = k.Up
		}
		kp := keyPress(press.Keys()[0])
		var cmd tea.Cmd
		for range common.WheelStep {
			switch m.view {
			case dsdata.ViewCases:
				cmd = m.cases.Update(kp)
			case dsdata.ViewHeat:
				cmd = m.heat.Update(kp)
			case dsdata.ViewGroups:
				cmd = m.groups.Update(kp)
			default:
				if m.ShowDetail() && mouse.X >= m.tree.Width() {
					return m.detail.Update(common.PaneMouseMsg{Msg: msg, Y: y})
				}
				cmd = m.tree.Update(kp)
			}
		}
		return cmd
	case tea.MouseClickMsg:
		if msg.Button != tea.MouseLeft || y < 0 {
			return nil
		}
		switch m.view {
		case dsdata.ViewCases:
			return m.cases.Update(common.PaneMouseMsg{Msg: msg, Y: y})
		case dsdata.ViewTree:
			return m.tree.Update(common.PaneMouseMsg{Msg: msg, Y: y})
		}
	}
	return nil
}

// keyPress builds the key press of a key map's key name.
func keyPress(k string) tea.KeyPressMsg {
	switch k {
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	}
	r := []rune(k)[0]
	return tea.KeyPressMsg{Code: r, Text: string(r)}
}
