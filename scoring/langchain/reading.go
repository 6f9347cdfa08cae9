// Package langchain reads a prediction (a model's answer) the way
// LangChain's JSON evaluators do, for the metrics and checks that
// reproduce them: JsonEqualityEvaluator and JsonEditDistanceEvaluator
// read it with langchain_core.utils.json.parse_json_markdown, whose
// parser is parse_partial_json ([Read]); JsonValidityEvaluator with
// parse_json_markdown(text, parser=json.loads) ([ReadValid]).
//
// parse_json_markdown strips white space and backticks from both ends,
// escapes raw newlines, carriage returns and tabs in "action_input"
// values, and parses; when that raises JSONDecodeError it parses again
// what follows the first ``` (and a "json" right after it) instead, and
// what that raises, LangChain raises. parse_partial_json reads the text
// with json.loads(strict=False), or else repairs it: it escapes newlines
// in strings, closes an unterminated string and the open brackets, and
// drops characters from the end until json.loads reads it; it gives None
// when a closing bracket matches no opening one. json.loads is Python's:
// it takes NaN, Infinity and -Infinity, integers of any size up to 4,300
// digits, and (strict=False) raw control characters in strings.
//
// The rules are those of langchain-core's utils/json.py (commit
// 0072311906cc of langchain-ai/langchain) and of CPython 3.13's json
// module; scoring/METRICS.md lists where jsontui still differs. The
// result is found in time linear in the text, where LangChain's repair
// loop is quadratic.
package langchain

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Reading is a prediction as LangChain read it.
type Reading struct {
	// Doc is the value LangChain compares, parsed with
	// jsondoc.Options.Python. When json.loads read the prediction's text
	// as it stands, Doc is that part of it (Doc.Source is the whole
	// prediction and positions are the prediction's); after a repair, it
	// is the repaired text. For None it is the document null.
	Doc *jsondoc.Doc
	// None is set when parse_partial_json gave None: a closing bracket
	// matched no opening one.
	None bool
	// Steps says, one sentence each, what LangChain's reading did to the
	// text; none when json.loads read it whole.
	Steps []string
}

// Error is the exception LangChain raises reading a prediction, or the
// one Python raises decoding a file that is not UTF-8.
type Error struct {
	// File is the prediction's name; Line and Col (1-based, the column in
	// characters) and Offset (in bytes) place the error in it.
	File      string
	Line, Col int
	Offset    int
	// Exception is the Python class: json.decoder.JSONDecodeError,
	// ValueError, RecursionError or UnicodeDecodeError.
	Exception string
	// Msg is the message, without the position JSONDecodeError adds.
	Msg string
	// Reason is str() of the exception, as LangChain reports it (the
	// "reasoning" of JsonValidityEvaluator): for JSONDecodeError with the
	// line, column and character index in the text json.loads read.
	Reason string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", escape.Name(e.File), e.Line, e.Col, e.Msg)
}

// Read reads a prediction as JsonEqualityEvaluator and
// JsonEditDistanceEvaluator do: parse_json_markdown(text), with
// parse_partial_json. Its error is an *Error: what LangChain raises.
func Read(name string, pred []byte) (*Reading, error) {
	return read(name, pred, true)
}

// ReadValid reads a prediction as JsonValidityEvaluator does:
// parse_json_markdown(text, parser=json.loads). An *Error means the
// evaluator's score 0, with Error.Reason its reasoning.
func ReadValid(name string, pred []byte) (*Reading, error) {
	return read(name, pred, false)
}

