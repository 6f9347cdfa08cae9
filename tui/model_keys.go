package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/runspane"
)

// pageKey takes the keys the shell leaves to a pair's explorer: the
// question about a run of another pair, and the keys of normal mode.
func (m *Model) pageKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.mode == modeConfirmPair {
		return m.confirmPair(msg)
	}
	return m.normalKey(msg)
}

// normalKey runs a key in normal mode.
func (m *Model) normalKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.c.Keys
	id := m.tree.Selected()
	switch {
	case key.Matches(msg, k.EndCompare):
		if m.cmp == nil {
			return nil
		}
		name := runspane.RunName(m.cmp.Run)
		m.setComparison(nil)
		m.status.Set(common.Info("ended the comparison with " + name))
	case key.Matches(msg, k.Detail):
		if m.showDetail() {
			m.side = sideNone
		} else {
			m.side = sideDetail
		}
		m.layout()
	case key.Matches(msg, k.Warnings):
		cmd := m.hdr.Update(msg)
		m.layout()
		return cmd
	case key.Matches(msg, k.Search):
		m.mode = modeSearch
		last := ""
		if m.tree.matches != nil {
			last = m.tree.matches.Query
		}
		m.prompt.Open("/", "", last, 200)
	case key.Matches(msg, k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset, k.ResetAll, k.Undo, k.Redo):
		return m.weightKey(msg, id)
	case key.Matches(msg, k.Copy):
		path := m.sess.Tree().Path(id)
		m.status.Set(common.Success("copied " + path))
		return tea.SetClipboard(path)
	case key.Matches(msg, k.CopyOutput):
		return m.copyOutput(id)
	case key.Matches(msg, k.DetailDown, k.DetailUp):
		return m.scrollDetail(msg)
	case key.Matches(msg, k.Metric):
		m.openChooser()
	case key.Matches(msg, k.Rule):
		m.openRuleChooser()
	case key.Matches(msg, k.Pairing):
		return m.cyclePairing(id)
	case key.Matches(msg, k.Cases, k.HeatMap, k.FilterCases):
		m.status.Set(common.Info("the cases, the heat map and f are a dataset's: open one with jsontui DATA.jsonl [WEIGHTS]"))
	default:
		return m.tree.Update(msg)
	}
	return nil
}

// scrollDetail scrolls the detail pane a few lines down or up.
func (m *Model) scrollDetail(msg tea.KeyPressMsg) tea.Cmd {
	if !m.showDetail() {
		m.status.Set(common.Info("the detail pane is hidden: " + m.c.Keys.Detail.Help().Key + " shows it"))
		return nil
	}
	return m.detail.Update(msg)
}
