package dataset

// doneMark is how far into the files of records the cases handed over so
// far reach, for Spec.Progress: the work done, not the bytes read ahead
// of it (the reader runs up to a window of batches ahead of the cases
// scored, and pairing by id reads the whole output file first).
type doneMark struct {
	ref, out int64 // the end of the last reference and output record done
	// claimed is, pairing by id, the bytes of the output records the
	// cases took (those no case takes count at the end only).
	claimed int64
}

// caseDone moves the mark past the case of in, whose output record (by
// id) was claimed bytes long, and reports it to Spec.Progress. Two
// directories report nothing: their cases over their reference files
// are the exact share.
func (r *runner) caseDone(in *caseInput, claimed int) {
	report := r.src.spec.Progress
	if report == nil {
		return
	}
	d := &r.done
	switch in.kind {
	case inRecord, inID:
		d.ref = in.ref.end
		d.claimed += int64(claimed)
	case inLine:
		d.ref = in.ref.end
		if in.out.N > 0 {
			d.out = in.out.end
		}
	case inExtraLine:
		d.out = in.out.end
	default:
		return
	}
	report(d.ref + d.out + d.claimed)
}
