package shell

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
// Dataset, with the same box and keys. What differs (how a file's
// Weights resolve, how they are applied) is the page's.

// FindUnsaved looks for the recovery files of the page's inputs in the
// background.
func (s *Shell) FindUnsaved() tea.Cmd {
	k := s.Unsaved.Keeper
	if k == nil {
		return nil
	}
	return s.C.Bg.Run(func() tea.Msg {
		found, err := k.Find()
		return UnsavedFoundMsg{Found: found, err: err}
	})
}

// unsavedFound resolves the files found against the weights and rules in
// force, in the background.
func (s *Shell) unsavedFound(msg UnsavedFoundMsg) tea.Cmd {
	if msg.err != nil {
		s.Status.Set(common.Warn("unsaved weights and rules of an earlier session could not be looked for: " + msg.err.Error()))
	}
	w, rules := s.pg.InForce()
	if len(msg.Found) == 0 || w == nil {
		return nil
	}
	version := w.Version()
	resolve := s.pg.ResolveOffers()
	return s.C.Bg.Run(func() tea.Msg {
		offers := make([]Offer, 0, len(msg.Found))
		for _, f := range msg.Found {
			o := Offer{Found: f, Err: f.Err}
			if o.Err == nil {
				resolve(&o)
			}
			if o.Err == nil && len(f.Rules) > 0 {
				o.Rules, o.Err = scoring.ParseRules("the rules kept in "+f.Path, f.Rules)
				o.RuleChanges = RuleDiffs(rules, o.Rules)
			}
			offers = append(offers, o)
		}
		return unsavedOffersMsg{wsess: w, version: version, rules: rules, offers: offers}
	})
}

// unsavedOffers takes the files found, resolved: those whose weights are
// the ones in force already are removed, the others offered in turn.
func (s *Shell) unsavedOffers(msg unsavedOffersMsg) tea.Cmd {
	w, rules := s.pg.InForce()
	if w == nil {
		return nil
	}
	if msg.wsess != w || msg.version != w.Version() || msg.rules != rules {
		return s.FindUnsaved() // the weights, the metric or the rules changed meanwhile: again
	}
	var cmds []tea.Cmd
	for _, o := range msg.offers {
		if o.Err == nil && len(o.Changes) == 0 && len(o.RuleChanges) == 0 {
			f := o.Found
			cmds = append(cmds, s.C.Bg.Run(func() tea.Msg {
				return unsavedDoneMsg{what: "removed " + f.Path + ": its weights and rules are those in force", err: recovery.Discard(f)}
			}))
			continue
		}
		s.Unsaved.Offers = append(s.Unsaved.Offers, o)
	}
	s.offerNext()
	return tea.Batch(cmds...)
}

// offerNext shows the next offer, when there is one and nothing else is
// on screen.
func (s *Shell) offerNext() {
	if len(s.Unsaved.Offers) > 0 && s.Mode == ModeNormal && s.Phase == PhaseReady && !s.pg.Busy() {
		s.Mode = ModeRecover
	}
}

// recoverKey answers the offer: r restores, d discards, k or esc keeps
// the file for later.
func (s *Shell) recoverKey(msg tea.KeyPressMsg) tea.Cmd {
	o := s.Unsaved.Offers[0]
	f := o.Found
	var cmd tea.Cmd
	switch msg.String() {
	case "r":
		if o.Err != nil {
			s.Status.Set(common.Warn("these weights cannot be restored: " + o.Err.Error()))
			return nil
		}
		if len(o.RuleChanges) > 0 {
			c, why := s.pg.RestoreRules(o)
			if why != "" {
				s.Status.Set(common.Warn("these rules cannot be restored here: " + why))
				return nil
			}
			cmd = c
			break
		}
		cmd = s.pg.ApplyOffer(o)
	case "d":
		cmd = s.Unsaved.discard(s.C.Bg, f, s.Status, func(what string, err error) tea.Msg {
			return unsavedDoneMsg{what: what, err: err}
		})
	case "k", "esc", "q":
		s.Status.Set(common.Info("kept for later (opening this " + s.noun + " again offers it): " + f.Path))
	default:
		return nil
	}
	s.Unsaved.Offers = s.Unsaved.Offers[1:]
	s.Mode = ModeNormal
	s.offerNext()
	return cmd
}

