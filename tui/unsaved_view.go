package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
)

// recoverShown is how many of an offer's changed weights, and of its
// changed rules, the box lists.
const recoverShown = 6

// recoverView renders the offer of the first recovery file found.
func (m *Model) recoverView() string {
	s := m.c.styles
	o := m.unsaved.offers[0]
	f := o.found
	w := max(20, min(96, m.c.width-6))
	var b strings.Builder
	title := "Unsaved weights of an explorer that ended without saving"
	if len(f.Rules) > 0 {
		title = "Unsaved weights and rules of an explorer that ended without saving"
	}
	b.WriteString(s.Title.Render(fit(title, w)))
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
	switch {
	case o.err != nil && len(f.Rules) > 0:
		para(s.Bad, "These weights and rules cannot be restored: "+o.err.Error())
	case o.err != nil:
		para(s.Bad, "These weights cannot be restored: "+o.err.Error())
	default:
		m.recoverChanges(&b, para, o, w)
	}
	for _, what := range f.Changed {
		if what == "rules file" {
			para(s.Warn, "The rules file changed since: its content is not the one these rules were set over.")
			continue
		}
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

// recoverChanges lists in b the weights and the rules of offer o that
// differ from those in force, at most recoverShown of each, in a box w
// cells wide.
func (m *Model) recoverChanges(b *strings.Builder, para func(themes.Paint, string), o offer, w int) {
	s := m.c.styles
	n, r := len(o.changes), len(o.ruleChanges)
	pathW := 0
	for _, c := range o.changes[:min(n, recoverShown)] {
		pathW = max(pathW, ansi.StringWidth(c.path))
	}
	for _, c := range o.ruleChanges[:min(r, recoverShown)] {
		pathW = max(pathW, ansi.StringWidth(c.path))
	}
	pathW = min(pathW, w/2)
	switch {
	case n == 1:
		para(s.Text, "1 weight differs from those in force (in force → kept):")
	case n > 1 || r == 0:
		para(s.Text, fmt.Sprintf("%d weights differ from those in force (in force → kept):", n))
	}
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
	switch {
	case r == 1:
		para(s.Text, "1 rule differs from those in force (in force → kept):")
	case r > 1:
		para(s.Text, fmt.Sprintf("%d rules differ from those in force (in force → kept):", r))
	}
	for _, c := range o.ruleChanges[:min(r, recoverShown)] {
		line := "  " + s.Accent.Render(pad(fit(c.path, pathW), pathW)) + "  " + c.now + " → " + s.Good.Render(c.kept)
		b.WriteString("\n" + fit(line, w))
	}
	if r > recoverShown {
		para(s.Faint, fmt.Sprintf("  … and %d more", r-recoverShown))
	}
}
