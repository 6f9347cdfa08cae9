package tui

import (
	"fmt"
	"path/filepath"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
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
