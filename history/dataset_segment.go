package history

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/klauspost/compress/flate"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// A segment holds up to segmentCases consecutive cases of a dataset run
// (reference cases in order, then the extra outputs), or fewer when their
// layouts reach segmentBytes:
//
//	"JTS" 1 | uvarint length + DEFLATE stream of the rows | DEFLATE stream
//	of the cases' layouts (casefigures.go), one after the other
//
// The rows are in columns, each a uvarint length and its bytes:
//
//	0 id: length of the prefix shared with the previous id (uvarints)
//	1 id: suffix length (uvarints)       2 id: suffix bytes
//	3 flags (1 byte a case): the status (3 bits), then rowScore,
//	  rowScoreOne, rowScoreZero, rowGroup, rowWorst
//	4 scores other than 0 and 1 (float64 bits, byte-shuffled)
//	5 group: uvarint place in the segment's groups, 6 the groups
//	  (uvarint count, then uvarint length + bytes each)
//	7 notes: uvarint repairs, uvarint warnings, a byte 1 when an error
//	  follows (three a case); 8 their strings (uvarint length + bytes)
//	9 worst leaf's path: shared prefix with the previous one (uvarints)
//	10 its suffix length (uvarints)      11 suffix bytes
//	12 worst losses (float64 bits, byte-shuffled)
//	13 layout length (uvarints): where each case's figures start
//
// so that listing a run's cases reads the rows alone; a case's figures are
// found by adding up the layout lengths before it.
const (
	segmentMagic   = "JTS"
	segmentVersion = 1
	segmentCases   = 2048
	segmentBytes   = 2 << 20
	rowColumns     = 14
	segmentLevel   = flate.BestSpeed
)

const (
	rowScore     = 1 << (3 + iota) // the case has a score
	rowScoreOne                    // it is 1 (not stored)
	rowScoreZero                   // it is 0 (not stored)
	rowGroup                       // the case has a group
	rowWorst                       // the case has a costliest leaf
)

const (
	rcIDPrefix = iota
	rcIDSuffixLen
	rcIDSuffix
	rcFlags
	rcScore
	rcGroup
	rcGroups
	rcNotes
	rcNoteText
	rcWorstPrefix
	rcWorstSuffixLen
	rcWorstSuffix
	rcWorstLoss
	rcLayout
)

// segmentBuilder gathers the cases of a segment as they come.
type segmentBuilder struct {
	cases, nodes int
	cols         [rowColumns][]byte
	scores       []uint64
	losses       []uint64
	groups       map[string]uint64
	groupList    []string
	prevID       string
	prevWorst    string
	layouts      []byte
}

func newSegmentBuilder() *segmentBuilder {
	return &segmentBuilder{groups: map[string]uint64{}, layouts: make([]byte, 0, segmentBytes+segmentBytes/8)}
}

// reset empties the builder for the next segment, keeping its room.
func (s *segmentBuilder) reset() {
	s.cases, s.nodes = 0, 0
	for i := range s.cols {
		s.cols[i] = s.cols[i][:0]
	}
	s.scores, s.losses = s.scores[:0], s.losses[:0]
	clear(s.groups)
	s.groupList = s.groupList[:0]
	s.prevID, s.prevWorst = "", ""
	s.layouts = s.layouts[:0]
}

// full reports whether the segment takes no more cases.
func (s *segmentBuilder) full() bool {
	return s.cases >= segmentCases || len(s.layouts) >= segmentBytes
}

// add adds case c, whose layout (casefigures.go) is layout: nil for a
// case with none (an extra output).
func (s *segmentBuilder) add(c *dataset.Case, layout []byte) error {
	nodes := 0
	if len(layout) > 0 {
		cl, err := readCaseLayout(layout)
		if err != nil {
			return fmt.Errorf("case %q: %w", c.ID, err)
		}
		nodes = cl.nodes
	}
	col := &s.cols
	p := commonPrefix([]byte(s.prevID), c.ID)
	col[rcIDPrefix] = binary.AppendUvarint(col[rcIDPrefix], uint64(p))
	col[rcIDSuffixLen] = binary.AppendUvarint(col[rcIDSuffixLen], uint64(len(c.ID)-p))
	col[rcIDSuffix] = append(col[rcIDSuffix], c.ID[p:]...)
	s.prevID = c.ID

	flags := byte(c.Status) & 7
	if c.HasScore {
		flags |= rowScore
		switch math.Float64bits(c.Score) {
		case math.Float64bits(1):
			flags |= rowScoreOne
		case 0:
			flags |= rowScoreZero
		default:
			s.scores = append(s.scores, math.Float64bits(c.Score))
		}
	}
	if c.HasGroup {
		flags |= rowGroup
		g, ok := s.groups[c.Group]
		if !ok {
			g = uint64(len(s.groupList))
			s.groups[c.Group] = g
			s.groupList = append(s.groupList, c.Group)
		}
		col[rcGroup] = binary.AppendUvarint(col[rcGroup], g)
	}
	if c.Worst != nil {
		flags |= rowWorst
		p := commonPrefix([]byte(s.prevWorst), c.Worst.Path)
		col[rcWorstPrefix] = binary.AppendUvarint(col[rcWorstPrefix], uint64(p))
		col[rcWorstSuffixLen] = binary.AppendUvarint(col[rcWorstSuffixLen], uint64(len(c.Worst.Path)-p))
		col[rcWorstSuffix] = append(col[rcWorstSuffix], c.Worst.Path[p:]...)
		s.prevWorst = c.Worst.Path
		s.losses = append(s.losses, math.Float64bits(c.Worst.Loss))
	}
	col[rcFlags] = append(col[rcFlags], flags)
	col[rcNotes] = binary.AppendUvarint(col[rcNotes], uint64(len(c.Repairs)))
	col[rcNotes] = binary.AppendUvarint(col[rcNotes], uint64(len(c.Warnings)))
	for _, r := range c.Repairs {
		col[rcNoteText] = appendString(col[rcNoteText], r)
	}
	for _, w := range c.Warnings {
		col[rcNoteText] = appendString(col[rcNoteText], w)
	}
	if c.Error != "" {
		col[rcNotes] = append(col[rcNotes], 1)
		col[rcNoteText] = appendString(col[rcNoteText], c.Error)
	} else {
		col[rcNotes] = append(col[rcNotes], 0)
	}
	col[rcLayout] = binary.AppendUvarint(col[rcLayout], uint64(len(layout)))
	s.layouts = append(s.layouts, layout...)
	s.cases++
	s.nodes += nodes
	return nil
}

