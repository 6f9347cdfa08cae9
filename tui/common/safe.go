package common

import (
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
)

// Safe returns a rendered screen (or a window title) as the terminal may
// get it: the colours the explorer sets (SGR sequences, ESC [ … m) and
// the line breaks stay; every other sequence or control character — an
// OSC that would set the title or the clipboard, a CSI that would move
// the cursor or clear the screen, a DCS, a C1 control, an invalid byte —
// is written as its escape (escape.Text), whoever put it there. It is the
// last guard behind the escaping of names, keys and values where they are
// drawn: a user's string that slipped through shows, and does nothing.
func Safe(s string) string {
	if clean(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 16)
	start := 0 // start of the text not yet written
	flush := func(end int) {
		b.WriteString(escape.Text(s[start:end]))
	}
	for i := 0; i < len(s); {
		switch {
		case s[i] == '\n':
			flush(i)
			b.WriteByte('\n')
			i++
			start = i
		case s[i] == 0x1b:
			if n := sgrLen(s[i:]); n > 0 {
				flush(i)
				b.WriteString(s[i : i+n])
				i += n
				start = i
				continue
			}
			i++
		default:
			i++
		}
	}
	flush(len(s))
	return b.String()
}

// clean reports whether s holds nothing but printable ASCII, line breaks,
// SGR sequences and valid UTF-8 without controls: the common case, which
// needs no copy.
func clean(s string) bool {
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\n' || (c >= 0x20 && c < 0x7f):
			i++
		case c == 0x1b:
			n := sgrLen(s[i:])
			if n == 0 {
				return false
			}
			i += n
		case c < 0x80:
			return false
		default:
			j := i + 1
			for j < len(s) && s[j] >= 0x80 {
				j++
			}
			if escape.Text(s[i:j]) != s[i:j] {
				return false
			}
			i = j
		}
	}
	return true
}

// sgrLen returns the length of the SGR sequence s starts with (ESC [,
// digits, ';' or ':', then 'm'), or 0 when s starts with anything else.
func sgrLen(s string) int {
	if len(s) < 3 || s[0] != 0x1b || s[1] != '[' {
		return 0
	}
	for i := 2; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9', c == ';', c == ':':
		case c == 'm':
			return i + 1
		default:
			return 0
		}
	}
	return 0
}
