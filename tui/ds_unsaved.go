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
)

// A dataset's unsaved weights and rules are kept as a pair's are
// (unsaved.go, unsaved_rules.go): in a recovery file beside the weights
// file, written a moment after they change and at the end however the
// explorer ends, removed when they are saved or discarded, and offered
// back by the next explorer of the same dataset, with the same box and
// keys. Restoring rules scores the dataset again under them
// (ds_rescore.go), then applies the weights as one step.

// dsUnsavedFoundMsg carries the recovery files of the dataset found on
// opening.
type dsUnsavedFoundMsg struct {
	found []recovery.Found
	err   error
}

// dsOffersMsg carries the files found, resolved on the dataset's paths
// against the weights of session version version, their rules against
// rules.
type dsOffersMsg struct {
	version int
	rules   *scoring.RuleSet
	offers  []offer
}

// dsKeepTickMsg says a write of the unsaved weights is due.
type dsKeepTickMsg struct{}

// dsUnsavedDoneMsg says how a write or removal went.
type dsUnsavedDoneMsg struct {
	what string
	err  error
}

// findUnsaved looks for the recovery files of the dataset in the
// background.
func (m *DatasetModel) findUnsaved() tea.Cmd {
	k := m.unsaved.keeper
	if k == nil {
		return nil
	}
	return m.c.Bg.Run(func() tea.Msg {
		found, err := k.Find()
		return dsUnsavedFoundMsg{found: found, err: err}
	})
}

// unsavedFound resolves the weights of the files found on the dataset's
// paths, in the background, against the weights in force now.
func (m *DatasetModel) unsavedFound(msg dsUnsavedFoundMsg) tea.Cmd {
	if msg.err != nil {
		m.status.Set(common.Warn("unsaved weights and rules of an earlier session could not be looked for: " + msg.err.Error()))
	}
	if len(msg.found) == 0 || m.ds == nil {
		return nil
	}
	d := m.ds.d
	version, rules := m.ds.wsess.Version(), m.ds.rules
	now := map[string]float64{}
	for _, p := range d.PathsInOrder() {
		if d.Weighs(p) {
			now[p], _ = d.Weight(p)
		}
	}
	// ResolveWeights reads the dataset's paths, which never change: the
	// background may call it.
	resolve := d.ResolveWeights
	return m.c.Bg.Run(func() tea.Msg {
		offers := make([]offer, 0, len(msg.found))
		for _, f := range msg.found {
			o := offer{found: f, err: f.Err}
			if o.err == nil {
				o.pathWeights, o.ignored, o.err = resolveDatasetWeights(resolve, f)
			}
			for _, pw := range o.pathWeights {
				if w, ok := now[pw.Path]; ok && w != pw.Weight {
					o.changes = append(o.changes, runspane.WeightChange{Path: pw.Path, Run: pw.Weight, Now: w})
				}
			}
			if o.err == nil && len(f.Rules) > 0 {
				o.rules, o.err = scoring.ParseRules("the rules kept in "+f.Path, f.Rules)
				o.ruleChanges = ruleDiffs(rules, o.rules)
			}
			offers = append(offers, o)
		}
		return dsOffersMsg{version: version, rules: rules, offers: offers}
	})
}

// resolveDatasetWeights resolves the weights kept in f on a dataset's
// paths, with the entries that apply to none.
func resolveDatasetWeights(resolve func(*scoring.Weights) ([]dataset.PathWeight, []scoring.Warning, int, error), f recovery.Found) ([]dataset.PathWeight, runspane.IgnoredEntries, error) {
	w, err := scoring.ParseWeights(f.Path, f.Weights)
	if err != nil {
		return nil, runspane.IgnoredEntries{}, fmt.Errorf("its weights do not read: %w", err)
	}
	pws, first, n, err := resolve(w)
	if err != nil {
		return nil, runspane.IgnoredEntries{}, fmt.Errorf("its weights do not fit this dataset: %w", err)
	}
	return pws, runspane.IgnoredEntries{First: first, N: n}, nil
}

