// Package escape renders what the user gave (file names, paths, case
// ids, keys, values) for a terminal: on one line, without a control
// character that the terminal would act on. Name quotes a file name
// whole; Text escapes each such character in place, for text shown among
// other text (a table's cell, a window title).
package escape

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Name returns a file name or path as it is printed for people, on
// one line whatever it holds: as it is when every character of it shows
// as itself, else quoted as a Go string literal with its line breaks,
// control characters, bidirectional controls and invalid bytes escaped
// ("/data/ref\nx.json" in quotes for a name holding a line break). A name
// that starts with a double quote is quoted too, so that a quoted name is
// never taken for another.
func Name(name string) string {
	if strings.HasPrefix(name, `"`) {
		return strconv.Quote(name)
	}
	ascii := 0 // printable ASCII needs no look at the tables
	for ascii < len(name) && name[ascii] >= 0x20 && name[ascii] < 0x7f {
		ascii++
	}
	for i, r := range name[ascii:] {
		i += ascii
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(name[i:]); size == 1 {
				return strconv.Quote(name)
			}
		}
		if unsafe(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

// unsafe reports whether a terminal may act on r, or show it as a line
// break or a change of direction: the C0 controls, DEL, the C1 controls
// (U+0080–U+009F: a lone U+009B is a CSI, U+009D an OSC), the line and
// paragraph separators and the bidirectional controls.
func unsafe(r rune) bool {
	return unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Bidi_Control)
}

// Text returns s for a terminal, on one line: as it is when every
// character of it shows as itself, else with each character a terminal
// would act on (see Name) written as its Go escape — ESC as \x1b, a line
// break as \n, U+009B as \u009b, an invalid byte as \xff — and the rest
// as it is. It is the one helper for a user's string in a message, a
// table, a report or a window title: an OSC 0/2 sequence in a case id
// cannot set a title, nor an OSC 52 one the clipboard.
func Text(s string) string {
	i := 0 // printable ASCII needs no look at the tables
	for i < len(s) && s[i] >= 0x20 && s[i] < 0x7f {
		i++
	}
	if i == len(s) {
		return s
	}
	clean := true
	for j, r := range s[i:] {
		if r == utf8.RuneError {
			if _, size := utf8.DecodeRuneInString(s[i+j:]); size == 1 {
				clean = false
				break
			}
		}
		if unsafe(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for j := 0; j < len(s); {
		r, size := utf8.DecodeRuneInString(s[j:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\x`)
			b.WriteString(strconv.FormatUint(uint64(s[j])|0x100, 16)[1:])
		case unsafe(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteString(s[j : j+size])
		}
		j += size
	}
	return b.String()
}
