package shell

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/recovery"
)

// Frame wraps a page's screen in the view the terminal gets: the
// alternate screen, the mouse unless it is off, and the window's title;
// neither the screen nor the title passes on a sequence a user's string
// may hold (common.Safe).
func (s *Shell) Frame(content, title string) tea.View {
	v := tea.NewView(common.Safe(content))
	v.AltScreen = true
	if !s.noMouse {
		v.MouseMode = tea.MouseModeCellMotion
	}
	v.WindowTitle = common.Safe(title)
	return v
}

// unsavedText says what is unsaved: "unsaved weights", "unsaved rules"
// or both.
func (s *Shell) unsavedText() string {
	wd, r := false, false
	if w, rules := s.pg.InForce(); w != nil {
		wd, r = w.Dirty(), rules.Changed()
	}
	switch {
	case wd && r:
		return "unsaved weights and rules"
	case r:
		return "unsaved rules"
	}
	return "unsaved weights"
}

// StatusLine renders the bottom line in the modes both pages have alike
// (the prompts, the boxes, the questions); ok is false in the others,
// whose line is the page's.
func (s *Shell) StatusLine() (line string, ok bool) {
	k, st := s.C.Keys, s.C.Styles
	switch s.Mode {
	case ModeSearch:
		return s.Prompt.View("enter jump · esc cancel"), true
	case ModeWeight:
		return s.Prompt.View("0–1 · enter apply · esc cancel"), true
	case ModeSavePath, ModeLabel, ModeRulesPath:
		return s.Prompt.View("enter save · esc cancel"), true
	case ModeRuleValue:
		if s.rulePrompt.Ask == "normalize" {
			return s.Prompt.View("case,accents,space · enter apply · esc cancel"), true
		}
		return s.Prompt.View("a number ≥ 0 · enter apply · esc cancel"), true
	case ModeMetric:
		return s.Status.View(s.Chooser.ShortHelp()), true
	case ModeRule:
		return s.Status.View(s.RuleChooser.ShortHelp()), true
	case ModeHistory:
		return s.Status.View(s.Hist.ShortHelp()), true
	case ModeHelp:
		return s.Status.View([]key.Binding{k.Cancel}), true
	case ModeConfirmOverwrite:
		path := s.SavePath
		if s.rulesSaves.confirming {
			path = s.rulesSaves.path
		}
		q := fmt.Sprintf("%s exists: overwrite it? (its content is kept as %s.bak)", path, path)
		return common.Spread(st.Warn.Render(q), st.Faint.Render("y overwrite · n/esc cancel"), s.C.Width), true
	case ModeConfirmQuit:
		return common.Spread(st.Warn.Render(s.unsavedText()+": quit anyway?"), st.Faint.Render("y quit · n/esc stay · ctrl+s save & quit"), s.C.Width), true
	case ModeRecover:
		return recoverStatus(s.C, s.Unsaved.Offers[0]), true
	}
	return "", false
}

// RecoverBox renders the offer of the first of offers, the recovery files
// Found of a subject ("pair", "dataset") whose weights apply to nothing
// in its "reference" (or "dataset").
func RecoverBox(c *common.Common, offers []Offer, subject, within string) string {
	s := c.Styles
	o := offers[0]
	f := o.Found
	w := max(20, min(96, c.Width-6))
	var b strings.Builder
	title := "Unsaved weights of an explorer that ended without saving"
	if len(f.Rules) > 0 {
		title = "Unsaved weights and rules of an explorer that ended without saving"
	}
	b.WriteString(s.Title.Render(common.Fit(title, w)))
	// para writes text wrapped at word boundaries, each line styled.
	para := func(st themes.Paint, text string) {
		for _, l := range common.WrapWords(text, w) {
			b.WriteByte('\n')
			b.WriteString(st.Render(l))
		}
	}
	who := "Kept " + SavedText(f.Saved)
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
	case o.Err != nil && len(f.Rules) > 0:
		para(s.Bad, "These weights and rules cannot be restored: "+o.Err.Error())
	case o.Err != nil:
		para(s.Bad, "These weights cannot be restored: "+o.Err.Error())
	default:
		recoverChanges(c, &b, para, o, w, within)
	}
	for _, line := range changedLines(f, subject == "dataset") {
		para(s.Warn, line)
	}
	if more := len(offers) - 1; more > 0 {
		para(s.Faint, fmt.Sprintf("%d more kept for this %s, offered next.", more, subject))
	}
	b.WriteByte('\n')
	para(s.Faint, recoverHints(o, " (delete the file)"))
	return s.Box.Render(b.String())
}

// recoverHints lists the answers to offer o, saying what discarding does.
func recoverHints(o Offer, discard string) string {
	hints := "d discard" + discard + " · k/esc keep for later"
	if o.Err == nil {
		hints = "r restore · " + hints
	}
	return hints
}

