package dataset

import (
	"fmt"
	"strconv"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// read finds the case's documents.
func (w *worker) read(in *caseInput) (material, error) {
	s := w.run.src
	if w.run.refsOnly {
		return w.readReference(in)
	}
	switch in.kind {
	case inRecord:
		return w.readRecord(&in.ref)
	case inLine, inID:
		return w.readPair(in)
	case inFiles:
		return w.readFiles(in)
	case inExtraLine:
		m := material{status: CaseExtra, id: "#" + strconv.Itoa(in.out.N)}
		if d, err := parseOutputRecord(s.outRecs.Name(), in.out.Data); err == nil {
			if v, _ := s.id.find(d, 0); v != jsondoc.None {
				if id, ok := idText(d, v); ok {
					m.id = id
				}
			}
		}
		return m, nil
	default:
		return material{status: CaseExtra, id: in.name}, nil
	}
}

// readReference parses the reference record rec of file (strictly) and
// returns it with the case's material begun, and at, which places a
// value of the record in the file (file:line:col).
func readReference(file string, rec *Record) (*jsondoc.Doc, material, recordPlace, error) {
	d, err := jsondoc.Parse(file, rec.Data, nil)
	if err != nil {
		return nil, material{}, recordPlace{}, shiftError(err, rec)
	}
	m := material{status: CaseScored, warnings: recordWarnings(d, file, rec), records: [2]*jsondoc.Doc{d}}
	return d, m, recordPlace{file: file, d: d, rec: rec}, nil
}

// recordPlace places the values of a record's document in its file, for
// messages; a value rather than a closure, which would be made for every
// record whether a message needs it or not.
type recordPlace struct {
	file string
	d    *jsondoc.Doc
	rec  *Record
}

// at returns value v's place: file:line:col.
func (p recordPlace) at(v jsondoc.ID) string {
	line, col := p.d.Position(v)
	line, col = p.rec.Pos(line, col)
	return p.file + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col)
}

// readRecord reads a record of one file, holding both sides.
func (w *worker) readRecord(rec *Record) (material, error) {
	s := w.run.src
	file := s.refRecs.Name()
	d, m, at, err := readReference(file, rec)
	if err != nil {
		return m, err
	}
	if k := d.Kind(0); k != jsondoc.Object {
		return m, fmt.Errorf("%s: a record must be an object holding the reference and the output, not %s %s", at.at(0), article(k), k)
	}
	rv, rpath := s.ref.find(d, 0)
	if rv == jsondoc.None {
		return m, setting.Errorf(setting.Esc(fmt.Sprintf("%s: the record has no reference field (tried %s); it has %s: name the reference's field with ",
			at.at(0), s.ref.describe(), commonKeys(countKeys(recordKeys(d, 0)), false)))+"%[1]s", "ref-field")
	}
	ov, opath := s.out.find(d, 0)
	name := recordName(file, rec)
	if err := w.readID(d, rec, at, &m); err != nil {
		return m, err
	}
	m.fields.Reference, m.fields.Output = rpath, opath
	w.readGroup(&m, d, nil)
	m.ref = refValue(d, rv, name)
	if ov == jsondoc.None {
		m.status, m.out = CaseMissing, jsondoc.Absent(name)
		m.lacksLine, m.recordKeys = rec.Line, recordKeys(d, 0)
	} else {
		w.takeOutput(&m, d, ov, name, file, rec, opath)
	}
	if rv != 0 && ov != 0 {
		// Each side is a document of its own now (a copy of its values,
		// or its string's parse): the record's values go, not to be held
		// beside them while the case is scored (one record of two 20 MB
		// documents held 45 MB more).
		d.Release()
		m.records = [2]*jsondoc.Doc{}
	}
	return m, nil
}

// takeOutput makes value ov (at opath) of record d, named name, the
// case's output: model text parsed (the repair noted), its text placed
// for a metric that reads it. A string that meant to be JSON and does not
// parse makes the case invalid, with the error inside the string.
func (w *worker) takeOutput(m *material, d *jsondoc.Doc, ov jsondoc.ID, name, file string, rec *Record, opath string) {
	var repair string
	var broken *jsondoc.SyntaxError
	m.out, repair, broken = outValue(d, ov, name, &w.text)
	if w.run.readsText {
		m.placeText(d, ov, file, rec, opath)
	}
	if broken != nil {
		line, col := d.Position(ov)
		if rec != nil {
			line, col = rec.Pos(line, col)
		}
		m.status, m.out, m.err = CaseInvalid, jsondoc.Absent(name), brokenText(file, line, col, opath, broken)
		return
	}
	if repair != "" {
		m.repairs = append(m.repairs, repair)
	}
}

// readID sets the case's id from record d (number n in its file): the id
// field's value, or #n.
func (w *worker) readID(d *jsondoc.Doc, rec *Record, p recordPlace, m *material) error {
	s := w.run.src
	iv, ipath := s.id.find(d, 0)
	if iv == jsondoc.None {
		m.id, m.idAt = "#"+strconv.Itoa(rec.N), [2]int32{}
		return nil
	}
	id, ok := idText(d, iv)
	if !ok {
		k := d.Kind(iv)
		return fmt.Errorf("%s: the id %s is %s %s: an id is a string or a number", p.at(iv), ipath, article(k), k)
	}
	line, col := rec.posAt(d.Offset(iv))
	m.id, m.idAt, m.fields.ID = id, [2]int32{int32(line), int32(col)}, ipath
	return nil
}

