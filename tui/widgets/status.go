package widgets

import (
	"strings"

	"charm.land/bubbles/v2/key"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
	"github.com/jsontui/jsontui/tui/common"
)

// StatusLine is the bottom line: what the last action did, and key hints.
type StatusLine struct {
	c     *common.Common
	msg   common.StatusMsg
	width int
	// badge, if set, says what stays in force (the failing-only view),
	// before the message; "" for nothing.
	badge func() string
}

// SetWidth sets the line's width.
func (sl *StatusLine) SetWidth(w int) { sl.width = w }

// Set shows a message.
func (sl *StatusLine) Set(m common.StatusMsg) { sl.msg = m }

// View renders the message on the left and as many hints as fit on the
// right.
func (sl *StatusLine) View(bindings []key.Binding) string {
	s := sl.c.Styles
	var text string
	switch sl.msg.Kind {
	case common.StatusOK:
		text = s.Good.Render(sl.msg.Text)
	case common.StatusWarn:
		text = s.Warn.Render(sl.msg.Text)
	case common.StatusError:
		text = s.Bad.Render(sl.msg.Text)
	default:
		text = sl.msg.Text
	}
	if sl.badge != nil {
		if b := sl.badge(); b != "" {
			sep := ""
			if text != "" {
				sep = s.Faint.Render(" · ")
			}
			text = s.Accent.Render(b) + sep + text
		}
	}
	room := sl.width - ansi.StringWidth(text) - 3
	return common.Spread(text, hints(s, bindings, room), sl.width)
}

// hints renders as many bindings as fit in room cells: "key desc · …".
func hints(s *themes.Styles, bindings []key.Binding, room int) string {
	var b strings.Builder
	used := 0
	for _, k := range bindings {
		h := k.Help()
		w := ansi.StringWidth(h.Key) + 1 + ansi.StringWidth(h.Desc)
		sep := 0
		if used > 0 {
			sep = 3
		}
		if used+sep+w > room {
			break
		}
		if used > 0 {
			s.Faint.Write(&b, " · ")
		}
		s.Accent.Write(&b, h.Key)
		b.WriteByte(' ')
		s.Muted.Write(&b, h.Desc)
		used += sep + w
	}
	return b.String()
}

// SetBadge sets what says the view in force (the failing-only view)
// before the message.
func (sl *StatusLine) SetBadge(badge func() string) { sl.badge = badge }

// Text returns the message shown.
func (sl *StatusLine) Text() string { return sl.msg.Text }

// NewStatusLine returns an empty status line.
func NewStatusLine(c *common.Common) *StatusLine { return &StatusLine{c: c} }
