package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/recovery"
	"github.com/jsontui/jsontui/tui/session"
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

// unsaved keeps the user's unsaved weights in a recovery file as they
// change, and offers those an earlier explorer left.
type unsaved struct {
	keeper *recovery.Keeper
	// seq numbers the writes and removals in the order asked.
	seq uint64
	// sess and version are the weights last seen; scheduled says a write
	// is due; stale that the weights changed since the last write.
	sess             *session.Session
	version          int
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
	// weights is the weight of every slot with the file's weights.
	weights []float64
	// changes lists the weights that differ from those in force.
	changes []weightChange
	// ignored are the entries that apply to nothing in this reference.
	ignored ignoredEntries
	err     error
}

// unsavedFoundMsg carries the recovery files found on opening.
type unsavedFoundMsg struct {
	found []recovery.Found
	err   error
}

// unsavedOffersMsg carries the files found, resolved on a snapshot of the
// weights tree of wsess.
type unsavedOffersMsg struct {
	wsess  *session.Session
	offers []offer
}

// unsavedTickMsg says a write of the unsaved weights is due.
type unsavedTickMsg struct{}

// unsavedDoneMsg says how a write or removal went.
type unsavedDoneMsg struct {
	what string
	err  error
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
	return func() tea.Msg {
		found, err := k.Find()
		return unsavedFoundMsg{found: found, err: err}
	}
}

// unsavedFound resolves the files found on a snapshot of the weights
// tree, in the background.
func (m *Model) unsavedFound(msg unsavedFoundMsg) tea.Cmd {
	if msg.err != nil {
		m.status.Set(warn("unsaved weights of an earlier session could not be looked for: " + msg.err.Error()))
	}
	if len(msg.found) == 0 || m.wsess == nil {
		return nil
	}
	wsess := m.wsess
	snap := wsess.Tree().Clone()
	now := make([]float64, len(snap.Slots()))
	for i, sl := range snap.Slots() {
		now[i] = sl.Weight
	}
	return func() tea.Msg {
		offers := make([]offer, 0, len(msg.found))
		for _, f := range msg.found {
			o := offer{found: f, err: f.Err}
			if o.err == nil {
				o.weights, o.ignored, o.err = resolveWeights(snap, f.Path, f.Weights)
			}
			for i := range o.weights {
				if snap.Slots()[i].IsKey() && o.weights[i] != now[i] {
					o.changes = append(o.changes, weightChange{path: snap.SchemaPath(i), run: o.weights[i], now: now[i]})
				}
			}
			offers = append(offers, o)
		}
		return unsavedOffersMsg{wsess: wsess, offers: offers}
	}
}

// unsavedOffers takes the files found, resolved: those whose weights are
// the ones in force already are removed, the others offered in turn.
func (m *Model) unsavedOffers(msg unsavedOffersMsg) tea.Cmd {
	if msg.wsess != m.wsess {
		return m.findUnsaved() // the metric changed meanwhile: again
	}
	var cmds []tea.Cmd
	for _, o := range msg.offers {
		if o.err == nil && len(o.changes) == 0 {
			f := o.found
			cmds = append(cmds, func() tea.Msg {
				return unsavedDoneMsg{what: "removed " + f.Path + ": its weights are those in force", err: recovery.Discard(f)}
			})
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
			m.status.Set(warn("these weights cannot be restored: " + o.err.Error()))
			return nil
		}
		cmd = m.restoreUnsaved(o)
	case "d":
		m.status.Set(info("discarded the unsaved weights of " + savedText(f.Saved)))
		cmd = func() tea.Msg {
			return unsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
		}
	case "k", "esc", "q":
		m.status.Set(info("kept for later (opening this pair again offers it): " + f.Path))
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
		m.status.Set(failure(fmt.Errorf("restoring %s: %w", f.Path, err)))
		return nil
	}
	m.tree.refresh()
	text := fmt.Sprintf("restored the unsaved weights of %s: %d weight%s changed", savedText(f.Saved), n, plural(n, "s"))
	if tot, has := m.metric.total(m.sess.Tree()); has && oldHas && m.metric.tuned() {
		text += fmt.Sprintf(", total %s → %s", fixed5(old), fixed5(tot))
	}
	if o.ignored.n > 0 {
		text += fmt.Sprintf(" (entries that apply to nothing here: %d)", o.ignored.n)
	}
	m.status.Set(success(text + " · u undoes · ctrl+s saves"))
	// This explorer keeps them from now on: write its own file first, so
	// that the weights are on disk in one place or the other at every
	// moment.
	k, seq, data := m.unsaved.keeper, m.unsaved.next(), m.wsess.Tree().MarshalWeights()
	m.unsaved.sess, m.unsaved.version = m.wsess, m.wsess.Version()
	return func() tea.Msg {
		if _, err := k.Keep(seq, data); err != nil {
			return unsavedDoneMsg{what: "kept the restored weights", err: fmt.Errorf("%w; %s stays", err, f.Path)}
		}
		return unsavedDoneMsg{what: "removed " + f.Path, err: recovery.Discard(f)}
	}
}

// unsavedChanged notes a change of the weights in force: a write of the
// recovery file is scheduled, or, when nothing is unsaved any more (a
// save, an undo back to the saved weights), the file is removed at once.
// It is called after every message, and costs nothing when the weights
// did not change.
func (m *Model) unsavedChanged() tea.Cmd {
	u := &m.unsaved
	if u.keeper == nil || m.wsess == nil || m.phase != phaseReady {
		return nil
	}
	if m.wsess == u.sess && m.wsess.Version() == u.version {
		return nil
	}
	u.sess, u.version = m.wsess, m.wsess.Version()
	if !m.wsess.Dirty() {
		u.stale = false
		return m.dropUnsaved()
	}
	u.stale = true
	if u.scheduled {
		return nil
	}
	u.scheduled = true
	return m.c.tick(max(unsavedDelay, u.delay), func(time.Time) tea.Msg { return unsavedTickMsg{} })
}

