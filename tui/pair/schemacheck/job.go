package schemacheck

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/validate"
	"github.com/jsontui/jsontui/tui/common"
)

// CheckedMsg carries the outcome of a check started by Start: the
// violations of the output, or why the check failed.
type CheckedMsg struct {
	check      *Check
	gen        int
	violations []validate.Violation
	err        error
}

// Start validates out against sch in the background; nil without a
// check. The check's answer is a CheckedMsg, which Checked takes; a
// newer Start makes it stale.
func (sc *Check) Start(bg *common.Background, sch *validate.Schema, out *jsondoc.Doc) tea.Cmd {
	if sc == nil || sch == nil {
		return nil
	}
	sc.gen++
	gen := sc.gen
	return bg.Run(func() (msg tea.Msg) {
		defer func() {
			// The validator is a library of its own: a panic in it is
			// an error shown, not a crash.
			if r := recover(); r != nil {
				msg = CheckedMsg{check: sc, gen: gen, err: fmt.Errorf("the check failed: %v", r)}
			}
		}()
		return CheckedMsg{check: sc, gen: gen, violations: sch.Validate(out)}
	})
}

// Checked takes the outcome of the check, placing the violations in t
// (the tree shown), and returns what the status line says of it, with
// the output named output. ok is false for a stale answer (nothing
// changed); marked says the nodes' marks changed, which the panes
// showing them must take.
func (sc *Check) Checked(msg CheckedMsg, t *scoring.Tree, output string) (st common.StatusMsg, marked, ok bool) {
	if sc == nil || msg.check != sc || msg.gen != sc.gen {
		return common.StatusMsg{}, false, false
	}
	sc.Done(msg.violations, msg.err, t)
	if msg.err != nil {
		return common.Failure(fmt.Errorf("schema %s: %w", sc.Name(), msg.err)), false, true
	}
	n := sc.Count()
	if n == 0 {
		return common.Success(fmt.Sprintf("%s is valid against %s", escape.Text(output), escape.Text(sc.Name()))), true, true
	}
	text := fmt.Sprintf("schema %s: %s violation%s, marked ! in the tree", sc.Name(), common.Thousands(n), common.Plural(n, "s"))
	if k := len(sc.Unplaced()); k > 0 {
		text += fmt.Sprintf(" (%d at values the tree does not show: ! lists them)", k)
	}
	return common.Warn(text), true, true
}
