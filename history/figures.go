package history

import (
	"encoding/binary"
	"hash/crc32"
	"iter"
	"math"
	"slices"
	"sync"

	"github.com/klauspost/compress/flate"

	"github.com/jsontui/jsontui/scoring/report"
)

// The per-node figures of a run are stored as one blob:
//
//	"JTF" version(1 byte) | uvarint node count | CRC-32 (IEEE, little endian)
//	of the rest | parts
//
// The nodes come in one or more parts, one after the other, encoded each
// on its own (on a goroutine of its own when the report can be walked in
// parts). In version 2 a part is a uvarint length and a DEFLATE stream of
// blocks; version 1 blobs hold a single DEFLATE stream with no length.
//
// A block holds up to blockNodes nodes (readers take up to maxBlockNodes),
// column by column; each column is
// written as uvarint length + bytes:
//
//	0 common prefix length with the previous path (uvarints)
//	1 suffix length (uvarints)        2 suffix bytes
//	3 depth − previous depth (zigzag varints)
//	4 flags, 5 more flags (1 byte per node each)
//	6 kind, 7 status (1 byte per node)
//	8 strings: explicit labels, kinds and statuses (uvarint length + bytes)
//	9 score, 10 weight, 11 factor, 12 share, 13 loss: float64 bits,
//	byte-shuffled (all first bytes, then all second bytes…), only for the
//	nodes whose flags do not already give the value: scores and weights
//	of 0 or 1, factors of 1, a share equal to that of the previous node at
//	the same depth (siblings of equal weight), a loss of share·(1−score).
//
// A block of 0 nodes ends the stream. Blocks bound the memory that encoding
// and decoding need, whatever the run's size.
const (
	figuresMagic   = "JTF"
	figuresVersion = 2
	blockNodes     = 1 << 14
	// maxBlockNodes is the largest block a reader takes: the most any
	// jsontui wrote (32K nodes until blocks went to 16K).
	maxBlockNodes = 1 << 15
	numColumns    = 14
	// figuresLevel trades size for speed. The flags leave little for
	// DEFLATE to find, so its fastest level loses almost nothing.
	figuresLevel = flate.BestSpeed
)

const (
	flagScore         = 1 << iota // HasScore
	flagFactor                    // HasFactor
	flagExplicitLabel             // the label is not the path's last step
	flagExplicitLoss              // the loss is not share·(1−score)
	flagScoreOne                  // the score is 1 (not stored)
	flagScoreZero                 // the score is 0 (not stored)
	flagWeightOne                 // the weight is 1 (not stored)
	flagWeightZero                // the weight is 0 (not stored)
)

// The second flags byte.
const (
	flag2FactorOne = 1 << iota // the factor is 1 (not stored)
	flag2ShareSame             // the share equals the previous one at this depth
)

const (
	colPrefix = iota
	colSuffixLen
	colSuffix
	colDepth
	colFlags
	colFlags2
	colKind
	colStatus
	colStrings
	colScore
	colWeight
	colFactor
	colShare
	colLoss
)

// Known kinds and statuses are stored as their index + 1; 0 means the
// string follows in the strings column.
var (
	kinds    = []string{"object", "array", "string", "number", "bool", "null"}
	statuses = []string{"match", "partial", "mismatch", "missing", "extra", "type", "ignored"}
)

// figuresEncoder writes nodes block by block into a DEFLATE stream. It
// lays out each block's columns in the caller's goroutine and compresses
// the blocks in another, so that on two cores walking the tree and
// compressing overlap.
type figuresEncoder struct {
	count     int
	inBlock   int
	prevPath  []byte
	prevDepth int
	lastShare []uint64 // by depth: the share bits of the last node there
	cols      [numColumns][]byte
	floats    [numColumns][]uint64 // for the float columns
	blocks    chan []byte          // laid-out blocks to compress
	free      chan []byte          // block buffers to reuse
}

// encodeFigures encodes the nodes of parts (walked one after the other,
// each on a goroutine of its own) into a blob; no parts gives nil.
func encodeFigures(parts ...iter.Seq[*report.Node]) []byte {
	return encodeFigureParts(parts...).blob()
}

// encodedFigures are the compressed parts of a blob of figures, before
// they are laid end to end: a run is prepared while the report is printed,
// and written once the tree is gone (see Prepare), so the blob is only
// put together then, rather than copied beside its parts while the tree
// still holds its memory.
type encodedFigures struct {
	parts  []*chunks
	counts []int
}

