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

// Both pages keep their unsaved weights and rules alike: in a recovery
// file beside the weights file, written a moment after they change and
// at the end however the explorer ends, removed when they are saved or
// discarded, and offered back by the next explorer of the same pair or
// dataset, with the same box and keys. What differs (how a file's
// weights resolve, how they are applied) is the page's.

// findUnsaved looks for the recovery files of the page's inputs in the
// background.
func (s *shell) findUnsaved() tea.Cmd {
	k := s.unsaved.keeper
	if k == nil {
		return nil
	}
	return s.c.Bg.Run(func() tea.Msg {
		found, err := k.Find()
		return unsavedFoundMsg{found: found, err: err}
	})
}

// unsavedFound resolves the files found against the weights and rules in
// force, in the background.
func (s *shell) unsavedFound(msg unsavedFoundMsg) tea.Cmd {
	if msg.err != nil {
		s.status.Set(common.Warn("unsaved weights and rules of an earlier session could not be looked for: " + msg.err.Error()))
	}
	w, rules := s.pg.InForce()
	if len(msg.found) == 0 || w == nil {
		return nil
	}
	version := w.Version()
	resolve := s.pg.ResolveOffers()
	return s.c.Bg.Run(func() tea.Msg {
		offers := make([]offer, 0, len(msg.found))
		for _, f := range msg.found {
			o := offer{found: f, err: f.Err}
			if o.err == nil {
				resolve(&o)
			}
			if o.err == nil && len(f.Rules) > 0 {
				o.rules, o.err = scoring.ParseRules("the rules kept in "+f.Path, f.Rules)
				o.ruleChanges = ruleDiffs(rules, o.rules)
			}
			offers = append(offers, o)
		}
		return unsavedOffersMsg{wsess: w, version: version, rules: rules, offers: offers}
	})
}

// unsavedOffers takes the files found, resolved: those whose weights are
// the ones in force already are removed, the others offered in turn.
func (s *shell) unsavedOffers(msg unsavedOffersMsg) tea.Cmd {
	w, rules := s.pg.InForce()
	if w == nil {
		return nil
	}
	if msg.wsess != w || msg.version != w.Version() || msg.rules != rules {
		return s.findUnsaved() // the weights, the metric or the rules changed meanwhile: again
	}
	var cmds []tea.Cmd
	for _, o := range msg.offers {
		if o.err == nil && len(o.changes) == 0 && len(o.ruleChanges) == 0 {
			f := o.found
			cmds = append(cmds, s.c.Bg.Run(func() tea.Msg {
				return unsavedDoneMsg{what: "removed " + f.Path + ": its weights and rules are those in force", err: recovery.Discard(f)}
			}))
			continue
		}
		s.unsaved.offers = append(s.unsaved.offers, o)
	}
	s.offerNext()
	return tea.Batch(cmds...)
}

// offerNext shows the next offer, when there is one and nothing else is
// on screen.
func (s *shell) offerNext() {
	if len(s.unsaved.offers) > 0 && s.mode == modeNormal && s.phase == phaseReady && !s.pg.Busy() {
		s.mode = modeRecover
	}
}

// recoverKey answers the offer: r restores, d discards, k or esc keeps
// the file for later.
func (s *shell) recoverKey(msg tea.KeyPressMsg) tea.Cmd {
	o := s.unsaved.offers[0]
	f := o.found
	var cmd tea.Cmd
	switch msg.String() {
	case "r":
		if o.err != nil {
			s.status.Set(common.Warn("these weights cannot be restored: " + o.err.Error()))
			return nil
		}
		if len(o.ruleChanges) > 0 {
			c, why := s.pg.RestoreRules(o)
			if why != "" {
				s.status.Set(common.Warn("these rules cannot be restored here: " + why))
				return nil
			}
			cmd = c
			break
		}
		cmd = s.pg.ApplyOffer(o)
	case "d":
		cmd = s.unsaved.discard(s.c.Bg, f, s.status, func(what string, err error) tea.Msg {
			return unsavedDoneMsg{what: what, err: err}
		})
	case "k", "esc", "q":
		s.status.Set(common.Info("kept for later (opening this " + s.noun + " again offers it): " + f.Path))
	default:
		return nil
	}
	s.unsaved.offers = s.unsaved.offers[1:]
	s.mode = modeNormal
	s.offerNext()
	return cmd
}

// takeOverUnsaved makes this explorer keep the weights and rules just
// restored from f: it writes its own file first, so that they are on
// disk in one place or the other at every moment, then removes f.
func (s *shell) takeOverUnsaved(f recovery.Found) tea.Cmd {
	k, seq := s.unsaved.keeper, s.unsaved.next()
	w, rules := s.pg.InForce()
	s.unsaved.sess, s.unsaved.version, s.unsaved.rules = w, w.Version(), rules
	weights, err := w.MarshalWeights()
	kept := s.unsavedRules()
	return s.c.Bg.Run(func() tea.Msg {
		if err == nil {
			_, err = k.Keep(seq, weights, kept)
		}
		if err != nil {
			return unsavedDoneMsg{what: "kept the restored weights", err: fmt.Errorf("%w; %s stays", err, f.Path)}
		}
		return unsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
	})
}

