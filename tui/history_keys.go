package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// The history pane as a component: it reads its list of runs itself, and
// asks the root, by message, for what only the root can do — compare,
// diff or load a run (runActionMsg), label one (labelRunMsg), close the
// pane or show the help. The root tells it what came of that (a run read,
// a diff, a label saved) the same way.

// histListMsg carries the runs of list request id.
type histListMsg struct {
	id   int
	runs []ports.RunSummary
	err  error
}

// openHistoryMsg asks the pane to show the runs and list them.
type openHistoryMsg struct{}

// histRefreshMsg says the history changed: the pane lists the runs again
// once it has shown.
type histRefreshMsg struct{}

// runActionMsg asks the root to do act with a run: the pane's selection,
// with the run read last when it is that one (nil otherwise).
type runActionMsg struct {
	act    runAction
	run    ports.RunSummary
	cached *ports.RunDetail
}

// labelRunMsg asks the root for a prompt to label a run.
type labelRunMsg struct{ run ports.RunSummary }

// runCachedMsg gives the pane a run read for an action, to keep.
type runCachedMsg struct{ run *ports.RunDetail }

// showDiffMsg gives the pane a diff to show: a pair's, or the text of a
// dataset's.
type showDiffMsg struct {
	diff  *runDiff
	title string
	text  []string
}

// Update takes the pane's keys and mouse, and the messages about its
// runs.
func (p *historyPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case common.PaneMouseMsg:
		p.mouse(msg.Msg, msg.Y)
	case openHistoryMsg:
		p.view = paneRuns
		p.opened = true
		return p.list()
	case histRefreshMsg:
		if p.opened {
			return p.list()
		}
	case histListMsg:
		return p.listed(msg)
	case runCachedMsg:
		p.cache = msg.run
	case showDiffMsg:
		if msg.diff == nil {
			p.diff = newTextDiffView(p.c, msg.title, msg.text)
			p.diff.setSize(p.width, p.height)
			p.view = paneDiff
			return nil
		}
		p.showDiff(msg.diff)
	case histLabelMsg:
		if c := p.cache; msg.err == nil && c != nil && c.ID == msg.run.ID {
			// A copy: a command in flight may be reading the cached run.
			cp := *c
			cp.Label = msg.label
			p.cache = &cp
		}
	}
	return nil
}

// FullHelp returns the pane's bindings, for the help screen.
func (p *historyPane) FullHelp() [][]key.Binding {
	k := p.c.Keys
	return [][]key.Binding{k.PaneHelp(), {k.Pane.Back, k.Up, k.Down, k.Top, k.Bottom, k.PageDown, k.PageUp}}
}

// key runs a key in the pane.
func (p *historyPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	pk := k.Pane
	if p.view == paneDiff {
		switch {
		case key.Matches(msg, pk.Back):
			p.view = paneRuns
		case key.Matches(msg, k.Help):
			return p.c.Ask(common.OpenHelpMsg{})
		default:
			p.scrollDiff(msg)
		}
		return nil
	}
	switch {
	case key.Matches(msg, pk.Close, k.Quit):
		return p.c.Ask(common.ClosePaneMsg{})
	case key.Matches(msg, k.Help):
		return p.c.Ask(common.OpenHelpMsg{})
	case key.Matches(msg, pk.All):
		p.all = !p.all
		p.cursor, p.offset = 0, 0
		return p.list()
	case key.Matches(msg, pk.Compare):
		return p.action(actCompare)
	case key.Matches(msg, pk.Diff):
		return p.action(actDiff)
	case key.Matches(msg, pk.Load):
		return p.action(actLoad)
	case key.Matches(msg, pk.Label):
		r, ok := p.selected()
		if !ok {
			return common.StatusCmd(common.Info("no run to label"))
		}
		return p.c.Ask(labelRunMsg{run: r})
	default:
		p.move(msg)
	}
	return nil
}

// action asks the root to do act with the selected run.
func (p *historyPane) action(act runAction) tea.Cmd {
	sel, ok := p.selected()
	if !ok {
		return common.StatusCmd(common.Info("no run selected"))
	}
	return p.c.Ask(runActionMsg{act: act, run: sel, cached: p.cached(sel.ID)})
}

// list asks the History for the pane's runs in the background.
func (p *historyPane) list() tea.Cmd {
	h := p.h
	if h == nil {
		return nil
	}
	p.listID++
	id, all := p.listID, p.all
	p.loading = true
	return p.c.Bg.Run(func() tea.Msg {
		runs, err := h.Runs(all)
		return histListMsg{id: id, runs: runs, err: err}
	})
}

// listed takes the runs of a list request.
func (p *historyPane) listed(msg histListMsg) tea.Cmd {
	if msg.id != p.listID {
		return nil
	}
	p.loading = false
	if msg.err != nil {
		p.err = msg.err.Error()
		return common.StatusCmd(common.Failure(fmt.Errorf("history: %w", msg.err)))
	}
	p.setRuns(msg.runs)
	return nil
}
