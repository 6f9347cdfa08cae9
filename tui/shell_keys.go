package tui

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
)

// handleKey takes a key as both pages do: quitting while loading, the
// prompt, the boxes and questions both have, and the keys both answer
// alike (quit, help, history, save); the others go to the page
// (pageKey).
func (s *shell) handleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.Keys
	if s.phase != phaseReady {
		if !key.Matches(msg, k.Quit) {
			return nil
		}
		if s.phase == phaseClosing {
			return tea.Quit // asked again: do not wait
		}
		// Quitting while loading: the load stops, and its answer (the
		// cancellation, or the inputs just loaded) is dropped.
		s.pg.stopJobs()
		s.phase = phaseClosing
		return s.c.Bg.Quit()
	}
	switch s.mode {
	case modeHelp:
		return s.help.Update(msg)
	case modeHistory:
		return s.hist.Update(msg)
	case modeMetric:
		return s.chooser.Update(msg)
	case modeRule:
		return s.ruleChooser.Update(msg)
	case modeSearch, modeWeight, modeSavePath, modeLabel, modeRuleValue, modeRulesPath:
		return s.promptKey(msg)
	case modeConfirmOverwrite:
		return s.confirmOverwrite(msg)
	case modeConfirmQuit:
		return s.confirmQuit(msg)
	case modeRecover:
		return s.recoverKey(msg)
	case modeNormal:
		switch {
		case key.Matches(msg, k.Quit):
			return s.quit()
		case key.Matches(msg, k.Help):
			s.openHelp()
			return nil
		case key.Matches(msg, k.History):
			return s.openHistory()
		case key.Matches(msg, k.Save):
			return s.save()
		}
	}
	return s.pg.pageKey(msg)
}

// promptKey takes a key typed into the prompt: esc cancels, enter
// submits (the page's submit), the others edit.
func (s *shell) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		if s.mode == modeLabel {
			s.mode = modeHistory
		} else {
			s.mode = modeNormal
		}
		s.status.Set(common.Info("canceled"))
		return nil
	case key.Matches(msg, k.Accept):
		return s.pg.submit()
	}
	s.prompt.Update(msg)
	return nil
}

// confirmOverwrite answers "PATH exists: overwrite it?", for the weights
// file or the rules file.
func (s *shell) confirmOverwrite(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "y", "Y":
		s.mode = modeNormal
		if s.rulesSaves.confirming {
			s.rulesSaves.confirming = false
			return s.saveRulesTo(s.rulesSaves.path)
		}
		return s.saveTo(s.savePath)
	case "n", "N", "esc", "q":
		s.mode = modeNormal
		s.rulesSaves.confirming = false
		s.quitAfterSave = false
		s.status.Set(common.Info("not saved"))
	}
	return nil
}

// confirmQuit answers "unsaved weights: quit anyway?".
func (s *shell) confirmQuit(msg tea.KeyPressMsg) tea.Cmd {
	k := s.c.Keys
	switch {
	case msg.String() == "y" || msg.String() == "Y" || msg.String() == "ctrl+c":
		s.mode = modeNormal
		s.unsaved.discarded = true
		return s.quitNow()
	case key.Matches(msg, k.Save):
		s.mode = modeNormal
		s.quitAfterSave = true
		return s.save()
	case msg.String() == "n" || msg.String() == "N" || key.Matches(msg, k.Cancel) || msg.String() == "q":
		s.mode = modeNormal
		s.status.Set(common.Info("still here: ctrl+s saves them"))
	}
	return nil
}
