package pair

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/shell"
)

// PageKey takes the keys the shell leaves to a pair's explorer: the
// question about a run of another pair, and the keys of normal mode.
func (m *Model) PageKey(msg tea.KeyPressMsg) tea.Cmd {
	if m.Mode == shell.ModeConfirmPair {
		return m.runs.ConfirmKey(msg)
	}
	return m.normalKey(msg)
}

// normalKey runs a key in normal mode.
func (m *Model) normalKey(msg tea.KeyPressMsg) tea.Cmd {
	k := m.C.Keys
	id := m.tree.Selected()
	switch {
	case key.Matches(msg, k.EndCompare):
		m.runs.EndComparison()
	case key.Matches(msg, k.Detail):
		m.ToggleDetail()
	case key.Matches(msg, k.Warnings):
		cmd := m.hdr.Update(msg)
		m.Layout()
		return cmd
	case key.Matches(msg, k.Search):
		m.Mode = shell.ModeSearch
		last := ""
		if m.tree.Matches() != nil {
			last = m.tree.Matches().Query
		}
		m.Prompt.Open("/", "", last, 200)
	case key.Matches(msg, k.EditWeight, k.Raise, k.Lower, k.ToggleZero, k.Reset, k.ResetAll, k.Undo, k.Redo):
		return m.weightKey(msg, id)
	case key.Matches(msg, k.Copy):
		path := m.sess.Tree().Path(id)
		m.Status.Set(common.Success("copied " + path))
		return tea.SetClipboard(path)
	case key.Matches(msg, k.CopyOutput):
		cmd, st := m.tree.CopyOutput(id)
		m.Status.Set(st)
		return cmd
	case key.Matches(msg, k.DetailDown, k.DetailUp):
		return m.scrollDetail(msg)
	case key.Matches(msg, k.Metric):
		m.OpenChooser()
	case key.Matches(msg, k.Rule):
		m.openRuleChooser()
	case key.Matches(msg, k.Pairing):
		return m.cyclePairing(id)
	case key.Matches(msg, k.Cases, k.HeatMap, k.FilterCases):
		m.Status.Set(common.Info("the cases, the heat map and f are a dataset's: open one with jsontui DATA.jsonl [WEIGHTS]"))
	default:
		return m.tree.Update(msg)
	}
	return nil
}

// scrollDetail scrolls the detail pane a few lines down or up.
func (m *Model) scrollDetail(msg tea.KeyPressMsg) tea.Cmd {
	if !m.ShowDetail() {
		m.Status.Set(common.Info("the detail pane is hidden: " + m.C.Keys.Detail.Help().Key + " shows it"))
		return nil
	}
	return m.detail.Update(msg)
}
