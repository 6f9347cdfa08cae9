package history

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"iter"
	"math"

	"github.com/jsontui/jsontui/scoring/report"
)

// checkFigures verifies a blob's header and checksum, and returns its node
// count.
func checkFigures(blob []byte) (int, error) {
	if len(blob) == 0 {
		return 0, nil
	}
	if len(blob) < 4 || string(blob[:3]) != figuresMagic {
		return 0, errors.New("figures: bad header")
	}
	if blob[3] > figuresVersion {
		return 0, fmt.Errorf("figures: format %d is newer than this jsontui reads (%d)", blob[3], figuresVersion)
	}
	count, k := binary.Uvarint(blob[4:])
	if k <= 0 || len(blob) < 4+k+4 {
		return 0, errors.New("figures: bad header")
	}
	rest := blob[4+k:]
	if binary.LittleEndian.Uint32(rest) != crc32.ChecksumIEEE(rest[4:]) {
		return 0, errors.New("figures: checksum mismatch")
	}
	return int(count), nil
}

// decodeFigures returns an iterator over the nodes of a blob that passed
// checkFigures. A blob that passed the checksum yet does not decode can
// only come from a bug, so decoding panics with an error naming the run.
func decodeFigures(blob []byte, id string) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		if len(blob) == 0 {
			return
		}
		_, k := binary.Uvarint(blob[4:])
		rest := blob[4+k+4:]
		for len(rest) > 0 {
			part := rest
			if blob[3] >= 2 {
				size, k := binary.Uvarint(rest)
				if k <= 0 || size > uint64(len(rest)-k) {
					panic(fmt.Errorf("history: run %s: figures do not decode: bad part length", id))
				}
				part, rest = rest[k:k+int(size)], rest[k+int(size):]
			} else {
				rest = nil // version 1: one stream
			}
			if !decodePart(part, id, yield) {
				return
			}
		}
	}
}

// decodePart yields the nodes of one part; false when yield asked to stop.
func decodePart(part []byte, id string, yield func(*report.Node) bool) bool {
	zr := flate.NewReader(bytes.NewReader(part))
	defer zr.Close()
	d := &figuresDecoder{r: bufio.NewReaderSize(zr, 64<<10)}
	for {
		n, err := d.block()
		if err != nil {
			panic(fmt.Errorf("history: run %s: figures do not decode: %w", id, err))
		}
		if n == 0 {
			return true
		}
		for i := 0; i < n; i++ {
			node, err := d.node()
			if err != nil {
				panic(fmt.Errorf("history: run %s: figures do not decode: node %d: %w", id, i, err))
			}
			if !yield(node) {
				return false
			}
		}
	}
}

// figuresDecoder reads blocks and hands out their nodes one by one.
type figuresDecoder struct {
	r      blockReader
	cols   [numColumns][]byte
	floats [numColumns][]uint64
	pos    [numColumns]int // read offset in cols, or index in floats
	path   []byte
	depth  int
	shares []float64 // by depth: the share of the last node there
	cur    report.Node
}

// blockReader is what blocks are read from: a bufio.Reader over a DEFLATE
// stream, or a bytes.Reader over blocks in memory.
type blockReader interface {
	io.Reader
	io.ByteReader
}

// block reads the next block and returns its node count (0 at the end).
func (d *figuresDecoder) block() (int, error) {
	n, err := binary.ReadUvarint(d.r)
	if err != nil || n == 0 {
		return 0, err
	}
	if n > maxBlockNodes {
		return 0, fmt.Errorf("block of %d nodes", n)
	}
	for i := range d.cols {
		size, err := binary.ReadUvarint(d.r)
		if err != nil {
			return 0, err
		}
		if size > 1<<30 {
			return 0, fmt.Errorf("column %d of %d bytes", i, size)
		}
		if cap(d.cols[i]) < int(size) {
			d.cols[i] = make([]byte, size)
		}
		d.cols[i] = d.cols[i][:size]
		if _, err := io.ReadFull(d.r, d.cols[i]); err != nil {
			return 0, err
		}
		if i >= colScore {
			if size%8 != 0 {
				return 0, fmt.Errorf("column %d of %d bytes", i, size)
			}
			d.floats[i] = unshuffle(d.floats[i], d.cols[i])
		}
		d.pos[i] = 0
	}
	return int(n), nil
}

var errShort = errors.New("column too short")

func (d *figuresDecoder) uvarint(col int) (uint64, error) {
	v, k := binary.Uvarint(d.cols[col][d.pos[col]:])
	if k <= 0 {
		return 0, errShort
	}
	d.pos[col] += k
	return v, nil
}

func (d *figuresDecoder) bytes(col, n int) ([]byte, error) {
	b := d.cols[col][d.pos[col]:]
	if n < 0 || len(b) < n {
		return nil, errShort
	}
	d.pos[col] += n
	return b[:n], nil
}

