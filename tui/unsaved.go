package tui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/widgets"
)

// unsavedDelay is how long after a weight change the unsaved weights are
// written to the recovery file: the changes within it go in one write,
// and at most this much editing is at risk from a kill -9 (a signal that
// can be caught writes the latest weights before the explorer ends).
const unsavedDelay = 500 * time.Millisecond

// unsavedShare bounds the time the UI goroutine spends making the text of
// the weights to keep: the delay grows to unsavedShare times the last
// making's time (a weights file of a million entries takes a while to
// write out; the write itself is in the background).
const unsavedShare = 10

// unsaved keeps the user's unsaved weights and rules in a recovery file
// as they change, and offers those an earlier explorer left.
type unsaved struct {
	keeper *recovery.Keeper
	// seq numbers the writes and removals in the order asked.
	seq uint64
	// sess, version and rules are the weights and rules last seen;
	// scheduled says a write is due; stale that they changed since the
	// last write.
	sess             weightsSession
	version          int
	rules            *scoring.RuleSet
	scheduled, stale bool
	// delay is the time from a change to its write: unsavedDelay, or more
	// for weights whose text takes long to make.
	delay time.Duration
	// discarded says the user quit without saving on purpose.
	discarded bool
	// lastErr is the last failure shown, not to repeat it on every edit.
	lastErr string
	// offers are the recovery files found, the first one shown in
	// modeRecover.
	offers []offer
}

// offer is a recovery file found on opening, resolved on the tree that
// holds the weights in force.
type offer struct {
	found recovery.Found
	// weights is the weight of every slot with the file's weights; for a
	// dataset's offer, pathWeights is the weight of every path instead.
	weights     []float64
	pathWeights []dataset.PathWeight
	// changes lists the weights that differ from those in force.
	changes []runspane.WeightChange
	// ignored are the entries that apply to nothing in this reference.
	ignored runspane.IgnoredEntries
	// rules are the file's rules, nil when it kept none (the rules were
	// the rules file's); ruleChanges lists those that differ from the
	// rules in force.
	rules       *scoring.RuleSet
	ruleChanges []ruleChange
	err         error
}

// unsavedFoundMsg carries the recovery files found on opening.
type unsavedFoundMsg struct {
	found []recovery.Found
	err   error
}

// unsavedOffersMsg carries the files found, resolved on a snapshot of the
// weights tree of wsess, their rules against rules.
type unsavedOffersMsg struct {
	wsess   weightsSession
	version int
	rules   *scoring.RuleSet
	offers  []offer
}

// unsavedTickMsg says a write of the unsaved weights is due.
type unsavedTickMsg struct{}

// unsavedDoneMsg says how a write or removal went.
type unsavedDoneMsg struct {
	what string
	err  error
}

// drop removes the recovery file on bg; done wraps the outcome in the
// explorer's own message.
func (u *unsaved) drop(bg *common.Background, done func(what string, err error) tea.Msg) tea.Cmd {
	k, seq := u.keeper, u.next()
	return bg.Run(func() tea.Msg {
		return done("removed the unsaved weights", k.Drop(seq))
	})
}

// discard deletes the offered recovery file f on bg, saying so on
// status; done wraps the outcome in the explorer's own message.
func (u *unsaved) discard(bg *common.Background, f recovery.Found, status *widgets.StatusLine, done func(what string, err error) tea.Msg) tea.Cmd {
	what := "weights"
	if len(f.Rules) > 0 {
		what = "weights and rules"
	}
	status.Set(common.Info("discarded the unsaved " + what + " of " + savedText(f.Saved)))
	return bg.Run(func() tea.Msg {
		return done("removed "+f.Path, recovery.Discard(f))
	})
}

// report shows a failed write or removal on status, once for each error;
// a success clears the memory of the last one.
func (u *unsaved) report(err error, status *widgets.StatusLine) {
	if err == nil {
		u.lastErr = ""
		return
	}
	if text := err.Error(); text != u.lastErr {
		u.lastErr = text
		status.Set(common.Warn("unsaved weights: " + text))
	}
}

// next returns the sequence number of a new write or removal.
func (u *unsaved) next() uint64 {
	u.seq++
	return u.seq
}

// inForce returns the session holding the weights in force (nil before
// the comparison is in) and the rules in force.
func (m *Model) inForce() (weightsSession, *scoring.RuleSet) {
	if m.wsess == nil {
		return nil, m.rules
	}
	return m.wsess, m.rules
}

// resolveOffers returns what resolves a recovery file's weights on a
// snapshot of the weights tree, against the weights in force now; it
// runs in the background.
func (m *Model) resolveOffers() func(o *offer) {
	snap := m.wsess.Tree().Clone()
	now := snap.SlotWeights(nil)
	return func(o *offer) {
		o.weights, o.ignored, o.err = runspane.ResolveWeights(snap, o.found.Path, o.found.Weights)
		for i := range o.weights {
			if snap.SlotAt(i).IsKey() && o.weights[i] != now[i] {
				o.changes = append(o.changes, runspane.WeightChange{Path: snap.SchemaPath(i), Run: o.weights[i], Now: now[i]})
			}
		}
	}
}

// busy reports whether something keeps an offer waiting: nothing does
// in a pair's explorer.
func (m *Model) busy() bool { return false }

// applyOffer applies the weights of an offer as one undoable step,
// keeps them as this explorer's unsaved weights, and then removes the
// file they came from.
func (m *Model) applyOffer(o offer) tea.Cmd {
	f := o.found
	old, oldHas := m.metric.total(m.sess.Tree())
	n, err := m.wsess.SetWeights(o.weights, "restore the unsaved weights of "+savedText(f.Saved))
	if err != nil {
		m.status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.tree.refresh()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", savedText(f.Saved), n, common.Plural(n, "s"))
	if tot, has := m.metric.total(m.sess.Tree()); has && oldHas && m.metric.tuned() {
		text += fmt.Sprintf(", total %s → %s", common.Fixed5(old), common.Fixed5(tot))
	}
	if o.ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.ignored.N)
	}
	m.status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return m.takeOverUnsaved(f)
}

// savedText formats when a recovery file was written.
func savedText(t time.Time) string {
	if t.IsZero() {
		return "an earlier session"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}