// TakeOverUnsaved makes this explorer keep the weights and rules just
// restored from f: it writes its own file first, so that they are on
// disk in one place or the other at every moment, then removes f.
func (s *Shell) TakeOverUnsaved(f recovery.Found) tea.Cmd {
	k, seq := s.Unsaved.Keeper, s.Unsaved.Next()
	w, rules := s.pg.InForce()
	s.Unsaved.sess, s.Unsaved.version, s.Unsaved.rules = w, w.Version(), rules
	weights, err := w.MarshalWeights()
	kept := s.UnsavedRules()
	return s.C.Bg.Run(func() tea.Msg {
		if err == nil {
			_, err = k.Keep(seq, weights, kept)
		}
		if err != nil {
			return unsavedDoneMsg{what: "kept the restored weights", err: fmt.Errorf("%w; %s stays", err, f.Path)}
		}
		return unsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
	})
}

// UnsavedDirty reports whether something is unsaved: weights or rules.
func (s *Shell) UnsavedDirty() bool {
	w, rules := s.pg.InForce()
	return w != nil && w.Dirty() || rules.Changed()
}

// UnsavedRules returns the rules to keep in the recovery file: the rules
// file content in force when it is not the rules file's, else nil.
func (s *Shell) UnsavedRules() []byte {
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
// Weights and rules did not change.
func (s *Shell) unsavedChanged() tea.Cmd {
	u := &s.Unsaved
	w, rules := s.pg.InForce()
	if u.Keeper == nil || w == nil || s.Phase != PhaseReady {
		return nil
	}
	if w == u.sess && w.Version() == u.version && rules == u.rules {
		return nil
	}
	u.sess, u.version, u.rules = w, w.Version(), rules
	if !s.UnsavedDirty() {
		u.stale = false
		return s.dropUnsaved()
	}
	u.stale = true
	if u.Scheduled {
		return nil
	}
	u.Scheduled = true
	return s.C.Tick(max(unsavedDelay, u.delay), func(time.Time) tea.Msg { return UnsavedTickMsg{} })
}

// keepUnsaved writes the unsaved weights and rules, when they changed
// since the last write, in the background. Once the explorer quits it
// writes nothing: quitting left the file as it must stay.
func (s *Shell) keepUnsaved() tea.Cmd {
	u := &s.Unsaved
	u.Scheduled = false
	w, _ := s.pg.InForce()
	if !u.stale || u.Keeper == nil || w == nil || s.Phase != PhaseReady {
		return nil
	}
	u.stale = false
	if !s.UnsavedDirty() {
		return s.dropUnsaved()
	}
	start := time.Now()
	weights, err := w.MarshalWeights()
	rules := s.UnsavedRules()
	u.delay = unsavedShare * time.Since(start)
	if err != nil {
		return func() tea.Msg { return unsavedDoneMsg{what: "kept the unsaved weights", err: err} }
	}
	k, seq := u.Keeper, u.Next()
	return s.C.Bg.Run(func() tea.Msg {
		_, err := k.Keep(seq, weights, rules)
		return unsavedDoneMsg{what: "kept the unsaved weights", err: err}
	})
}

// dropUnsaved removes the recovery file in the background.
func (s *Shell) dropUnsaved() tea.Cmd {
	return s.Unsaved.drop(s.C.Bg, func(what string, err error) tea.Msg {
		return unsavedDoneMsg{what: what, err: err}
	})
}

// SettleUnsaved leaves the recovery file as the explorer ends: the
// latest unsaved weights and rules written, or the file removed when
// nothing is unsaved or the user discarded the changes. It runs on the
// caller's goroutine and returns the file kept, "" for none.
func (s *Shell) SettleUnsaved() (string, error) {
	u := &s.Unsaved
	w, _ := s.pg.InForce()
	if u.Keeper == nil || w == nil {
		return "", nil
	}
	seq := u.Next()
	if u.discarded || !s.UnsavedDirty() {
		return "", u.Keeper.Drop(seq)
	}
	weights, err := w.MarshalWeights()
	if err != nil {
		return "", err
	}
	return u.Keeper.Keep(seq, weights, s.UnsavedRules())
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

// Unsaved keeps the user's unsaved weights and rules in a recovery file
// as they change, and offers those an earlier explorer left.
type unsaved struct {
	Keeper *recovery.Keeper
	// seq numbers the writes and removals in the order asked.
	seq uint64
	// sess, version and rules are the weights and rules last seen;
	// Scheduled says a write is due; stale that they changed since the
	// last write.
	sess             WeightsSession
	version          int
	rules            *scoring.RuleSet
	Scheduled, stale bool
	// delay is the time from a change to its write: unsavedDelay, or more
	// for weights whose text takes long to make.
	delay time.Duration
	// discarded says the user quit without saving on purpose.
	discarded bool
	// lastErr is the last failure shown, not to repeat it on every edit.
	lastErr string
	// Offers are the recovery files found, the first one shown in
	// ModeRecover.
	Offers []Offer
}

// Offer is a recovery file found on opening, resolved on the tree that
// holds the weights in force.
type Offer struct {
	Found recovery.Found
	// Weights is the weight of every slot with the file's weights; for a
	// Dataset's offer, pathWeights is the weight of every path instead.
	Weights     []float64
	PathWeights []dataset.PathWeight
	// Changes lists the weights that differ from those in force.
	Changes []runspane.WeightChange
	// Ignored are the entries that apply to nothing in this reference.
	Ignored runspane.IgnoredEntries
	// Rules are the file's rules, nil when it kept none (the rules were
	// the rules file's); ruleChanges lists those that differ from the
	// Rules in force.
	Rules       *scoring.RuleSet
	RuleChanges []ruleChange
	Err         error
}

// UnsavedFoundMsg carries the recovery files found on opening.
type UnsavedFoundMsg struct {
	Found []recovery.Found
	err   error
}

// unsavedOffersMsg carries the files found, resolved on a snapshot of the
// Weights tree of wsess, their rules against rules.
type unsavedOffersMsg struct {
	wsess   WeightsSession
	version int
	rules   *scoring.RuleSet
	offers  []Offer
}

// UnsavedTickMsg says a write of the unsaved weights is due.
type UnsavedTickMsg struct{}

// unsavedDoneMsg says how a write or removal went.
type unsavedDoneMsg struct {
	what string
	err  error
}

// drop removes the recovery file on bg; done wraps the outcome in the
// explorer's own message.
func (u *unsaved) drop(bg *common.Background, done func(what string, err error) tea.Msg) tea.Cmd {
	k, seq := u.Keeper, u.Next()
	return bg.Run(func() tea.Msg {
		return done("removed the unsaved weights", k.Drop(seq))
	})
}

// discard deletes the offered recovery file f on bg, saying so on
// Status; done wraps the outcome in the explorer's own message.
func (u *unsaved) discard(bg *common.Background, f recovery.Found, status *widgets.StatusLine, done func(what string, err error) tea.Msg) tea.Cmd {
	what := "weights"
	if len(f.Rules) > 0 {
		what = "weights and rules"
	}
	status.Set(common.Info("discarded the unsaved " + what + " of " + SavedText(f.Saved)))
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

// Next returns the sequence number of a new write or removal.
func (u *unsaved) Next() uint64 {
	u.seq++
	return u.seq
}

// SavedText formats when a recovery file was written.
func SavedText(t time.Time) string {
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

// RuleDiffs lists the paths whose rule differs between now and kept (nil:
// no rules), in now's order, then those only kept has.
func RuleDiffs(now, kept *scoring.RuleSet) []ruleChange {
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