// count returns the number of nodes encoded.
func (f *encodedFigures) count() int {
	if f == nil {
		return 0
	}
	n := 0
	for _, c := range f.counts {
		n += c
	}
	return n
}

// encodeFigureParts encodes the nodes of parts (walked one after the
// other, each on a goroutine of its own); no parts gives nil.
func encodeFigureParts(parts ...iter.Seq[*report.Node]) *encodedFigures {
	parts = slices.DeleteFunc(parts, func(p iter.Seq[*report.Node]) bool { return p == nil })
	if len(parts) == 0 {
		return nil
	}
	encoded := make([]*chunks, len(parts))
	counts := make([]int, len(parts))
	var wg sync.WaitGroup
	for i, p := range parts {
		if i == len(parts)-1 {
			encoded[i], counts[i] = encodePart(p)
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			encoded[i], counts[i] = encodePart(p)
		}()
	}
	wg.Wait()
	return &encodedFigures{parts: encoded, counts: counts}
}

// blob lays the parts end to end as the blob of figures; nil gives nil.
func (f *encodedFigures) blob() []byte {
	if f == nil {
		return nil
	}
	encoded, counts := f.parts, f.counts
	size, count := 0, 0
	for i := range encoded {
		size += binary.MaxVarintLen64 + encoded[i].n
		count += counts[i]
	}
	// One allocation for the blob: the head, whose checksum is filled in
	// last, then each part's length and bytes.
	blob := make([]byte, 0, len(figuresMagic)+1+binary.MaxVarintLen64+4+size)
	blob = append(blob, figuresMagic...)
	blob = append(blob, figuresVersion)
	blob = binary.AppendUvarint(blob, uint64(count))
	sum := len(blob)
	blob = append(blob, 0, 0, 0, 0)
	for _, e := range encoded {
		blob = binary.AppendUvarint(blob, uint64(e.n))
		for _, c := range e.list {
			blob = append(blob, c...)
		}
	}
	binary.LittleEndian.PutUint32(blob[sum:], crc32.ChecksumIEEE(blob[sum+4:]))
	return blob
}

// chunks collects what is written in pieces of a fixed size: unlike a
// growing buffer, it copies nothing and leaves no garbage behind.
type chunks struct {
	list [][]byte
	n    int // bytes written
}

const chunkSize = 64 << 10

