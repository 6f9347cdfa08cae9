// Package escape renders what the user gave (file names, paths) for
// messages: on one line, without a control character that the terminal
// would act on.
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
		if unicode.IsControl(r) || unicode.In(r, unicode.Zl, unicode.Zp, unicode.Bidi_Control) {
			return strconv.Quote(name)
		}
	}
	return name
}
