package history

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sort"
	"time"
)

// index is the store's table of contents, kept under one key so that
// listing never reads a run.
type index struct {
	// runs holds the summaries of the committed runs, sorted by id (so by
	// time).
	runs []Summary
	// journal lists ids whose run key may exist without a summary: a
	// writer adds the id before writing the run and removes it when it
	// adds the summary. Ids left here by a writer that died are cleaned
	// up by the next one.
	journal []string
}

// find returns the position of id in x.runs, or where it would go.
func (x *index) find(id string) (int, bool) {
	i := sort.Search(len(x.runs), func(i int) bool { return x.runs[i].ID >= id })
	return i, i < len(x.runs) && x.runs[i].ID == id
}

func (x *index) insert(s Summary) {
	i, _ := x.find(s.ID)
	x.runs = append(x.runs, Summary{})
	copy(x.runs[i+1:], x.runs[i:])
	x.runs[i] = s
}

func (x *index) unjournal(id string) {
	for i, j := range x.journal {
		if j == id {
			x.journal = append(x.journal[:i], x.journal[i+1:]...)
			return
		}
	}
}

// The index is encoded as
//
//	"JTI" version(1 byte) | uvarint count + strings (the string table; its
//	entry 0 is "" and is not written) | uvarint count + journal ids |
//	uvarint count + runs
//
// and a run as uvarints of string-table positions, but for its id
// (uvarint length + bytes), time (varint unix nanoseconds) and score (a
// byte: 1 if it has one, then 8 bytes of float64 bits):
//
//	id time label tags(count, then each) source
//	reference.path reference.sha256 output.path output.sha256
//	weights.path weights.sha256 score metric
//
// Paths, hashes, metrics and labels repeat from run to run, so the table
// keeps the index small: about 40 bytes a run.
const (
	indexMagic   = "JTI"
	indexVersion = 1
)

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

func encodeIndex(x *index) []byte {
	t := &stringTable{pos: map[string]uint64{}}
	var body []byte
	for i := range x.runs {
		r := &x.runs[i]
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
		if r.HasScore {
			body = append(body, 1)
			body = binary.LittleEndian.AppendUint64(body, math.Float64bits(r.Score))
		} else {
			body = append(body, 0)
		}
		body = binary.AppendUvarint(body, t.add(r.Metric))
	}

	b := append([]byte(indexMagic), indexVersion)
	b = binary.AppendUvarint(b, uint64(len(t.list)))
	for _, s := range t.list {
		b = appendString(b, s)
	}
	b = binary.AppendUvarint(b, uint64(len(x.journal)))
	for _, id := range x.journal {
		b = appendString(b, id)
	}
	b = binary.AppendUvarint(b, uint64(len(x.runs)))
	return append(b, body...)
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

var errIndexShort = errors.New("index: truncated")

// indexReader reads the index encoding, remembering the first error.
type indexReader struct {
	b   []byte
	err error
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

func (r *indexReader) string() string { return string(r.bytes(r.uvarint())) }

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

func decodeIndex(b []byte) (*index, error) {
	if len(b) < 4 || string(b[:3]) != indexMagic {
		return nil, errors.New("index: bad header")
	}
	if b[3] > indexVersion {
		return nil, fmt.Errorf("index format %d is newer than this jsontui reads (%d)", b[3], indexVersion)
	}
	r := &indexReader{b: b[4:]}
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
	x := &index{journal: make([]string, r.count(1))}
	for i := range x.journal {
		x.journal[i] = r.string()
	}
	x.runs = make([]Summary, r.count(16))
	for i := range x.runs {
		s := &x.runs[i]
		s.ID = r.string()
		s.Time = time.Unix(0, r.varint())
		s.Label = str()
		if n := r.count(1); n > 0 {
			s.Tags = make([]string, n)
			for j := range s.Tags {
				s.Tags[j] = str()
			}
		}
		s.Source = str()
		for _, f := range [...]*File{&s.Reference, &s.Output, &s.Weights} {
			f.Path = str()
			f.SHA256 = str()
		}
		if has := r.bytes(1); len(has) == 1 && has[0] == 1 {
			s.HasScore = true
			if v := r.bytes(8); v != nil {
				s.Score = math.Float64frombits(binary.LittleEndian.Uint64(v))
			}
		}
		s.Metric = str()
		if r.err != nil {
			break
		}
	}
	if r.err == nil && len(r.b) != 0 {
		r.err = errors.New("index: trailing bytes")
	}
	if r.err != nil {
		return nil, r.err
	}
	return x, nil
}
