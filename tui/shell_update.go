package tui

import (
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/choosers"
	"github.com/jsontui/jsontui/tui/common"
)

// Update handles a message and what the panes asked for meanwhile
// (Common.Ask), then keeps the unsaved weights up to date in the recovery
// file, shows an offer of earlier ones that waits, and lays the page out
// for what it now shows.
func (s *shell) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := s.route(msg)
	// What the panes asked for, in order, before any other message.
	for len(s.c.Asked) > 0 {
		req := s.c.Asked[0]
		s.c.Asked = s.c.Asked[1:]
		cmd = tea.Batch(cmd, s.route(req))
	}
	if c := s.unsavedChanged(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	s.offerNext()
	s.pg.arrange()
	return s.pg, cmd
}

// route handles the messages of the recovery file, the page's own
// whatever is open, and hands the others to the page.
func (s *shell) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case unsavedFoundMsg:
		return s.unsavedFound(msg)
	case unsavedOffersMsg:
		return s.unsavedOffers(msg)
	case unsavedTickMsg:
		return s.keepUnsaved()
	case unsavedDoneMsg:
		s.unsavedDone(msg)
		return nil
	}
	return s.pg.update(msg)
}

// resize takes the terminal's size, or its background colour when the
// theme follows it; ok is false for other messages.
func (s *shell) resize(msg tea.Msg) (ok bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.c.Width, s.c.Height = msg.Width, msg.Height
		s.pg.layout()
		return true
	case tea.BackgroundColorMsg:
		if s.c.AutoTheme {
			if st, err := themes.New(themes.Auto(msg.IsDark())); err == nil && st.Name != s.c.Styles.Name {
				s.c.Styles = st
			}
		}
		return true
	}
	return false
}

// paneAsked does what a pane asked for alike on both pages: close
// itself, save, show the help, use the metric or the rule chosen; ok is
// false for the other messages.
func (s *shell) paneAsked(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case common.ClosePaneMsg:
		switch s.mode {
		case modeHelp:
			s.mode = s.helpFrom
		case modeHistory, modeMetric, modeRule:
			s.mode = modeNormal
		}
		return nil, true
	case choosers.MetricChosenMsg:
		return s.pg.metricChosen(msg), true
	case choosers.RuleChosenMsg:
		if s.mode == modeRule {
			s.mode = modeNormal
		}
		return s.chooseRule(msg.Path, msg.Choice), true
	case common.SaveMsg:
		s.mode = modeNormal
		return s.save(), true
	case common.OpenHelpMsg:
		s.openHelp()
		return nil, true
	}
	return nil, false
}