// segmentEncoder is what a compressing goroutine reuses from segment to
// segment: its DEFLATE writer and scratch.
type segmentEncoder struct {
	zw    *flate.Writer
	rows  appender
	table appender
}

func newSegmentEncoder() *segmentEncoder {
	zw, _ := flate.NewWriter(nil, segmentLevel) // the level is valid
	return &segmentEncoder{zw: zw}
}

// deflate appends the compressed b to w.
func (e *segmentEncoder) deflate(w *appender, b []byte) {
	e.zw.Reset(w)
	e.zw.Write(b) // an appender's writes cannot fail
	e.zw.Close()
}

// encode compresses segment s.
func (e *segmentEncoder) encode(s *segmentBuilder) []byte {
	s.cols[rcScore] = shuffle(s.cols[rcScore][:0], s.scores)
	s.cols[rcWorstLoss] = shuffle(s.cols[rcWorstLoss][:0], s.losses)
	g := binary.AppendUvarint(s.cols[rcGroups][:0], uint64(len(s.groupList)))
	for _, name := range s.groupList {
		g = appendString(g, name)
	}
	s.cols[rcGroups] = g
	rows := e.rows.b[:0]
	for _, c := range s.cols {
		rows = binary.AppendUvarint(rows, uint64(len(c)))
		rows = append(rows, c...)
	}
	e.rows.b = rows
	e.table.b = e.table.b[:0]
	e.deflate(&e.table, rows)
	table := e.table.b
	out := make([]byte, 0, len(table)+len(s.layouts)/6+64<<10)
	out = append(out, segmentMagic...)
	out = append(out, segmentVersion)
	out = binary.AppendUvarint(out, uint64(len(table)))
	out = append(out, table...)
	w := &appender{b: out}
	e.deflate(w, s.layouts)
	return w.b
}

// appender is an io.Writer appending to a slice.
type appender struct{ b []byte }

func (a *appender) Write(p []byte) (int, error) {
	a.b = append(a.b, p...)
	return len(p), nil
}

func deflate(b []byte) []byte {
	w := &appender{}
	zw, _ := flate.NewWriter(w, segmentLevel) // the level is valid
	zw.Write(b)
	zw.Close()
	return w.b
}

func inflate(b []byte, limit int64) ([]byte, error) {
	zr := flate.NewReader(bytes.NewReader(b))
	defer zr.Close()
	out, err := io.ReadAll(io.LimitReader(zr, limit+1))
	if err == nil && int64(len(out)) > limit {
		err = errors.New("inflates past its bound")
	}
	return out, err
}

// row is one case of a segment.
type row struct {
	dataset.CaseFigures
	// Warnings are the case's remarks.
	Warnings []string
	// layout is where the case's figures are in the segment's layouts.
	layout [2]int
}

// segment is a segment read: its rows, and the compressed layouts.
type segment struct {
	rows    []row
	layouts []byte // DEFLATE
}

var errSegment = errors.New("a segment of cases does not read")

// maxRows bounds what a segment's rows inflate to.
const maxRows = 1 << 30

