package tui

import (
	"strings"

	common "github.com/jsontui/jsontui/tui/common"

	tea "charm.land/bubbletea/v2"
	"github.com/jsontui/jsontui/scoring"
)

// prompt is the one-line input of the status line: a search, a weight, a
// path to save to. It shows the error of the last attempt until the text
// changes.
type prompt struct {
	c      *common.Common
	label  string
	input  lineInput
	target scoring.NodeID // the node a weight prompt edits
	err    string
	width  int
}

func newPrompt(c *common.Common) *prompt { return &prompt{c: c} }

// open starts a prompt with a label, an initial value and a placeholder.
func (p *prompt) open(label, value, placeholder string, limit int) {
	p.label, p.err = label, ""
	p.input = lineInput{limit: limit, placeholder: placeholder}
	p.input.SetValue(value)
}

// SetWidth sets the width of the line the prompt is on.
func (p *prompt) SetWidth(w int) { p.width = w }

// Update passes a key or a paste to the input.
func (p *prompt) Update(msg tea.Msg) {
	if p.input.Update(msg) {
		p.err = ""
	}
}

// View renders the prompt line with its hint.
func (p *prompt) View(hint string) string {
	s := p.c.Styles
	room := max(8, p.width-len([]rune(p.label))-len([]rune(hint))-6)
	left := s.Accent.Render(p.label) + " " + p.input.View(s, room)
	if p.err != "" {
		left += "  " + s.Bad.Render("✗ "+p.err)
		hint = "esc cancel"
	}
	return common.Spread(left, s.Faint.Render(hint), p.width)
}

// trimmed returns the typed text without surrounding blanks.
func (p *prompt) trimmed() string { return strings.TrimSpace(p.input.Value()) }