// recoverStatus is the status line under the offer of o.
func recoverStatus(c *common.Common, o Offer) string {
	what := "unsaved weights of an earlier session"
	if len(o.Found.Rules) > 0 {
		what = "unsaved weights and rules of an earlier session"
	}
	return common.Spread(c.Styles.Warn.Render(what), c.Styles.Faint.Render(recoverHints(o, "")), c.Width)
}

// recoverChanges lists in b the weights and the rules of offer o that
// differ from those in force, at most recoverShown of each, in a box w
// cells wide; within names where the file's entries that apply to nothing
// would apply ("reference", "dataset").
func recoverChanges(c *common.Common, b *strings.Builder, para func(themes.Paint, string), o Offer, w int, within string) {
	s := c.Styles
	n, r := len(o.Changes), len(o.RuleChanges)
	pathW := 0
	for _, c := range o.Changes[:min(n, recoverShown)] {
		pathW = max(pathW, ansi.StringWidth(c.Path))
	}
	for _, c := range o.RuleChanges[:min(r, recoverShown)] {
		pathW = max(pathW, ansi.StringWidth(c.path))
	}
	pathW = min(pathW, w/2)
	switch {
	case n == 1:
		para(s.Text, "1 weight differs from those in force (in force → kept):")
	case n > 1 || r == 0:
		para(s.Text, fmt.Sprintf("%d weights differ from those in force (in force → kept):", n))
	}
	for _, c := range o.Changes[:min(n, recoverShown)] {
		b.WriteString("\n  " + s.Accent.Render(common.Pad(common.Fit(c.Path, pathW), pathW)) + "  " + common.WeightText(c.Now) + " → " + s.Good.Render(common.WeightText(c.Run)))
	}
	if n > recoverShown {
		para(s.Faint, fmt.Sprintf("  … and %d more", n-recoverShown))
	}
	switch k := o.Ignored.N; {
	case k == 1:
		para(s.Warn, "1 entry of the file applies to nothing in this "+within+".")
	case k > 1:
		para(s.Warn, fmt.Sprintf("%d entries of the file apply to nothing in this %s.", k, within))
	}
	switch {
	case r == 1:
		para(s.Text, "1 rule differs from those in force (in force → kept):")
	case r > 1:
		para(s.Text, fmt.Sprintf("%d rules differ from those in force (in force → kept):", r))
	}
	for _, c := range o.RuleChanges[:min(r, recoverShown)] {
		line := "  " + s.Accent.Render(common.Pad(common.Fit(c.path, pathW), pathW)) + "  " + c.now + " → " + s.Good.Render(c.kept)
		b.WriteString("\n" + common.Fit(line, w))
	}
	if r > recoverShown {
		para(s.Faint, fmt.Sprintf("  … and %d more", r-recoverShown))
	}
}

// changedLines says which inputs of a recovery file changed since it was
// written: a pair's documents, or a dataset's files of references and
// outputs (one line for one file of records), and the weights and rules
// files.
func changedLines(f recovery.Found, dataset bool) []string {
	var out []string
	for _, what := range f.Changed {
		switch {
		case what == "rules file":
			out = append(out, "The rules file changed since: its content is not the one these rules were set over.")
		case dataset && what == "reference" && f.Reference.Path == f.Output.Path:
			out = append(out, "The file of records changed since: its content is not the one these weights were tuned on.")
		case dataset && what == "output" && f.Reference.Path == f.Output.Path:
			// said with the reference: one file holds both
		case dataset && (what == "reference" || what == "output"):
			out = append(out, "The "+what+"s changed since: their content is not the one these weights were tuned on.")
		default:
			out = append(out, "The "+what+" changed since: its content is not the one these weights were tuned on.")
		}
	}
	return out
}

// recoverShown is how many of an offer's changed weights, and of its
// changed rules, the box lists.
const recoverShown = 6

// OfferView renders the offer of the first recovery file found; within
// names what its weights apply to ("reference", "dataset").
func (s *Shell) OfferView(within string) string {
	return RecoverBox(s.C, s.Unsaved.Offers, s.noun, within)
}

// QuitHint is the last line of a loading screen: how to quit, or that the
// explorer is quitting.
func (s *Shell) QuitHint() string {
	if s.Phase == PhaseClosing {
		return "quitting…"
	}
	return "q quits"
}

// Centred places lines in the middle of a w×h screen, each as wide as
// barW at least (a progress bar's), for the loading screens.
func Centred(lines []string, barW, w, h int) string {
	top := max(0, (h-len(lines))/2)
	var b strings.Builder
	for i := 0; i < h; i++ {
		if i > 0 {
			b.WriteByte('\n')
		}
		if k := i - top; k >= 0 && k < len(lines) {
			line := lines[k]
			left := max(0, (w-max(barW, common.VisibleWidth(line)))/2)
			b.WriteString(common.Fit(strings.Repeat(" ", left)+line, w))
		} else {
			b.WriteString(strings.Repeat(" ", w))
		}
	}
	return b.String()
}
