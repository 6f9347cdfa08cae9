package dataset

import (
	"context"
	"errors"
	"fmt"
	"hash/maphash"
	"io"
	"math"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// idIndex finds the output records of a file paired by id: where each id's
// record is in the file (never the record itself, so that memory grows
// with the number of cases, not with their size). Its table is open
// addressing over the entries, the ids packed in an arena: about 70
// bytes a record.
type idIndex struct {
	seed    maphash.Seed
	slots   []int32   // an entry's index + 1, at its id's hash; 0 for none
	entries []idEntry // in the file's order
	ids     idArena
	at      io.ReaderAt
	name    string
}

// idEntry locates one output record.
type idEntry struct {
	id           string
	off          int64
	size         int32
	n, line, col int32
	replaced     bool // a later record has the same id
	claimed      bool // a reference case took it
}

func newIDIndex(name string, at io.ReaderAt) *idIndex {
	return &idIndex{seed: maphash.MakeSeed(), slots: make([]int32, 64), at: at, name: name}
}

// slot returns the place of id in the table: its entry's, or the free
// one where it would go.
func (x *idIndex) slot(id string) *int32 {
	mask := uint64(len(x.slots) - 1)
	for i := maphash.String(x.seed, id) & mask; ; i = (i + 1) & mask {
		if k := x.slots[i]; k == 0 || x.entries[k-1].id == id {
			return &x.slots[i]
		}
	}
}

// add indexes the record of id; a second record of the same id replaces
// the first, and add returns the first's entry for a warning.
func (x *idIndex) add(id string, rec *Record, off int64) (prev *idEntry) {
	if (len(x.entries)+1)*4 > len(x.slots)*3 {
		x.grow()
	}
	sl := x.slot(id)
	if *sl != 0 {
		prev = &x.entries[*sl-1]
		prev.replaced = true
		id = prev.id
	} else {
		id = x.ids.keep(id)
	}
	e := idEntry{id: id, off: off, size: int32(len(rec.Data)), n: clamp32(rec.N), line: clamp32(rec.Line), col: clamp32(rec.Col)}
	x.entries = append(x.entries, e)
	*sl = int32(len(x.entries))
	return prev
}

// grow doubles the table.
func (x *idIndex) grow() {
	x.slots = make([]int32, 2*len(x.slots))
	for k := range x.entries {
		if e := &x.entries[k]; !e.replaced {
			*x.slot(e.id) = int32(k + 1)
		}
	}
}

func clamp32(n int) int32 { return int32(min(n, math.MaxInt32)) }

// lookup returns the entry of id.
func (x *idIndex) lookup(id string) (idEntry, bool) {
	if k := *x.slot(id); k != 0 {
		return x.entries[k-1], true
	}
	return idEntry{}, false
}

// claim marks the record of id as paired with a reference case and
// returns its size in bytes; 0 when there is none or it was taken.
func (x *idIndex) claim(id string) (size int) {
	if k := *x.slot(id); k != 0 && !x.entries[k-1].claimed {
		x.entries[k-1].claimed = true
		return int(x.entries[k-1].size)
	}
	return 0
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
