package jsondoc

import (
	"bytes"
	"fmt"
)

// maxCandidates bounds how many bracketed spans ParseLenient tries in prose.
const maxCandidates = 64

// ParseLenient parses src strictly and, if that fails, looks for the JSON
// inside it: first in a Markdown code fence (```json or ``` with no
// language), then in the first balanced {...} or [...] of the surrounding
// text that parses (a balanced span that does not parse is skipped whole,
// so a fragment of broken JSON is never taken for the answer), trying at
// most maxCandidates opening brackets. Doc.Repair says which was done. It
// never alters the JSON itself: no comma, quote or literal is fixed. When
// nothing parses, the error is the strict one, with its line and column,
// and says what was searched: how many fences and brackets were tried,
// and, when the search stopped at maxCandidates, how far it went.
func ParseLenient(name string, src []byte, opt *Options) (*Doc, error) {
	doc, strictErr := Parse(name, src, opt)
	if strictErr == nil {
		return doc, nil
	}
	if _, ok := strictErr.(*SyntaxError); !ok {
		return nil, strictErr
	}
	fs := fences(src)
	for _, f := range fs {
		if d, err := parseRange(name, src, f.lo, f.hi, opt); err == nil {
			line, _ := position(src, f.lo)
			lang := "```"
			if f.lang != "" {
				lang += f.lang
			}
			d.repair = fmt.Sprintf("took the JSON from the %s code fence at line %d", lang, line-1)
			return d, nil
		}
	}
	start, tries := 0, 0
	for tries < maxCandidates {
		lo := indexOpen(src, start)
		if lo < 0 {
			break
		}
		hi := matchBracket(src, lo)
		if hi < 0 {
			start = lo + 1
			tries++
			continue
		}
		d, err := parseRange(name, src, lo, hi, opt)
		if err == nil {
			line, col := position(src, lo)
			what := "object"
			if src[lo] == '[' {
				what = "array"
			}
			d.repair = fmt.Sprintf("took the JSON %s at %d:%d out of the surrounding text (%d bytes before it, %d after)",
				what, line, col, lo, len(src)-hi)
			return d, nil
		}
		if err == ErrCanceled {
			return nil, err
		}
		// A balanced span that is not valid JSON is broken JSON, not prose:
		// never pick a fragment out of it.
		start = hi
		tries++
	}
	se := *strictErr.(*SyntaxError)
	se.Msg += searchNote(src, len(fs), tries, start)
	return nil, &se
}

// searchNote says what ParseLenient looked through after the strict
// parse failed: fences code fences and tries opening brackets, the search
// going on from offset next when it stopped at maxCandidates.
func searchNote(src []byte, fences, tries, next int) string {
	what := ""
	switch fences {
	case 0:
	case 1:
		what = "1 code fence and "
	default:
		what = fmt.Sprintf("%d code fences and ", fences)
	}
	brackets := "1 opening bracket"
	if tries != 1 {
		brackets = fmt.Sprintf("%d opening brackets", tries)
	}
	switch {
	case tries == maxCandidates && indexOpen(src, next) >= 0:
		line, col := position(src, next)
		return fmt.Sprintf("; no JSON found in it either, after trying %s%s, up to %d:%d: the search stops there", what, brackets, line, col)
	case fences == 0 && tries == 0:
		return "; it holds no code fence, { or [ to take JSON from"
	default:
		return fmt.Sprintf("; no JSON found in it either: tried %s%s", what, brackets)
	}
}

type fence struct {
	lo, hi int // the fenced content
	lang   string
}

// fences finds Markdown code fences whose language is json or empty.
func fences(src []byte) []fence {
	var out []fence
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("```"))
		if k < 0 {
			return out
		}
		open := i + k
		// The opening fence must start a line (after optional indentation).
		ls := bytes.LastIndexByte(src[:open], '\n') + 1
		if len(bytes.TrimLeft(src[ls:open], " \t")) != 0 {
			i = open + 3
			continue
		}
		eol := bytes.IndexByte(src[open:], '\n')
		if eol < 0 {
			return out
		}
		info := string(bytes.TrimSpace(bytes.TrimLeft(src[open:open+eol], "`")))
		body := open + eol + 1
		k = bytes.Index(src[body:], []byte("```"))
		if k < 0 {
			return out
		}
		closeAt := body + k
		if info == "" || info == "json" || info == "JSON" || info == "jsonc" {
			out = append(out, fence{lo: body, hi: closeAt, lang: info})
		}
		i = closeAt + 3
	}
}

func indexOpen(src []byte, from int) int {
	k := bytes.IndexAny(src[from:], "{[")
	if k < 0 {
		return -1
	}
	return from + k
}

// matchBracket returns the offset just past the bracket closing the one at
// lo, skipping strings, or -1 if the brackets do not balance.
func matchBracket(src []byte, lo int) int {
	var stack []byte
	for i := lo; i < len(src); i++ {
		switch c := src[i]; c {
		case '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			stack = append(stack, c)
		case '}', ']':
			if len(stack) == 0 || (c == '}') != (stack[len(stack)-1] == '{') {
				return -1
			}
			stack = stack[:len(stack)-1]
			if len(stack) == 0 {
				return i + 1
			}
		}
	}
	return -1
}
