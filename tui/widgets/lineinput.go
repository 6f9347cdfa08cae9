package widgets

import (
	"strings"
	"unicode"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/themes"
)

// LineInput is a one-line text field with the editing keys of a shell:
// ←/→, home/end (ctrl+a/ctrl+e), backspace/delete, ctrl+w deletes a word,
// ctrl+u deletes to the start, ctrl+k to the end; pasted text is inserted.
// The cursor is a reverse-video cell that does not blink.
type LineInput struct {
	value       []rune
	pos         int
	limit       int
	placeholder string
}

// SetValue replaces the text and puts the cursor at its end.
func (in *LineInput) SetValue(s string) {
	in.value = []rune(s)
	if in.limit > 0 && len(in.value) > in.limit {
		in.value = in.value[:in.limit]
	}
	in.pos = len(in.value)
}

// Value returns the text.
func (in *LineInput) Value() string { return string(in.value) }

// Update applies a key press or a paste; it reports whether the text
// changed.
func (in *LineInput) Update(msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.PasteMsg:
		return in.insert(msg.Content)
	case tea.KeyPressMsg:
		switch msg.String() {
		case "left", "ctrl+b":
			in.pos = max(0, in.pos-1)
		case "right", "ctrl+f":
			in.pos = min(len(in.value), in.pos+1)
		case "home", "ctrl+a":
			in.pos = 0
		case "end", "ctrl+e":
			in.pos = len(in.value)
		case "backspace", "ctrl+h":
			if in.pos > 0 {
				in.value = append(in.value[:in.pos-1], in.value[in.pos:]...)
				in.pos--
				return true
			}
		case "delete", "ctrl+d":
			if in.pos < len(in.value) {
				in.value = append(in.value[:in.pos], in.value[in.pos+1:]...)
				return true
			}
		case "ctrl+u":
			in.value = in.value[in.pos:]
			in.pos = 0
			return true
		case "ctrl+k":
			in.value = in.value[:in.pos]
			return true
		case "ctrl+w", "alt+backspace":
			start := in.pos
			for start > 0 && unicode.IsSpace(in.value[start-1]) {
				start--
			}
			for start > 0 && !unicode.IsSpace(in.value[start-1]) {
				start--
			}
			in.value = append(in.value[:start], in.value[in.pos:]...)
			in.pos = start
			return true
		default:
			if msg.Text != "" && msg.Mod&^tea.ModShift == 0 {
				return in.insert(msg.Text)
			}
		}
	}
	return false
}

// insert puts text at the cursor, dropping control characters.
func (in *LineInput) insert(text string) bool {
	var add []rune
	for _, r := range text {
		if !unicode.IsControl(r) {
			add = append(add, r)
		}
	}
	if in.limit > 0 {
		add = add[:max(0, min(len(add), in.limit-len(in.value)))]
	}
	if len(add) == 0 {
		return false
	}
	in.value = append(in.value[:in.pos], append(add, in.value[in.pos:]...)...)
	in.pos += len(add)
	return true
}

// View renders the text with the cursor, or the placeholder (faint) when
// empty, within width cells (scrolling to keep the cursor in view).
func (in *LineInput) View(s *themes.Styles, width int) string {
	cursor := func(r string) string { return "\x1b[7m" + r + "\x1b[27m" }
	if len(in.value) == 0 {
		if in.placeholder == "" {
			return cursor(" ")
		}
		ph := []rune(in.placeholder)
		return cursor(string(ph[0])) + s.Faint.Render(string(ph[1:]))
	}
	start := 0
	if width > 1 && in.pos >= width {
		start = in.pos - width + 1
	}
	var b strings.Builder
	text := in.value[start:]
	before := string(text[:in.pos-start])
	s.Input.Write(&b, before)
	if in.pos < len(in.value) {
		b.WriteString(cursor(string(in.value[in.pos])))
		s.Input.Write(&b, string(in.value[in.pos+1:]))
	} else {
		b.WriteString(cursor(" "))
	}
	return b.String()
}

// NewLineInput returns an empty input of at most limit characters, showing
// placeholder while empty.
func NewLineInput(limit int, placeholder string) LineInput {
	return LineInput{limit: limit, placeholder: placeholder}
}