// readGroup sets the case's group from the reference's record, else the
// output's.
func (w *worker) readGroup(m *material, ref, out *jsondoc.Doc) {
	s := w.run.src
	w.readLabel(m, ref, out)
	if !s.hasGroup {
		return
	}
	for _, d := range []*jsondoc.Doc{ref, out} {
		if d == nil || d.IsAbsent() {
			continue
		}
		if v := lookupPath(d, 0, s.group); v != jsondoc.None {
			m.group, m.hasGroup = groupText(d, v), true
			return
		}
	}
}

// readPair reads a case of two files: the reference record and the output
// record paired with it by line or by id.
func (w *worker) readPair(in *caseInput) (material, error) {
	s := w.run.src
	rec := &in.ref
	d, m, at, err := readReference(s.refRecs.Name(), rec)
	if err != nil {
		return m, err
	}
	if err := w.readID(d, rec, at, &m); err != nil {
		return m, err
	}
	rv, rpath := s.ref.find(d, 0)
	if rv == jsondoc.None {
		rv, rpath = 0, "."
	}
	m.fields.Reference = rpath
	m.ref = refValue(d, rv, recordName(s.refRecs.Name(), rec))
	outRec := &in.out
	if in.kind == inID {
		if m.idAt[0] == 0 {
			return m, fmt.Errorf("%s: the record has no id (%s), but the files are paired by id", at.at(0), s.id.describe())
		}
		e, ok := w.run.index.lookup(m.id)
		if !ok {
			m.status, m.out = CaseMissing, jsondoc.Absent(m.ref.Name())
			w.readGroup(&m, d, nil)
			return m, nil
		}
		w.buf, err = w.run.index.read(e, w.buf)
		if err != nil {
			return m, err
		}
		outRec = &Record{Data: w.buf, N: int(e.n), Line: int(e.line), Col: int(e.col), Offset: e.off}
		m.outN = int(e.n)
	} else if outRec.N == 0 {
		m.status, m.out = CaseMissing, jsondoc.Absent(m.ref.Name())
		w.readGroup(&m, d, nil)
		return m, nil
	}
	outFile := s.outRecs.Name()
	name := recordName(outFile, outRec)
	od, err := parseOutputRecord(outFile, outRec.Data)
	if err != nil {
		m.status, m.out, m.err = CaseInvalid, jsondoc.Absent(name), shiftError(err, outRec).Error()
		if w.run.readsText { // the metric reads the text itself
			m.outText, m.textAt = outRec.Data, textPlace{file: outFile, line: outRec.Line, col: outRec.Col}
		}
		w.readGroup(&m, d, nil)
		return m, nil
	}
	m.records[1] = od
	m.warnings = append(m.warnings, recordWarnings(od, outFile, outRec)...)
	if rp := od.Repair(); rp != "" {
		m.repairs = append(m.repairs, rp)
	}
	ov, opath := s.out.find(od, 0)
	if ov == jsondoc.None {
		ov, opath = 0, "."
	}
	m.fields.Output = opath
	w.takeOutput(&m, od, ov, name, outFile, outRec, opath)
	w.readGroup(&m, d, od)
	m.label.inRecord(outRec, true)
	return m, nil
}

// readFiles reads a case of two directories. A file is the document
// itself, unless --ref-field or --out-field names a field of it.
func (w *worker) readFiles(in *caseInput) (material, error) {
	s := w.run.src
	m := material{status: CaseScored, id: in.name}
	data, err := readFile(in.refPath)
	if err != nil {
		return m, err
	}
	d, err := jsondoc.Parse(in.refPath, data, nil)
	if err != nil {
		return m, swapHint(err, in.outPath)
	}
	m.warnings = docWarnings(d)
	m.records = [2]*jsondoc.Doc{d}
	rv, rpath := jsondoc.ID(0), "."
	if s.ref.path != "" {
		if v := lookupPath(d, 0, s.ref.steps); v != jsondoc.None {
			rv, rpath = v, s.ref.path
		}
	}
	m.fields.Reference = rpath
	m.ref = refValue(d, rv, in.refPath)
	if in.outPath == "" {
		m.status, m.out = CaseMissing, jsondoc.Absent(in.refPath)
		w.readGroup(&m, d, nil)
		return m, nil
	}
	var od *jsondoc.Doc
	data, err = readFile(in.outPath)
	if err == nil {
		od, err = jsondoc.ParseLenient(in.outPath, data, nil)
	}
	if err != nil {
		m.status, m.out, m.err = CaseInvalid, jsondoc.Absent(in.outPath), err.Error()
		if w.run.readsText && od == nil && data != nil { // the metric reads the text itself
			m.outText, m.textAt = data, textPlace{file: in.outPath, line: 1, col: 1}
		}
		w.readGroup(&m, d, nil)
		return m, nil
	}
	m.records[1] = od
	m.warnings = append(m.warnings, docWarnings(od)...)
	if rp := od.Repair(); rp != "" {
		m.repairs = append(m.repairs, rp)
	}
	ov, opath := jsondoc.ID(0), "."
	if s.out.path != "" {
		if v := lookupPath(od, 0, s.out.steps); v != jsondoc.None {
			ov, opath = v, s.out.path
		}
	}
	m.fields.Output = opath
	w.takeOutput(&m, od, ov, in.outPath, in.outPath, nil, opath)
	w.readGroup(&m, d, od)
	return m, nil
}

// docWarnings returns a document's warnings with their positions.
func docWarnings(d *jsondoc.Doc) []string {
	var out []string
	for _, wn := range d.Warnings() {
		out = append(out, fmt.Sprintf("%s:%d:%d: %s: %s", escape.Name(d.Name()), wn.Line, wn.Col, jsondoc.MessagePath(wn.Path), wn.Message))
	}
	return out
}
