package runs

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/shell"
)

// loadWeights applies a run's weights as one undoable step, and its
// rules and pairing when they are not those in force.
func (c *Controller) loadWeights(msg ReadyMsg) {
	r := msg.run.RunSummary
	st := c.pg.State()
	old, oldHas := st.Metric.Total(st.Sess.Tree())
	var notes restoreNotes
	if rr := msg.restored; rr != nil {
		if rr.version != st.WSess.Version() {
			c.sh.Status.Set(common.Warn("the weights changed while " + runspane.RunName(r) + " was read: R loads it again"))
			return
		}
		c.pg.PutInForce(rr)
		st = c.pg.State()
		notes = rr.notes()
	}
	n, err := st.WSess.SetWeights(msg.weights, "load the weights of "+runspane.RunName(r))
	if err != nil {
		c.sh.Status.Set(common.Failure(fmt.Errorf("%s: %w", runspane.RunName(r), err)))
		return
	}
	if c.sh.Mode == shell.ModeHistory {
		c.sh.Mode = shell.ModeNormal
	}
	c.pg.WeightsChanged()
	ms := st.Metric
	var text string
	switch {
	case n == 0 && len(notes) > 0:
		tot, has := ms.Total(st.Sess.Tree())
		text = fmt.Sprintf("loaded %s, its weights are those in force: total %s → %s",
			notes.alone(runspane.RunName(r)), common.ScoreText5(old, oldHas), common.ScoreText5(tot, has))
	case n == 0:
		text = "the weights in force are those of " + runspane.RunName(r) + " already"
	case !ms.Tuned():
		text = fmt.Sprintf("loaded the weights of %s: %d weight%s changed; %s does not use them (m switches to a metric that does)",
			runspane.RunName(r), n, common.Plural(n, "s"), ms.Name)
	default:
		tot, has := ms.Total(st.Sess.Tree())
		text = fmt.Sprintf("loaded the weights of %s%s: %d weight%s changed", runspane.RunName(r), notes.besides(), n, common.Plural(n, "s"))
		if has && oldHas {
			text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
		}
		text += " · u undoes"
	}
	if ig := msg.ignored; ig.N > 0 {
		var paths []string
		for _, w := range ig.First {
			paths = append(paths, w.Path)
		}
		what := fmt.Sprintf("%s entries of its weights apply", common.Thousands(ig.N))
		if ig.N == 1 {
			what = "1 entry of its weights applies"
		}
		c.sh.Status.Set(common.Warn(fmt.Sprintf("%s; %s to nothing here: %s", text, what, joinCapped(paths, 4, ig.N))))
		return
	}
	c.sh.Status.Set(common.Success(text))
}

// joinCapped joins the first n items with ", ", saying how many more.
func joinCapped(items []string, n, total int) string {
	if total <= n {
		return strings.Join(items, ", ")
	}
	return strings.Join(items[:n], ", ") + fmt.Sprintf(" and %s more", common.Thousands(total-n))
}

// restoreNote says what R restored besides the weights: the rules or
// the pairing, with a word on it.
type restoreNote struct{ what, detail string }

type restoreNotes []restoreNote

// notes says what r restored besides the weights.
func (r *Restored) notes() restoreNotes {
	var notes restoreNotes
	if r.rulesChanged {
		detail := fmt.Sprintf("%d; ctrl+s saves them", r.Rules.Len())
		if r.Rules.Len() == 0 {
			detail = "none: every key compared by default; ctrl+s saves that"
		}
		notes = append(notes, restoreNote{"rules", detail})
	}
	if r.pairingChanged {
		notes = append(notes, restoreNote{"pairing", pairingText(r.User)})
	}
	return notes
}

// alone says what was restored of run when the weights were those in
// force: "the rules of run X (2; ...)", "the rules (2; ...) and the
// pairing (--lists best) of run X".
func (ns restoreNotes) alone(run string) string {
	if len(ns) == 1 {
		return fmt.Sprintf("the %s of %s (%s)", ns[0].what, run, ns[0].detail)
	}
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("the %s (%s)", n.what, n.detail)
	}
	return strings.Join(parts, " and ") + " of " + run
}

// besides says what was restored with the weights: " and its rules
// (...)", ", its rules (...) and its pairing (...)"; "" for nothing.
func (ns restoreNotes) besides() string {
	parts := make([]string, len(ns))
	for i, n := range ns {
		parts[i] = fmt.Sprintf("its %s (%s)", n.what, n.detail)
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return " and " + parts[0]
	}
	return ", " + strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