// unsavedOffers takes the files found, resolved: those whose weights are
// the ones in force already are removed, the others offered in turn.
func (m *DatasetModel) unsavedOffers(msg dsOffersMsg) tea.Cmd {
	if m.ds == nil {
		return nil
	}
	if msg.version != m.ds.wsess.Version() || msg.rules != m.ds.rules {
		return m.findUnsaved() // the weights or the rules changed meanwhile: again
	}
	var cmds []tea.Cmd
	for _, o := range msg.offers {
		if o.err == nil && len(o.changes) == 0 && len(o.ruleChanges) == 0 {
			f := o.found
			cmds = append(cmds, m.c.Bg.Run(func() tea.Msg {
				return dsUnsavedDoneMsg{what: "removed " + f.Path + ": its weights and rules are those in force", err: recovery.Discard(f)}
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
func (m *DatasetModel) offerNext() {
	if len(m.unsaved.offers) > 0 && m.mode == modeNormal && m.phase == phaseReady && m.open == nil && !m.opening.active {
		m.mode = modeRecover
	}
}

// recoverKey answers the offer as a pair's explorer does: r restores, d
// discards, k or esc keeps the file for later.
func (m *DatasetModel) recoverKey(msg tea.KeyPressMsg) tea.Cmd {
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
			if why := m.rulesRestoreRefused(); why != "" {
				m.status.Set(common.Warn("these rules cannot be restored here: " + why))
				return nil
			}
			cmd = m.restoreUnsavedRules(o)
			break
		}
		cmd = m.restoreUnsaved(o)
	case "d":
		cmd = m.unsaved.discard(m.c.Bg, f, m.status, func(what string, err error) tea.Msg {
			return dsUnsavedDoneMsg{what: what, err: err}
		})
	case "k", "esc", "q":
		m.status.Set(common.Info("kept for later (opening this dataset again offers it): " + f.Path))
	default:
		return nil
	}
	m.unsaved.offers = m.unsaved.offers[1:]
	m.mode = modeNormal
	m.offerNext()
	return cmd
}

// restoreUnsaved applies the weights of an offer to every case as one
// undoable step, keeps them as this explorer's unsaved weights, and then
// removes the file they came from.
func (m *DatasetModel) restoreUnsaved(o offer) tea.Cmd {
	f := o.found
	before, had := m.ds.total()
	n, err := m.ds.wsess.SetWeights(o.pathWeights, "restore the unsaved weights of "+savedText(f.Saved))
	if err != nil {
		m.status.Set(common.Failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.changed()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", savedText(f.Saved), n, common.Plural(n, "s"))
	if now, has := m.ds.total(); has && had {
		text += fmt.Sprintf(", score %s → %s", common.Fixed5(before), common.Fixed5(now))
	}
	if o.ignored.N > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.ignored.N)
	}
	m.status.Set(common.Success(text + " · u undoes · ctrl+s saves"))
	return tea.Batch(m.takeOverUnsaved(f), m.recompare())
}

// takeOverUnsaved makes this explorer keep the weights and rules just
// restored from f: it writes its own file first, so that they are on
// disk in one place or the other at every moment, then removes f.
func (m *DatasetModel) takeOverUnsaved(f recovery.Found) tea.Cmd {
	k, seq := m.unsaved.keeper, m.unsaved.next()
	m.unsaved.version, m.unsaved.rules = m.ds.wsess.Version(), m.ds.rules
	weights, err := m.ds.wsess.Scored().MarshalWeights()
	rules := m.unsavedRules()
	return m.c.Bg.Run(func() tea.Msg {
		if err == nil {
			_, err = k.Keep(seq, weights, rules)
		}
		if err != nil {
			return dsUnsavedDoneMsg{what: "kept the restored weights", err: fmt.Errorf("%w; %s stays", err, f.Path)}
		}
		return dsUnsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
	})
}

// unsavedRules returns the rules to keep in the recovery file: the rules
// file content in force when it is not the rules file's, else nil.
func (m *DatasetModel) unsavedRules() []byte {
	if !m.ds.rules.Changed() {
		return nil
	}
	return m.ds.rules.Marshal()
}

// unsavedChanged notes a change of the weights or rules in force: a
// write of the recovery file is scheduled, or, when nothing is unsaved
// any more (a save, an undo back to the saved weights), the file is
// removed at once. It is called after every message, and costs nothing
// when the weights and rules did not change.
func (m *DatasetModel) unsavedChanged() tea.Cmd {
	u := &m.unsaved
	if u.keeper == nil || m.ds == nil || m.phase != phaseReady {
		return nil
	}
	v := m.ds.wsess.Version()
	if v == u.version && m.ds.rules == u.rules {
		return nil
	}
	u.version, u.rules = v, m.ds.rules
	if !m.ds.dirty() {
		u.stale = false
		return m.dropUnsaved()
	}
	u.stale = true
	if u.scheduled {
		return nil
	}
	u.scheduled = true
	return m.c.Tick(max(unsavedDelay, u.delay), func(time.Time) tea.Msg { return dsKeepTickMsg{} })
}

// keepUnsaved writes the unsaved weights and rules, when they changed
// since the last write, in the background. Once the explorer quits it
// writes nothing: quitting left the file as it must stay.
func (m *DatasetModel) keepUnsaved() tea.Cmd {
	u := &m.unsaved
	u.scheduled = false
	if !u.stale || u.keeper == nil || m.ds == nil || m.phase != phaseReady {
		return nil
	}
	u.stale = false
	if !m.ds.dirty() {
		return m.dropUnsaved()
	}
	start := time.Now()
	weights, err := m.ds.wsess.Scored().MarshalWeights()
	rules := m.unsavedRules()
	u.delay = unsavedShare * time.Since(start)
	if err != nil {
		return func() tea.Msg { return dsUnsavedDoneMsg{what: "kept the unsaved weights", err: err} }
	}
	k, seq := u.keeper, u.next()
	return m.c.Bg.Run(func() tea.Msg {
		_, err := k.Keep(seq, weights, rules)
		return dsUnsavedDoneMsg{what: "kept the unsaved weights", err: err}
	})
}

// dropUnsaved removes the recovery file in the background.
func (m *DatasetModel) dropUnsaved() tea.Cmd {
	return m.unsaved.drop(m.c.Bg, func(what string, err error) tea.Msg {
		return dsUnsavedDoneMsg{what: what, err: err}
	})
}

// unsavedDone reports a failed write or removal, once for each error.
func (m *DatasetModel) unsavedDone(msg dsUnsavedDoneMsg) {
	m.unsaved.report(msg.err, m.status)
}

// settleUnsaved leaves the recovery file as the explorer ends: the latest
// unsaved weights and rules written, or the file removed when nothing is
// unsaved or the user discarded the changes. It runs on the caller's goroutine and
// returns the file kept, "" for none.
func (m *DatasetModel) settleUnsaved() (string, error) {
	u := &m.unsaved
	if u.keeper == nil || m.ds == nil {
		return "", nil
	}
	seq := u.next()
	if u.discarded || !m.ds.dirty() {
		return "", u.keeper.Drop(seq)
	}
	weights, err := m.ds.wsess.Scored().MarshalWeights()
	if err != nil {
		return "", err
	}
	return u.keeper.Keep(seq, weights, m.unsavedRules())
}
