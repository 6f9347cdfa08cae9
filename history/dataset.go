package history

import (
	"bytes"
	"compress/flate"
	"fmt"
	"io"
	"iter"
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// A dataset run (docs/history.md) records what a pair run does — its files are
// the dataset's, with their SHA-256 — and, in Run.Dataset, how the cases
// were read, the dataset's statistics, its per-path figures and every
// case's id, status, score and per-node figures. Those that grow with the
// dataset are kept apart from the run's record, compressed, in pieces of
// at most pieceSize bytes (see pieces.go): the payload, laid out as
//
//	segment 0 | segment 1 | ... | meta
//
// where a segment holds up to segmentCases cases (their rows and their
// per-node figures; see dataset_segment.go) and meta the per-path
// figures, the groups and the warnings (DEFLATE over gob). The run's
// record holds where each is, and each piece's length and checksum.

// DatasetRun is what a dataset run records besides a pair run's fields.
type DatasetRun struct {
	// Pairing and Fields say how the cases were read; GroupBy is the
	// --group-by path, "" for none.
	Pairing dataset.Pairing
	Fields  dataset.Fields
	GroupBy string
	// MatchThreshold is --match-threshold (τ of the TP/FD counts).
	MatchThreshold float64
	// Stats are the dataset's statistics.
	Stats dataset.Stats
	// Cases counts the reference cases, Extra the outputs with no
	// reference, Nodes the per-node rows of every case.
	Cases, Extra, Nodes int
}

// datasetRecord is a DatasetRun as stored in the run's record (gob, and
// JSON in a pending file): in fields of its own, so that the stored form
// does not follow the dataset package's types.
type datasetRecord struct {
	Pairing        string
	Fields         [3]string // reference, output, id
	GroupBy        string
	MatchThreshold float64
	Stats          statsRecord
	Cases, Extra   int
	Nodes          int
	// Segments and Meta are where the payload holds the cases and the
	// meta section; Pieces are its pieces, in order.
	Segments []segmentRef
	Meta     span
	Pieces   []pieceRef
}

// span is a range of the payload's bytes.
type span struct{ Off, Len int64 }

// segmentRef is where a segment is in the payload and what it holds.
type segmentRef struct {
	Span         span
	Cases, Nodes int
}

type statsRecord struct {
	Cases, Scored, Ignored, Missing, Invalid, Extra, N int
	Mean, Median, P10, P90, Min, Max, Std              float64
	CI95                                               [2]float64
	HasSpread                                          bool
	Perfect, Pass, PassAt                              float64
	HasPass                                            bool
}

// metaRecord is the payload's meta section.
type metaRecord struct {
	Paths    []pathRecord
	Groups   []groupRecord
	Warnings []warningRecord
	// Agreement is the agreement with people's labels; nil without
	// labels, and in the runs recorded before it was kept.
	Agreement *agreementRecord
}

type pathRecord struct {
	Path                           string
	Depth                          int
	Kind                           string
	Cases, Nodes                   int
	Score                          float64
	HasScore                       bool
	Weight, Loss                   float64
	Statuses                       [7]int
	Counts                         [5]int
	Precision, Recall, F1          float64
	HasPrecision, HasRecall, HasF1 bool
}

type groupRecord struct {
	Group        string
	HasGroup     bool
	Cases, N     int
	Mean, Median float64
	Pass         float64
	HasPass      bool
}

type warningRecord struct{ Path, Message string }

func statsOf(st dataset.Stats) statsRecord {
	return statsRecord{
		Cases: st.Cases, Scored: st.Scored, Ignored: st.Ignored, Missing: st.Missing, Invalid: st.Invalid, Extra: st.Extra, N: st.N,
		Mean: st.Mean, Median: st.Median, P10: st.P10, P90: st.P90, Min: st.Min, Max: st.Max, Std: st.Std,
		CI95: st.CI95, HasSpread: st.HasSpread, Perfect: st.Perfect, Pass: st.Pass, PassAt: st.PassAt, HasPass: st.HasPass,
	}
}

func (st statsRecord) stats() dataset.Stats {
	return dataset.Stats{
		Cases: st.Cases, Scored: st.Scored, Ignored: st.Ignored, Missing: st.Missing, Invalid: st.Invalid, Extra: st.Extra, N: st.N,
		Mean: st.Mean, Median: st.Median, P10: st.P10, P90: st.P90, Min: st.Min, Max: st.Max, Std: st.Std,
		CI95: st.CI95, HasSpread: st.HasSpread, Perfect: st.Perfect, Pass: st.Pass, PassAt: st.PassAt, HasPass: st.HasPass,
	}
}

func metaOf(f *dataset.Figures) *metaRecord {
	m := &metaRecord{}
	for _, p := range f.Paths {
		m.Paths = append(m.Paths, pathRecord{
			Path: p.Path, Depth: int(p.Depth), Kind: p.Kind, Cases: p.Cases, Nodes: p.Nodes,
			Score: p.Score, HasScore: p.HasScore, Weight: p.Weight, Loss: p.Loss,
			Statuses: p.StatusCounts(), Counts: p.LeafCounts(),
			Precision: p.Precision, Recall: p.Recall, F1: p.F1,
			HasPrecision: p.HasPrecision, HasRecall: p.HasRecall, HasF1: p.HasF1,
		})
	}
	for _, g := range f.Groups {
		m.Groups = append(m.Groups, groupRecord(g))
	}
	for _, w := range f.Warnings {
		m.Warnings = append(m.Warnings, warningRecord{Path: w.Path, Message: w.Message})
	}
	m.Agreement = agreementOf(f.Agreement)
	return m
}

// fill sets the figures of the meta section into f.
func (m *metaRecord) fill(f *dataset.Figures) {
	for _, p := range m.Paths {
		pf := dataset.PathFigures{
			Path: p.Path, Depth: int32(p.Depth), Kind: p.Kind, Cases: p.Cases, Nodes: p.Nodes,
			Score: p.Score, HasScore: p.HasScore, Weight: p.Weight, Loss: p.Loss,
			Precision: p.Precision, Recall: p.Recall, F1: p.F1,
			HasPrecision: p.HasPrecision, HasRecall: p.HasRecall, HasF1: p.HasF1,
		}
		pf.SetCounts(p.Statuses, p.Counts)
		f.Paths = append(f.Paths, pf)
	}
	for _, g := range m.Groups {
		f.Groups = append(f.Groups, dataset.GroupFigures(g))
	}
	for _, w := range m.Warnings {
		f.Warnings = append(f.Warnings, scoring.Warning{Path: w.Path, Message: w.Message})
	}
	f.Agreement = m.Agreement.agreement()
}

// info returns the record as a DatasetRun.
func (d *datasetRecord) info() *DatasetRun {
	return &DatasetRun{
		Pairing: dataset.Pairing(d.Pairing),
		Fields:  dataset.Fields{Reference: d.Fields[0], Output: d.Fields[1], ID: d.Fields[2]},
		GroupBy: d.GroupBy, MatchThreshold: d.MatchThreshold,
		Stats: d.Stats.stats(), Cases: d.Cases, Extra: d.Extra, Nodes: d.Nodes,
	}
}

// check verifies that the record's layout holds together: the segments
// and the meta section lie within the pieces, one after the other.
func (d *datasetRecord) check() error {
	var size int64
	for i, p := range d.Pieces {
		// Every piece but the last has the first's length (pieceSize
		// when written), the last at most that.
		if p.Len == 0 || p.Len > d.Pieces[0].Len || (i < len(d.Pieces)-1 && p.Len != d.Pieces[0].Len) {
			return fmt.Errorf("dataset: piece %d of %d bytes", i, p.Len)
		}
		size += int64(p.Len)
	}
	at, cases, nodes := int64(0), 0, 0
	for i, s := range d.Segments {
		if s.Span.Off != at || s.Span.Len <= 0 || s.Cases <= 0 || s.Nodes < 0 {
			return fmt.Errorf("dataset: segment %d out of place", i)
		}
		at += s.Span.Len
		cases += s.Cases
		nodes += s.Nodes
	}
	switch {
	case d.Meta.Off != at || d.Meta.Len <= 0 || at+d.Meta.Len != size:
		return fmt.Errorf("dataset: the meta section out of place")
	case cases != d.Cases+d.Extra || nodes != d.Nodes:
		return fmt.Errorf("dataset: the segments hold %d cases and %d nodes, not %d and %d", cases, nodes, d.Cases+d.Extra, d.Nodes)
	}
	return nil
}

// DatasetHeader returns the header the dataset's writers print for the
// run: its files (paths as recorded), how its cases were read.
func (r *Run) DatasetHeader() dataset.Header {
	h := dataset.Header{Reference: r.Reference.Path, Output: r.Output.Path, Weights: r.Weights.Path, Rules: r.Rules.Path}
	if r.Dataset != nil {
		h.Pairing, h.Fields = r.Dataset.Pairing, r.Dataset.Fields
	}
	return h
}

// DatasetFigures decodes a dataset run's figures: the very ones `score`
// printed for it (the score, the stats, the per-path figures, the
// groups, every case's figures, the extra outputs, the warnings). It is an
// error for a pair run. The figures are decoded anew at each call.
func (r *Run) DatasetFigures() (*dataset.Figures, error) {
	d := r.dataset
	if d == nil {
		return nil, fmt.Errorf("run %s is not of a dataset", r.ID)
	}
	f := &dataset.Figures{
		Metric: r.Metric, Options: slices.Clone(r.Options),
		Score: r.Score, HasScore: r.HasScore, Stats: d.Stats.stats(),
	}
	meta, err := decodeMeta(r.section(d.Meta))
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", r.ID, err)
	}
	meta.fill(f)
	f.Cases = make([]dataset.CaseFigures, 0, d.Cases)
	for i, s := range d.Segments {
		seg, err := openSegment(r.section(s.Span), s.Cases)
		if err != nil {
			return nil, fmt.Errorf("run %s: segment %d: %w", r.ID, i, err)
		}
		for _, row := range seg.rows {
			if row.Status == dataset.CaseExtra {
				f.Extra = append(f.Extra, row.ID)
				continue
			}
			f.Cases = append(f.Cases, row.CaseFigures)
		}
	}
	return f, nil
}

