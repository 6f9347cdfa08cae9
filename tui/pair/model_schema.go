package pair

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/pair/detail"
	"github.com/jsontui/jsontui/tui/pair/header"
	"github.com/jsontui/jsontui/tui/shell"
)

// checkSchema validates the output against the schema in the background.
func (m *Model) checkSchema() tea.Cmd {
	sch := m.opts.Schema
	if sch == nil || m.sess == nil {
		return nil
	}
	m.jobs.schema++
	id := m.jobs.schema
	out := m.sess.Tree().Out()
	return m.C.Bg.Run(func() (msg tea.Msg) {
		defer func() {
			// The validator is a library of its own: a panic in it is
			// an error shown, not a crash.
			if r := recover(); r != nil {
				msg = schemaMsg{id: id, err: fmt.Errorf("the check failed: %v", r)}
			}
		}()
		return schemaMsg{id: id, violations: sch.Validate(out)}
	})
}

// schemaMsg carries the violations of check request id.
type schemaMsg struct {
	id         int
	violations []validate.Violation
	err        error
}

// schemaChecked marks the violating nodes and counts the violations.
func (m *Model) schemaChecked(msg schemaMsg) {
	sc := m.schema
	if msg.id != m.jobs.schema || sc == nil || m.Phase != shell.PhaseReady {
		return
	}
	sc.Done(msg.violations, msg.err, m.sess.Tree())
	if msg.err != nil {
		m.Status.Set(common.Failure(fmt.Errorf("schema %s: %w", sc.Name(), msg.err)))
		return
	}
	m.hdr.Update(header.NotesChangedMsg{})
	m.detail.Update(detail.RebuildMsg{})
	m.Layout()
	n := sc.Count()
	if n == 0 {
		m.Status.Set(common.Success(fmt.Sprintf("%s is valid against %s", escape.Text(m.opts.Files.Output), escape.Text(sc.Name()))))
		return
	}
	text := fmt.Sprintf("schema %s: %s violation%s, marked ! in the tree", sc.Name(), common.Thousands(n), common.Plural(n, "s"))
	if k := len(sc.Unplaced()); k > 0 {
		text += fmt.Sprintf(" (%d at values the tree does not show: ! lists them)", k)
	}
	m.Status.Set(common.Warn(text))
}