// unsavedDirty reports whether something is unsaved: weights or rules.
func (s *shell) unsavedDirty() bool {
	w, rules := s.pg.InForce()
	return w != nil && w.Dirty() || rules.Changed()
}

// unsavedRules returns the rules to keep in the recovery file: the rules
// file content in force when it is not the rules file's, else nil.
func (s *shell) unsavedRules() []byte {
	_, rules := s.pg.InForce()
	if !rules.Changed() {
		return nil
	}
	return rules.Marshal()
}

// unsavedChanged notes a change of the weights or rules in force: a
// write of the recovery file is scheduled, or, when nothing is unsaved any
// more (a save, an undo back to the saved weights), the file is removed at
// once. It is called after every message, and costs nothing when the
// weights and rules did not change.
func (s *shell) unsavedChanged() tea.Cmd {
	u := &s.unsaved
	w, rules := s.pg.InForce()
	if u.keeper == nil || w == nil || s.phase != phaseReady {
		return nil
	}
	if w == u.sess && w.Version() == u.version && rules == u.rules {
		return nil
	}
	u.sess, u.version, u.rules = w, w.Version(), rules
	if !s.unsavedDirty() {
		u.stale = false
		return s.dropUnsaved()
	}
	u.stale = true
	if u.scheduled {
		return nil
	}
	u.scheduled = true
	return s.c.Tick(max(unsavedDelay, u.delay), func(time.Time) tea.Msg { return unsavedTickMsg{} })
}

// keepUnsaved writes the unsaved weights and rules, when they changed
// since the last write, in the background. Once the explorer quits it
// writes nothing: quitting left the file as it must stay.
func (s *shell) keepUnsaved() tea.Cmd {
	u := &s.unsaved
	u.scheduled = false
	w, _ := s.pg.InForce()
	if !u.stale || u.keeper == nil || w == nil || s.phase != phaseReady {
		return nil
	}
	u.stale = false
	if !s.unsavedDirty() {
		return s.dropUnsaved()
	}
	start := time.Now()
	weights, err := w.MarshalWeights()
	rules := s.unsavedRules()
	u.delay = unsavedShare * time.Since(start)
	if err != nil {
		return func() tea.Msg { return unsavedDoneMsg{what: "kept the unsaved weights", err: err} }
	}
	k, seq := u.keeper, u.next()
	return s.c.Bg.Run(func() tea.Msg {
		_, err := k.Keep(seq, weights, rules)
		return unsavedDoneMsg{what: "kept the unsaved weights", err: err}
	})
}

// dropUnsaved removes the recovery file in the background.
func (s *shell) dropUnsaved() tea.Cmd {
	return s.unsaved.drop(s.c.Bg, func(what string, err error) tea.Msg {
		return unsavedDoneMsg{what: what, err: err}
	})
}

// settleUnsaved leaves the recovery file as the explorer ends: the
// latest unsaved weights and rules written, or the file removed when
// nothing is unsaved or the user discarded the changes. It runs on the
// caller's goroutine and returns the file kept, "" for none.
func (s *shell) settleUnsaved() (string, error) {
	u := &s.unsaved
	w, _ := s.pg.InForce()
	if u.keeper == nil || w == nil {
		return "", nil
	}
	seq := u.next()
	if u.discarded || !s.unsavedDirty() {
		return "", u.keeper.Drop(seq)
	}
	weights, err := w.MarshalWeights()
	if err != nil {
		return "", err
	}
	return u.keeper.Keep(seq, weights, s.unsavedRules())
}

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

// savedText formats when a recovery file was written.
func savedText(t time.Time) string {
	if t.IsZero() {
		return "an earlier session"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// ruleChange is a key whose rule differs between the rules in force and
// a recovery file's: each rule as the explorer writes it ("default" for
// none).
type ruleChange struct {
	path, now, kept string
}

// ruleDiffs lists the paths whose rule differs between now and kept (nil:
// no rules), in now's order, then those only kept has.
func ruleDiffs(now, kept *scoring.RuleSet) []ruleChange {
	text := func(rs *scoring.RuleSet, path string) string {
		r, ok := rs.Rule(path)
		if !ok {
			return "default"
		}
		return r.String()
	}
	var out []ruleChange
	a, _ := now.Entries()
	b, _ := kept.Entries()
	seen := make(map[string]bool, len(a)+len(b))
	for _, p := range append(a, b...) {
		if seen[p] {
			continue
		}
		seen[p] = true
		if x, y := text(now, p), text(kept, p); x != y {
			out = append(out, ruleChange{path: p, now: x, kept: y})
		}
	}
	return out
}