// keepUnsaved writes the unsaved weights, when they changed since the
// last write, in the background.
func (m *Model) keepUnsaved() tea.Cmd {
	u := &m.unsaved
	u.scheduled = false
	if !u.stale || u.keeper == nil || m.wsess == nil {
		return nil
	}
	u.stale = false
	if !m.wsess.Dirty() {
		return m.dropUnsaved()
	}
	start := time.Now()
	data := m.wsess.Tree().MarshalWeights()
	u.delay = unsavedShare * time.Since(start)
	k, seq := u.keeper, u.next()
	return func() tea.Msg {
		_, err := k.Keep(seq, data)
		return unsavedDoneMsg{what: "kept the unsaved weights", err: err}
	}
}

// dropUnsaved removes the recovery file in the background.
func (m *Model) dropUnsaved() tea.Cmd {
	k, seq := m.unsaved.keeper, m.unsaved.next()
	return func() tea.Msg {
		return unsavedDoneMsg{what: "removed the unsaved weights", err: k.Drop(seq)}
	}
}

// unsavedDone reports a failed write or removal, once for each error.
func (m *Model) unsavedDone(msg unsavedDoneMsg) {
	if msg.err == nil {
		m.unsaved.lastErr = ""
		return
	}
	if text := msg.err.Error(); text != m.unsaved.lastErr {
		m.unsaved.lastErr = text
		m.status.Set(warn("unsaved weights: " + text))
	}
}

// settleUnsaved leaves the recovery file as the explorer ends: the
// latest unsaved weights written, or the file removed when nothing is
// unsaved or the user discarded the changes. It runs on the caller's
// goroutine and returns the file kept, "" for none.
func (m *Model) settleUnsaved() (string, error) {
	u := &m.unsaved
	if u.keeper == nil || m.wsess == nil {
		return "", nil
	}
	seq := u.next()
	if u.discarded || !m.wsess.Dirty() {
		return "", u.keeper.Drop(seq)
	}
	return u.keeper.Keep(seq, m.wsess.Tree().MarshalWeights())
}

// savedText formats when a recovery file was written.
func savedText(t time.Time) string {
	if t.IsZero() {
		return "an earlier session"
	}
	return t.Local().Format("2006-01-02 15:04:05")
}

// recoverShown is how many of an offer's changed weights the box lists.
const recoverShown = 6

// recoverView renders the offer of the first recovery file found.
func (m *Model) recoverView() string {
	s := m.c.styles
	o := m.unsaved.offers[0]
	f := o.found
	w := max(20, min(96, m.c.width-6))
	var b strings.Builder
	b.WriteString(s.Title.Render(fit("Unsaved weights of an explorer that ended without saving", w)))
	// para writes text wrapped at word boundaries, each line styled.
	para := func(st themes.Paint, text string) {
		for _, l := range wrapWords(text, w) {
			b.WriteByte('\n')
			b.WriteString(st.Render(l))
		}
	}
	who := "Kept " + savedText(f.Saved)
	if f.PID > 0 {
		who += fmt.Sprintf(" by process %d", f.PID)
	}
	if f.OtherHost {
		who += " on " + f.Host
	}
	para(s.Muted, who+", in")
	// The whole path, cut where it must: shortened, it would not say
	// where the file is.
	for _, part := range strings.Split(ansi.Hardwrap(f.Path, w, true), "\n") {
		b.WriteString("\n" + s.Muted.Render(part))
	}
	b.WriteByte('\n')
	if o.err != nil {
		para(s.Bad, "These weights cannot be restored: "+o.err.Error())
	} else {
		n := len(o.changes)
		if n == 1 {
			para(s.Text, "1 weight differs from those in force (in force → kept):")
		} else {
			para(s.Text, fmt.Sprintf("%d weights differ from those in force (in force → kept):", n))
		}
		pathW := 0
		for _, c := range o.changes[:min(n, recoverShown)] {
			pathW = max(pathW, ansi.StringWidth(c.path))
		}
		pathW = min(pathW, w/2)
		for _, c := range o.changes[:min(n, recoverShown)] {
			b.WriteString("\n  " + s.Accent.Render(pad(fit(c.path, pathW), pathW)) + "  " + weightText(c.now) + " → " + s.Good.Render(weightText(c.run)))
		}
		if n > recoverShown {
			para(s.Faint, fmt.Sprintf("  … and %d more", n-recoverShown))
		}
		switch k := o.ignored.n; {
		case k == 1:
			para(s.Warn, "1 entry of the file applies to nothing in this reference.")
		case k > 1:
			para(s.Warn, fmt.Sprintf("%d entries of the file apply to nothing in this reference.", k))
		}
	}
	for _, what := range f.Changed {
		para(s.Warn, "The "+what+" changed since: its content is not the one these weights were tuned on.")
	}
	if more := len(m.unsaved.offers) - 1; more > 0 {
		para(s.Faint, fmt.Sprintf("%d more kept for this pair, offered next.", more))
	}
	b.WriteByte('\n')
	para(s.Faint, m.recoverHints(" (delete the file)"))
	return s.Box.Render(b.String())
}

// recoverHints lists the answers to the offer shown, saying what
// discarding does.
func (m *Model) recoverHints(discard string) string {
	hints := "d discard" + discard + " · k/esc keep for later"
	if m.unsaved.offers[0].err == nil {
		hints = "r restore · " + hints
	}
	return hints
}
