package runspane

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// The history pane as a component: it reads its list of runs itself, and
// asks the root, by message, for what only the root can do — compare,
// Diff or load a run (runActionMsg), label one (labelRunMsg), close the
// pane or show the help. The root tells it what came of that (a run read,
// a diff, a label saved) the same way.

// HistListMsg carries the runs of list request id.
type HistListMsg struct {
	ID   int
	Runs []ports.RunSummary
	err  error
}

// OpenHistoryMsg asks the pane to show the runs and list them.
type OpenHistoryMsg struct{}

// HistRefreshMsg says the history changed: the pane lists the runs again
// once it has shown.
type HistRefreshMsg struct{}

// RunActionMsg asks the root to do act with a run: the pane's selection,
// with the run read last when it is that one (nil otherwise).
type RunActionMsg struct {
	Act    RunAction
	Run    ports.RunSummary
	Cached *ports.RunDetail
}

// LabelRunMsg asks the root for a prompt to label a run.
type LabelRunMsg struct{ Run ports.RunSummary }

// RunCachedMsg gives the pane a run read for an action, to keep.
type RunCachedMsg struct{ Run *ports.RunDetail }

// ShowDiffMsg gives the pane a diff to show: a pair's, or the text of a
// dataset's.
type ShowDiffMsg struct {
	Diff  *RunDiff
	Title string
	Text  []string
}

// Update takes the pane's keys and mouse, and the messages about its
// Runs.
func (p *HistoryPane) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyPressMsg:
		return p.key(msg)
	case common.PaneMouseMsg:
		p.mouse(msg.Msg, msg.Y)
	case OpenHistoryMsg:
		p.Shown = PaneRuns
		p.opened = true
		return p.list()
	case HistRefreshMsg:
		if p.opened {
			return p.list()
		}
	case HistListMsg:
		return p.listed(msg)
	case RunCachedMsg:
		p.cache = msg.Run
	case ShowDiffMsg:
		if msg.Diff == nil {
			p.Diff = newTextDiffView(p.c, msg.Title, msg.Text)
			p.Diff.setSize(p.width, p.height)
			p.Shown = PaneDiff
			return nil
		}
		p.showDiff(msg.Diff)
	case HistLabelMsg:
		if c := p.cache; msg.Err == nil && c != nil && c.ID == msg.Run.ID {
			// A copy: a command in flight may be reading the cached run.
			cp := *c
			cp.Label = msg.Label
			p.cache = &cp
		}
	}
	return nil
}

// FullHelp returns the pane's bindings, for the help screen.
func (p *HistoryPane) FullHelp() [][]key.Binding {
	k := p.c.Keys
	return [][]key.Binding{k.PaneHelp(), {k.Pane.Back, k.Up, k.Down, k.Top, k.Bottom, k.PageDown, k.PageUp}}
}

// key runs a key in the pane.
func (p *HistoryPane) key(msg tea.KeyPressMsg) tea.Cmd {
	k := p.c.Keys
	pk := k.Pane
	if p.Shown == PaneDiff {
		switch {
		case key.Matches(msg, pk.Back):
			p.Shown = PaneRuns
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
		return p.action(ActCompare)
	case key.Matches(msg, pk.Diff):
		return p.action(ActDiff)
	case key.Matches(msg, pk.Load):
		return p.action(ActLoad)
	case key.Matches(msg, pk.Label):
		r, ok := p.Selected()
		if !ok {
			return common.StatusCmd(common.Info("no run to label"))
		}
		return p.c.Ask(LabelRunMsg{Run: r})
	default:
		p.move(msg)
	}
	return nil
}

// action asks the root to do act with the selected run.
func (p *HistoryPane) action(act RunAction) tea.Cmd {
	sel, ok := p.Selected()
	if !ok {
		return common.StatusCmd(common.Info("no run selected"))
	}
	return p.c.Ask(RunActionMsg{Act: act, Run: sel, Cached: p.cached(sel.ID)})
}

// list asks the History for the pane's runs in the background.
func (p *HistoryPane) list() tea.Cmd {
	h := p.h
	if h == nil {
		return nil
	}
	p.ListID++
	id, all := p.ListID, p.all
	p.loading = true
	return p.c.Bg.Run(func() tea.Msg {
		runs, err := h.Runs(all)
		return HistListMsg{ID: id, Runs: runs, err: err}
	})
}

// listed takes the runs of a list request.
func (p *HistoryPane) listed(msg HistListMsg) tea.Cmd {
	if msg.ID != p.ListID {
		return nil
	}
	p.loading = false
	if msg.err != nil {
		p.err = msg.err.Error()
		return common.StatusCmd(common.Failure(fmt.Errorf("history: %w", msg.err)))
	}
	p.setRuns(msg.Runs)
	return nil
}

// shortIDLen is how many characters of a run id the explorer shows, as
// `jsontui history` does.
const shortIDLen = 10

// ShortID returns the part of a run id the explorer shows.
func ShortID(id string) string {
	if len(id) > shortIDLen {
		return id[:shortIDLen]
	}
	return id
}

// RunName names a run for the status line: its short id and its label.
func RunName(r ports.RunSummary) string {
	if r.Label == "" {
		return "run " + ShortID(r.ID)
	}
	return fmt.Sprintf("run %s “%s”", ShortID(r.ID), r.Label)
}

// HistLabelMsg says a label was saved (or not).
type HistLabelMsg struct {
	Run   ports.RunSummary
	Label string
	Err   error
}

// RunAction is what the pane asked a run for.
type RunAction int

// Verb names the action in a question: "compare", "diff".
func (a RunAction) Verb() string {
	switch a {
	case ActCompare:
		return "compare"
	case ActDiff:
		return "diff"
	}
	return "load"
}

const (
	ActCompare RunAction = iota // show its scores beside the tree's
	ActDiff                     // diff it with the current state
	ActLoad                     // load its weights
)
