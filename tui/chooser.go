package tui

import (
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// chooser picks a metric from the list the caller offers.
type chooser struct {
	c       *common
	choices []MetricChoice
	current string
	cursor  int
}

// open shows the choices with the cursor on the metric in force.
func (ch *chooser) open(choices []MetricChoice, current string) {
	ch.choices, ch.current, ch.cursor = choices, current, 0
	for i, m := range choices {
		if m.Name == current {
			ch.cursor = i
		}
	}
}

// handleKey moves the cursor; it returns the metric chosen with enter, if
// any.
func (ch *chooser) handleKey(msg tea.KeyPressMsg) (chosen string, done bool) {
	k := ch.c.keys
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
		return ch.choices[ch.cursor].Name, true
	}
	return "", false
}

// View renders the box of choices.
func (ch *chooser) View(width int) string {
	s := ch.c.styles
	var b strings.Builder
	b.WriteString(s.Title.Render("Metric") + s.Faint.Render("  (the options of --metric that one does not take are left out)"))
	nameW := 0
	for _, m := range ch.choices {
		nameW = max(nameW, len(m.Name)+len(" (in force)"))
	}
	for i, m := range ch.choices {
		b.WriteByte('\n')
		mark := "  "
		if i == ch.cursor {
			mark = s.Accent.Render("› ")
		}
		name := m.Name
		if m.Name == ch.current {
			name += " (in force)"
		}
		line := mark + s.Accent.Render(pad(name, nameW)) + " " + s.Muted.Render(m.Description)
		b.WriteString(fit(line, max(20, width-6)))
	}
	b.WriteString("\n" + s.Faint.Render("j/k move · g/G first/last · enter choose · esc cancel"))
	return s.Box.Render(b.String())
}