// section returns the bytes of a span of the run's payload.
func (r *Run) section(s span) []byte { return r.payload[s.Off : s.Off+s.Len] }

// RecordedCase is one case of a dataset run, as recorded.
type RecordedCase struct {
	dataset.CaseFigures
	// Warnings are the case's remarks.
	Warnings []string
	// Report is the case as a pair run gives it: its score, its
	// documents (as the dataset named them: "data.jsonl:17"), its
	// per-node figures without their values, its repairs and warnings,
	// and a one-number metric's Extra and Explanation: what
	// `score --case` printed of it. Its nodes are decoded as they are
	// walked.
	Report *report.Report
}

// Case returns the reference case id of a dataset run. An id the run does
// not have is an error wrapping ErrNotFound; so is an output with no
// reference (an extra case), which has no figures.
func (r *Run) Case(id string) (*RecordedCase, error) {
	d := r.dataset
	if d == nil {
		return nil, fmt.Errorf("run %s is not of a dataset: it has no cases", r.ID)
	}
	for i, s := range d.Segments {
		seg, err := openSegment(r.section(s.Span), s.Cases)
		if err != nil {
			return nil, fmt.Errorf("run %s: segment %d: %w", r.ID, i, err)
		}
		for k := range seg.rows {
			row := &seg.rows[k]
			if row.ID != id {
				continue
			}
			if row.Status == dataset.CaseExtra {
				return nil, fmt.Errorf("%w: case %q of run %s is an output with no reference: it has no score", ErrNotFound, id, r.ID)
			}
			return r.recordedCase(seg, k)
		}
	}
	return nil, fmt.Errorf("%w: run %s has no case %q", ErrNotFound, r.ID, id)
}

