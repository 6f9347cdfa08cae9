package choosers

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/common"
)

// RuleChoice is a rule the chooser offers for the selected key.
type RuleChoice struct {
	label, about string
	Rule         scoring.Rule
	// Ask is what to ask for before the rule is whole (a tolerance, what
	// to normalize); "" for a rule that is whole.
	Ask string
}

// ruleChoices returns the rules that compare values of kind k: the
// default first, exact, then those of its kind.
func ruleChoices(k jsondoc.Kind, def string) []RuleChoice {
	out := []RuleChoice{
		{label: "default", about: def + ": no rule of its own"},
		{label: "exact", about: "1 when equal, else 0", Rule: scoring.Rule{Kind: scoring.RuleExact}},
	}
	switch k {
	case jsondoc.Number:
		out = append(out,
			RuleChoice{label: "abs_tol…", about: "1 when |r − o| ≤ X, else the number formula", Rule: scoring.Rule{Kind: scoring.RuleAbsTol}, Ask: "abs_tol"},
			RuleChoice{label: "rel_tol…", about: "1 when |r − o| ≤ X · max(|r|, |o|), else the number formula", Rule: scoring.Rule{Kind: scoring.RuleRelTol}, Ask: "rel_tol"})
	case jsondoc.String:
		out = append(out,
			RuleChoice{label: "levenshtein", about: "1 − edits / longer length", Rule: scoring.Rule{Kind: scoring.RuleLevenshtein}},
			RuleChoice{label: "damerau", about: "levenshtein with transpositions as one edit", Rule: scoring.Rule{Kind: scoring.RuleDamerau}},
			RuleChoice{label: "jaro-winkler", about: "Jaro–Winkler similarity, common prefix favoured", Rule: scoring.Rule{Kind: scoring.RuleJaroWinkler}},
			RuleChoice{label: "token-f1", about: "F1 of the words shared, in any order", Rule: scoring.Rule{Kind: scoring.RuleTokenF1}},
			RuleChoice{label: "date", about: "1 when the same calendar date in any format (04/05 day first)", Rule: scoring.Rule{Kind: scoring.RuleDate}},
			RuleChoice{label: "date month-first", about: "the same, reading 04/05/2024 as April 5", Rule: scoring.Rule{Kind: scoring.RuleDate, MonthFirst: true}},
			RuleChoice{label: "normalize…", about: "levenshtein ignoring case, accents or space", Rule: scoring.Rule{Kind: scoring.RuleNormalize}, Ask: "normalize"})
	}
	return out
}

// RuleChooser picks the rule of the selected key (a pair's node, a
// dataset's path). It is a pane: the root opens it by message
// (openRulesMsg), and it asks the root for a rule (ruleChosenMsg), for a
// save (common.SaveMsg) or to close (common.ClosePaneMsg) by message.
type RuleChooser struct {
	c       *common.Common
	path    string         // the key's schema path
	kinds   []jsondoc.Kind // the kinds of its reference values
	source  string         // where the rule in force comes from
	choices []RuleChoice
	current int
	cursor  int
	width   int
}

// RuleChooser keeps the pane contract.
var _ common.Pane = (*RuleChooser)(nil)

// OpenRulesMsg opens the rules chooser for a key at schema path whose
// reference values are of kinds (one for a pair's node, those the cases
// have for a dataset's path), with in the rule in force and def the
// Metric's own comparison of such values.
type OpenRulesMsg struct {
	Path  string
	Kinds []jsondoc.Kind
	In    scoring.RuleInForce
	Def   string
}

// RuleChosenMsg asks the root to give schema path the rule chosen.
type RuleChosenMsg struct {
	Path   string
	Choice RuleChoice
}

// open shows the rules for a key at schema path whose values are of the
// Kinds given, with the cursor on the rule in force.
func (ch *RuleChooser) open(path string, kinds []jsondoc.Kind, in scoring.RuleInForce, def string) {
	ch.path, ch.kinds = path, kinds
	ch.source = "in force: " + RuleText(in.Rule) + " (" + in.Source() + ")"
	if in.Rule.Kind == scoring.RuleNone {
		ch.source = "in force: " + def + " (default)"
	}
	ch.choices = nil
	seen := map[string]bool{}
	for _, k := range kinds {
		for _, c := range ruleChoices(k, def) {
			if !seen[c.label] {
				seen[c.label] = true
				ch.choices = append(ch.choices, c)
			}
		}
	}
	ch.current, ch.cursor = 0, 0
	for i, c := range ch.choices {
		if c.Rule.Kind == in.Rule.Kind && c.Rule.MonthFirst == in.Rule.MonthFirst {
			ch.current, ch.cursor = i, i
		}
	}
}

