package history

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"runtime"
	"sync"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// DatasetRecorder records a dataset run as the dataset is scored: each
// worker lays out the per-node figures of the cases it scores (Encoder,
// for dataset.Config.Encode), Add takes the cases in order (from
// dataset.Config.Cases) and, as segments of cases fill, compresses them
// on other goroutines, so that recording overlaps scoring; Prepare then
// makes the run ready for Store.Commit. What it holds is the compressed
// figures (about 1.9 bytes a node) and the segments in flight (at most
// queuedSegments and one a core, about 2 MB each).
//
// Encoder may be called from any goroutine; Add, Prepare and Close from
// one at a time.
type DatasetRecorder struct {
	seg    *segmentBuilder
	free   chan *segmentBuilder // builders compressed, to fill again
	work   chan segmentJob
	wg     sync.WaitGroup
	done   []chan []byte // each segment's compressed bytes, in order
	refs   []segmentRef
	cases  int
	extra  int
	nodes  int
	err    error
	closed bool
}

// queuedSegments bounds the segments that wait for a compressor.
const queuedSegments = 8

type segmentJob struct {
	seg  *segmentBuilder
	done chan []byte
}

// NewDatasetRecorder returns a recorder with its compressing goroutines
// started: call Prepare or Close to stop them.
func NewDatasetRecorder() *DatasetRecorder {
	n := runtime.GOMAXPROCS(0)
	// Segments wait for a compressor rather than hold the scoring up: up
	// to queuedSegments of them (about 2 MB each).
	r := &DatasetRecorder{seg: newSegmentBuilder(), work: make(chan segmentJob, queuedSegments),
		free: make(chan *segmentBuilder, queuedSegments+n+1)}
	for range n {
		r.wg.Add(1)
		go func() {
			defer r.wg.Done()
			e := newSegmentEncoder()
			for j := range r.work {
				j.done <- e.encode(j.seg)
				j.seg.reset()
				r.free <- j.seg // room for every builder there is
			}
		}()
	}
	return r
}

// Encoder returns a function that lays out the figures of a case's
// report for Add (a CaseEncoder's Encode): one for each goroutine that
// scores cases, as dataset.Config.Encode asks.
func (r *DatasetRecorder) Encoder() func(dst []byte, rep *report.Report) []byte {
	e := &CaseEncoder{}
	return e.Encode
}

// Add adds case c, the next in order (the reference cases, then the
// extra outputs), with its layout c.Encoded. A full segment goes to the
// compressing goroutines; Add waits when they are all busy and a
// segment already waits for them.
func (r *DatasetRecorder) Add(c *dataset.Case) error {
	if r.err != nil {
		return r.err
	}
	if r.closed {
		return errors.New("history: the dataset recorder is closed")
	}
	if c.Status == dataset.CaseExtra {
		r.extra++
	} else {
		if r.extra > 0 {
			return fmt.Errorf("history: case %q comes after the extra outputs", c.ID)
		}
		r.cases++
	}
	if err := r.seg.add(c, c.Encoded); err != nil {
		r.err = fmt.Errorf("history: %w", err)
		return r.err
	}
	if r.seg.full() {
		r.flush()
	}
	return nil
}

// flush hands the current segment to the compressing goroutines.
func (r *DatasetRecorder) flush() {
	s := r.seg
	if s.cases == 0 {
		return
	}
	r.refs = append(r.refs, segmentRef{Cases: s.cases, Nodes: s.nodes})
	r.nodes += s.nodes
	done := make(chan []byte, 1)
	r.done = append(r.done, done)
	r.work <- segmentJob{seg: s, done: done}
	select {
	case r.seg = <-r.free:
	default:
		r.seg = newSegmentBuilder()
	}
}

// Close stops the compressing goroutines, dropping what was gathered: for
// a run that is not to be recorded after all. Closing a recorder that
// Prepare stopped does nothing.
func (r *DatasetRecorder) Close() {
	if r.closed {
		return
	}
	r.closed = true
	close(r.work) // the goroutines end once they finish what is in flight
}

// DatasetSpec says how a recorded dataset was read and figured, for
// Prepare.
type DatasetSpec struct {
	// Pairing and Fields say how the cases were read; GroupBy is the
	// --group-by path, "" for none.
	Pairing dataset.Pairing
	Fields  dataset.Fields
	GroupBy string
	// MatchThreshold is --match-threshold (1 when not given).
	MatchThreshold float64
}

// Prepare makes the dataset run ready for Store.Commit, once every case
// has been added: run holds what a pair run does (its files are the
// dataset's, Score and HasScore the dataset's; its figures are not read),
// spec how the cases were read, and figs the dataset's figures (their
// stats, per-path figures, groups and warnings; the cases are those
// added). It waits for the segments being compressed. run is not
// modified; the recorder is closed.
func (r *DatasetRecorder) Prepare(run *Run, spec DatasetSpec, figs *dataset.Figures) (*Prepared, error) {
	if r.closed {
		return nil, errors.New("history: the dataset recorder is closed")
	}
	if r.err != nil {
		r.Close()
		return nil, r.err
	}
	if r.cases != figs.Stats.Cases || r.extra != figs.Stats.Extra {
		r.Close()
		return nil, fmt.Errorf("history: %d cases and %d extra outputs were added; the figures count %d and %d",
			r.cases, r.extra, figs.Stats.Cases, figs.Stats.Extra)
	}
	r.flush()
	r.closed = true
	close(r.work)
	var payload []byte
	for i, d := range r.done {
		b := <-d
		r.refs[i].Span = span{Off: int64(len(payload)), Len: int64(len(b))}
		payload = append(payload, b...)
	}
	r.wg.Wait()
	meta, err := encodeMeta(metaOf(figs))
	if err != nil {
		return nil, err
	}
	metaSpan := span{Off: int64(len(payload)), Len: int64(len(meta))}
	payload = append(payload, meta...)
	pieces, refs := cutPieces(payload)
	rec, err := newRecord(run)
	if err != nil {
		return nil, err
	}
	rec.ds = &datasetRecord{
		Pairing: string(spec.Pairing),
		Fields:  [3]string{spec.Fields.Reference, spec.Fields.Output, spec.Fields.ID},
		GroupBy: spec.GroupBy, MatchThreshold: spec.MatchThreshold,
		Stats: statsOf(figs.Stats), Cases: r.cases, Extra: r.extra, Nodes: r.nodes,
		Segments: r.refs, Meta: metaSpan, Pieces: refs,
	}
	if rec.Dataset, err = gobValue(rec.ds); err != nil {
		return nil, err
	}
	rec.Metric, rec.Options = figs.Metric, figs.Options
	rec.Score, rec.HasScore = figs.Score, figs.HasScore
	if err := rec.check(); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	rec.Pieces = pieces
	return &Prepared{rec: rec}, nil
}

// encodeMeta compresses the meta section.
func encodeMeta(m *metaRecord) ([]byte, error) {
	var buf bytes.Buffer
	if err := gob.NewEncoder(&buf).Encode(m); err != nil {
		return nil, err
	}
	return deflate(buf.Bytes()), nil
}

// decodeMeta reads the meta section.
func decodeMeta(b []byte) (*metaRecord, error) {
	raw, err := inflate(b, maxRows)
	if err != nil {
		return nil, fmt.Errorf("the per-path figures do not read: %v", err)
	}
	var m metaRecord
	if err := ungob(raw, &m); err != nil {
		return nil, fmt.Errorf("the per-path figures do not read: %v", err)
	}
	return &m, nil
}
