package history

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"time"
)

// Summaries are encoded in a block: a string table, then the runs, each a
// sequence of uvarints of string-table positions but for its id (uvarint
// length + bytes), time (varint unix nanoseconds) and score:
//
//	uvarint count + strings (the string table; its entry 0 is "" and is
//	not written) | uvarint count + runs
//
//	run: id time label tags(count, then each) source
//	     reference.path reference.sha256 output.path output.sha256
//	     weights.path weights.sha256 score metric
//
// In format 1 the score is a byte (1 if the run has one) then 8 bytes of
// float64 bits when it has; in format 2 it is a byte of flags (1: a
// score, 2: a checksum of the run's record) then the score's 8 bytes and
// the checksum's 4, each when flagged. Format 3 adds two flags, whose
// fields follow the metric:
//
//	4: the run's options and rules: uvarint count + options, then rules
//	   (the SHA-256 of the rules in force, "" for none)
//	8: the run was seen again: varint unix nanoseconds of the last time,
//	   then uvarint count (2 or more)
//
// Format 4 adds one, whose field follows those:
//
//	16: the run is of a dataset: uvarint number of its cases (1 or more)
//
// Paths, hashes, metrics, options and labels repeat from run to run, so
// the table keeps the index small: about 40 bytes a run.

const (
	sumScore    = 1 // the run has a score
	sumChecksum = 2 // the summary holds the checksum of the run's record
	sumConfig   = 4 // the summary holds the run's options and rules
	sumSeen     = 8 // the run was seen more than once
	sumDataset  = 16
)

// sumFlags are the flags each format knows.
var sumFlags = [...]byte{1: sumScore, 2: sumScore | sumChecksum, 3: sumScore | sumChecksum | sumConfig | sumSeen,
	4: sumScore | sumChecksum | sumConfig | sumSeen | sumDataset}

type stringTable struct {
	pos  map[string]uint64
	list []string
}

func (t *stringTable) add(s string) uint64 {
	if s == "" {
		return 0
	}
	if p, ok := t.pos[s]; ok {
		return p
	}
	t.list = append(t.list, s)
	p := uint64(len(t.list))
	t.pos[s] = p
	return p
}

