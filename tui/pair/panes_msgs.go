package pair

import (
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
)

// The messages the pair explorer's root sends its header and detail pane
// (pane): what changed that they show, in place of setting their fields.

// bestRunMsg gives the header the pair's best run, among the runs of
// config cfg.
type bestRunMsg struct {
	best ports.RunSummary
	ok   bool
	cfg  ports.RunConfig
}

// comparisonMsg gives the panes the run compared with, nil for none.
type comparisonMsg struct{ cmp *runspane.Comparison }

// filesMsg gives the header the files and the rules in force after a
// save.
type filesMsg struct {
	files ports.Files
	rules *scoring.RuleSet
}

// notesChangedMsg says the header's notes and the detail pane's lines
// are to be made again (the schema's verdict came, the rules' place in
// their file changed).
type notesChangedMsg struct{}

// toggleNotesMsg expands or folds the header's notes (a click on them).
type toggleNotesMsg struct{}

// Update takes what the header shows: the best run, the comparison, the
// files, the notes; `!` expands the notes.
func (h *header) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case bestRunMsg:
		h.best, h.hasBest, h.bestCfg = msg.best, msg.ok, msg.cfg
	case comparisonMsg:
		h.cmp = msg.cmp
	case filesMsg:
		h.files, h.rules = msg.files, msg.rules
		h.setNotes()
	case notesChangedMsg:
		h.setNotes()
	case toggleNotesMsg:
		if len(h.notes) > 0 {
			h.expanded = !h.expanded
		}
	case tea.KeyPressMsg:
		if key.Matches(msg, h.c.Keys.Warnings) {
			if len(h.notes) == 0 {
				return common.StatusCmd(common.Info("no repairs and no warnings"))
			}
			h.expanded = !h.expanded
		}
	}
	return nil
}

// ShortHelp returns the key that expands the notes.
func (h *header) ShortHelp() []key.Binding { return []key.Binding{h.c.Keys.Warnings} }

// FullHelp returns the header's keys.
func (h *header) FullHelp() [][]key.Binding { return [][]key.Binding{h.ShortHelp()} }

// SelectNodeMsg asks a pair's explorer to put its cursor on node id.
type SelectNodeMsg struct{ Id scoring.NodeID }
