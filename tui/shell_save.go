package tui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// Saving, alike on both pages: ctrl+s writes the rules when they changed
// (to the rules file, asking for a path when there is none; its shape
// kept), then the weights when they are unsaved too; else the weights.
// A save records a run. What a save changes on screen is the page's
// (weightsSaved, rulesSaved).

// save writes what is unsaved: the rules when they changed (then the
// weights, when they did too), else the weights.
func (s *shell) save() tea.Cmd {
	w, rules := s.pg.inForce()
	if rules.Changed() {
		return s.saveRules(w != nil && w.Dirty())
	}
	return s.saveWeights()
}

// saveWeights saves to the weights file, or asks for a path when there
// is none yet.
func (s *shell) saveWeights() tea.Cmd {
	if w, _ := s.pg.inForce(); w != nil && w.Path() != "" {
		return s.saveTo(w.Path())
	}
	def := s.pg.files().DefaultSave
	if def == "" {
		def = "weights.json"
	}
	s.prompt.Open("save weights to:", def, "", 4096)
	s.mode = modeSavePath
	return nil
}

// saveTo writes the weights in force to path and records the run saved;
// a save asked for on quitting quits once it succeeds.
func (s *shell) saveTo(path string) tea.Cmd {
	w, _ := s.pg.inForce()
	saved, err := w.Save(path)
	if err != nil {
		s.quitAfterSave = false
		s.status.Set(common.Failure(fmt.Errorf("not saved: %w", err)))
		return nil
	}
	f := s.pg.files()
	f.Weights, f.SavePath = path, path
	if k := s.unsaved.keeper; k != nil {
		k.WeightsSaved(path, saved.SHA256)
	}
	text := fmt.Sprintf("saved %s (%s)", saved.Path, common.BytesText(int64(saved.Bytes))) + s.pg.weightsSaved(saved)
	if saved.Backup != "" {
		text += "; the previous file is kept as " + filepath.Base(saved.Backup)
	}
	text += removedText(saved.Removed)
	if s.rulesSaves.note != "" {
		text = s.rulesSaves.note + " · " + text
		s.rulesSaves.note = ""
	}
	s.status.Set(common.Success(text))
	cmd := s.pg.record(ports.RunSaved)
	if s.quitAfterSave {
		return tea.Batch(cmd, s.quitNow())
	}
	return cmd
}

// rulesSavePath is the file the rules are saved to: the rules file, or
// the path offered for a new one (beside the weights, for a dataset).
func (s *shell) rulesSavePath() string {
	f := s.pg.files()
	switch {
	case f.RulesSavePath != "":
		return f.RulesSavePath
	case f.DefaultRulesSave != "":
		return f.DefaultRulesSave
	case f.DefaultSave != "":
		return filepath.Join(filepath.Dir(f.DefaultSave), "rules.json")
	}
	return "rules.json"
}

// saveRules writes the rules in force to the rules file, asking for a
// path when there is none; with thenWeights it saves the weights next.
func (s *shell) saveRules(thenWeights bool) tea.Cmd {
	s.rulesSaves.thenWeights = thenWeights
	if p := s.pg.files().RulesSavePath; p != "" {
		return s.saveRulesTo(p)
	}
	s.prompt.Open("save rules to:", s.rulesSavePath(), "", 4096)
	s.mode = modeRulesPath
	return nil
}

// submitRulesPath takes the typed path of the rules file.
func (s *shell) submitRulesPath() tea.Cmd {
	path := s.prompt.Trimmed()
	if path == "" {
		s.prompt.Fail("type a path")
		return nil
	}
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			s.prompt.Fail(path + " is a folder")
			return nil
		}
		if path != s.pg.files().RulesSavePath {
			s.rulesSaves.confirming, s.rulesSaves.path = true, path
			s.mode = modeConfirmOverwrite
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		s.prompt.Fail(err.Error())
		return nil
	}
	s.mode = modeNormal
	return s.saveRulesTo(path)
}

// saveRulesTo writes the rules to path; then the weights, if asked, else
// records the run saved.
func (s *shell) saveRulesTo(path string) tea.Cmd {
	_, rules := s.pg.inForce()
	back, text, err := s.rulesSaves.write(rules, path, s.unsaved.keeper)
	if err != nil {
		s.quitAfterSave = false
		s.status.Set(common.Failure(err))
		return nil
	}
	f := s.pg.files()
	f.Rules, f.RulesSavePath = path, path
	// The saved rules are those in force, as they read back: they name
	// their place in the file now.
	s.pg.rulesSaved(back)
	s.status.Set(common.Success(text))
	if s.rulesSaves.thenWeights {
		s.rulesSaves.thenWeights, s.rulesSaves.note = false, text
		return s.saveWeights()
	}
	cmd := s.pg.record(ports.RunSaved)
	if s.quitAfterSave {
		return tea.Batch(cmd, s.quitNow())
	}
	return cmd
}

// submitRuleValue takes the typed value of the rule chosen (a tolerance,
// what to normalize) and gives the key or path that rule.
func (s *shell) submitRuleValue() tea.Cmd {
	r, err := scoring.ParseRule(s.rulePrompt.Ask + "=" + s.prompt.Trimmed())
	if err != nil {
		s.prompt.Fail(err.Error())
		return nil
	}
	s.mode = modeNormal
	return s.setRule(s.rulePath, r)
}