func (d *figuresDecoder) float(col int) (float64, error) {
	i := d.pos[col]
	if i >= len(d.floats[col]) {
		return 0, errShort
	}
	d.pos[col]++
	return math.Float64frombits(d.floats[col][i]), nil
}

func (d *figuresDecoder) str() (string, error) {
	n, err := d.uvarint(colStrings)
	if err != nil || n > math.MaxInt32 {
		return "", errShort
	}
	b, err := d.bytes(colStrings, int(n))
	return string(b), err
}

// node reads the next node of the figures into d.cur, which the next call
// overwrites.
func (d *figuresDecoder) node() (*report.Node, error) {
	if err := d.pathAndDepth(); err != nil {
		return nil, err
	}
	b, err := d.bytes(colFlags, 1)
	if err != nil {
		return nil, err
	}
	flags := b[0]
	b, err = d.bytes(colFlags2, 1)
	if err != nil {
		return nil, err
	}
	flags2 := b[0]
	kb, err := d.bytes(colKind, 1)
	if err != nil {
		return nil, err
	}
	sb, err := d.bytes(colStatus, 1)
	if err != nil {
		return nil, err
	}

	n := &d.cur
	*n = report.Node{Path: string(d.path), Depth: d.depth}
	if flags&flagExplicitLabel != 0 {
		if n.Label, err = d.str(); err != nil {
			return nil, err
		}
	} else {
		n.Label, _ = pathLabel(n.Path) // the encoder checked it gives the label
	}
	if n.Kind, err = d.enum(kinds, kb[0]); err != nil {
		return nil, err
	}
	if n.Status, err = d.enum(statuses, sb[0]); err != nil {
		return nil, err
	}
	if err := d.numbers(n, flags, flags2); err != nil {
		return nil, err
	}
	if flags2&flag2ShareSame != 0 {
		if !shareDepthOK(d.depth) || d.depth >= len(d.shares) {
			return nil, fmt.Errorf("no share to repeat at depth %d", d.depth)
		}
		n.Share = d.shares[d.depth]
	} else if n.Share, err = d.float(colShare); err != nil {
		return nil, err
	}
	if shareDepthOK(d.depth) {
		for len(d.shares) <= d.depth {
			d.shares = append(d.shares, 0)
		}
		d.shares[d.depth] = n.Share
	}
	if flags&flagExplicitLoss != 0 {
		n.Loss, err = d.float(colLoss)
	} else {
		n.Loss = derivedLoss(n.HasScore, n.Score, n.Share)
	}
	return n, err
}

// pathAndDepth reads the next node's path, as the shared prefix with the
// one before and a suffix, and its depth, as a change from the one before.
func (d *figuresDecoder) pathAndDepth() error {
	p, err := d.uvarint(colPrefix)
	if err != nil || p > uint64(len(d.path)) {
		return errShort
	}
	sl, err := d.uvarint(colSuffixLen)
	if err != nil || sl > math.MaxInt32 {
		return errShort
	}
	suffix, err := d.bytes(colSuffix, int(sl))
	if err != nil {
		return err
	}
	d.path = append(d.path[:p], suffix...)
	dd, k := binary.Varint(d.cols[colDepth][d.pos[colDepth]:])
	if k <= 0 {
		return errShort
	}
	d.pos[colDepth] += k
	d.depth += int(dd)
	return nil
}

// numbers reads n's score, factor and weight: from the flags when they
// say the value (none, 0 or 1), else from their columns.
func (d *figuresDecoder) numbers(n *report.Node, flags, flags2 byte) error {
	var err error
	n.HasScore = flags&flagScore != 0
	switch {
	case !n.HasScore:
	case flags&flagScoreOne != 0:
		n.Score = 1
	case flags&flagScoreZero != 0:
		n.Score = 0
	default:
		if n.Score, err = d.float(colScore); err != nil {
			return err
		}
	}
	n.HasFactor = flags&flagFactor != 0
	switch {
	case !n.HasFactor:
	case flags2&flag2FactorOne != 0:
		n.Factor = 1
	default:
		if n.Factor, err = d.float(colFactor); err != nil {
			return err
		}
	}
	switch {
	case flags&flagWeightOne != 0:
		n.Weight = 1
	case flags&flagWeightZero != 0:
		n.Weight = 0
	default:
		if n.Weight, err = d.float(colWeight); err != nil {
			return err
		}
	}
	return nil
}

func (d *figuresDecoder) enum(table []string, b byte) (string, error) {
	switch {
	case b == 0:
		return d.str()
	case int(b) <= len(table):
		return table[b-1], nil
	}
	return "", fmt.Errorf("unknown enum %d", b)
}
