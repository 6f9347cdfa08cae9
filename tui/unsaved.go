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
	"github.com/jsontui/jsontui/tui/session"
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
	sess             *session.Session
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
	wsess  *session.Session
	rules  *scoring.RuleSet
	offers []offer
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

// findUnsaved looks for the recovery files of the pair in the background.
func (m *Model) findUnsaved() tea.Cmd {
	k := m.unsaved.keeper
	if k == nil {
		return nil
	}
	return m.c.Bg.Run(func() tea.Msg {
		found, err := k.Find()
		return unsavedFoundMsg{found: found, err: err}
	})
}

// unsavedFound resolves the files found on a snapshot of the weights
// tree, in the background.
func (m *Model) unsavedFound(msg unsavedFoundMsg) tea.Cmd {
	if msg.err != nil {
		m.status.Set(common.Warn("unsaved weights and rules of an earlier session could not be looked for: " + msg.err.Error()))
	}
	if len(msg.found) == 0 || m.wsess == nil {
		return nil
	}
	wsess, rules := m.wsess, m.rules
	snap := wsess.Tree().Clone()
	now := snap.SlotWeights(nil)
	return m.c.Bg.Run(func() tea.Msg {
		offers := make([]offer, 0, len(msg.found))
		for _, f := range msg.found {
			o := offer{found: f, err: f.Err}
			if o.err == nil {
				o.weights, o.ignored, o.err = runspane.ResolveWeights(snap, f.Path, f.Weights)
			}
			for i := range o.weights {
				if snap.SlotAt(i).IsKey() && o.weights[i] != now[i] {
					o.changes = append(o.changes, runspane.WeightChange{Path: snap.SchemaPath(i), Run: o.weights[i], Now: now[i]})
				}
			}
			if o.err == nil && len(f.Rules) > 0 {
				o.rules, o.err = scoring.ParseRules("the rules kept in "+f.Path, f.Rules)
				o.ruleChanges = ruleDiffs(rules, o.rules)
			}
			offers = append(offers, o)
		}
		return unsavedOffersMsg{wsess: wsess, rules: rules, offers: offers}
	})
}

// unsavedOffers takes the files found, resolved: those whose weights are
// the ones in force already are removed, the others offered in turn.
func (m *Model) unsavedOffers(msg unsavedOffersMsg) tea.Cmd {
	if msg.wsess != m.wsess || msg.rules != m.rules {
		return m.findUnsaved() // the metric or the rules changed meanwhile: again
	}
	var cmds []tea.Cmd
	for _, o := range msg.offers {
		if o.err == nil && len(o.changes) == 0 && len(o.ruleChanges) == 0 {
			f := o.found
			cmds = append(cmds, m.c.Bg.Run(func() tea.Msg {
				return unsavedDoneMsg{what: "removed " + f.Path + ": its weights and rules are those in force", err: recovery.Discard(f)}
			}))
			continue
		}
		m.unsaved.offers = append(m.unsaved.offers, o)
	}
	m.offerNext()
	return tea.Batch(cmds...)
}

// offerNext shows the next offer, when there is one and nothing else is
// on screen.
func (m *Model) offerNext() {
	if len(m.unsaved.offers) > 0 && m.mode == modeNormal && m.phase == phaseReady {
		m.mode = modeRecover
	}
}

// recoverKey answers the offer: r restores, d discards, k or esc keeps
// the file for later.
func (m *Model) recoverKey(msg tea.KeyPressMsg) tea.Cmd {
	o := m.unsaved.offers[0]
	f := o.found
	var cmd tea.Cmd
	switch msg.String() {
	case "r":
		if o.err != nil {
			m.status.Set(common.Warn("these weights cannot be restored: " + o.err.Error()))
			return nil
		}
		if len(o.ruleChanges) > 0 {
			if m.opts.Rescore == nil {
				m.status.Set(common.Warn("these rules cannot be restored here: nothing rescores"))
				return nil
			}
			cmd = m.restoreUnsavedRules(o)
			break
		}
		cmd = m.restoreUnsaved(o)
	case "d":
		cmd = m.unsaved.discard(m.c.Bg, f, m.status, func(what string, err error) tea.Msg {
			return unsavedDoneMsg{what: what, err: err}
		})
	case "k", "esc", "q":
		m.status.Set(common.Info("kept for later (opening this pair again offers it): " + f.Path))
	default:
		return nil
	}
	m.unsaved.offers = m.unsaved.offers[1:]
	m.mode = modeNormal
	m.offerNext()
	return cmd
}