// appendSummaries appends the block of runs in the given format (1 to 4).
func appendSummaries(b []byte, runs []Summary, format int) []byte {
	t := &stringTable{pos: map[string]uint64{}}
	var body []byte
	for i := range runs {
		r := &runs[i]
		body = appendString(body, r.ID)
		body = binary.AppendVarint(body, r.Time.UnixNano())
		body = binary.AppendUvarint(body, t.add(r.Label))
		body = binary.AppendUvarint(body, uint64(len(r.Tags)))
		for _, tag := range r.Tags {
			body = binary.AppendUvarint(body, t.add(tag))
		}
		body = binary.AppendUvarint(body, t.add(r.Source))
		for _, f := range [...]File{r.Reference, r.Output, r.Weights} {
			body = binary.AppendUvarint(body, t.add(f.Path))
			body = binary.AppendUvarint(body, t.add(f.SHA256))
		}
		var flags byte
		if r.HasScore {
			flags |= sumScore
		}
		if format >= 2 && r.hasSum {
			flags |= sumChecksum
		}
		if format >= 3 && r.hasConfig {
			flags |= sumConfig
		}
		if format >= 3 && r.Count > 1 {
			flags |= sumSeen
		}
		if format >= 4 && r.Cases > 0 {
			flags |= sumDataset
		}
		body = append(body, flags)
		if r.HasScore {
			body = binary.LittleEndian.AppendUint64(body, math.Float64bits(r.Score))
		}
		if flags&sumChecksum != 0 {
			body = binary.LittleEndian.AppendUint32(body, r.sum)
		}
		body = binary.AppendUvarint(body, t.add(r.Metric))
		if flags&sumConfig != 0 {
			body = binary.AppendUvarint(body, uint64(len(r.Options)))
			for _, o := range r.Options {
				body = binary.AppendUvarint(body, t.add(o))
			}
			body = binary.AppendUvarint(body, t.add(r.Rules))
		}
		if flags&sumSeen != 0 {
			body = binary.AppendVarint(body, r.LastSeen.UnixNano())
			body = binary.AppendUvarint(body, uint64(r.Count))
		}
		if flags&sumDataset != 0 {
			body = binary.AppendUvarint(body, uint64(r.Cases))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(t.list)))
	for _, s := range t.list {
		b = appendString(b, s)
	}
	b = binary.AppendUvarint(b, uint64(len(runs)))
	return append(b, body...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// readSummaries reads a block of runs in the given format, appending them
// to runs.
//
// Its strings are cut from one copy of the block: a few allocations per
// block rather than several per run.
func (r *indexReader) summaries(runs []Summary, format int) []Summary {
	if r.s == "" {
		r.s = string(r.b)
	}
	table := make([]string, r.count(1)+1)
	for i := 1; i < len(table); i++ {
		table[i] = r.string()
	}
	str := func() string {
		p := r.uvarint()
		if p >= uint64(len(table)) {
			r.fail()
			return ""
		}
		return table[p]
	}
	n := r.count(16)
	runs = slices.Grow(runs, n)[:len(runs)+n]
	var tags, options []string
	for i := len(runs) - n; i < len(runs); i++ {
		s := &runs[i]
		s.ID = r.string()
		s.Time = time.Unix(0, r.varint())
		s.Label = str()
		if n := r.count(1); n > 0 {
			start := len(tags)
			for range n {
				tags = append(tags, str())
			}
			s.Tags = tags[start:len(tags):len(tags)]
		}
		s.Source = str()
		for _, f := range [...]*File{&s.Reference, &s.Output, &s.Weights} {
			f.Path = str()
			f.SHA256 = str()
		}
		var flags byte
		if b := r.bytes(1); len(b) == 1 {
			flags = b[0]
		}
		if format < 1 || format >= len(sumFlags) || flags&^sumFlags[format] != 0 {
			r.fail()
		}
		r.scoreAndSum(s, flags)
		s.Metric = str()
		if flags&sumConfig != 0 {
			s.hasConfig = true
			if n := r.count(1); n > 0 {
				start := len(options)
				for range n {
					options = append(options, str())
				}
				s.Options = options[start:len(options):len(options)]
			}
			s.Rules = str()
		}
		r.seenAndCases(s, flags)
		if r.err != nil {
			return runs[:i]
		}
	}
	return runs
}

// scoreAndSum reads the score and the checksum of a summary, when its
// flags say they are there.
func (r *indexReader) scoreAndSum(s *Summary, flags byte) {
	if flags&sumScore != 0 {
		s.HasScore = true
		if v := r.bytes(8); v != nil {
			s.Score = math.Float64frombits(binary.LittleEndian.Uint64(v))
		}
	}
	if flags&sumChecksum != 0 {
		s.hasSum = true
		if v := r.bytes(4); v != nil {
			s.sum = binary.LittleEndian.Uint32(v)
		}
	}
}

// seenAndCases reads when a summary's run was last seen and how often,
// and its dataset's cases, when its flags say they are there.
func (r *indexReader) seenAndCases(s *Summary, flags byte) {
	s.Count, s.LastSeen = 1, s.Time
	if flags&sumSeen != 0 {
		s.LastSeen = time.Unix(0, r.varint())
		if c := r.uvarint(); c >= 2 && c <= math.MaxInt32 {
			s.Count = int(c)
		} else {
			r.fail()
		}
	}
	if flags&sumDataset != 0 {
		if c := r.uvarint(); c >= 1 && c <= math.MaxInt32 {
			s.Cases = int(c)
		} else {
			r.fail()
		}
	}
}

var errIndexShort = errors.New("truncated")

// indexReader reads the index encoding, remembering the first error.
type indexReader struct {
	b   []byte
	err error
	// s, when set, is a copy of what b was at the start: strings are
	// cut from it.
	s string
}

func (r *indexReader) uvarint() uint64 {
	v, k := binary.Uvarint(r.b)
	if k <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[k:]
	return v
}

func (r *indexReader) varint() int64 {
	v, k := binary.Varint(r.b)
	if k <= 0 {
		r.fail()
		return 0
	}
	r.b = r.b[k:]
	return v
}

func (r *indexReader) bytes(n uint64) []byte {
	if uint64(len(r.b)) < n {
		r.fail()
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *indexReader) string() string {
	n := r.uvarint()
	if r.s == "" {
		return string(r.bytes(n))
	}
	at := len(r.s) - len(r.b)
	if r.bytes(n) == nil {
		return ""
	}
	return r.s[at : at+int(n)]
}

// count reads a count of items of at least min bytes each.
func (r *indexReader) count(min int) int {
	n := r.uvarint()
	if n > uint64(len(r.b)/min) {
		r.fail()
		return 0
	}
	return int(n)
}

func (r *indexReader) fail() {
	if r.err == nil {
		r.err = errIndexShort
	}
	r.b = nil
}

// end checks that the whole encoding was read.
func (r *indexReader) end() error {
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("trailing bytes")
	}
	return r.err
}

// The index of the first stores (format 1) is one value under the key
// "index":
//
//	"JTI" 1 | uvarint count + journal ids | a block of runs in format 1
//
// with the journal (ids whose run key may exist without a summary, left
// by a writer that died) between the string table and the runs. It is
// read to move such a store to the chunked index (see chunks.go), which
// then leaves there a header alone, so that an older jsontui refuses the
// store instead of taking it for an empty one: "JTI" 2 for chunks of
// format 2, "JTI" 3 since chunks of format 3 and pairs' pointers (see
// pairs.go), "JTI" 4 since chunks of format 4 and dataset runs (see
// dataset.go). A store marked 2 or 3 is read as well; its first write
// marks it 4.
const (
	indexKey      = "index"
	indexMagic    = "JTI"
	markerVersion = 4
)

// oldIndex is an index of format 1.
type oldIndex struct {
	runs    []Summary // sorted by id
	journal []string
}

// encodeOldIndex encodes x in format 1 (for tests: stores of that format
// are only read).
func encodeOldIndex(x *oldIndex) []byte {
	block := appendSummaries(nil, x.runs, 1)
	r := &indexReader{b: block}
	table := r.count(1)
	for i := 0; i < table; i++ {
		r.string()
	}
	b := append([]byte(indexMagic), 1)
	b = append(b, block[:len(block)-len(r.b)]...)
	b = binary.AppendUvarint(b, uint64(len(x.journal)))
	for _, id := range x.journal {
		b = appendString(b, id)
	}
	return append(b, r.b...)
}

// decodeOldIndex decodes an index of format 1; x is nil, with no error,
// for the header of format 2.
func decodeOldIndex(b []byte) (*oldIndex, error) {
	if len(b) < 4 || string(b[:3]) != indexMagic {
		return nil, errors.New("bad header")
	}
	switch {
	case b[3] >= 2 && b[3] <= markerVersion && len(b) == 4:
		return nil, nil
	case b[3] > markerVersion:
		return nil, fmt.Errorf("index format %d is newer than this jsontui reads (%d)", b[3], markerVersion)
	case b[3] != 1:
		return nil, fmt.Errorf("bad index format %d", b[3])
	}
	// The journal sits inside the block, after its string table.
	r := &indexReader{b: b[4:]}
	tableStart := r.b
	for n := r.count(1); n > 0; n-- {
		r.string()
	}
	table := tableStart[:len(tableStart)-len(r.b)]
	x := &oldIndex{journal: make([]string, r.count(1))}
	for i := range x.journal {
		x.journal[i] = r.string()
	}
	if r.err != nil {
		return nil, r.err
	}
	rest := &indexReader{b: append(append([]byte(nil), table...), r.b...)}
	x.runs = rest.summaries(nil, 1)
	if err := rest.end(); err != nil {
		return nil, err
	}
	return x, nil
}
