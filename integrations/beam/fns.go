package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/jsontui/jsontui/scoring/dataset"
)

func init() {
	register.DoFn3x1[context.Context, fileio.ReadableFile, func(record), error](&readFn{})
	register.DoFn2x1[record, func(string, record), error](&idFn{})
	register.DoFn3x1[context.Context, record, func(caseLine), error](&scoreFn{})
	register.DoFn5x1[context.Context, string, func(*record) bool, func(*record) bool, func(caseLine), error](&pairIDFn{})
	register.DoFn5x1[context.Context, int64, func(*record) bool, func(*record) bool, func(caseLine), error](&pairLineFn{})
	register.Function1x2[record, int64, record](byNumber)
	register.Emitter1[record]()
	register.Emitter2[string, record]()
	register.Emitter1[caseLine]()
	register.Iter1[record]()
}

// record is a record of a file of records, placed as jsontui places it.
type record struct {
	Data         []byte
	N, Line, Col int64
}

func (r record) dataset() dataset.Record {
	return dataset.Record{Data: r.Data, N: int(r.N), Line: int(r.Line), Col: int(r.Col)}
}

// caseLine is a case's line (score --format jsonl, with its line end),
// with the fields its record was read from and the record's number (0
// for an extra output), which choose the dataset's fields.
type caseLine struct {
	Line                        []byte
	RefField, OutField, IDField string
	N                           int64
	Lacks                       int64 // the line of a record without the output field, 0 for none
}

// readFn reads the records of a file, numbering them as score does: a
// case's number names and places it, so records are read file by file.
type readFn struct{}

func (fn *readFn) ProcessElement(ctx context.Context, f fileio.ReadableFile, emit func(record)) error {
	rc, err := f.Open(ctx)
	if err != nil {
		return err
	}
	defer rc.Close()
	name := f.Metadata.Path
	format := dataset.Sniff
	if l := strings.ToLower(name); strings.HasSuffix(l, ".jsonl") || strings.HasSuffix(l, ".ndjson") {
		format = dataset.Lines
	}
	rr := dataset.NewRecordReader(name, rc, format)
	for {
		rec, err := rr.Next()
		if err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
		emit(record{Data: append([]byte(nil), rec.Data...), N: int64(rec.N), Line: int64(rec.Line), Col: int64(rec.Col)})
	}
}

// idFn keys a record by its id (two files paired by id). A reference
// without an id is an error; an output without one, or that does not
// parse, pairs with nothing and is left out (score warns of it).
type idFn struct {
	S      settings
	Output bool
	s      *dataset.CaseScorer
}

func (fn *idFn) Setup() error {
	var err error
	fn.s, err = fn.S.scorer()
	return err
}

func (fn *idFn) ProcessElement(r record, emit func(string, record)) error {
	if fn.Output {
		if id, ok := fn.s.OutputID(r.Data); ok {
			emit(id, r)
		}
		return nil
	}
	id, ok, err := fn.s.ReferenceID(r.dataset())
	if err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("%s:%d:%d: the record has no id, but the files are paired by id", fn.S.Ref, r.Line, r.Col)
	}
	emit(id, r)
	return nil
}

// byNumber keys a record by its number (two files paired by line).
func byNumber(r record) (int64, record) { return r.N, r }

// scoreFn scores a record of one file into its case line.
type scoreFn struct {
	S settings
	s *dataset.CaseScorer
}

func (fn *scoreFn) Setup() error {
	var err error
	fn.s, err = fn.S.scorer()
	return err
}

func (fn *scoreFn) ProcessElement(ctx context.Context, r record, emit func(caseLine)) error {
	line, info, err := fn.s.Case(ctx, nil, r.dataset(), dataset.Record{})
	if err != nil {
		return err
	}
	f := info.Fields
	emit(caseLine{Line: line, RefField: f.Reference, OutField: f.Output, IDField: f.ID, N: r.N, Lacks: int64(info.LacksOutput)})
	return nil
}

// pairIDFn scores the records that share an id: the reference with the
// output (the last of the outputs with the id, as score takes), or the
// output alone (an extra case). Two references with an id are an error.
type pairIDFn struct {
	S settings
	s *dataset.CaseScorer
}

func (fn *pairIDFn) Setup() error {
	var err error
	fn.s, err = fn.S.scorer()
	return err
}

func (fn *pairIDFn) ProcessElement(ctx context.Context, id string, refs, outs func(*record) bool, emit func(caseLine)) error {
	var ref, out, r record
	for refs(&r) {
		if ref.N != 0 {
			a, b := min(ref.Line, r.Line), max(ref.Line, r.Line)
			return fmt.Errorf("%s:%d:1: duplicate reference id %q: also at %s:%d:1", fn.S.Ref, b, id, fn.S.Ref, a)
		}
		ref = r
	}
	for outs(&r) {
		if r.N > out.N {
			out = r
		}
	}
	return fn.emit(ctx, ref, out, emit)
}

func (fn *pairIDFn) emit(ctx context.Context, ref, out record, emit func(caseLine)) error {
	if ref.N == 0 {
		line, err := fn.s.Extra(ctx, nil, out.dataset())
		if err != nil {
			return err
		}
		emit(caseLine{Line: line})
		return nil
	}
	line, info, err := fn.s.Case(ctx, nil, ref.dataset(), out.dataset())
	if err != nil {
		return err
	}
	f := info.Fields
	emit(caseLine{Line: line, RefField: f.Reference, OutField: f.Output, IDField: f.ID, N: ref.N})
	return nil
}

// pairLineFn scores the records with the same number in both files (two
// files paired by line).
type pairLineFn struct {
	pairIDFn
}

func (fn *pairLineFn) ProcessElement(ctx context.Context, _ int64, refs, outs func(*record) bool, emit func(caseLine)) error {
	var ref, out, r record
	for refs(&r) {
		ref = r
	}
	for outs(&r) {
		out = r
	}
	return fn.emit(ctx, ref, out, emit)
}
