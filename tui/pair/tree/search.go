package tree

import (
	"context"
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/outline"
)

// search is the pane's search of keys and values: the generation of the
// latest request, and how to stop the one in flight.
type search struct {
	gen    int
	cancel context.CancelFunc
}

// SearchDoneMsg carries the matches of a search the pane started. It is
// tagged with the pane and the request's generation: a result for
// another pane (the tree shown before a rescore) or for an older request
// is dropped.
type SearchDoneMsg struct {
	pane    *Pane
	gen     int
	matches *outline.Matches
	err     error
}

// Search searches keys and values for query in the background; a newer
// search cancels this one and its result is dropped. An empty query
// clears the search. The status says what it does meanwhile.
func (p *Pane) Search(query string) (tea.Cmd, common.StatusMsg) {
	p.StopSearch()
	p.search.gen++
	if query == "" {
		p.matches = nil
		return nil, common.Info("search cleared")
	}
	gen := p.search.gen
	ctx, cancel := context.WithCancel(context.Background())
	p.search.cancel = cancel
	t := p.sess.Tree()
	st := common.Info(fmt.Sprintf("searching %s nodes for %q…", common.Thousands(t.Len()), query))
	return p.c.Bg.Run(func() tea.Msg {
		matches, err := outline.Search(ctx, t, query)
		return SearchDoneMsg{pane: p, gen: gen, matches: matches, err: err}
	}), st
}

// StopSearch cancels the search in flight, if any; its result, which
// comes all the same, is dropped.
func (p *Pane) StopSearch() {
	if p.search.cancel != nil {
		p.search.cancel()
		p.search.cancel = nil
	}
	p.search.gen++
}

// searchDone marks the matches and jumps to the first, opening its
// parents; a stale result says nothing (nil).
func (p *Pane) searchDone(msg SearchDoneMsg) *common.StatusMsg {
	if msg.pane != p || msg.gen != p.search.gen {
		return nil
	}
	p.search.cancel = nil
	var st common.StatusMsg
	mt := msg.matches
	switch {
	case msg.err != nil:
		st = common.Failure(msg.err)
	case mt.Count == 0:
		p.matches = mt
		st = common.Warn(fmt.Sprintf("no key or value contains %q", mt.Query))
	default:
		p.matches = mt
		st = p.firstMatch(mt)
	}
	return &st
}

// firstMatch selects the first match shown and says how many there are.
func (p *Pane) firstMatch(mt *outline.Matches) common.StatusMsg {
	first, ok := FirstOf(p.ol, mt.Pred())
	if !ok {
		return HiddenMatches(mt, p.c.Keys.FailingOnly.Help().Key)
	}
	p.SelectNode(first)
	return common.Info(fmt.Sprintf("%q: %s match%s · %s · n/N next/previous", mt.Query, common.Thousands(mt.Count),
		common.Plural(mt.Count, "es"), p.sess.Tree().Path(first)))
}