func (c *chunks) Write(p []byte) (int, error) {
	n := len(p)
	c.n += n
	for len(p) > 0 {
		if len(c.list) == 0 || len(c.list[len(c.list)-1]) == chunkSize {
			c.list = append(c.list, make([]byte, 0, chunkSize))
		}
		last := &c.list[len(c.list)-1]
		k := min(len(p), chunkSize-len(*last))
		*last = append(*last, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// encodePart encodes the nodes of one part as a DEFLATE stream of blocks,
// laying out the blocks in this goroutine and compressing them in another.
func encodePart(nodes iter.Seq[*report.Node]) (*chunks, int) {
	e := &figuresEncoder{blocks: make(chan []byte, 1), free: make(chan []byte, 2)}
	e.free <- nil
	e.free <- nil
	out := &chunks{}
	done := make(chan struct{})
	go func() {
		defer close(done)
		zw, _ := flate.NewWriter(out, figuresLevel) // the level is valid
		for b := range e.blocks {
			zw.Write(b) // chunks writes cannot fail
			e.free <- b[:0]
		}
		zw.Write([]byte{0}) // the end block
		zw.Close()
	}()
	for n := range nodes {
		e.add(n)
		if e.inBlock == blockNodes {
			e.flush()
		}
	}
	e.flush()
	close(e.blocks)
	<-done
	return out, e.count
}

// add adds a node to the current block; the caller lays the block out
// once it holds blockNodes nodes.
func (e *figuresEncoder) add(n *report.Node) {
	c := &e.cols
	p := commonPrefix(e.prevPath, n.Path)
	c[colPrefix] = binary.AppendUvarint(c[colPrefix], uint64(p))
	c[colSuffixLen] = binary.AppendUvarint(c[colSuffixLen], uint64(len(n.Path)-p))
	c[colSuffix] = append(c[colSuffix], n.Path[p:]...)
	c[colDepth] = binary.AppendVarint(c[colDepth], int64(n.Depth-e.prevDepth))
	e.prevPath, e.prevDepth = append(e.prevPath[:p], n.Path[p:]...), n.Depth

	var flags, flags2 byte
	if n.HasScore {
		flags |= flagScore
		switch bits := math.Float64bits(n.Score); bits {
		case math.Float64bits(1):
			flags |= flagScoreOne
		case 0:
			flags |= flagScoreZero
		default:
			e.floats[colScore] = append(e.floats[colScore], bits)
		}
	}
	if n.HasFactor {
		flags |= flagFactor
		if bits := math.Float64bits(n.Factor); bits == math.Float64bits(1) {
			flags2 |= flag2FactorOne
		} else {
			e.floats[colFactor] = append(e.floats[colFactor], bits)
		}
	}
	switch bits := math.Float64bits(n.Weight); bits {
	case math.Float64bits(1):
		flags |= flagWeightOne
	case 0:
		flags |= flagWeightZero
	default:
		e.floats[colWeight] = append(e.floats[colWeight], bits)
	}
	bits := math.Float64bits(n.Share)
	if shareDepthOK(n.Depth) {
		for len(e.lastShare) <= n.Depth {
			e.lastShare = append(e.lastShare, math.MaxUint64)
		}
		if bits == e.lastShare[n.Depth] {
			flags2 |= flag2ShareSame
		}
		e.lastShare[n.Depth] = bits
	}
	if flags2&flag2ShareSame == 0 {
		e.floats[colShare] = append(e.floats[colShare], bits)
	}
	if !impliedLabel(n.Path, n.Label) {
		flags |= flagExplicitLabel
		e.addString(n.Label)
	}
	if math.Float64bits(n.Loss) != math.Float64bits(derivedLoss(n.HasScore, n.Score, n.Share)) {
		flags |= flagExplicitLoss
		e.floats[colLoss] = append(e.floats[colLoss], math.Float64bits(n.Loss))
	}
	c[colFlags2] = append(c[colFlags2], flags2)
	c[colFlags] = append(c[colFlags], flags)
	kind, status := kindCode(n.Kind), statusCode(n.Status)
	c[colKind] = append(c[colKind], kind)
	c[colStatus] = append(c[colStatus], status)
	if kind == 0 {
		e.addString(n.Kind)
	}
	if status == 0 {
		e.addString(n.Status)
	}
	e.count++
	e.inBlock++
}

// shareDepthOK reports whether shares at depth are predicted from the
// previous node at that depth (not for odd depths a report should not have).
func shareDepthOK(depth int) bool { return depth >= 0 && depth < 1<<16 }

func (e *figuresEncoder) addString(s string) {
	e.cols[colStrings] = binary.AppendUvarint(e.cols[colStrings], uint64(len(s)))
	e.cols[colStrings] = append(e.cols[colStrings], s...)
}

// flush lays out the current block, if any, and hands it to the
// compressing goroutine.
func (e *figuresEncoder) flush() {
	if e.inBlock == 0 {
		return
	}
	e.blocks <- e.layout(<-e.free)
}

// layout appends the current block (its node count, then each column as
// a uvarint length and its bytes, the float columns shuffled) to b, and
// empties the columns for the next block.
func (e *figuresEncoder) layout(b []byte) []byte {
	need := binary.MaxVarintLen64 * (1 + len(e.cols))
	for i := range e.cols {
		need += len(e.cols[i]) + 8*len(e.floats[i])
	}
	b = slices.Grow(b, need) // grown once, not by steps
	b = binary.AppendUvarint(b, uint64(e.inBlock))
	for i := range e.cols {
		col := e.cols[i]
		if i >= colScore {
			col = shuffle(col[:0], e.floats[i])
		}
		b = binary.AppendUvarint(b, uint64(len(col)))
		b = append(b, col...)
		e.cols[i] = col[:0]
		e.floats[i] = e.floats[i][:0]
	}
	e.inBlock = 0
	return b
}

// restart makes the next node the first of a stream: its path, depth and
// share are not predicted from the nodes before it (a dataset's case
// starts so; see casefigures.go).
func (e *figuresEncoder) restart() {
	e.prevPath, e.prevDepth, e.lastShare = e.prevPath[:0], 0, e.lastShare[:0]
}

func derivedLoss(has bool, score, share float64) float64 {
	if !has {
		return 0
	}
	return share * (1 - score)
}
