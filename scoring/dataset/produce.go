package dataset

import (
	"context"
	"errors"
	"io"
)

// produce reads the dataset into batches of cases, in reference order,
// then the extra outputs that need reading.
func (r *runner) produce(ctx context.Context, emit func(*batch) error) error {
	s := r.src
	p := r.pipe
	b := p.get()
	add := func(in caseInput) error {
		in.idx = r.nextIdx
		r.nextIdx++
		b.in = append(b.in, in)
		if b.full() {
			if err := emit(b); err != nil {
				return err
			}
			b = p.get()
		}
		return ctx.Err()
	}
	var err error
	switch {
	case s.form == twoDirs:
		err = r.produceDirs(add)
	case s.pairing == PairLine:
		err = r.produceLines(add, func() *batch { return b })
	default: // one file, or two files by id: the reference records
		kind := inRecord
		if s.pairing == PairID {
			kind = inID
		}
		for {
			rec, e := s.refRecs.Next()
			if e != nil {
				if !errors.Is(e, io.EOF) {
					err = e
				}
				break
			}
			if err = add(caseInput{kind: kind, ref: b.addRecord(rec)}); err != nil {
				break
			}
		}
	}
	if err != nil {
		return err
	}
	if len(b.in) > 0 {
		return emit(b)
	}
	return nil
}

// produceLines pairs the records of two files by line; cur returns the
// batch being filled. The outputs past the last reference come last.
func (r *runner) produceLines(add func(caseInput) error, cur func() *batch) error {
	s := r.src
	refDone, outDone := false, false
	for !refDone || !outDone {
		var in caseInput
		if !refDone {
			rec, err := s.refRecs.Next()
			switch {
			case errors.Is(err, io.EOF):
				refDone = true
			case err != nil:
				return err
			default:
				in.kind, in.ref = inLine, cur().addRecord(rec)
			}
		}
		if !outDone {
			rec, err := s.outRecs.Next()
			switch {
			case errors.Is(err, io.EOF):
				outDone = true
			case err != nil:
				return err
			default:
				in.out = cur().addRecord(rec)
			}
		}
		if in.ref.N == 0 && in.out.N == 0 {
			break
		}
		if in.ref.N == 0 {
			in.kind = inExtraLine
		}
		if err := add(in); err != nil {
			return err
		}
	}
	return nil
}

// produceDirs pairs the files of two directories by relative path, in
// lexical order; the outputs no reference has come last.
func (r *runner) produceDirs(add func(caseInput) error) error {
	s := r.src
	join := func(dir, rel string) string { return dir + "/" + rel }
	// Both lists are sorted: they are walked side by side, twice (the
	// pairs, then the outputs no reference has), rather than indexed.
	outs := s.outList
	for _, rel := range s.refList {
		in := caseInput{kind: inFiles, name: rel, refPath: join(s.spec.Ref, rel)}
		for len(outs) > 0 && outs[0] < rel {
			outs = outs[1:]
		}
		if len(outs) > 0 && outs[0] == rel {
			in.outPath = join(s.spec.Out, rel)
		}
		if err := add(in); err != nil {
			return err
		}
	}
	refs := s.refList
	for _, rel := range s.outList {
		for len(refs) > 0 && refs[0] < rel {
			refs = refs[1:]
		}
		if len(refs) == 0 || refs[0] != rel {
			if err := add(caseInput{kind: inExtra, name: rel}); err != nil {
				return err
			}
		}
	}
	return nil
}
