package dataset

import (
	"context"
	"sync"
)

// batch is a run of consecutive cases that one worker scores. Batches
// keep their storage from one use to the next.
type batch struct {
	buf []byte // the records' bytes
	// owned counts the bytes of the records that hold their own
	// (Record.owned: long lines), which buf does not copy.
	owned int
	in    []caseInput
	res   []caseResult
	parts []pathPart // the batch's per-path figures: its cases' parts added up
	// sums are the exact sums of the parts' scores and losses over the
	// batch's cases, for the parts of two cases or more (pathPart.sum; a
	// part's own scoreSum and lossSum are its first case's).
	sums sumTable
	// firsts are where the batch's case lines meet each path (Aggregate).
	firsts []partFirst
	at     []int32 // by path: index into parts + 1; 0 when no case has it
	lines  []byte  // the cases' jsonl lines (caseResult.line)
	enc    []byte  // what Config.NewEncoder's encoders made of the cases (caseResult.enc)
	heads  []byte  // the cases' heads, when kept (caseResult.head; heads.go)
	frame  frame   // the cases' frames, when kept (caseResult.frame*)
	done   chan struct{}
}

// The size of a batch: it is cut when it holds batchBytes of records or
// batchCases cases, whichever comes first.
const (
	batchBytes = 256 << 10
	batchCases = 512
	// batchSlack is the room a batch's buffer has past batchBytes, for
	// the record that fills it: most records are a few kB.
	batchSlack = 32 << 10
)

func (b *batch) full() bool { return len(b.buf)+b.owned >= batchBytes || len(b.in) >= batchCases }

// bigParts is the number of per-path parts from which a batch or a
// sweep lets its storage go once done rather than keep it for the next
// (a big case's: a flat object of a million keys has a million paths).
const bigParts = 1 << 16

func (b *batch) reset() {
	if cap(b.parts) >= bigParts {
		b.parts, b.at, b.sums = nil, nil, nil
	}
	for i := range b.parts {
		b.at[b.parts[i].path] = 0
	}
	b.sums = b.sums[:0] // their full sums' storage kept for the next (sumTable.of)
	clear(b.in)         // the long records they hold go with them
	b.buf, b.in, b.parts, b.lines, b.enc, b.heads = b.buf[:0], b.in[:0], b.parts[:0], b.lines[:0], b.enc[:0], b.heads[:0]
	b.owned = 0
	b.frame.reset()
	b.firsts = b.firsts[:0]
	for i := range b.res {
		b.res[i] = caseResult{}
	}
	b.res = b.res[:0]
}

// fold adds the parts of case idx (in reference order) to the batch's:
// a batch hands the consumer one part a path, whatever its number of
// cases. Cases are folded in order, so a path's first is the batch's.
// A path's exact sums are made when a second case comes to it: till
// then the part's scoreSum and lossSum are its case's.
func (b *batch) fold(parts []pathPart, idx int) {
	for i := range parts {
		p := &parts[i]
		for int(p.path) >= len(b.at) {
			b.at = append(b.at, 0)
		}
		k := b.at[p.path]
		if k == 0 {
			q := *p
			q.cases, q.firstCase, q.sum = 1, int32(idx), 0
			b.parts = append(b.parts, q)
			b.at[p.path] = int32(len(b.parts))
			continue
		}
		q := &b.parts[k-1]
		sums := b.sumsOf(q)
		q.cases++
		q.nodes += p.nodes
		q.scored += p.scored
		sums[0].add(p.scoreSum)
		sums[1].add(p.lossSum)
		addCounts(&q.status, &p.status)
		q.counts[0] += p.counts[0]
		q.counts[1] += p.counts[1]
		q.counts[2] += p.counts[2]
		q.counts[3] += p.counts[3]
		q.counts[4] += p.counts[4]
		q.kinds |= p.kinds
		q.scalars += p.scalars
		if !q.hasPathWeight && p.hasPathWeight {
			q.pathWeight, q.hasPathWeight = p.pathWeight, true
		}
	}
}

// foldCase adds the parts of case idx to the batch's as fold does; parts
// a batch holds none of yet become the batch's without a copy (a big
// case's: a flat object of a million keys has a million paths), and acc
// takes the batch's empty storage in exchange.
func (b *batch) foldCase(acc *caseAcc, idx int) {
	if len(b.parts) > 0 || len(acc.parts) < bigParts {
		b.fold(acc.parts, idx)
		return
	}
	b.parts, acc.parts = acc.parts, b.parts[:0]
	b.at, acc.at = acc.at, b.at // acc's marks exactly the parts it hands over
	for i := range b.parts {
		q := &b.parts[i]
		q.cases, q.firstCase, q.sum = 1, int32(idx), 0
	}
}

