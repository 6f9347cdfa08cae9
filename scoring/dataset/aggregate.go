package dataset

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"

	"github.com/jsontui/jsontui/internal/escape"
)

// Shard is a file of --format jsonl case lines.
type Shard struct {
	Name string
	R    io.Reader
}

// AggregateConfig says how to add up shards.
type AggregateConfig struct {
	// Metric names the metric the shards were scored with, when set: a
	// case line that names another is an error. The lines name it; ""
	// takes theirs. Every other setting comes from the lines too.
	Metric string
	// Pass is as in Config.
	Pass *float64
	// Workers is how many lines are read at once; 0 is every core.
	Workers int
	// CaseLines, when set, is given every case line once it is taken (it
	// is a case line, and fits with those before it): shard by shard in
	// the order of shards, each shard's lines in their order. line is the
	// line's text without its line end, valid during the call; an error
	// stops Aggregate with it. For shards that split a dataset in order,
	// these are the lines Score gives the whole dataset (Config.Lines).
	CaseLines func(line []byte) error
}

// Aggregate reads the case lines of shards (the --format jsonl of score,
// in any number of pieces, in any order) and returns the dataset's
// figures: the very ones scoring the whole dataset in one process gives,
// to the last bit (a Partial adds them up). A line that is not a case
// line, or that does not add up with the others, is an error with its
// file:line:col; so is a shard that holds an unfinished run's mark or
// whose last line is cut short.
func Aggregate(ctx context.Context, shards []Shard, cfg AggregateConfig) (*Figures, error) {
	part := NewPartial(cfg.Metric)
	for _, sh := range shards {
		part.names = append(part.names, sh.Name)
	}
	n := cfg.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	readers := make([]*lineReader, n)
	for i := range readers {
		readers[i] = &lineReader{paths: pathCache{table: part.table}}
	}
	p := newPipeline(n)
	work := func(ctx context.Context, w int, b *batch) {
		b.res = grow(b.res, len(b.in))
		for i := range b.in {
			readers[w].read(&b.in[i], b, &b.res[i])
		}
	}
	total, sized := shardBytes(shards), false
	consume := func(b *batch) error {
		if !sized && len(b.buf) > 0 {
			// The first lines tell how many cases the shards hold, about.
			sized = true
			part.reserve(int(min(total/int64(len(b.buf)+len(b.in))*int64(len(b.in)), 1<<26)))
		}
		for i := range b.res {
			res, in := &b.res[i], &b.in[i]
			if res.fatal != nil {
				return res.fatal
			}
			at := caseWhere{shard: in.shard, line: int32(in.ref.Line), col: int32(in.ref.Col)}
			if err := part.addCase(res, b.firsts[res.firsts[0]:res.firsts[1]], at); err != nil {
				return err
			}
			if cfg.CaseLines != nil {
				if err := cfg.CaseLines(in.ref.Data); err != nil {
					return err
				}
			}
		}
		part.acc.addParts(b.parts, b.sums)
		return nil
	}
	if err := p.run(ctx, shardProducer(p, shards), work, consume); err != nil {
		return nil, err
	}
	return part.Figures(cfg.Pass)
}

// shardProducer returns the producer of Aggregate's pipeline: it reads the
// shards' lines in order into batches of p, and refuses a shard whose last
// line is cut short.
func shardProducer(p *pipeline, shards []Shard) func(context.Context, func(*batch) error) error {
	return func(ctx context.Context, emit func(*batch) error) error {
		b := p.get()
		n := 0 // the lines read, in order
		for k, sh := range shards {
			tail := &tailReader{r: sh.R}
			rr := NewRecordReader(sh.Name, tail, Lines)
			for {
				rec, err := rr.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					return err
				}
				b.in = append(b.in, caseInput{ref: b.addRecord(rec), name: sh.Name, idx: n, shard: int32(k)})
				n++
				if b.full() {
					if err := emit(b); err != nil {
						return err
					}
					b = p.get()
				}
			}
			if tail.cut() {
				return fmt.Errorf("%s: its last line is cut short (it has no line end): the run that wrote it did not finish; score the shard again", escape.Name(sh.Name))
			}
		}
		if len(b.in) > 0 {
			return emit(b)
		}
		return nil
	}
}

// shardBytes returns the shards' total size when each tells its own (a
// file, a bytes or strings reader), else 0.
func shardBytes(shards []Shard) int64 {
	var n int64
	for _, sh := range shards {
		switch r := sh.R.(type) {
		case *os.File:
			st, err := r.Stat()
			if err != nil || !st.Mode().IsRegular() {
				return 0
			}
			n += st.Size()
		case interface{ Size() int64 }:
			n += r.Size()
		default:
			return 0
		}
	}
	return n
}

// tailReader reads a shard, keeping its last byte: a shard whose last
// line has no line end was cut short.
type tailReader struct {
	r    io.Reader
	last byte
	n    int64
}

func (t *tailReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		t.last, t.n = p[n-1], t.n+int64(n)
	}
	return n, err
}

// cut reports whether the shard's last line has no line end.
func (t *tailReader) cut() bool { return t.n > 0 && t.last != '\n' }
