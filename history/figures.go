package history

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"iter"
	"math"
	"strings"

	"github.com/jsontui/jsontui/scoring/report"
)

// The per-node figures of a run are stored as one blob:
//
//	"JTF" version(1 byte) | uvarint node count | CRC-32 (IEEE, little endian)
//	of the rest | DEFLATE stream of blocks
//
// A block holds up to blockNodes nodes, column by column; each column is
// written as uvarint length + bytes:
//
//	0 common prefix length with the previous path (uvarints)
//	1 suffix length (uvarints)        2 suffix bytes
//	3 depth − previous depth (zigzag varints)
//	4 flags (1 byte per node)         5 kind, 6 status (1 byte per node)
//	7 strings: explicit labels, kinds and statuses (uvarint length + bytes)
//	8 score (nodes with a score), 9 weight, 10 factor (nodes with a factor),
//	11 share, 12 loss (nodes whose loss is not share·(1−score)):
//	float64 bits, byte-shuffled (all first bytes, then all second bytes…)
//
// A block of 0 nodes ends the stream. Blocks bound the memory that encoding
// and decoding need, whatever the run's size.
const (
	figuresMagic   = "JTF"
	figuresVersion = 1
	blockNodes     = 1 << 15
	numColumns     = 13
	// figuresLevel trades size for speed: on a generated 1M-node run,
	// level 4 makes 2.8 bytes a node in 0.5 s, level 6 (the default) 2.7
	// in 1.2 s, level 1 3.0 in 0.3 s.
	figuresLevel = 4
)

const (
	flagScore         = 1 << iota // HasScore
	flagFactor                    // HasFactor
	flagExplicitLabel             // the label is not the path's last step
	flagExplicitLoss              // the loss is not share·(1−score)
)

const (
	colPrefix = iota
	colSuffixLen
	colSuffix
	colDepth
	colFlags
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
	kinds    = []string{"object", "array", "string", "number", "boolean", "null"}
	statuses = []string{"match", "partial", "mismatch", "missing", "extra", "type", "ignored"}
)

func enumOf(table []string, s string) byte {
	for i, t := range table {
		if t == s {
			return byte(i + 1)
		}
	}
	return 0
}

// figuresEncoder writes nodes block by block into a DEFLATE stream.
type figuresEncoder struct {
	out       bytes.Buffer
	zw        *flate.Writer
	count     int
	inBlock   int
	prevPath  string
	prevDepth int
	cols      [numColumns][]byte
	floats    [numColumns][]uint64 // for the float columns
	scratch   []byte
}

// encodeFigures encodes nodes into a blob; nil nodes gives nil.
func encodeFigures(nodes iter.Seq[*report.Node]) []byte {
	if nodes == nil {
		return nil
	}
	e := &figuresEncoder{}
	e.zw, _ = flate.NewWriter(&e.out, figuresLevel) // the level is valid
	for n := range nodes {
		e.add(n)
	}
	e.flush()
	e.zw.Write([]byte{0}) // the end block: bytes.Buffer writes cannot fail
	e.zw.Close()

	head := make([]byte, 0, 4+binary.MaxVarintLen64+4+e.out.Len())
	head = append(head, figuresMagic...)
	head = append(head, figuresVersion)
	head = binary.AppendUvarint(head, uint64(e.count))
	head = binary.LittleEndian.AppendUint32(head, crc32.ChecksumIEEE(e.out.Bytes()))
	return append(head, e.out.Bytes()...)
}

