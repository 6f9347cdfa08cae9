package jsondoc

import (
	"bytes"
	"fmt"
	"strconv"
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
	var strictErr error
	if mayBeValue(src, opt) {
		doc, err := Parse(name, src, opt)
		if err == nil {
			return doc, nil
		}
		if _, ok := err.(*SyntaxError); !ok {
			return nil, err
		}
		strictErr = err
	}
	d, fences, sr, err := dig(name, src, opt)
	if d != nil || err != nil {
		return d, err
	}
	if strictErr == nil {
		// Model text that begins with prose fails the strict parse at
		// its first byte: that parse is made only now, for its error.
		_, strictErr = Parse(name, src, opt)
		if _, ok := strictErr.(*SyntaxError); !ok {
			return nil, strictErr
		}
	}
	se := *strictErr.(*SyntaxError)
	se.Msg += searchNote(src, fences, sr.tries, sr.next)
	return nil, &se
}

// mayBeValue reports whether the strict parse of src can succeed: its
// first byte past a byte order mark and white space can begin a value.
// Prose (model text before its JSON) cannot.
func mayBeValue(src []byte, opt *Options) bool {
	python := opt != nil && opt.Python
	if !python && bytes.HasPrefix(src, []byte("\ufeff")) {
		src = src[3:]
	}
	for _, c := range src {
		switch {
		case isSpace[c]:
			continue
		case c == '{', c == '[', c == '"', c == '-', c >= '0' && c <= '9', c == 't', c == 'f', c == 'n':
			return true
		default:
			return python && (c == 'N' || c == 'I')
		}
	}
	return false
}

// dig looks for the JSON inside src that is not JSON itself: in its code
// fences, then in its brackets. It returns the document found (nil for
// none), the number of fences tried and the search's state for the error.
func dig(name string, src []byte, opt *Options) (*Doc, int, search, error) {
	var sr search
	fs := sr.fences(src)
	for _, f := range fs {
		if d, err := parseRange(name, src, f.lo, f.hi, opt); err == nil {
			line, _ := position(src, f.lo)
			// Made for every fenced answer: no fmt.
			d.repair = "took the JSON from the ```" + f.lang + " code fence at line " + strconv.Itoa(line-1)
			return d, len(fs), sr, nil
		}
	}
	d, err := sr.brackets(name, src, opt)
	return d, len(fs), sr, err
}

// search is ParseLenient's look for the first balanced {...} or [...] of
// a text that parses.
type search struct {
	tries int // the opening brackets tried
	next  int // where the search would go on from
	work  int // the bytes looked at, for fences and for brackets
}

// brackets returns the document of the first balanced span of src that
// parses; nil and no error when none does within maxCandidates tries.
func (sr *search) brackets(name string, src []byte, opt *Options) (*Doc, error) {
	var cancel <-chan struct{}
	if opt != nil {
		cancel = opt.Cancel
	}
	scan := newBracketScan(src, maxCandidates, cancel)
	defer func() { sr.work += scan.work }()
	for {
		lo, hi, ok, err := scan.next()
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, nil
		}
		sr.tries++
		if hi < 0 {
			sr.next = lo + 1
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
		sr.next = hi
	}
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
func (sr *search) fences(src []byte) []fence {
	var out []fence
	for i := 0; ; {
		k := bytes.Index(src[i:], []byte("```"))
		if k < 0 {
			sr.work += len(src) - i
			return out
		}
		open := i + k
		sr.work += k + 3
		// The opening fence must start a line (after optional indentation):
		// only spaces and tabs go before it, which is all there is to look
		// back at (the line's start can be far back, and as many ``` on
		// the way).
		ls := open
		for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
			ls--
		}
		sr.work += open - ls
		if ls > 0 && src[ls-1] != '\n' {
			i = open + 3
			continue
		}
		eol := bytes.IndexByte(src[open:], '\n')
		if eol < 0 {
			sr.work += len(src) - open
			return out
		}
		sr.work += eol + 1
		info := string(bytes.TrimSpace(bytes.TrimLeft(src[open:open+eol], "`")))
		body := open + eol + 1
		k = bytes.Index(src[body:], []byte("```"))
		if k < 0 {
			sr.work += len(src) - body
			return out
		}
		sr.work += k + 3
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
