package tui

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// Saving a dataset's rules, set with `C`: ctrl+s writes them to the rules
// file (asking for a path when there is none), its shape kept, as a
// pair's explorer does, then the weights when they are unsaved too.

// rulesSavePath is the file the rules are saved to: the rules file, or
// the path offered for a new one, beside the dataset.
func (m *DatasetModel) rulesSavePath() string {
	f := m.opts.Files
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

// save writes what is unsaved: the rules when they changed (then the
// weights, when they did too), else the weights.
func (m *DatasetModel) save() tea.Cmd {
	if m.ds.rules.Changed() {
		return m.saveRules(m.ds.wsess.Dirty())
	}
	return m.saveWeights()
}

// saveRules writes the rules in force to the rules file, asking for a
// path when there is none; with thenWeights it saves the weights next.
func (m *DatasetModel) saveRules(thenWeights bool) tea.Cmd {
	m.rulesSaves.thenWeights = thenWeights
	if p := m.opts.Files.RulesSavePath; p != "" {
		return m.saveRulesTo(p)
	}
	m.prompt.Open("save rules to:", m.rulesSavePath(), "", 4096)
	m.mode = modeRulesPath
	return nil
}

// submitRulesPath takes the typed path of the rules file.
func (m *DatasetModel) submitRulesPath() tea.Cmd {
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

// saveRulesTo writes the rules to path; then the weights, if asked, else
// records the run saved.
func (m *DatasetModel) saveRulesTo(path string) tea.Cmd {
	back, text, err := m.rulesSaves.write(m.ds.rules, path, m.unsaved.keeper)
	if err != nil {
		m.quitAfterSave = false
		m.status.Set(common.Failure(err))
		return nil
	}
	m.opts.Files.Rules, m.opts.Files.RulesSavePath = path, path
	m.ds.files = m.opts.Files
	// The saved rules are those in force, as they read back: they name
	// their place in the file now.
	m.ds.rules, m.opts.Rules = back, back
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
