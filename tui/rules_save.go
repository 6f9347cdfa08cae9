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
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/session"
)

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
// weights and rules (nil for none) learns of the file written.
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

// rulesSavePath is the file the rules are saved to: the rules file, or
// the path offered for a new one.
func (m *Model) rulesSavePath() string {
	f := m.opts.Files
	switch {
	case f.RulesSavePath != "":
		return f.RulesSavePath
	case f.DefaultRulesSave != "":
		return f.DefaultRulesSave
	}
	return "rules.json"
}

// unsavedText says what is unsaved: "unsaved weight changes", "unsaved
// rule changes" or both.
func (m *Model) unsavedText() string {
	w, r := m.wsess.Dirty(), m.rules.Changed()
	switch {
	case w && r:
		return "unsaved weight and rule changes"
	case r:
		return "unsaved rule changes"
	}
	return "unsaved weight changes"
}

// saveRules writes the rules in force to the rules file, asking for a
// path when there is none; with thenWeights it saves the weights next.
func (m *Model) saveRules(thenWeights bool) tea.Cmd {
	m.rulesSaves.thenWeights = thenWeights
	if p := m.opts.Files.RulesSavePath; p != "" {
		return m.saveRulesTo(p)
	}
	m.prompt.Open("save rules to:", m.rulesSavePath(), "", 4096)
	m.mode = modeRulesPath
	return nil
}

// submitRulesPath takes the typed path of the rules file.
func (m *Model) submitRulesPath() tea.Cmd {
	path := m.prompt.Trimmed()
	if path == "" {
		m.prompt.Fail("type a path")
		return nil
	}
	if st, err := os.Stat(path); err == nil {
		if st.IsDir() {
			m.prompt.Fail(path + " is a folder")
			return nil
		}
		if path != m.opts.Files.RulesSavePath {
			m.rulesSaves.confirming, m.rulesSaves.path = true, path
			m.mode = modeConfirmOverwrite
			return nil
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		m.prompt.Fail(err.Error())
		return nil
	}
	m.mode = modeNormal
	return m.saveRulesTo(path)
}

// confirmRulesOverwrite answers "overwrite PATH?" for the rules file.
func (m *Model) confirmRulesOverwrite(yes bool) tea.Cmd {
	m.rulesSaves.confirming = false
	m.mode = modeNormal
	if yes {
		return m.saveRulesTo(m.rulesSaves.path)
	}
	m.quitAfterSave = false
	m.status.Set(common.Info("not saved"))
	return nil
}

// saveRulesTo writes the rules to path, atomically, keeping the file's
// previous content as PATH.bak on its first overwrite this session; the
// file keeps its shape (Marshal). Then it saves the weights if asked, or
// records the run.
func (m *Model) saveRulesTo(path string) tea.Cmd {
	back, text, err := m.rulesSaves.write(m.rules, path, m.unsaved.keeper)
	if err != nil {
		m.quitAfterSave = false
		m.status.Set(common.Failure(err))
		return nil
	}
	m.opts.Files.Rules, m.opts.Files.RulesSavePath = path, path
	// The saved rules are those in force: the trees take them as they
	// read back, to name their place in the file.
	m.sess.Tree().SwapRules(back)
	if m.wsess != m.sess {
		m.wsess.Tree().SwapRules(back)
	}
	m.rules = back
	m.hdr.Update(filesMsg{files: m.opts.Files, rules: back})
	m.detail.Update(notesChangedMsg{}) // the rule's place changed
	m.status.Set(common.Success(text))
	if m.rulesSaves.thenWeights {
		m.rulesSaves.thenWeights, m.rulesSaves.note = false, text
		return m.saveWeights()
	}
	cmd := m.record(ports.RunSaved)
	if m.quitAfterSave {
		return tea.Batch(cmd, m.quitNow())
	}
	return cmd
}