// Cases yields every reference case of a dataset run, in the run's
// order (outputs with no reference are left out), then stops at the
// first error, which it yields.
func (r *Run) Cases() iter.Seq2[*RecordedCase, error] {
	return func(yield func(*RecordedCase, error) bool) {
		d := r.dataset
		if d == nil {
			yield(nil, fmt.Errorf("run %s is not of a dataset: it has no cases", r.ID))
			return
		}
		for i, s := range d.Segments {
			seg, err := openSegment(r.section(s.Span), s.Cases)
			if err != nil {
				yield(nil, fmt.Errorf("run %s: segment %d: %w", r.ID, i, err))
				return
			}
			if len(seg.rows) == 0 {
				continue
			}
			// The segment's case figures are inflated once for all its
			// cases (caseLayoutAt inflates from the start for one).
			all, err := seg.allLayouts()
			if err != nil {
				yield(nil, fmt.Errorf("run %s: segment %d: %w", r.ID, i, err))
				return
			}
			for k := range seg.rows {
				if seg.rows[k].Status == dataset.CaseExtra {
					continue
				}
				lay := seg.rows[k].layout
				if lay[0] > lay[1] || lay[1] > len(all) {
					yield(nil, fmt.Errorf("run %s: case %q: its figures lie outside its segment's", r.ID, seg.rows[k].ID))
					return
				}
				c, err := r.recordedCaseFrom(seg, k, all[lay[0]:lay[1]])
				if !yield(c, err) || err != nil {
					return
				}
			}
		}
	}
}