// restoreUnsaved applies the weights of an offer as one undoable step,
// keeps them as this explorer's unsaved weights, and then removes the
// file they came from.
func (m *Model) restoreUnsaved(o offer) tea.Cmd {
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

// takeOverUnsaved makes this explorer keep the weights and rules just
// restored from f: it writes its own file first, so that they are on
// disk in one place or the other at every moment, then removes f.
func (m *Model) takeOverUnsaved(f recovery.Found) tea.Cmd {
	k, seq := m.unsaved.keeper, m.unsaved.next()
	weights, rules := m.wsess.Tree().MarshalWeights(), m.unsavedRules()
	m.unsaved.sess, m.unsaved.version, m.unsaved.rules = m.wsess, m.wsess.Version(), m.rules
	return m.c.Bg.Run(func() tea.Msg {
		if _, err := k.Keep(seq, weights, rules); err != nil {
			return unsavedDoneMsg{what: "kept the restored weights", err: fmt.Errorf("%w; %s stays", err, f.Path)}
		}
		return unsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
	})
}

// unsavedDirty reports whether something is unsaved: weights or rules.
func (m *Model) unsavedDirty() bool { return m.wsess.Dirty() || m.rules.Changed() }

// unsavedChanged notes a change of the weights or rules in force: a
// write of the recovery file is scheduled, or, when nothing is unsaved any
// more (a save, an undo back to the saved weights), the file is removed at
// once. It is called after every message, and costs nothing when the
// weights and rules did not change.
func (m *Model) unsavedChanged() tea.Cmd {
	u := &m.unsaved
	if u.keeper == nil || m.wsess == nil || m.phase != phaseReady {
		return nil
	}
	if m.wsess == u.sess && m.wsess.Version() == u.version && m.rules == u.rules {
		return nil
	}
	u.sess, u.version, u.rules = m.wsess, m.wsess.Version(), m.rules
	if !m.unsavedDirty() {
		u.stale = false
		return m.dropUnsaved()
	}
	u.stale = true
	if u.scheduled {
		return nil
	}
	u.scheduled = true
	return m.c.Tick(max(unsavedDelay, u.delay), func(time.Time) tea.Msg { return unsavedTickMsg{} })
}

// keepUnsaved writes the unsaved weights and rules, when they changed
// since the last write, in the background. Once the explorer quits it
// writes nothing: quitting left the file as it must stay.
func (m *Model) keepUnsaved() tea.Cmd {
	u := &m.unsaved
	u.scheduled = false
	if !u.stale || u.keeper == nil || m.wsess == nil || m.phase != phaseReady {
		return nil
	}
	u.stale = false
	if !m.unsavedDirty() {
		return m.dropUnsaved()
	}
	start := time.Now()
	weights, rules := m.wsess.Tree().MarshalWeights(), m.unsavedRules()
	u.delay = unsavedShare * time.Since(start)
	k, seq := u.keeper, u.next()
	return m.c.Bg.Run(func() tea.Msg {
		_, err := k.Keep(seq, weights, rules)
		return unsavedDoneMsg{what: "kept the unsaved weights", err: err}
	})
}

// dropUnsaved removes the recovery file in the background.
func (m *Model) dropUnsaved() tea.Cmd {
	return m.unsaved.drop(m.c.Bg, func(what string, err error) tea.Msg {
		return unsavedDoneMsg{what: what, err: err}
	})
}

// unsavedDone reports a failed write or removal, once for each error.
func (m *Model) unsavedDone(msg unsavedDoneMsg) {
	m.unsaved.report(msg.err, m.status)
}

// settleUnsaved leaves the recovery file as the explorer ends: the
// latest unsaved weights and rules written, or the file removed when
// nothing is unsaved or the user discarded the changes. It runs on the
// caller's goroutine and returns the file kept, "" for none.
func (m *Model) settleUnsaved() (string, error) {
	u := &m.unsaved
	if u.keeper == nil || m.wsess == nil {
		return "", nil
	}
	seq := u.next()
	if u.discarded || !m.unsavedDirty() {
		return "", u.keeper.Drop(seq)
	}
	return u.keeper.Keep(seq, m.wsess.Tree().MarshalWeights(), m.unsavedRules())
}

// savedText formats when a recovery file was written.
func savedText(t time.Time) string {
	if t.IsZero() {
		return "an earlier session"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}
