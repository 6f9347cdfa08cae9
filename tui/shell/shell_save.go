package shell

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
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/session"
)

// Saving, alike on both pages: ctrl+s writes the rules when they changed
// (to the rules file, asking for a path when there is none; its shape
// Kept), then the weights when they are unsaved too; else the weights.
// A save records a run. What a save changes on screen is the page's
// (weightsSaved, rulesSaved).

// Save writes what is unsaved: the rules when they changed (then the
// Weights, when they did too), else the weights.
func (s *Shell) Save() tea.Cmd {
	w, rules := s.pg.InForce()
	if rules.Changed() {
		return s.saveRules(w != nil && w.Dirty())
	}
	return s.saveWeights()
}

// saveWeights saves to the weights file, or asks for a path when there
// is none yet.
func (s *Shell) saveWeights() tea.Cmd {
	if w, _ := s.pg.InForce(); w != nil && w.Path() != "" {
		return s.SaveTo(w.Path())
	}
	def := s.pg.Files().DefaultSave
	if def == "" {
		def = "weights.json"
	}
	s.Prompt.Open("save weights to:", def, "", 4096)
	s.Mode = ModeSavePath
	return nil
}

// SaveTo writes the weights in force to path and records the run saved;
// a save asked for on quitting quits once it succeeds.
func (s *Shell) SaveTo(path string) tea.Cmd {
	w, _ := s.pg.InForce()
	saved, err := w.Save(path)
	if err != nil {
		s.quitAfterSave = false
		s.Status.Set(common.Failure(fmt.Errorf("not saved: %w", err)))
		return nil
	}
	f := s.pg.Files()
	f.Weights, f.SavePath = path, path
	if k := s.Unsaved.Keeper; k != nil {
		k.WeightsSaved(path, saved.SHA256)
	}
	text := fmt.Sprintf("saved %s (%s)", saved.Path, common.BytesText(int64(saved.Bytes))) + s.pg.WeightsSaved(saved)
	if saved.Backup != "" {
		text += "; the previous file is kept as " + filepath.Base(saved.Backup)
	}
	text += removedText(saved.Removed)
	if s.rulesSaves.note != "" {
		text = s.rulesSaves.note + " · " + text
		s.rulesSaves.note = ""
	}
	s.Status.Set(common.Success(text))
	cmd := s.pg.Record(ports.RunSaved)
	if s.quitAfterSave {
		return tea.Batch(cmd, s.quitNow())
	}
	return cmd
}

// RulesSavePath is the file the rules are saved to: the rules file, or
// the path offered for a new one (beside the weights, for a dataset).
func (s *Shell) RulesSavePath() string {
	f := s.pg.Files()
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
func (s *Shell) saveRules(thenWeights bool) tea.Cmd {
	s.rulesSaves.thenWeights = thenWeights
	if p := s.pg.Files().RulesSavePath; p != "" {
		return s.saveRulesTo(p)
	}
	s.Prompt.Open("save rules to:", s.RulesSavePath(), "", 4096)
	s.Mode = ModeRulesPath
	return nil
}

// SubmitRulesPath takes the typed path of the rules file: a file there
// already, other than the rules file, is overwritten once confirmed.
func (s *Shell) SubmitRulesPath() tea.Cmd {
	path, other, ok := s.typedPath(s.pg.Files().RulesSavePath)
	switch {
	case !ok:
		return nil
	case other:
		s.rulesSaves.confirming, s.rulesSaves.path = true, path
		s.Mode = ModeConfirmOverwrite
		return nil
	}
	s.Mode = ModeNormal
	return s.saveRulesTo(path)
}

// typedPath reads the path typed in the prompt to save a file whose own
// path is current: ok is false when the prompt now says why it cannot be
// used (none, a folder, unreadable); other is true when a file other than
// current is there, to overwrite once confirmed.
func (s *Shell) typedPath(current string) (path string, other, ok bool) {
	path = s.Prompt.Trimmed()
	if path == "" {
		s.Prompt.Fail("type a path")
		return "", false, false
	}
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		s.Prompt.Fail(path + " is a folder")
		return "", false, false
	case err == nil:
		return path, path != current, true
	case !errors.Is(err, fs.ErrNotExist):
		s.Prompt.Fail(err.Error())
		return "", false, false
	}
	return path, false, true
}

