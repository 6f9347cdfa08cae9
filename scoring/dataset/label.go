package dataset

import (
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// label is a case's label field as read: its JSON text and where it is.
type label struct {
	text string
	line int  // in the document, then (fileLine) in the file
	out  bool // read from the output's record
	// placed says line is the file's already (inRecord).
	placed bool
}

// readLabel sets the case's label from the reference's record, else the
// output's (Spec.LabelField).
func (w *worker) readLabel(m *material, ref, out *jsondoc.Doc) {
	s := w.run.src
	if !s.hasLabel {
		return
	}
	for k, d := range []*jsondoc.Doc{ref, out} {
		if d == nil || d.IsAbsent() {
			continue
		}
		if v := lookupPath(d, 0, s.label); v != jsondoc.None {
			line, _ := d.Position(v)
			m.label = label{text: strings.Clone(string(d.Raw(v))), line: line, out: k == 1}
			return
		}
	}
}

// inRecord turns the label's line into its file's when it was read
// from the output's record (out) or the reference's (!out) rec: for a
// record the case's input does not hold (the output paired by id).
func (l *label) inRecord(rec *Record, out bool) {
	if l.text != "" && l.out == out && !l.placed && rec.Line > 0 {
		l.line, _ = rec.Pos(l.line, 1)
		l.placed = true
	}
}

// fileLine turns the label's line in its record into its line in the
// file of records.
func (l *label) fileLine(in *caseInput) {
	if l.text == "" || l.placed {
		return
	}
	rec := &in.ref
	if l.out {
		rec = &in.out
	}
	if rec.Line > 0 {
		l.line, _ = rec.Pos(l.line, 1)
	}
}
