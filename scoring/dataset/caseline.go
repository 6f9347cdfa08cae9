package dataset

import (
	"context"
	"fmt"
	"math"

	"github.com/jsontui/jsontui/internal/escape"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// CaseScorer scores a dataset's cases one at a time into their case lines
// (score --format jsonl), for an engine that reads and distributes the
// records itself: each line is the very one Score writes for the case,
// so a Partial adds the lines up to Score's figures. The files spec names
// are not opened; their names place the cases, as Score's do.
//
// Checks that need the whole dataset are not made: a rule for a path no
// case has, records that lack the output field everywhere, --lists modes
// for arrays no case has, duplicate reference ids (a Partial refuses
// those). A CaseScorer is not safe for concurrent use: make one per
// goroutine.
type CaseScorer struct {
	r *runner
	w *worker
	b *batch
}

// NewCaseScorer returns a scorer of the cases of spec under cfg (only
// its Metric, Options, Weights, Rules and MatchThreshold count). pairing
// is PairRecord for one file of records (spec.Out empty), PairID or
// PairLine for two files. Its errors are about the settings (exit 2).
func NewCaseScorer(spec Spec, pairing Pairing, cfg Config) (*CaseScorer, error) {
	src := &Source{spec: spec, pairing: pairing}
	switch {
	case spec.Out == "" && pairing == PairRecord:
		src.form = oneFile
	case spec.Out != "" && (pairing == PairID || pairing == PairLine):
		src.form = twoFiles
		src.outRecs = NewRecordReader(displayName(spec.Out), nil, Lines)
	default:
		return nil, fmt.Errorf("pairing %q does not fit the files %q and %q: one file pairs by record, two by id or by line", pairing, spec.Ref, spec.Out)
	}
	src.refRecs = NewRecordReader(displayName(spec.Ref), nil, Lines)
	if err := src.newFields(); err != nil {
		return nil, err
	}
	if spec.GroupBy != "" {
		g, err := scoring.ParsePath(spec.GroupBy)
		if err != nil {
			return nil, setting.New("group-by", spec.GroupBy, err.Error())
		}
		src.group, src.hasGroup = g, true
	}
	cfg.Lines, cfg.Keep, cfg.Cases, cfg.NewEncoder = true, false, nil, nil
	r, err := newRunner(src, &cfg)
	if err != nil {
		return nil, err
	}
	return &CaseScorer{r: r, w: newWorker(r), b: &batch{}}, nil
}

// CaseInfo is what Case finds about a case beside its line.
type CaseInfo struct {
	// Fields are the fields the case's records were read from.
	Fields Fields
	// LacksOutput is the line of a record of one file that has no output
	// field (its case is missing), 0 otherwise: see LackingOutput.
	LacksOutput int
}

// Case scores the case of reference record ref and appends its case line
// (with its line end) to dst. For one file, ref is the record and out is
// ignored; for two files, out is the output record paired with it, or a
// Record with N 0 for none (a missing case). A record's N, Line and Col
// are its place in its file: N names and orders the case, Line and Col
// place error messages. Its errors are about the input: a record that
// does not parse, or lacks the reference field.
func (s *CaseScorer) Case(ctx context.Context, dst []byte, ref, out Record) ([]byte, CaseInfo, error) {
	in := caseInput{kind: inRecord, ref: ref, idx: ref.N - 1}
	if s.r.src.form == twoFiles {
		in.kind, in.out = inLine, out
	}
	res, err := s.score(ctx, &in)
	if err != nil {
		return dst, CaseInfo{}, err
	}
	if s.r.src.pairing == PairID && res.idAt[0] == 0 {
		return dst, CaseInfo{}, fmt.Errorf("%s:%d:%d: the record has no id (%s), but the files are paired by id",
			displayName(s.r.src.spec.Ref), ref.Line, ref.Col, s.r.src.id.describe())
	}
	return append(dst, s.b.lines[res.line[0]:res.line[1]]...), CaseInfo{Fields: res.fields, LacksOutput: res.lacksLine}, nil
}

// Extra appends the case line of output record out, which no reference
// has (two files), to dst. Pairing by id, out.Line places the case, as
// Score places an unclaimed output by its line; by line, out.N does.
func (s *CaseScorer) Extra(ctx context.Context, dst []byte, out Record) ([]byte, error) {
	if s.r.src.form != twoFiles {
		return dst, fmt.Errorf("%s: one file of records has no outputs without a reference", s.r.src.spec.Ref)
	}
	in := caseInput{kind: inExtraLine, out: out, idx: out.N - 1}
	if s.r.src.pairing == PairID {
		in.out.N = out.Line
	}
	res, err := s.score(ctx, &in)
	if err != nil {
		return dst, err
	}
	return append(dst, s.b.lines[res.line[0]:res.line[1]]...), nil
}

// score scores one case into the scorer's batch.
func (s *CaseScorer) score(ctx context.Context, in *caseInput) (*caseResult, error) {
	b := s.b
	b.reset()
	b.in = append(b.in, *in)
	b.res = grow(b.res, 1)
	res := &b.res[0]
	res.score = math.NaN()
	s.w.score(ctx, &b.in[0], b, res)
	if res.fatal != nil {
		return nil, res.fatal
	}
	return res, nil
}

// OutputID returns the id of output record data, as pairing by id finds
// it (--id-field, or the names docs/datasets.md lists), and whether it has
// one: an output that does not parse, or has no id, pairs with nothing.
func (s *CaseScorer) OutputID(data []byte) (string, bool) {
	d, err := parseOutputRecord(displayName(s.r.src.spec.Out), data)
	if err != nil {
		return "", false
	}
	v, _ := s.r.src.id.find(d, 0)
	if v == jsondoc.None {
		return "", false
	}
	return idText(d, v)
}

// ReferenceID returns the id of reference record rec, and whether it has
// one; an id that is not a string or a number, or a record that does not
// parse, is an error with its file:line:col.
func (s *CaseScorer) ReferenceID(rec Record) (string, bool, error) {
	d, _, at, err := readReference(displayName(s.r.src.spec.Ref), &rec)
	if err != nil {
		return "", false, err
	}
	var m material
	if err := s.w.readID(d, &rec, at, &m); err != nil {
		return "", false, err
	}
	return m.id, m.idAt[0] != 0, nil
}

// LackingOutput returns what score says of a file of records n of whose
// cases records lack the output field (CaseInfo.LacksOutput), the first
// at line first: nothing when n is 0; an error when every record lacks it
// (without the sample of the records' keys score adds); else the warning
// score adds to the figures.
func (s *CaseScorer) LackingOutput(n, cases, first int) (*scoring.Warning, error) {
	if n == 0 {
		return nil, nil
	}
	file := escape.Name(displayName(s.r.src.spec.Ref))
	if n == cases {
		return nil, setting.Errorf(setting.Esc(fmt.Sprintf("%s: no record has an output field (tried %s): name the output's field with ",
			file, s.r.src.out.describe()))+"%[1]s", "out-field")
	}
	return &scoring.Warning{Path: ".", Message: fmt.Sprintf("%d of %d records have no output field (%s), the first at %s:%d: their cases are missing",
		n, cases, s.r.src.out.describe(), file, first)}, nil
}
