package common

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/keys"
)

// Nav is where a navigation key sends a tree's cursor: to row To, or,
// for a page key, By rows on with the window moving alike (Page set).
type Nav struct {
	To, By int
	Page   bool
}

// NavKey reads the navigation keys both trees share (up, down, top,
// bottom, half pages and pages) for a tree of n rows whose cursor is at
// cursor and whose window shows page rows; ok is false for another key.
func NavKey(k *keys.KeyMap, msg tea.KeyPressMsg, cursor, n, page int) (nav Nav, ok bool) {
	switch {
	case key.Matches(msg, k.Up):
		return Nav{To: cursor - 1}, true
	case key.Matches(msg, k.Down):
		return Nav{To: cursor + 1}, true
	case key.Matches(msg, k.Top):
		return Nav{To: 0}, true
	case key.Matches(msg, k.Bottom):
		return Nav{To: n - 1}, true
	case key.Matches(msg, k.HalfDown):
		return Nav{By: page / 2, Page: true}, true
	case key.Matches(msg, k.HalfUp):
		return Nav{By: -page / 2, Page: true}, true
	case key.Matches(msg, k.PageDown):
		return Nav{By: page, Page: true}, true
	case key.Matches(msg, k.PageUp):
		return Nav{By: -page, Page: true}, true
	}
	return Nav{}, false
}
