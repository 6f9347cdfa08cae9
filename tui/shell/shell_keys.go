package shell

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/session"
)

// HandleKey takes a key as both pages do: quitting while loading, the
// Prompt, the boxes and questions both have, and the keys both answer
// alike (quit, help, history, save); the others go to the page
// (pageKey).
func (s *Shell) HandleKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.C.Keys
	if s.Phase != PhaseReady {
		if !key.Matches(msg, k.Quit) {
			return nil
		}
		if s.Phase == PhaseClosing {
			return tea.Quit // asked again: do not wait
		}
		// Quitting while loading: the load stops, and its answer (the
		// cancellation, or the inputs just loaded) is dropped.
		s.pg.StopJobs()
		s.Phase = PhaseClosing
		return s.C.Bg.Quit()
	}
	switch s.Mode {
	case ModeHelp:
		return s.Help.Update(msg)
	case ModeHistory:
		return s.Hist.Update(msg)
	case ModeMetric:
		return s.Chooser.Update(msg)
	case ModeRule:
		return s.RuleChooser.Update(msg)
	case ModeSearch, ModeWeight, ModeSavePath, ModeLabel, ModeRuleValue, ModeRulesPath:
		return s.promptKey(msg)
	case ModeConfirmOverwrite:
		return s.confirmOverwrite(msg)
	case ModeConfirmQuit:
		return s.confirmQuit(msg)
	case ModeRecover:
		return s.recoverKey(msg)
	case ModeNormal:
		switch {
		case key.Matches(msg, k.Quit):
			return s.Quit()
		case key.Matches(msg, k.Help):
			s.openHelp()
			return nil
		case key.Matches(msg, k.History):
			return s.openHistory()
		case key.Matches(msg, k.Save):
			return s.Save()
		}
	}
	return s.pg.PageKey(msg)
}

// promptKey takes a key typed into the prompt: esc cancels, enter
// submits (the page's submit), the others edit.
func (s *Shell) promptKey(msg tea.KeyPressMsg) tea.Cmd {
	k := s.C.Keys
	switch {
	case key.Matches(msg, k.Cancel):
		if s.Mode == ModeLabel {
			s.Mode = ModeHistory
		} else {
			s.Mode = ModeNormal
		}
		s.Status.Set(common.Info("canceled"))
		return nil
	case key.Matches(msg, k.Accept):
		return s.submit()
	}
	s.Prompt.Update(msg)
	return nil
}

// submit does what the prompt was asked for: a weight (read here, set by
// the page), a rule's value, a rules or weights file to save to; the
// other prompts are the page's.
func (s *Shell) submit() tea.Cmd {
	switch s.Mode {
	case ModeWeight:
		v, err := session.ParseWeight(s.Prompt.Trimmed())
		if err != nil {
			s.Prompt.Fail(err.Error())
			return nil
		}
		s.Mode = ModeNormal
		return s.pg.SubmitWeight(v)
	case ModeRuleValue:
		return s.SubmitRuleValue()
	case ModeRulesPath:
		return s.SubmitRulesPath()
	case ModeSavePath:
		return s.SubmitSavePath()
	}
	return s.pg.Submit()
}

// confirmOverwrite answers "PATH exists: overwrite it?", for the weights
// file or the rules file.
func (s *Shell) confirmOverwrite(msg tea.KeyPressMsg) tea.Cmd {
	switch msg.String() {
	case "y", "Y":
		s.Mode = ModeNormal
		if s.rulesSaves.confirming {
			s.rulesSaves.confirming = false
			return s.saveRulesTo(s.rulesSaves.path)
		}
		return s.SaveTo(s.SavePath)
	case "n", "N", "esc", "q":
		s.Mode = ModeNormal
		s.rulesSaves.confirming = false
		s.quitAfterSave = false
		s.Status.Set(common.Info("not saved"))
	}
	return nil
}

// confirmQuit answers "unsaved weights: quit anyway?".
func (s *Shell) confirmQuit(msg tea.KeyPressMsg) tea.Cmd {
	k := s.C.Keys
	switch {
	case msg.String() == "y" || msg.String() == "Y" || msg.String() == "ctrl+c":
		s.Mode = ModeNormal
		s.Unsaved.discarded = true
		return s.quitNow()
	case key.Matches(msg, k.Save):
		s.Mode = ModeNormal
		s.quitAfterSave = true
		return s.Save()
	case msg.String() == "n" || msg.String() == "N" || key.Matches(msg, k.Cancel) || msg.String() == "q":
		s.Mode = ModeNormal
		s.Status.Set(common.Info("still here: ctrl+s saves them"))
	}
	return nil
}