// sumsOf returns the exact sums of part q, made of its one case's on
// first use.
func (b *batch) sumsOf(q *pathPart) *[2]xsum { return b.sums.of(q) }

// addCounts adds the node counts by status of a part to another's.
func addCounts(dst, src *[7]int32) {
	dst[0] += src[0]
	dst[1] += src[1]
	dst[2] += src[2]
	dst[3] += src[3]
	dst[4] += src[4]
	dst[5] += src[5]
	dst[6] += src[6]
}

// addRecord copies a record's bytes into the batch and returns the
// record pointing at the copy. Its Data is set by seal, once the buffer
// no longer moves. A record that owns its bytes (a long line) keeps them,
// uncopied.
func (b *batch) addRecord(r Record) Record {
	if r.owned {
		b.owned += len(r.Data)
		r.dataOff, r.dataLen = -1, len(r.Data)
		return r
	}
	if b.buf == nil {
		// Room for a full batch and the record that makes it full, made
		// at once rather than doubled up to it (which left 18 MB of
		// garbage on 100 MB of cases, a batch being cut past batchBytes).
		b.buf = make([]byte, 0, batchBytes+batchSlack)
	}
	off := len(b.buf)
	b.buf = append(b.buf, r.Data...)
	r.Data = nil
	r.dataOff, r.dataLen = off, len(b.buf)-off
	return r
}

// seal points the batch's records at their bytes.
func (b *batch) seal() {
	for i := range b.in {
		in := &b.in[i]
		for _, r := range []*Record{&in.ref, &in.out} {
			if !r.owned && (r.dataLen > 0 || r.N > 0) {
				r.Data = b.buf[r.dataOff : r.dataOff+r.dataLen : r.dataOff+r.dataLen]
			}
		}
	}
}

// pipeline scores batches on workers and hands them over in order: a
// producer reads the input into batches, the workers score them, and the
// consumer takes them in the order they were made. At most window
// batches are under way, so memory stays bounded however large the
// input.
type pipeline struct {
	workers int
	window  int
	free    chan *batch
}

func newPipeline(workers int) *pipeline {
	window := 2*workers + 1
	return &pipeline{workers: workers, window: window, free: make(chan *batch, window+2*workers+2)}
}

// get returns an empty batch.
func (p *pipeline) get() *batch {
	select {
	case b := <-p.free:
		return b
	default:
		return &batch{}
	}
}

func (p *pipeline) put(b *batch) {
	b.reset()
	select {
	case p.free <- b:
	default:
	}
}

// run runs produce, which calls emit with each batch it fills, the
// workers, which call work(w, b) on each batch, w being the worker's
// number, and consume on each batch in the order emitted. The first
// error of consume stops the run (ctx is canceled for the others) and is
// returned; an error of produce is returned after every batch emitted
// before it is consumed. work checks ctx itself.
func (p *pipeline) run(ctx context.Context, produce func(ctx context.Context, emit func(*batch) error) error,
	work func(ctx context.Context, w int, b *batch), consume func(b *batch) error) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan *batch, p.workers)
	order := make(chan *batch, p.window)
	var wg sync.WaitGroup
	var prodErr error
	wg.Go(func() {
		defer close(order)
		defer close(jobs)
		prodErr = produce(ctx, func(b *batch) error {
			b.seal()
			b.done = make(chan struct{})
			done, big := b.done, b.owned >= bigCaseBytes
			// To the workers first: every batch the consumer waits for
			// is sure to be done by one of them.
			select {
			case jobs <- b:
			case <-ctx.Done():
				return ctx.Err()
			}
			select {
			case order <- b:
			case <-ctx.Done():
				return ctx.Err()
			}
			if big {
				// The next record is read once this big one is scored:
				// big records do not pile up in the batches under way.
				select {
				case <-done:
				case <-ctx.Done():
					return ctx.Err()
				}
			}
			return nil
		})
		// An error of the input is reported once every batch before it
		// is consumed: the consumer may find an earlier one.
	})
	for w := range p.workers {
		wg.Go(func() {
			for b := range jobs {
				work(ctx, w, b)
				close(b.done)
			}
		})
	}
	var err error
	for b := range order {
		<-b.done
		if err == nil {
			if err = ctx.Err(); err == nil {
				err = consume(b)
			}
			if err != nil {
				cancel()
			}
		}
		p.put(b)
	}
	wg.Wait()
	if err == nil {
		err = prodErr
	}
	return err
}
