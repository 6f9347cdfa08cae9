package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// idIndex finds the output records of a file paired by id: where each id's
// record is in the file (never the record itself, so that memory grows
// with the number of cases, not with their size).
type idIndex struct {
	byID    map[string]int32 // id -> entries
	entries []idEntry        // in the file's order
	at      io.ReaderAt
	name    string
}

// idEntry locates one output record.
type idEntry struct {
	id           string
	off          int64
	size         int32
	n, line, col int
	replaced     bool // a later record has the same id
	claimed      bool // a reference case took it
}

func newIDIndex(name string, at io.ReaderAt) *idIndex {
	return &idIndex{byID: make(map[string]int32), at: at, name: name}
}

// add indexes the record of id; a second record of the same id replaces
// the first, and add returns the first's entry for a warning.
func (x *idIndex) add(id string, rec *Record, off int64) (prev *idEntry) {
	e := idEntry{id: id, off: off, size: int32(len(rec.Data)), n: rec.N, line: rec.Line, col: rec.Col}
	if k, ok := x.byID[id]; ok {
		x.entries[k].replaced = true
		prev = &x.entries[k]
	}
	x.byID[id] = int32(len(x.entries))
	x.entries = append(x.entries, e)
	return prev
}

// lookup returns the entry of id.
func (x *idIndex) lookup(id string) (idEntry, bool) {
	k, ok := x.byID[id]
	if !ok {
		return idEntry{}, false
	}
	return x.entries[k], true
}

// claim marks the record number n as paired with a reference case.
func (x *idIndex) claim(id string) {
	if k, ok := x.byID[id]; ok {
		x.entries[k].claimed = true
	}
}

// unclaimed returns the ids (and lines) of the records no reference case took, in
// the file's order (a replaced record is not listed).
func (x *idIndex) unclaimed() (ids []string, lines []int) {
	for i := range x.entries {
		if e := &x.entries[i]; !e.replaced && !e.claimed {
			ids, lines = append(ids, e.id), append(lines, int(e.line))
		}
	}
	return ids, lines
}

// read returns the bytes of entry e, in buf's storage.
func (x *idIndex) read(e idEntry, buf []byte) ([]byte, error) {
	if cap(buf) < int(e.size) {
		buf = make([]byte, e.size)
	}
	buf = buf[:e.size]
	if _, err := x.at.ReadAt(buf, e.off); err != nil {
		return nil, fmt.Errorf("%s: reading the record at line %d: %w", x.name, e.line, err)
	}
	return buf, nil
}

// buildIndex indexes the output file by id (pairing by id), reading it
// once on every core. An output record that does not parse, or has no
// id, pairs with nothing: a warning names its line. A duplicate id is a
// warning too; the last record wins. Outputs that cannot be read again at
// their offsets (standard input, a pipe) are copied to a temporary file
// as they are read (Source.spoolFile, open until Source.Close).
func (r *runner) buildIndex(ctx context.Context, p *pipeline) error {
	s := r.src
	at, spool, err := s.outputsAt()
	if err != nil {
		return err
	}
	name := s.outRecs.Name()
	r.index = newIDIndex(name, at)
	var spoolOff int64
	produce := func(ctx context.Context, emit func(*batch) error) error {
		b := p.get()
		for {
			rec, err := s.outRecs.Next()
			if errors.Is(err, io.EOF) {
				break
			}
			if err != nil {
				return err
			}
			b.in = append(b.in, caseInput{kind: inExtraLine, out: b.addRecord(rec)})
			if b.full() {
				if err := emit(b); err != nil {
					return err
				}
				b = p.get()
			}
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		if len(b.in) > 0 {
			return emit(b)
		}
		return nil
	}
	work := func(ctx context.Context, _ int, b *batch) {
		b.res = grow(b.res, len(b.in))
		for i := range b.in {
			res := &b.res[i]
			rec := &b.in[i].out
			d, err := parseOutputRecord(name, rec.Data)
			if err != nil {
				res.err = shiftError(err, rec).Error()
				continue
			}
			if v, _ := s.id.find(d, 0); v != jsondoc.None {
				res.id, res.hasID = idText(d, v)
			}
		}
	}
	consume := func(b *batch) error {
		for i := range b.res {
			res := &b.res[i]
			rec := &b.in[i].out
			at := fmt.Sprintf("%s:%d:%d", name, rec.Line, rec.Col)
			switch {
			case res.err != "":
				r.acc.warn(".", fmt.Sprintf("%s: the output record does not parse, so it pairs with no reference: %s", at, res.err))
				continue
			case !res.hasID:
				r.acc.warn(".", fmt.Sprintf("%s: the output record has no id (%s), so it pairs with no reference", at, s.id.describe()))
				continue
			}
			off := rec.Offset
			if spool != nil {
				if _, err := spool.WriteAt(rec.Data, spoolOff); err != nil {
					return fmt.Errorf("copying %s to a temporary file: %w", name, err)
				}
				off = spoolOff
				spoolOff += int64(len(rec.Data))
			}
			if prev := r.index.add(res.id, rec, off); prev != nil {
				r.acc.warn(".", fmt.Sprintf("%s: duplicate output id %q (also at %s:%d:%d): the last one wins", at, res.id, name, prev.line, prev.col))
			}
		}
		return nil
	}
	return p.run(ctx, produce, work, consume)
}
