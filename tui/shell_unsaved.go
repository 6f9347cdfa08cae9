package tui

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
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
	w, rules := s.pg.inForce()
	if len(msg.found) == 0 || w == nil {
		return nil
	}
	version := w.Version()
	resolve := s.pg.resolveOffers()
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
	w, rules := s.pg.inForce()
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
	if len(s.unsaved.offers) > 0 && s.mode == modeNormal && s.phase == phaseReady && !s.pg.busy() {
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
			c, why := s.pg.restoreRules(o)
			if why != "" {
				s.status.Set(common.Warn("these rules cannot be restored here: " + why))
				return nil
			}
			cmd = c
			break
		}
		cmd = s.pg.applyOffer(o)
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
	w, rules := s.pg.inForce()
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
	w, rules := s.pg.inForce()
	return w != nil && w.Dirty() || rules.Changed()
}

// unsavedRules returns the rules to keep in the recovery file: the rules
// file content in force when it is not the rules file's, else nil.
func (s *shell) unsavedRules() []byte {
	_, rules := s.pg.inForce()
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
	w, rules := s.pg.inForce()
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
	w, _ := s.pg.inForce()
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
	w, _ := s.pg.inForce()
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