// recordedCase decodes row k of segment seg.
func (r *Run) recordedCase(seg *segment, k int) (*RecordedCase, error) {
	b, err := seg.caseLayoutAt(k)
	if err != nil {
		return nil, fmt.Errorf("run %s: case %q: %w", r.ID, seg.rows[k].ID, err)
	}
	return r.recordedCaseFrom(seg, k, b)
}

// allLayouts inflates the case figures of every row of the segment at
// once: row k's are at rows[k].layout in it.
func (seg *segment) allLayouts() ([]byte, error) {
	last := 0
	for k := range seg.rows {
		last = max(last, seg.rows[k].layout[1])
	}
	zr := flate.NewReader(bytes.NewReader(seg.layouts))
	defer zr.Close()
	all := make([]byte, last)
	if _, err := io.ReadFull(zr, all); err != nil {
		return nil, fmt.Errorf("a case's figures are cut short: %w", err)
	}
	return all, nil
}

// recordedCaseFrom decodes row k of segment seg from its case figures b
// (the inflated bytes of rows[k].layout).
func (r *Run) recordedCaseFrom(seg *segment, k int, b []byte) (*RecordedCase, error) {
	row := &seg.rows[k]
	cl, err := readCaseLayout(b)
	if err != nil {
		return nil, fmt.Errorf("run %s: case %q: %w", r.ID, row.ID, err)
	}
	rep := &report.Report{
		Score: row.Score, HasScore: row.HasScore,
		Metric: r.Metric, Options: r.Options,
		Reference: cl.reference, Output: cl.output,
		Weights: r.Weights.Path, Rules: r.Rules.Path,
		Repairs: row.Repairs(), Extra: cl.extra, Explanation: cl.explanation,
	}
	if rep.Reference == "" {
		rep.Reference = r.Reference.Path
	}
	if cl.nodes > 0 {
		rep.Nodes = caseNodes(cl, r.ID, row.ID)
	}
	for _, w := range row.Warnings {
		rep.Warnings = append(rep.Warnings, report.Warning{Path: ".", Message: w})
	}
	return &RecordedCase{CaseFigures: row.CaseFigures, Warnings: row.Warnings, Report: rep}, nil
}