// openSegment reads the rows of a segment of n cases.
func openSegment(b []byte, n int) (*segment, error) {
	if len(b) < 4 || string(b[:3]) != segmentMagic || b[3] != segmentVersion {
		return nil, errSegment
	}
	r := &indexReader{b: b[4:]}
	tableLen := r.uvarint()
	table := r.bytes(tableLen)
	if r.err != nil {
		return nil, errSegment
	}
	seg := &segment{layouts: r.b}
	cols, err := segmentColumns(table)
	if err != nil {
		return nil, err
	}
	var scores, losses []uint64
	if len(cols[rcScore].b)%8 != 0 || len(cols[rcWorstLoss].b)%8 != 0 {
		return nil, errSegment
	}
	scores = unshuffle(nil, cols[rcScore].b)
	losses = unshuffle(nil, cols[rcWorstLoss].b)
	cols[rcScore].b, cols[rcWorstLoss].b = nil, nil
	groups := make([]string, cols[rcGroups].count(1))
	for i := range groups {
		groups[i] = cols[rcGroups].string()
	}
	seg.rows = make([]row, n)
	var id, worst []byte
	at := 0
	for i := range seg.rows {
		x := &seg.rows[i]
		id = frontDecode(id, &cols[rcIDPrefix], &cols[rcIDSuffixLen], &cols[rcIDSuffix])
		x.ID = string(id)
		fl := cols[rcFlags].bytes(1)
		if len(fl) != 1 {
			return nil, errSegment
		}
		flags := fl[0]
		x.Status = dataset.CaseStatus(flags & 7)
		if flags&rowScore != 0 {
			var ok bool
			if x.Score, scores, ok = takeScore(flags, scores); !ok {
				return nil, errSegment
			}
			x.HasScore = true
		}
		if flags&rowGroup != 0 {
			g := cols[rcGroup].uvarint()
			if g >= uint64(len(groups)) {
				return nil, errSegment
			}
			x.Group, x.HasGroup = groups[g], true
		}
		if flags&rowWorst != 0 {
			worst = frontDecode(worst, &cols[rcWorstPrefix], &cols[rcWorstSuffixLen], &cols[rcWorstSuffix])
			if len(losses) == 0 {
				return nil, errSegment
			}
			x.Worst = &dataset.Worst{Path: string(worst), Loss: math.Float64frombits(losses[0])}
			losses = losses[1:]
		}
		readNotes(x, &cols[rcNotes], &cols[rcNoteText])
		size := cols[rcLayout].uvarint()
		if size > maxRows {
			return nil, errSegment
		}
		x.layout = [2]int{at, at + int(size)}
		at += int(size)
	}
	for i := range cols {
		if err := cols[i].end(); err != nil {
			return nil, fmt.Errorf("%w: column %d: %v", errSegment, i, err)
		}
	}
	if len(scores) > 0 || len(losses) > 0 {
		return nil, fmt.Errorf("%w: figures left over", errSegment)
	}
	return seg, nil
}

// takeScore returns a row's score by its flags: 1, 0, or the next of
// scores, which it returns without it; ok is false when there is none.
func takeScore(flags byte, scores []uint64) (score float64, rest []uint64, ok bool) {
	switch {
	case flags&rowScoreOne != 0:
		return 1, scores, true
	case flags&rowScoreZero != 0:
		return 0, scores, true
	case len(scores) == 0:
		return 0, scores, false
	default:
		return math.Float64frombits(scores[0]), scores[1:], true
	}
}

// segmentColumns inflates a segment's table of rows and splits it into
// its columns.
func segmentColumns(table []byte) (cols [rowColumns]indexReader, err error) {
	rows, err := inflate(table, maxRows)
	if err != nil {
		return cols, fmt.Errorf("%w: %v", errSegment, err)
	}
	tr := &indexReader{b: rows}
	for i := range cols {
		cols[i].b = tr.bytes(tr.uvarint())
	}
	if tr.end() != nil {
		return cols, errSegment
	}
	return cols, nil
}

// readNotes reads a row's repairs, warnings and error: their counts and
// whether it has an error from notes, their texts from text.
func readNotes(x *row, notes, text *indexReader) {
	nr, nw := notes.count(1), notes.count(1)
	var n dataset.CaseNotes
	for range nr {
		n.Repairs = append(n.Repairs, text.string())
	}
	for range nw {
		x.Warnings = append(x.Warnings, text.string())
	}
	if e := notes.bytes(1); len(e) == 1 && e[0] == 1 {
		n.Error = text.string()
	}
	if len(n.Repairs) > 0 || n.Error != "" {
		x.Notes = &n
	}
}

// frontDecode reads the next front-coded string of three columns into
// prev's storage.
func frontDecode(prev []byte, prefix, suffixLen, suffix *indexReader) []byte {
	p := prefix.uvarint()
	if p > uint64(len(prev)) {
		prefix.fail()
		return prev[:0]
	}
	return append(prev[:p], suffix.bytes(suffixLen.uvarint())...)
}

// caseLayoutAt inflates the segment's layouts up to the end of row i,
// and returns that case's layout.
func (seg *segment) caseLayoutAt(i int) ([]byte, error) {
	end := seg.rows[i].layout[1]
	zr := flate.NewReader(bytes.NewReader(seg.layouts))
	defer zr.Close()
	all := make([]byte, end)
	if _, err := io.ReadFull(zr, all); err != nil {
		return nil, fmt.Errorf("a case's figures are cut short: %w", err)
	}
	return all[seg.rows[i].layout[0]:], nil
}
