package themes

import (
	"fmt"
	"image/color"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"github.com/jsontui/jsontui/scoring"
)

// Styles is everything a theme decides, built once per theme and handed to
// every component of the explorer.
type Styles struct {
	// Name is the theme's name.
	Name string
	// Text is plain text; Muted is secondary text (column heads, labels);
	// Faint is the least important (guides, zero figures, n/a).
	Text, Muted, Faint Paint
	// Title is the app's name and headings; Accent highlights a key name,
	// a path or the focused pane's title.
	Title, Accent Paint
	// Good, Warn and Bad colour a score by band, and the status line's
	// success, warning and error messages.
	Good, Warn, Bad Paint
	// Changed marks weights changed since opening.
	Changed Paint
	// Selected is the cursor row's background.
	Selected Paint
	// Match highlights search matches.
	Match Paint
	// DiffIns, DiffDel and DiffSub highlight a character diff's inserted,
	// deleted and substituted characters.
	DiffIns, DiffDel, DiffSub Paint
	// Input is the text typed into a prompt.
	Input Paint
	// Help styles the key help (short and full).
	Help help.Styles
	// Box is the frame of overlays (help, metric chooser).
	Box lipgloss.Style

	status [7]Paint
	glyphs [7]string
}

// Status returns the paint of a node status.
func (s *Styles) Status(st scoring.Status) Paint {
	if int(st) < len(s.status) {
		return s.status[st]
	}
	return s.Text
}

// Glyph returns the one-cell symbol of a node status: ✓ match, ~ partial,
// ✗ mismatch, ∅ missing, + extra, ≠ type, · ignored. Every theme, mono
// included, tells statuses apart by glyph as well as by colour.
func (s *Styles) Glyph(st scoring.Status) string {
	if int(st) < len(s.glyphs) {
		return s.glyphs[st]
	}
	return "?"
}

// Band returns the paint of a score: good from 0.9, warn from 0.6, bad
// below.
func (s *Styles) Band(score float64) Paint {
	switch {
	case score >= 0.9:
		return s.Good
	case score >= 0.6:
		return s.Warn
	default:
		return s.Bad
	}
}

// New builds the Styles of the named theme.
func New(name string) (*Styles, error) {
	p, ok := paletteOf(name)
	if !ok {
		return nil, fmt.Errorf("unknown theme %q", name)
	}
	s := &Styles{Name: name}
	if p.mono {
		buildMono(s)
	} else {
		buildColor(s, p)
	}
	s.glyphs = [7]string{"✓", "~", "✗", "∅", "+", "≠", "·"}
	key := s.Accent.Style()
	desc := s.Muted.Style()
	sep := s.Faint.Style()
	s.Help = help.Styles{
		Ellipsis: sep, ShortKey: key, ShortDesc: desc, ShortSeparator: sep,
		FullKey: key, FullDesc: desc, FullSeparator: sep,
	}
	border := lipgloss.RoundedBorder()
	s.Box = lipgloss.NewStyle().Border(border).Padding(0, 1)
	// An unset foreground reads back as lipgloss.NoColor, never nil.
	if fg := s.Accent.Style().GetForeground(); !p.mono && !isNoColor(fg) {
		s.Box = s.Box.BorderForeground(fg)
	}
	return s, nil
}

// MustNew is New for a name known to exist (one of Names).
func MustNew(name string) *Styles {
	s, err := New(name)
	if err != nil {
		panic(err)
	}
	return s
}

func buildColor(s *Styles, p palette) {
	b := p.bold
	s.Text = newPaint(attrs{fg: p.text})
	s.Muted = newPaint(attrs{fg: p.muted})
	s.Faint = newPaint(attrs{fg: p.faint})
	s.Title = newPaint(attrs{fg: p.title, bold: true})
	s.Accent = newPaint(attrs{fg: p.accent, bold: b})
	s.Good = newPaint(attrs{fg: p.good, bold: b})
	s.Warn = newPaint(attrs{fg: p.warn, bold: b})
	s.Bad = newPaint(attrs{fg: p.bad, bold: b})
	s.Changed = newPaint(attrs{fg: p.changed, bold: true})
	s.Selected = newPaint(attrs{bg: p.selectBg, bold: b})
	s.Match = newPaint(attrs{fg: p.matchFg, bg: p.matchBg})
	s.DiffIns = newPaint(attrs{fg: p.diffIns, bold: true, underline: true})
	s.DiffDel = newPaint(attrs{fg: p.diffDel, bold: true, underline: true})
	s.DiffSub = newPaint(attrs{fg: p.diffSub, bold: true, underline: true})
	s.Input = newPaint(attrs{fg: p.accent, bold: true})
	s.status = [7]Paint{
		scoring.Match:    s.Good,
		scoring.Partial:  s.Warn,
		scoring.Mismatch: s.Bad,
		scoring.Missing:  s.Bad,
		scoring.Extra:    newPaint(attrs{fg: p.extra, bold: b}),
		scoring.Type:     s.Bad,
		scoring.Ignored:  s.Faint,
	}
}

// buildMono styles with attributes only: bold for what is wrong, faint for
// what matters least, reverse video for the cursor.
func buildMono(s *Styles) {
	s.Muted = newPaint(attrs{})
	s.Faint = newPaint(attrs{faint: true})
	s.Title = newPaint(attrs{bold: true})
	s.Accent = newPaint(attrs{bold: true})
	s.Good = newPaint(attrs{})
	s.Warn = newPaint(attrs{underline: true})
	s.Bad = newPaint(attrs{bold: true})
	s.Changed = newPaint(attrs{bold: true, underline: true})
	s.Selected = newPaint(attrs{invert: true})
	s.Match = newPaint(attrs{underline: true, bold: true})
	s.DiffIns = newPaint(attrs{bold: true, underline: true})
	s.DiffDel = newPaint(attrs{bold: true, underline: true})
	s.DiffSub = newPaint(attrs{bold: true, underline: true})
	s.Input = newPaint(attrs{bold: true})
	s.status = [7]Paint{
		scoring.Match:    s.Good,
		scoring.Partial:  s.Warn,
		scoring.Mismatch: s.Bad,
		scoring.Missing:  s.Bad,
		scoring.Extra:    newPaint(attrs{italic: true}),
		scoring.Type:     s.Bad,
		scoring.Ignored:  s.Faint,
	}
}

// isNoColor reports whether c is lipgloss's "no colour set".
func isNoColor(c color.Color) bool {
	_, none := c.(lipgloss.NoColor)
	return none
}
