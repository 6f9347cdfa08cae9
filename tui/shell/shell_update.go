package shell

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
func (s *Shell) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	cmd := s.route(msg)
	// What the panes asked for, in order, before any other message.
	for len(s.C.Asked) > 0 {
		req := s.C.Asked[0]
		s.C.Asked = s.C.Asked[1:]
		cmd = tea.Batch(cmd, s.route(req))
	}
	if c := s.unsavedChanged(); c != nil {
		cmd = tea.Batch(cmd, c)
	}
	s.offerNext()
	s.pg.Arrange()
	return s.pg, cmd
}

// route handles the messages of the recovery file, the page's own
// whatever is open, and hands the others to the page.
func (s *Shell) route(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case UnsavedFoundMsg:
		return s.unsavedFound(msg)
	case unsavedOffersMsg:
		return s.unsavedOffers(msg)
	case UnsavedTickMsg:
		return s.keepUnsaved()
	case RecordedMsg:
		return s.recorded(msg)
	case unsavedDoneMsg:
		// A failed write or removal of the recovery file is reported.
		s.Unsaved.report(msg.err, s.Status)
		return nil
	}
	return s.pg.HandleMsg(msg)
}

// Resize takes the terminal's size, or its background colour when the
// theme follows it; ok is false for other messages.
func (s *Shell) Resize(msg tea.Msg) (ok bool) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.C.Width, s.C.Height = msg.Width, msg.Height
		s.pg.Layout()
		return true
	case tea.BackgroundColorMsg:
		if s.C.AutoTheme {
			if st, err := themes.New(themes.Auto(msg.IsDark())); err == nil && st.Name != s.C.Styles.Name {
				s.C.Styles = st
			}
		}
		return true
	}
	return false
}

// PaneAsked does what a pane asked for alike on both pages: close
// itself, save, show the help, use the metric or the rule chosen; ok is
// false for the other messages.
func (s *Shell) PaneAsked(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case common.ClosePaneMsg:
		switch s.Mode {
		case ModeHelp:
			s.Mode = s.helpFrom
		case ModeHistory, ModeMetric, ModeRule:
			s.Mode = ModeNormal
		}
		return nil, true
	case choosers.MetricChosenMsg:
		return s.pg.MetricChosen(msg), true
	case choosers.RuleChosenMsg:
		if s.Mode == ModeRule {
			s.Mode = ModeNormal
		}
		return s.chooseRule(msg.Path, msg.Choice), true
	case common.SaveMsg:
		s.Mode = ModeNormal
		return s.Save(), true
	case common.OpenHelpMsg:
		s.openHelp()
		return nil, true
	}
	return nil, false
}

// Begin is how both pages start: it asks the terminal for its background
// colour when the theme follows it, then starts the load while the page
// loads (load, nil for none) or does what an open page does first
// (opened).
func (s *Shell) Begin(load, opened func() tea.Cmd) tea.Cmd {
	var cmds []tea.Cmd
	if s.C.AutoTheme {
		cmds = append(cmds, tea.RequestBackgroundColor)
	}
	switch {
	case s.Phase == PhaseLoading && load != nil:
		cmds = append(cmds, load())
	case s.Phase == PhaseReady:
		cmds = append(cmds, opened())
	}
	return tea.Batch(cmds...)
}
