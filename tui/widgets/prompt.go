package widgets

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/common"
)

// Prompt is the one-line input of the status line: a search, a weight, a
// path to save to. It shows the error of the last attempt until the text
// changes.
type Prompt struct {
	c      *common.Common
	label  string
	input  LineInput
	target scoring.NodeID // the node a weight prompt edits
	err    string
	width  int
}

func NewPrompt(c *common.Common) *Prompt { return &Prompt{c: c} }

// Open starts a prompt with a label, an initial value and a placeholder.
func (p *Prompt) Open(label, value, placeholder string, limit int) {
	p.label, p.err = label, ""
	p.input = LineInput{limit: limit, placeholder: placeholder}
	p.input.SetValue(value)
}

// SetWidth sets the width of the line the prompt is on.
func (p *Prompt) SetWidth(w int) { p.width = w }

// Update passes a key or a paste to the input.
func (p *Prompt) Update(msg tea.Msg) {
	if p.input.Update(msg) {
		p.err = ""
	}
}

// View renders the prompt line with its hint.
func (p *Prompt) View(hint string) string {
	s := p.c.Styles
	room := max(8, p.width-len([]rune(p.label))-len([]rune(hint))-6)
	left := s.Accent.Render(p.label) + " " + p.input.View(s, room)
	if p.err != "" {
		left += "  " + s.Bad.Render("✗ "+p.err)
		hint = "esc cancel"
	}
	return common.Spread(left, s.Faint.Render(hint), p.width)
}

// Trimmed returns the typed text without surrounding blanks.
func (p *Prompt) Trimmed() string { return strings.TrimSpace(p.input.Value()) }

// Fail shows why the text typed was refused, until it changes.
func (p *Prompt) Fail(why string) { p.err = why }

// Value returns the text typed.
func (p *Prompt) Value() string { return p.input.Value() }

// SetTarget makes the prompt edit node id's weight.
func (p *Prompt) SetTarget(id scoring.NodeID) { p.target = id }

// NodeTarget returns the node whose weight the prompt edits.
func (p *Prompt) NodeTarget() scoring.NodeID { return p.target }
