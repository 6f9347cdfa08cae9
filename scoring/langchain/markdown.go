package langchain

import (
	"bytes"
	"sort"
	"unicode"
	"unicode/utf8"
)

// stripChars are the characters _parse_json strips from both ends of the
// text: json_str.strip(" \n\r\t`").
const stripChars = " \n\r\t`"

// attempt is one text parse_json_markdown hands its parser (_parse_json):
// a stretch of the prediction, stripped of white space and backticks at
// both ends, with the "action_input" values' raw newlines, carriage
// returns and tabs escaped (_custom_parser).
type attempt struct {
	text []byte
	// lo is the offset in the prediction of text's first byte.
	lo int
	// inserted holds the offsets in text of the backslashes
	// _custom_parser inserted, in order.
	inserted []int
	// before and after count the characters stripped at each end; ticks
	// is set when backticks were among them (white space alone changes
	// nothing json.loads reads).
	before, after int
	ticks         bool
}

// newAttempt makes the attempt on the prediction's bytes from lo on.
func newAttempt(pred []byte, lo int) *attempt {
	s := pred[lo:]
	t := bytes.TrimLeft(s, stripChars)
	a := &attempt{lo: lo + len(s) - len(t), before: len(s) - len(t)}
	u := bytes.TrimRight(t, stripChars)
	a.after = len(t) - len(u)
	a.ticks = bytes.ContainsRune(s[:a.before], '`') || bytes.ContainsRune(t[len(u):], '`')
	a.text, a.inserted = escapeActionInput(u)
	return a
}

// orig returns the offset in the prediction of the byte at off in the
// attempt's text (of the character an inserted backslash escapes, for
// one of those).
func (a *attempt) orig(off int) int {
	before := sort.SearchInts(a.inserted, off) // inserted bytes before off
	return a.lo + off - before
}

// escapeActionInput is _custom_parser:
//
//	re.sub(r'("action_input"\:\s*")(.*?)(")', _replace_new_line, s, flags=re.DOTALL)
//
// which, in the text between `"action_input":` and the next double quote
// (after white space as Python's \s knows it), replaces each newline,
// carriage return and tab with its escape (\n, \r, \t). Its fourth rule,
// escaping a double quote not after a backslash, never applies: the text
// matched holds no double quote. It returns s itself when nothing changes,
// and the offsets of the backslashes it inserts.
func escapeActionInput(s []byte) ([]byte, []int) {
	const key = `"action_input":`
	var out []byte
	var inserted []int
	done := 0 // s[:done] is in out
	for from := 0; ; {
		k := bytes.Index(s[from:], []byte(key))
		if k < 0 {
			break
		}
		k += from
		j := k + len(key)
		for j < len(s) {
			r, size := utf8.DecodeRune(s[j:])
			if !pyIsSpace(r) {
				break
			}
			j += size
		}
		if j >= len(s) || s[j] != '"' {
			from = k + 1
			continue
		}
		q := bytes.IndexByte(s[j+1:], '"')
		if q < 0 {
			break
		}
		body := s[j+1 : j+1+q]
		if bytes.ContainsAny(body, "\n\r\t") {
			out = append(out, s[done:j+1]...)
			for _, c := range body {
				if e := escapeLetter(c); e != 0 {
					inserted = append(inserted, len(out))
					out = append(out, '\\', e)
				} else {
					out = append(out, c)
				}
			}
			done = j + 1 + q
		}
		from = j + 1 + q + 1
	}
	if out == nil {
		return s, nil
	}
	return append(out, s[done:]...), inserted
}

// escapeLetter returns the letter of the escape _replace_new_line writes
// for c, 0 for a character it keeps.
func escapeLetter(c byte) byte {
	switch c {
	case '\n':
		return 'n'
	case '\r':
		return 'r'
	case '\t':
		return 't'
	}
	return 0
}

// pyIsSpace is Python's str.isspace for one character, which is what \s
// matches in a str pattern: Go's unicode.IsSpace and the four separators
// U+001C..U+001F.
func pyIsSpace(r rune) bool { return unicode.IsSpace(r) || r >= 0x1c && r <= 0x1f }

// fence returns where parse_json_markdown's fallback looks:
//
//	_json_markdown_re = re.compile(r"```(json)?(.*)", re.DOTALL)
//
// the offset just past the first ``` and, if "json" follows it at once,
// past that too; ok is false when the prediction has no ```.
func fence(pred []byte) (lo int, tagged, ok bool) {
	i := bytes.Index(pred, []byte("```"))
	if i < 0 {
		return 0, false, false
	}
	lo = i + 3
	if bytes.HasPrefix(pred[lo:], []byte("json")) {
		return lo + 4, true, true
	}
	return lo, false, true
}