// saveRulesTo writes the rules to path; then the weights, if asked, else
// records the run saved.
func (s *Shell) saveRulesTo(path string) tea.Cmd {
	_, rules := s.pg.InForce()
	back, text, err := s.rulesSaves.write(rules, path, s.Unsaved.Keeper)
	if err != nil {
		s.quitAfterSave = false
		s.Status.Set(common.Failure(err))
		return nil
	}
	f := s.pg.Files()
	f.Rules, f.RulesSavePath = path, path
	// The saved rules are those in force, as they read back: they name
	// their place in the file now.
	s.pg.RulesSaved(back)
	s.Status.Set(common.Success(text))
	if s.rulesSaves.thenWeights {
		s.rulesSaves.thenWeights, s.rulesSaves.note = false, text
		return s.saveWeights()
	}
	cmd := s.pg.Record(ports.RunSaved)
	if s.quitAfterSave {
		return tea.Batch(cmd, s.quitNow())
	}
	return cmd
}

// SubmitRuleValue takes the typed value of the rule chosen (a tolerance,
// what to normalize) and gives the key or path that rule.
func (s *Shell) SubmitRuleValue() tea.Cmd {
	r, err := scoring.ParseRule(s.rulePrompt.Ask + "=" + s.Prompt.Trimmed())
	if err != nil {
		s.Prompt.Fail(err.Error())
		return nil
	}
	s.Mode = ModeNormal
	return s.SetRule(s.rulePath, r)
}

// rulesSaves is what saving the rules knows: the files backed up this
// session, and the save under way.
type rulesSaves struct {
	backedUp map[string]bool
	// confirming is set while "overwrite PATH?" asks about the rules
	// file path; thenWeights saves the weights once the rules are saved.
	confirming  bool
	path        string
	thenWeights bool
	// note is the rules' save, for the weights' save to say too.
	note string
}

// write writes rules to path, atomically, keeping the file's previous
// content as PATH.bak on its first overwrite this session; the file keeps
// its shape (Marshal). It returns the rules as they read back from the
// file, and what the status line says of it. The keeper of the unsaved
// Weights and rules (nil for none) learns of the file written.
func (rs *rulesSaves) write(rules *scoring.RuleSet, path string, keeper *recovery.Keeper) (*scoring.RuleSet, string, error) {
	data := rules.Marshal()
	back, err := scoring.ParseRules(path, data)
	if err != nil {
		return nil, "", fmt.Errorf("not saved: the rules would not read back (%v)", err)
	}
	bak, err := session.WriteFile(path, data, !rs.backedUp[path])
	if err != nil {
		return nil, "", fmt.Errorf("not saved: %w", err)
	}
	if rs.backedUp == nil {
		rs.backedUp = map[string]bool{}
	}
	rs.backedUp[path] = true
	if keeper != nil {
		keeper.RulesSaved(path, session.Sum(data))
	}
	text := fmt.Sprintf("saved the rules to %s (%d rule%s)", path, back.Len(), common.Plural(back.Len(), "s"))
	if bak != "" {
		text += "; the previous file is kept as " + filepath.Base(bak)
	}
	text += removedText(session.RemoveStale(path))
	return back, text, nil
}

// removedText tells of the temporary files of interrupted saves that a
// Save removed, "" for none.
func removedText(removed []string) string {
	if n := len(removed); n > 0 {
		return fmt.Sprintf("; removed %d temporary file%s that interrupted saves left", n, common.Plural(n, "s"))
	}
	return ""
}

// SubmitSavePath takes the typed path of the weights file: a file there
// already, other than the weights file, is overwritten once confirmed.
func (s *Shell) SubmitSavePath() tea.Cmd {
	current := ""
	if w, _ := s.pg.InForce(); w != nil {
		current = w.Path()
	}
	path, other, ok := s.typedPath(current)
	switch {
	case !ok:
		return nil
	case other:
		s.SavePath = path
		s.Mode = ModeConfirmOverwrite
		return nil
	}
	s.Mode = ModeNormal
	return s.SaveTo(path)
}