// Update takes the root's opening and the chooser's keys: moving, enter
// (the rule chosen), esc or q (close), ctrl+s (save).
func (ch *RuleChooser) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case OpenRulesMsg:
		ch.open(msg.Path, msg.Kinds, msg.In, msg.Def)
	case tea.KeyPressMsg:
		k := ch.c.Keys
		switch {
		case key.Matches(msg, k.Cancel, k.Quit):
			return ch.c.Ask(common.ClosePaneMsg{})
		case key.Matches(msg, k.Save):
			return ch.c.Ask(common.SaveMsg{})
		}
		if c, ok := ch.handleKey(msg); ok {
			return ch.c.Ask(RuleChosenMsg{Path: ch.path, Choice: c})
		}
	}
	return nil
}

// handleKey moves the cursor; it returns the choice made with enter.
func (ch *RuleChooser) handleKey(msg tea.KeyPressMsg) (chosen RuleChoice, done bool) {
	k := ch.c.Keys
	switch {
	case key.Matches(msg, k.Up):
		ch.cursor = max(0, ch.cursor-1)
	case key.Matches(msg, k.Down):
		ch.cursor = min(len(ch.choices)-1, ch.cursor+1)
	case key.Matches(msg, k.Top):
		ch.cursor = 0
	case key.Matches(msg, k.Bottom):
		ch.cursor = len(ch.choices) - 1
	case key.Matches(msg, k.Accept):
		return ch.choices[ch.cursor], true
	}
	return RuleChoice{}, false
}

// SetSize sets the width the box fits in.
func (ch *RuleChooser) SetSize(w, _ int) { ch.width = w }

// ShortHelp returns the chooser's keys for the status line.
func (ch *RuleChooser) ShortHelp() []key.Binding {
	k := ch.c.Keys
	return []key.Binding{k.Up, k.Down, k.Top, k.Bottom, k.Accept, k.Cancel}
}

// FullHelp returns the chooser's keys.
func (ch *RuleChooser) FullHelp() [][]key.Binding {
	return [][]key.Binding{append(ch.ShortHelp(), ch.c.Keys.Save)}
}

// kindsText names the kinds of the key's values: "number", or
// "number/string" for a dataset's path that holds both.
func (ch *RuleChooser) kindsText() string {
	names := make([]string, len(ch.kinds))
	for i, k := range ch.kinds {
		names[i] = k.String()
	}
	return strings.Join(names, "/")
}

// View renders the box of rules, at most the chooser's width wide.
func (ch *RuleChooser) View() string {
	s := ch.c.Styles
	width := ch.width
	labelW := 0
	for _, c := range ch.choices {
		labelW = max(labelW, len([]rune(c.label))+len(" (in force)"))
	}
	lines := []string{s.Title.Render("Rule for "+ch.path) + s.Faint.Render("  "+ch.kindsText()+" · "+ch.source)}
	for i, c := range ch.choices {
		mark := "  "
		if i == ch.cursor {
			mark = s.Accent.Render("› ")
		}
		label := c.label
		if i == ch.current {
			label += " (in force)"
		}
		lines = append(lines, mark+s.Accent.Render(common.Pad(label, labelW))+" "+s.Muted.Render(c.about))
	}
	lines = append(lines, s.Faint.Render("j/k move · enter choose · esc cancel · ctrl+s saves the rules"))
	inner := 0
	for _, l := range lines {
		inner = max(inner, common.VisibleWidth(l))
	}
	inner = max(10, min(inner, width-4))
	for i, l := range lines {
		lines[i] = common.Fit(l, inner)
	}
	return s.Box.Render(strings.Join(lines, "\n"))
}

// DefaultRule says how the metric in force compares values of kind k
// with no rule of their own, and whether that is the metric options'
// doing: "levenshtein", "abs-tol=0.01", "relative difference".
func DefaultRule(k jsondoc.Kind, o scoring.MetricOptions) (text string, fromOptions bool) {
	switch k {
	case jsondoc.Number:
		var tol []string
		if o.AbsTol != 0 {
			tol = append(tol, fmt.Sprintf("%s=%g", scoring.OptAbsTol, o.AbsTol))
		}
		if o.RelTol != 0 {
			tol = append(tol, fmt.Sprintf("%s=%g", scoring.OptRelTol, o.RelTol))
		}
		if len(tol) > 0 {
			return strings.Join(tol, " "), true
		}
		return "relative difference", false
	case jsondoc.String:
		text = "levenshtein"
		if o.Comparator != "" {
			text, fromOptions = o.Comparator, true
		}
		if o.Normalize != 0 {
			text, fromOptions = text+" normalize="+o.Normalize.String(), true
		}
		return text, fromOptions
	case jsondoc.Bool:
		return "equal or not", false
	}
	return "both null", false
}

// RuleText names a rule as the explorer writes it: "default" for none.
func RuleText(r scoring.Rule) string {
	if r.Kind == scoring.RuleNone {
		return "default"
	}
	return r.String()
}

// NewRuleChooser returns the rules chooser, closed.
func NewRuleChooser(c *common.Common) *RuleChooser { return &RuleChooser{c: c} }
