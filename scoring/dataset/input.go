package dataset

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"unsafe"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// inputKind is how a case's documents are found.
type inputKind uint8

const (
	inRecord    inputKind = iota // one file: the record holds both sides
	inLine                       // two files by line: out is the output record, if any
	inID                         // two files by id: the output is found in the index
	inFiles                      // two directories: refPath and outPath ("" for none)
	inExtraLine                  // two files by line: an output record past the references
	inExtra                      // an output known by its id only (name)
)

// caseInput is what a worker needs to read one case.
type caseInput struct {
	kind             inputKind
	idx              int // the case's 0-based place (references first, then extras)
	ref, out         Record
	refPath, outPath string
	name             string
	shard            int32 // Aggregate: the shard's place among the shards
}

// material is a case read: its documents and what was found on the way.
type material struct {
	id       string
	idAt     [2]int32 // the line and column of the case's id; 0 for #N
	ref, out *jsondoc.Doc
	status   CaseStatus
	group    string
	hasGroup bool
	label    label
	repairs  []string
	err      string // the output's parse error, for an invalid case
	warnings []string
	fields   Fields
	outN     int             // pairing by id: the output record's number, 0 for none
	hints    bool            // look for the case's pairing hints (Config.HintSample)
	records  [2]*jsondoc.Doc // the records read (the reference's, the output's), which ref and out may be parts of
	outText  []byte          // the output's text as read, for a metric that reads it (scoring.ReadsText)
	textAt   textPlace       // where outText is
	// lacksLine is the line of a record of one file that has no output
	// field (0 for one that has), and recordKeys the keys it has.
	lacksLine  int
	recordKeys []string
}

// release hands the room of the case's documents to the next case's.
func (m *material) release() {
	for _, d := range m.records {
		if d != nil {
			d.Release()
		}
	}
	if m.ref != nil {
		m.ref.Release()
	}
	if m.out != nil && m.out != m.ref {
		m.out.Release()
	}
}

// CaseStatus is the outcome of a case (docs/datasets.md).
type CaseStatus uint8

// The case statuses.
const (
	CaseScored  CaseStatus = iota // compared and scored
	CaseIgnored                   // compared, but nothing takes part: no score
	CaseMissing                   // the reference has no output: scored 0
	CaseInvalid                   // the output does not parse: scored 0
	CaseExtra                     // an output with no reference: listed, not scored
)

var caseStatusNames = [...]string{"scored", "ignored", "missing", "invalid", "extra"}

// String returns the status's name.
func (s CaseStatus) String() string {
	if int(s) < len(caseStatusNames) {
		return caseStatusNames[s]
	}
	return "status?"
}

// parseCaseStatus returns the status named s.
func parseCaseStatus(s string) (CaseStatus, bool) {
	for i, n := range caseStatusNames {
		if n == s {
			return CaseStatus(i), true
		}
	}
	return 0, false
}

// parseOutputRecord parses an output record of a file of records: as
// model text (the lenient parse of docs/scoring.md), but a record that begins as JSON
// ({ or [) and does not parse is broken JSON, cut short or malformed:
// what the lenient parse would find inside it (an object of its output,
// whose id would pair it with another case) is not the record, and the
// error is the strict one.
func parseOutputRecord(name string, data []byte) (*jsondoc.Doc, error) {
	d, err := jsondoc.ParseLenient(name, data, nil)
	if err != nil || d.Repair() == "" {
		return d, err
	}
	start := recordStart(data)
	if start < 0 || data[start] != '{' && data[start] != '[' || d.Offset(0) == start {
		return d, nil
	}
	_, err = jsondoc.Parse(name, data, nil)
	var se *jsondoc.SyntaxError
	if !errors.As(err, &se) {
		return nil, err
	}
	cut := *se
	cut.Msg += "; it is JSON cut short: no JSON is taken from inside it"
	if se.Offset < len(data) {
		cut.Msg = se.Msg + "; it is broken JSON: no JSON is taken from inside it"
	}
	return nil, &cut
}

// recordStart returns the offset of a record's first byte that is not
// white space or a byte order mark; -1 when there is none.
func recordStart(data []byte) int {
	i := 0
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		i = 3
	}
	for ; i < len(data); i++ {
		switch data[i] {
		case ' ', '\t', '\r', '\n':
		default:
			return i
		}
	}
	return -1
}

// shiftError returns a parse error of a record's bytes with the position
// of the file. Other errors pass through.
func shiftError(err error, rec *Record) error {
	var se *jsondoc.SyntaxError
	if !errors.As(err, &se) {
		return err
	}
	line, col := rec.Pos(se.Line, se.Col)
	return &jsondoc.SyntaxError{File: se.File, Line: line, Col: col, Offset: int(rec.Offset) + se.Offset, Msg: se.Msg}
}

// recordName names a record's documents: file:line.
func recordName(file string, rec *Record) string {
	var b [128]byte // one allocation, the string's, for a name of up to 128 bytes
	return string(strconv.AppendInt(append(append(b[:0], file...), ':'), int64(rec.Line), 10))
}

// recordWarnings returns a record document's warnings (duplicate keys)
// at the file's positions.
func recordWarnings(d *jsondoc.Doc, file string, rec *Record) []string {
	var out []string
	for _, w := range d.Warnings() {
		line, col := rec.Pos(w.Line, w.Col)
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", escape.Name(file), line, col, jsondoc.MessagePath(w.Path), w.Message))
	}
	return out
}

