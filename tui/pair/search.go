package pair

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
	"github.com/jsontui/jsontui/tui/pair/tree"
	"github.com/jsontui/jsontui/tui/shell"
)

// searchDoneMsg carries the matches of search request id.
type searchDoneMsg struct {
	id      int
	matches *outline.Matches
	err     error
}

// startSearch searches keys and values in the background; a newer search
// cancels this one and its result is dropped. An empty query clears the
// search.
func (m *Model) startSearch(query string) tea.Cmd {
	if m.jobs.cancelSearch != nil {
		m.jobs.cancelSearch()
	}
	m.jobs.search++
	if query == "" {
		m.tree.SetMatches(nil)
		m.Status.Set(common.Info("search cleared"))
		return nil
	}
	id := m.jobs.search
	ctx, cancel := context.WithCancel(context.Background())
	m.jobs.cancelSearch = cancel
	t := m.sess.Tree()
	m.Status.Set(common.Info(fmt.Sprintf("searching %s nodes for %q…", common.Thousands(t.Len()), query)))
	return m.C.Bg.Run(func() tea.Msg {
		matches, err := outline.Search(ctx, t, query)
		return searchDoneMsg{id: id, matches: matches, err: err}
	})
}

// searchDone shows the matches and jumps to the first, opening its
// parents.
func (m *Model) searchDone(msg searchDoneMsg) tea.Cmd {
	if msg.id != m.jobs.search || m.Phase != shell.PhaseReady {
		return nil
	}
	m.jobs.cancelSearch = nil
	if msg.err != nil {
		m.Status.Set(common.Failure(msg.err))
		return nil
	}
	mt := msg.matches
	m.tree.SetMatches(mt)
	if mt.Count == 0 {
		m.Status.Set(common.Warn(fmt.Sprintf("no key or value contains %q", mt.Query)))
		return nil
	}
	first, ok := tree.FirstOf(m.tree.Outline(), mt.Pred())
	if !ok {
		m.Status.Set(tree.HiddenMatches(mt, m.C.Keys.FailingOnly.Help().Key))
		return nil
	}
	m.tree.SelectNode(first)
	m.Status.Set(common.Info(fmt.Sprintf("%q: %s match%s · %s · n/N next/previous", mt.Query, common.Thousands(mt.Count),
		common.Plural(mt.Count, "es"), m.sess.Tree().Path(first))))
	return nil
}