func read(name string, pred []byte, partialParser bool) (*Reading, error) {
	if !utf8.Valid(pred) {
		return nil, decodeError(name, pred)
	}
	rd := &Reading{}
	a := newAttempt(pred, 0)
	res := parseAttempt(a, partialParser)
	if res.err != nil && res.err.kind == "JSONDecodeError" {
		first := res.err.reason(a.text)
		lo, tagged, ok := fence(pred)
		a = newAttempt(pred, lo)
		res = parseAttempt(a, partialParser)
		if ok && res.err == nil {
			tag := "```"
			if tagged {
				tag = "```json"
			}
			line, _ := position(pred, lo)
			rd.Steps = append(rd.Steps, fmt.Sprintf("the text as a whole is not JSON (%s): took what follows the %s on line %d", first, tag, line))
		}
	}
	if res.err != nil {
		return nil, pyErrorAt(name, pred, a, res.err)
	}
	if a.ticks {
		rd.Steps = append(rd.Steps, fmt.Sprintf("stripped white space and backticks: %s before the JSON, %s after it",
			plural(a.before, "character"), plural(a.after, "character")))
	}
	if n := len(a.inserted); n > 0 {
		rd.Steps = append(rd.Steps, fmt.Sprintf(`escaped %s (newlines, carriage returns or tabs) in "action_input" values`, plural(n, "raw control character")))
	}
	var err error
	switch {
	case res.none:
		rd.None = true
		line, col := position(pred, a.orig(res.noneAt))
		rd.Steps = append(rd.Steps, fmt.Sprintf("parse_partial_json gave None: the %q at %d:%d closes no open bracket", a.text[res.noneAt], line, col))
		rd.Doc, err = jsondoc.Parse(name, []byte("null"), nil)
	case res.asIs:
		// json.loads read the attempt as it is: parse the prediction's
		// own bytes, for positions in it. The raw characters the
		// action_input step escaped read the same unescaped.
		rd.Doc, err = jsondoc.ParseRange(name, pred, a.lo, a.orig(len(a.text)), &jsondoc.Options{Python: true})
	default:
		line, col := position(pred, a.orig(res.cut))
		rd.Steps = append(rd.Steps, "parse_partial_json "+res.repairs(fmt.Sprintf("%d:%d", line, col)))
		rd.Doc, err = jsondoc.Parse(name, res.text, &jsondoc.Options{Python: true})
	}
	if err != nil {
		// json.loads took the text, so jsondoc must: a bug, not the input.
		return nil, fmt.Errorf("%s: jsontui cannot represent what LangChain read: %w", escape.Name(name), err)
	}
	return rd, nil
}

// parseAttempt runs the attempt's parser: parse_partial_json, or
// json.loads (strict).
func parseAttempt(a *attempt, partialParser bool) partial {
	if partialParser {
		return parsePartial(a.text)
	}
	if err := loads(a.text, true); err != nil {
		return partial{err: err}
	}
	return partial{text: a.text, asIs: true}
}

// repairs says what parse_partial_json did, where the characters it
// dropped start in the prediction.
func (r *partial) repairs(cut string) string {
	var did []string
	if r.droppedEscape {
		did = append(did, "dropped a backslash that ended the text")
	}
	if r.closedString {
		did = append(did, "closed an unterminated string")
	}
	if r.dropped > 0 {
		did = append(did, "dropped "+plural(r.dropped, "character")+" from the end (from "+cut+")")
	}
	if r.closers != "" {
		did = append(did, "closed "+plural(len(r.closers), "open bracket")+" with "+r.closers)
	}
	return strings.Join(did, ", ")
}

// pyErrorAt places what json.loads raised on the attempt in the
// prediction.
func pyErrorAt(name string, pred []byte, a *attempt, e *pyError) *Error {
	off := a.orig(min(e.pos, len(a.text)))
	line, col := position(pred, off)
	exc := e.kind
	if exc == "JSONDecodeError" {
		exc = "json.decoder.JSONDecodeError"
	}
	return &Error{File: name, Line: line, Col: col, Offset: off, Exception: exc, Msg: e.msg, Reason: e.reason(a.text)}
}

// decodeError is the UnicodeDecodeError of reading pred as UTF-8.
func decodeError(name string, pred []byte) *Error {
	off := 0
	for off < len(pred) {
		r, size := utf8.DecodeRune(pred[off:])
		if r == utf8.RuneError && size == 1 {
			break
		}
		off += size
	}
	c := pred[off]
	why := "invalid continuation byte"
	switch {
	case c < 0xc2 || c > 0xf4:
		why = "invalid start byte"
	case !utf8.FullRune(pred[off:]):
		why = "unexpected end of data"
	}
	line, col := position(pred, off)
	msg := fmt.Sprintf("'utf-8' codec can't decode byte 0x%02x in position %d: %s", c, off, why)
	return &Error{File: name, Line: line, Col: col, Offset: off, Exception: "UnicodeDecodeError", Msg: msg, Reason: msg}
}

// position returns the 1-based line and column (in characters) of the
// byte at off.
func position(src []byte, off int) (line, col int) {
	line, start := 1, 0
	for i, c := range src[:off] {
		if c == '\n' {
			line, start = line+1, i+1
		}
	}
	return line, utf8.RuneCount(src[start:off]) + 1
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}
