package dsprogress

import (
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/ports"
)

// Box is the box over a dataset's body while it is scored again:
// what is scored, a bar of its progress and the counts under it, as the
// loading screen has them, and how to stop. It is a pane: the root tells
// it when a rescore starts and ends (StartedMsg, EndedMsg)
// and sizes it; the keys that stop the rescore are the root's (esc, q),
// which it names.
type Box struct {
	c             *common.Common
	job           *Tracker
	what          string
	width, height int
}

// NewRescoreBox returns the box, no rescore under way.
func NewRescoreBox(c *common.Common) *Box { return &Box{c: c} }

// Box keeps the pane contract.
var _ common.Pane = (*Box)(nil)

// StartedMsg tells the box of a rescore under way.
type StartedMsg struct {
	Tracker *Tracker
	What    string
}

// EndedMsg tells the box that no rescore is under way.
type EndedMsg struct{}

// Update takes the rescore shown.
func (b *Box) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case StartedMsg:
		b.job, b.what = msg.Tracker, msg.What
	case EndedMsg:
		b.job = nil
	}
	return nil
}

// SetSize sets the area the box is drawn over.
func (b *Box) SetSize(w, h int) { b.width, b.height = w, h }

// ShortHelp returns the keys that stop the rescore: esc, and q, which
// quits.
func (b *Box) ShortHelp() []key.Binding {
	k := b.c.Keys
	stop := key.NewBinding(key.WithKeys(k.Cancel.Keys()...), key.WithHelp(k.Cancel.Help().Key, "stops scoring"))
	return []key.Binding{stop, k.Quit}
}

// FullHelp returns the box's keys.
func (b *Box) FullHelp() [][]key.Binding { return [][]key.Binding{b.ShortHelp()} }

// Shown reports whether a rescore is under way.
func (b *Box) Shown() bool { return b.job != nil }

// View renders the box: "" when no rescore is under way.
func (b *Box) View() string {
	if b.job == nil {
		return ""
	}
	s := b.c.Styles
	inner := max(10, min(78, b.width-6))
	bar, of := Text(s, b.job.Progress(), inner)
	// A clock from the first second on: a short rescore needs none.
	if elapsed := time.Since(b.job.Start); elapsed >= time.Second {
		of += " · " + elapsed.Round(100*time.Millisecond).String()
	}
	var hints []string
	for _, h := range b.ShortHelp() {
		hints = append(hints, h.Help().Key+" "+h.Help().Desc)
	}
	what := ": " + b.what // "rule exact for .vendor", "pairing .items by best"
	if w, ok := strings.CutPrefix(b.what, "scoring "); ok {
		what = " " + w // "with lynxius"
	}
	lines := []string{
		common.Fit(s.Title.Render("Scoring the dataset again")+s.Muted.Render(what), inner),
		bar,
		common.Fit(of, inner),
		common.Fit(s.Faint.Render(strings.Join(hints, " · ")), inner),
	}
	return s.Box.Render(strings.Join(lines, "\n"))
}

// Tracker is how far a dataset's scoring in the background went (its
// loading, a rescore), reported from its goroutines, and when it began.
type Tracker struct {
	Start time.Time
	mu    sync.Mutex
	p     ports.DatasetProgress
}

// NewTracker returns the tracker of a scoring that begins now.
func NewTracker() *Tracker { return &Tracker{Start: time.Now()} }

// Report takes the progress, from the scoring's goroutines.
func (t *Tracker) Report(p ports.DatasetProgress) {
	t.mu.Lock()
	t.p = p
	t.mu.Unlock()
}

// Progress returns how far the scoring went.
func (t *Tracker) Progress() ports.DatasetProgress {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.p
}

// Text returns the bar of a dataset's scoring, barW cells wide,
// and what it counts: the cases scored of the files there are (two
// directories), or with the bytes of the cases scored of the total (and
// the cases that makes in all, about).
func Text(s *themes.Styles, p ports.DatasetProgress, barW int) (bar, of string) {
	frac := 0.0
	switch {
	case p.Files > 0:
		frac = float64(p.Cases) / float64(p.Files)
		of = fmt.Sprintf("%s of %s cases scored", common.Thousands(p.Cases), common.Thousands(p.Files))
	case p.Total > 0:
		frac = float64(p.Read) / float64(p.Total)
		of = fmt.Sprintf("%s cases scored · %s of %s done", common.Thousands(p.Cases), common.BytesText(p.Read), common.BytesText(p.Total))
		if p.Cases > 0 && p.Read > 0 {
			est := int(float64(p.Cases) * float64(p.Total) / float64(p.Read))
			of += fmt.Sprintf(" (about %s cases in all)", common.Thousands(max(est, p.Cases)))
		}
	default:
		of = fmt.Sprintf("%s cases scored · %s done", common.Thousands(p.Cases), common.BytesText(p.Read))
	}
	frac = min(1, frac)
	filled := int(frac * float64(barW))
	bar = s.Good.Render(strings.Repeat("█", filled)) + s.Faint.Render(strings.Repeat("░", barW-filled))
	return bar, of
}
