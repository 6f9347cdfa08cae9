package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// frame wraps a page's screen in the view the terminal gets: the
// alternate screen, the mouse unless it is off, and the window's title.
func (s *shell) frame(content, title string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	if !s.noMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = title
	return v
}

// unsavedText says what is unsaved: "unsaved weights", "unsaved rules"
// or both.
func (s *shell) unsavedText() string {
	wd, r := false, false
	if w, rules := s.pg.inForce(); w != nil {
		wd, r = w.Dirty(), rules.Changed()
	}
	switch {
	case wd && r:
		return "unsaved weights and rules"
	case r:
		return "unsaved rules"
	}
	return "unsaved weights"
}

// statusLine renders the bottom line in the modes both pages have alike
// (the prompts, the boxes, the questions); ok is false in the others,
// whose line is the page's.
func (s *shell) statusLine() (line string, ok bool) {
	k, st := s.c.Keys, s.c.Styles
	switch s.mode {
	case modeSearch:
		return s.prompt.View("enter jump · esc cancel"), true
	case modeWeight:
		return s.prompt.View("0–1 · enter apply · esc cancel"), true
	case modeSavePath, modeLabel, modeRulesPath:
		return s.prompt.View("enter save · esc cancel"), true
	case modeRuleValue:
		if s.rulePrompt.Ask == "normalize" {
			return s.prompt.View("case,accents,space · enter apply · esc cancel"), true
		}
		return s.prompt.View("a number ≥ 0 · enter apply · esc cancel"), true
	case modeMetric:
		return s.status.View(s.chooser.ShortHelp()), true
	case modeRule:
		return s.status.View(s.ruleChooser.ShortHelp()), true
	case modeHistory:
		return s.status.View(s.hist.ShortHelp()), true
	case modeHelp:
		return s.status.View([]key.Binding{k.Cancel}), true
	case modeConfirmOverwrite:
		path := s.savePath
		if s.rulesSaves.confirming {
			path = s.rulesSaves.path
		}
		q := fmt.Sprintf("%s exists: overwrite it? (its content is kept as %s.bak)", path, path)
		return common.Spread(st.Warn.Render(q), st.Faint.Render("y overwrite · n/esc cancel"), s.c.Width), true
	case modeConfirmQuit:
		return common.Spread(st.Warn.Render(s.unsavedText()+": quit anyway?"), st.Faint.Render("y quit · n/esc stay · ctrl+s save & quit"), s.c.Width), true
	case modeRecover:
		return recoverStatus(s.c, s.unsaved.offers[0]), true
	}
	return "", false
}