func (e *figuresEncoder) add(n *report.Node) {
	c := &e.cols
	p := commonPrefix(e.prevPath, n.Path)
	c[colPrefix] = binary.AppendUvarint(c[colPrefix], uint64(p))
	c[colSuffixLen] = binary.AppendUvarint(c[colSuffixLen], uint64(len(n.Path)-p))
	c[colSuffix] = append(c[colSuffix], n.Path[p:]...)
	c[colDepth] = binary.AppendVarint(c[colDepth], int64(n.Depth-e.prevDepth))
	e.prevPath, e.prevDepth = n.Path, n.Depth

	var flags byte
	if n.HasScore {
		flags |= flagScore
		e.floats[colScore] = append(e.floats[colScore], math.Float64bits(n.Score))
	}
	if n.HasFactor {
		flags |= flagFactor
		e.floats[colFactor] = append(e.floats[colFactor], math.Float64bits(n.Factor))
	}
	if l, ok := pathLabel(n.Path); !ok || l != n.Label {
		flags |= flagExplicitLabel
		e.addString(n.Label)
	}
	if math.Float64bits(n.Loss) != math.Float64bits(derivedLoss(n.HasScore, n.Score, n.Share)) {
		flags |= flagExplicitLoss
		e.floats[colLoss] = append(e.floats[colLoss], math.Float64bits(n.Loss))
	}
	c[colFlags] = append(c[colFlags], flags)
	kind, status := enumOf(kinds, n.Kind), enumOf(statuses, n.Status)
	c[colKind] = append(c[colKind], kind)
	c[colStatus] = append(c[colStatus], status)
	if kind == 0 {
		e.addString(n.Kind)
	}
	if status == 0 {
		e.addString(n.Status)
	}
	e.floats[colWeight] = append(e.floats[colWeight], math.Float64bits(n.Weight))
	e.floats[colShare] = append(e.floats[colShare], math.Float64bits(n.Share))

	e.count++
	if e.inBlock++; e.inBlock == blockNodes {
		e.flush()
	}
}

func (e *figuresEncoder) addString(s string) {
	e.cols[colStrings] = binary.AppendUvarint(e.cols[colStrings], uint64(len(s)))
	e.cols[colStrings] = append(e.cols[colStrings], s...)
}

// flush writes the current block, if any.
func (e *figuresEncoder) flush() {
	if e.inBlock == 0 {
		return
	}
	e.scratch = binary.AppendUvarint(e.scratch[:0], uint64(e.inBlock))
	e.zw.Write(e.scratch)
	for i := range e.cols {
		col := e.cols[i]
		if i >= colScore {
			col = shuffle(col[:0], e.floats[i])
		}
		e.scratch = binary.AppendUvarint(e.scratch[:0], uint64(len(col)))
		e.zw.Write(e.scratch)
		e.zw.Write(col)
		e.cols[i] = col[:0]
		e.floats[i] = e.floats[i][:0]
	}
	e.inBlock = 0
}

// shuffle appends the bytes of vs to dst, byte plane by byte plane: the
// first (most significant) bytes of every value, then the second bytes…
// Values that repeat or share an exponent then compress well.
func shuffle(dst []byte, vs []uint64) []byte {
	k := len(vs)
	dst = append(dst, make([]byte, 8*k)...)
	for i, v := range vs {
		for j := 0; j < 8; j++ {
			dst[j*k+i] = byte(v >> (56 - 8*j))
		}
	}
	return dst
}

func unshuffle(dst []uint64, b []byte) []uint64 {
	k := len(b) / 8
	dst = append(dst[:0], make([]uint64, k)...)
	for j := 0; j < 8; j++ {
		plane := b[j*k : (j+1)*k]
		for i, c := range plane {
			dst[i] |= uint64(c) << (56 - 8*j)
		}
	}
	return dst
}

func commonPrefix(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

func derivedLoss(has bool, score, share float64) float64 {
	if !has {
		return 0
	}
	return share * (1 - score)
}

// pathLabel returns the label the tree shows for the last step of a
// jq-style path: "." for the root, the key, or "[i]"; ok is false when the
// path does not end in a step it can read.
func pathLabel(path string) (label string, ok bool) {
	if path == "." {
		return ".", true
	}
	if !strings.HasSuffix(path, "]") {
		i := strings.LastIndexByte(path, '.')
		if i < 0 {
			return "", false
		}
		return path[i+1:], true
	}
	if i := strings.LastIndexByte(path, '['); i >= 0 && isDigits(path[i+1:len(path)-1]) {
		return path[i:], true
	}
	for i := strings.LastIndex(path, `["`); i >= 0; i = strings.LastIndex(path[:i], `["`) {
		var s string
		if json.Unmarshal([]byte(path[i+1:len(path)-1]), &s) == nil {
			return s, true
		}
	}
	return "", false
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
