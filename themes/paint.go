package themes

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// Paint is a text style reduced to the escape sequences that switch it on
// and off, for the explorer's hot path: painting a cell is two string
// appends, where lipgloss would re-parse the text. Paint only resets what
// it set, so a row's background survives the cells painted inside it.
// The zero Paint leaves text as it is.
type Paint struct {
	on, off string
	style   lipgloss.Style
}

// attrs describe a Paint.
type attrs struct {
	fg, bg                                 color.Color
	bold, faint, italic, underline, invert bool
}

func newPaint(a attrs) Paint {
	var on ansi.Style
	var off []string
	st := lipgloss.NewStyle()
	if a.fg != nil {
		on = on.ForegroundColor(a.fg)
		off = append(off, "39")
		st = st.Foreground(a.fg)
	}
	if a.bg != nil {
		on = on.BackgroundColor(a.bg)
		off = append(off, "49")
		st = st.Background(a.bg)
	}
	if a.bold {
		on = on.Bold()
		st = st.Bold(true)
	}
	if a.faint {
		on = on.Faint()
		st = st.Faint(true)
	}
	if a.bold || a.faint {
		off = append(off, "22")
	}
	if a.italic {
		on = on.Italic(true)
		off = append(off, "23")
		st = st.Italic(true)
	}
	if a.underline {
		on = on.Underline(true)
		off = append(off, "24")
		st = st.Underline(true)
	}
	if a.invert {
		on = on.Reverse(true)
		off = append(off, "27")
		st = st.Reverse(true)
	}
	if len(on) == 0 {
		return Paint{style: st}
	}
	return Paint{on: on.String(), off: "\x1b[" + strings.Join(off, ";") + "m", style: st}
}

// Render returns s painted.
func (p Paint) Render(s string) string {
	if p.on == "" || s == "" {
		return s
	}
	return p.on + s + p.off
}

// Write appends s painted to b.
func (p Paint) Write(b *strings.Builder, s string) {
	if p.on == "" || s == "" {
		b.WriteString(s)
		return
	}
	b.WriteString(p.on)
	b.WriteString(s)
	b.WriteString(p.off)
}

// On returns the sequence that switches the paint on ("" for none).
func (p Paint) On() string { return p.on }

// Off returns the sequence that switches it off again.
func (p Paint) Off() string { return p.off }

// Style returns the paint as a lipgloss style, for components that take
// one.
func (p Paint) Style() lipgloss.Style { return p.style }
