package datasetpage

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

// rescoreBox is the box over a dataset's body while it is scored again:
// what is scored, a bar of its progress and the counts under it, as the
// loading screen has them, and how to stop. It is a pane: the root tells
// it when a rescore starts and ends (rescoreStartedMsg, rescoreEndedMsg)
// and sizes it; the keys that stop the rescore are the root's (esc, q),
// which it names.
type rescoreBox struct {
	c             *common.Common
	job           *tracker
	what          string
	width, height int
}

// newRescoreBox returns the box, no rescore under way.
func newRescoreBox(c *common.Common) *rescoreBox { return &rescoreBox{c: c} }

// rescoreBox keeps the pane contract.
var _ common.Pane = (*rescoreBox)(nil)

// rescoreStartedMsg tells the box of a rescore under way.
type rescoreStartedMsg struct {
	t    *tracker
	what string
}

// rescoreEndedMsg tells the box that no rescore is under way.
type rescoreEndedMsg struct{}

// Update takes the rescore shown.
func (b *rescoreBox) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case rescoreStartedMsg:
		b.job, b.what = msg.t, msg.what
	case rescoreEndedMsg:
		b.job = nil
	}
	return nil
}

// SetSize sets the area the box is drawn over.
func (b *rescoreBox) SetSize(w, h int) { b.width, b.height = w, h }

// ShortHelp returns the keys that stop the rescore: esc, and q, which
// quits.
func (b *rescoreBox) ShortHelp() []key.Binding {
	k := b.c.Keys
	stop := key.NewBinding(key.WithKeys(k.Cancel.Keys()...), key.WithHelp(k.Cancel.Help().Key, "stops scoring"))
	return []key.Binding{stop, k.Quit}
}

// FullHelp returns the box's keys.
func (b *rescoreBox) FullHelp() [][]key.Binding { return [][]key.Binding{b.ShortHelp()} }

// shown reports whether a rescore is under way.
func (b *rescoreBox) shown() bool { return b.job != nil }

// View renders the box: "" when no rescore is under way.
func (b *rescoreBox) View() string {
	if b.job == nil {
		return ""
	}
	s := b.c.Styles
	inner := max(10, min(78, b.width-6))
	bar, of := progressText(s, b.job.progress(), inner)
	// A clock from the first second on: a short rescore needs none.
	if elapsed := time.Since(b.job.start); elapsed >= time.Second {
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

// tracker is how far a dataset's scoring in the background went (its
// loading, a rescore), reported from its goroutines, and when it began.
type tracker struct {
	start time.Time
	mu    sync.Mutex
	p     ports.DatasetProgress
}

// newTracker returns the tracker of a scoring that begins now.
func newTracker() *tracker { return &tracker{start: time.Now()} }

// report takes the progress, from the scoring's goroutines.
func (t *tracker) report(p ports.DatasetProgress) {
	t.mu.Lock()
	t.p = p
	t.mu.Unlock()
}

// progress returns how far the scoring went.
func (t *tracker) progress() ports.DatasetProgress {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.p
}

// progressText returns the bar of a dataset's scoring, barW cells wide,
// and what it counts: the cases scored of the files there are (two
// directories), or with the bytes read of the total (and the cases that
// makes in all, about).
func progressText(s *themes.Styles, p ports.DatasetProgress, barW int) (bar, of string) {
	frac := 0.0
	switch {
	case p.Files > 0:
		frac = float64(p.Cases) / float64(p.Files)
		of = fmt.Sprintf("%s of %s cases scored", common.Thousands(p.Cases), common.Thousands(p.Files))
	case p.Total > 0:
		frac = float64(p.Read) / float64(p.Total)
		of = fmt.Sprintf("%s cases scored · %s of %s read", common.Thousands(p.Cases), common.BytesText(p.Read), common.BytesText(p.Total))
		if p.Cases > 0 && p.Read > 0 {
			est := int(float64(p.Cases) * float64(p.Total) / float64(p.Read))
			of += fmt.Sprintf(" (about %s cases in all)", common.Thousands(max(est, p.Cases)))
		}
	default:
		of = fmt.Sprintf("%s cases scored · %s read", common.Thousands(p.Cases), common.BytesText(p.Read))
	}
	frac = min(1, frac)
	filled := int(frac * float64(barW))
	bar = s.Good.Render(strings.Repeat("█", filled)) + s.Faint.Render(strings.Repeat("░", barW-filled))
	return bar, of
}