// refValue returns the reference the value v of record document d
// stands for: the JSON an object or array string holds (strict), or v
// itself, as a document named name.
func refValue(d *jsondoc.Doc, v jsondoc.ID, name string) *jsondoc.Doc {
	if d.Kind(v) == jsondoc.String {
		if inner, err := jsondoc.Parse(name, bytesOf(d.Str(v)), nil); err == nil && inner.Kind(0).IsContainer() {
			return inner
		}
	}
	return d.Sub(v, name)
}

// outValue returns the output the value v of record document d stands
// for: a string is model text, whose lenient parse is the output when it
// finds an object or array (with the repair it took); a string that
// meant to be JSON (it begins with { or [, or holds a ``` fence) and
// that the lenient parse cannot read is broken: its parse error, with
// the line and column inside the string. Any other string, and any
// other value, is itself.
//
// A string written with escapes is decoded into *buf when buf is not nil
// (a worker's, reused from case to case; it keeps the room unless the
// text is longer than maxTextRoom). The output parsed from it then
// reads *buf: it and every string taken from it must be done with (or
// copied) before the next case's text is decoded there.
func outValue(d *jsondoc.Doc, v jsondoc.ID, name string, buf *[]byte) (*jsondoc.Doc, string, *jsondoc.SyntaxError) {
	if d.Kind(v) == jsondoc.String {
		var text []byte
		if buf != nil && d.StrEscaped(v) {
			text = d.AppendStr((*buf)[:0], v)
			if cap(text) <= maxTextRoom {
				*buf = text
			}
		} else {
			text = bytesOf(d.Str(v))
		}
		inner, err := jsondoc.ParseLenient(name, text, nil)
		if err == nil && inner.Kind(0).IsContainer() {
			repair := inner.Repair()
			if repair == "" {
				repair = "parsed the JSON text of the output string"
			} else {
				repair = "output string: " + repair
			}
			return inner, repair, nil
		}
		var se *jsondoc.SyntaxError
		if err != nil && meantJSON(text) && errors.As(err, &se) {
			return nil, "", se
		}
	}
	return d.Sub(v, name), "", nil
}

// maxTextRoom is the most a worker keeps of the room it decodes model
// text into (outValue): a longer text's goes with its case.
const maxTextRoom = 1 << 20

// OutputDoc returns the output a pair's output file, parsed as d, stands
// for, as a case of two folders reads the same file: a file that is a
// JSON string is model text (outValue), whose JSON is the output (the
// repair is d's Repair), and whose broken JSON is an error naming the
// string's place and the line and column inside it. Any other document is
// d itself.
func OutputDoc(d *jsondoc.Doc, name string) (*jsondoc.Doc, error) {
	if d.Kind(0) != jsondoc.String {
		return d, nil
	}
	out, repair, broken := outValue(d, 0, name, nil)
	if broken != nil {
		line, col := d.Position(0)
		return nil, errors.New(brokenText(name, line, col, "", broken))
	}
	if repair != "" {
		out.SetRepair(repair)
	}
	return out, nil
}

// meantJSON reports whether model text meant to be JSON: it begins
// (after white space) with { or [, or holds a ``` fence.
func meantJSON(text []byte) bool {
	if i := recordStart(text); i >= 0 && (text[i] == '{' || text[i] == '[') {
		return true
	}
	return bytes.Contains(text, []byte("```"))
}

// brokenText is the error of an invalid case whose output is a string
// that meant to be JSON and does not parse: the place of the string in
// its file, the field, and the error's line and column inside the string.
func brokenText(file string, line, col int, field string, se *jsondoc.SyntaxError) string {
	what := "the output string"
	if field != "" && field != "." {
		what += " " + field
	}
	return fmt.Sprintf("%s:%d:%d: %s does not parse as JSON, at its line %d column %d: %s",
		escape.Name(file), line, col, what, se.Line, se.Col, se.Msg)
}

// textOf returns the text of the value v of record document d as a
// metric that reads the output's text sees it: a string's content (the
// model's text), or the value's own JSON.
func textOf(d *jsondoc.Doc, v jsondoc.ID) []byte {
	if d.Kind(v) == jsondoc.String {
		return bytesOf(d.Str(v))
	}
	return d.Raw(v)
}

// textPlace places the output's text in its file, for the error of a
// metric that reads it (scoring.TextError).
type textPlace struct {
	file      string
	line, col int    // where the text begins
	field     string // the output field whose string is the text; "" when the text is the file's own
}

// placeText notes the text of value v of record document d (from rec, or
// a whole file when rec is nil) as the output's text.
func (m *material) placeText(d *jsondoc.Doc, v jsondoc.ID, file string, rec *Record, field string) {
	m.outText = textOf(d, v)
	line, col := d.Position(v)
	if rec != nil {
		line, col = rec.Pos(line, col)
	}
	if d.Kind(v) != jsondoc.String {
		field = ""
	}
	m.textAt = textPlace{file: file, line: line, col: col, field: field}
}

// message places a metric's failure to read the text in the file.
func (p *textPlace) message(te *scoring.TextError) string {
	if p.field == "" {
		line, col := (&Record{Line: p.line, Col: p.col}).Pos(te.Err.Line, te.Err.Col)
		return fmt.Sprintf("%s:%d:%d: %s", p.file, line, col, te.Detail())
	}
	return fmt.Sprintf("%s:%d:%d: the text of %s, at its line %d column %d: %s",
		p.file, p.line, p.col, p.field, te.Err.Line, te.Err.Col, te.Detail())
}

// bytesOf returns the bytes of s without copying them: the parse reads
// them and never writes. (A string without escapes is the record's own
// bytes, which live as long as the case.)
func bytesOf(s string) []byte { return unsafe.Slice(unsafe.StringData(s), len(s)) }
