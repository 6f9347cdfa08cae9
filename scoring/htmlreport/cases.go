package htmlreport

import (
	"cmp"
	"container/heap"
	"encoding/binary"
	"encoding/json"
	"errors"
	"math"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// DefaultLowest is how many of the lowest cases keep their tree in a
// dataset's page.
const DefaultLowest = 50

// noCell marks a heat map cell where the case has no node with a score.
const noCell = math.MaxUint16

// Cases gathers what a dataset's page shows of the cases beyond their
// figures, from the cases' reports (a recorded run's, or the case lines
// of shards): each case's score at each path (the heat map's cells) and
// the trees of the lowest cases. Hand each case to AddReport; or, as a
// dataset is scored, Encoder to dataset.Config.NewEncoder and each case,
// in order, to Add.
type Cases struct {
	lowest int
	// threshold is the float64 bits of the highest score among the
	// lowest cases kept once there are lowest of them (+Inf before): a
	// worker need not encode the tree of a case above it.
	threshold atomic.Uint64
	mu        sync.Mutex
	kept      keptHeap
	paths     map[string]uint32
	names     []string
	// cells are each case's cells, by case index.
	cells [][]cell
	// own and buf are AddReport's encoder and its buffer.
	own func(dst []byte, rep *report.Report) []byte
	buf []byte
}

// cell is a case's score at one path, in units of 1e-4.
type cell struct {
	path uint32
	q    uint16
}

// keptCase is a case whose tree is kept.
type keptCase struct {
	index int
	score float64
	nodes []treeNode
}

// NewCases returns a gatherer that keeps the trees of the lowest cases
// (DefaultLowest when lowest ≤ 0).
func NewCases(lowest int) *Cases {
	if lowest <= 0 {
		lowest = DefaultLowest
	}
	c := &Cases{lowest: lowest, paths: map[string]uint32{}}
	c.threshold.Store(math.Float64bits(math.Inf(1)))
	return c
}

// Lowest is how many of the lowest cases keep their tree.
func (c *Cases) Lowest() int { return c.lowest }

// Encoder returns an encoder for one worker (dataset.Config.NewEncoder):
// it appends to dst the case's score at each schema path and, when the
// case may be among the lowest, its nodes.
func (c *Cases) Encoder() func(dst []byte, rep *report.Report) []byte {
	var e caseEncoder
	return func(dst []byte, rep *report.Report) []byte {
		if rep == nil || rep.Nodes == nil {
			return append(dst, 0, 0)
		}
		wantTree := rep.HasScore && rep.Score <= math.Float64frombits(c.threshold.Load())
		return e.encode(dst, rep, wantTree)
	}
}

// Add takes case k as dataset.Config.Cases hands it, with what Encoder
// made of its report (k.Encoded, or encoded when the encoder's bytes came
// another way).
func (c *Cases) Add(k *dataset.Case, encoded []byte) error {
	if k.Status == dataset.CaseExtra {
		return nil
	}
	cells, nodes, err := decodeCase(encoded, c.intern)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for len(c.cells) <= k.Index {
		c.cells = append(c.cells, nil)
	}
	c.cells[k.Index] = cells
	if nodes != nil && k.HasScore {
		c.keep(keptCase{index: k.Index, score: k.Score, nodes: nodes})
	}
	return nil
}

// AddReport takes a case whose report is at hand (a recorded run's): it
// encodes and adds it in one. Call it from one goroutine at a time.
func (c *Cases) AddReport(k *dataset.Case, rep *report.Report) error {
	if c.own == nil {
		c.own = c.Encoder()
	}
	c.buf = c.own(c.buf[:0], rep)
	return c.Add(k, c.buf)
}

// keep keeps kc if it is among the lowest cases so far.
func (c *Cases) keep(kc keptCase) {
	if len(c.kept) < c.lowest {
		heap.Push(&c.kept, kc)
	} else if top := c.kept[0]; kc.score < top.score || kc.score == top.score && kc.index < top.index {
		c.kept[0] = kc
		heap.Fix(&c.kept, 0)
	} else {
		return
	}
	if len(c.kept) == c.lowest {
		c.threshold.Store(math.Float64bits(c.kept[0].score))
	}
}

// intern returns the number of a schema path.
func (c *Cases) intern(p []byte) uint32 {
	c.mu.Lock()
	defer c.mu.Unlock()
	if i, ok := c.paths[string(p)]; ok {
		return i
	}
	i := uint32(len(c.names))
	c.names = append(c.names, string(p))
	c.paths[string(p)] = i
	return i
}

// keptHeap is a max-heap of the kept cases by (score, index): its top is
// the one to drop first.
type keptHeap []keptCase

func (h keptHeap) Len() int { return len(h) }
func (h keptHeap) Less(i, j int) bool {
	if h[i].score != h[j].score {
		return h[i].score > h[j].score
	}
	return h[i].index > h[j].index
}
func (h keptHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *keptHeap) Push(x any)   { *h = append(*h, x.(keptCase)) }
func (h *keptHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// caseEncoder is one worker's encoder state. It numbers the schema
// paths it meets once for all the cases it encodes, so that a case costs
// a lookup a node and no allocation.
type caseEncoder struct {
	index   map[string]int32
	names   []string
	sums    []float64
	ns      []int32
	seen    []uint32 // the case a path was last met in (epoch)
	epoch   uint32
	touched []int32
	buf     []byte
}

// encode appends the case's cells, then its nodes when tree is set.
func (e *caseEncoder) encode(dst []byte, rep *report.Report, tree bool) []byte {
	if e.index == nil {
		e.index = map[string]int32{}
	}
	e.epoch++
	e.touched = e.touched[:0]
	var nodes []byte
	count := 0
	for n := range rep.Nodes {
		e.buf = schemaPath(e.buf[:0], n.Path)
		i, ok := e.index[string(e.buf)]
		if !ok {
			i = int32(len(e.names))
			e.names = append(e.names, string(e.buf))
			e.index[e.names[i]] = i
			e.sums, e.ns, e.seen = append(e.sums, 0), append(e.ns, 0), append(e.seen, 0)
		}
		if e.seen[i] != e.epoch {
			e.seen[i], e.sums[i], e.ns[i] = e.epoch, 0, 0
			e.touched = append(e.touched, i)
		}
		if n.HasScore {
			e.sums[i] += n.Score
			e.ns[i]++
		}
		if tree {
			nodes = appendNode(nodes, n)
			count++
		}
	}
	dst = binary.AppendUvarint(dst, uint64(len(e.touched)))
	for _, i := range e.touched {
		p := e.names[i]
		dst = binary.AppendUvarint(dst, uint64(len(p)))
		dst = append(dst, p...)
		q := uint16(noCell)
		if e.ns[i] > 0 {
			q = uint16(math.Round(e.sums[i] / float64(e.ns[i]) * 10000))
		}
		dst = binary.LittleEndian.AppendUint16(dst, q)
	}
	dst = binary.AppendUvarint(dst, uint64(count))
	return append(dst, nodes...)
}

// schemaPath appends the schema path of a node's path: every index
// written [] (a quoted key's brackets are its own).
func schemaPath(dst []byte, p string) []byte {
	for i := 0; i < len(p); i++ {
		ch := p[i]
		switch {
		case ch == '[' && i+1 < len(p) && p[i+1] == '"':
			j := i + 2
			for j < len(p) && p[j] != '"' {
				if p[j] == '\\' {
					j++
				}
				j++
			}
			end := min(j+2, len(p)) // past `"]`
			dst = append(dst, p[i:end]...)
			i = end - 1
		case ch == '[':
			j := i + 1
			for j < len(p) && p[j] != ']' {
				j++
			}
			dst = append(dst, '[', ']')
			i = j
		default:
			dst = append(dst, ch)
		}
	}
	return dst
}

// appendNode appends a node's figures and values.
func appendNode(b []byte, n *report.Node) []byte {
	str := func(s string) {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	str(n.Path)
	str(n.Label)
	str(n.Kind)
	str(n.Status)
	str(n.Rule)
	b = binary.AppendUvarint(b, uint64(n.Depth))
	var flags byte
	for i, f := range []bool{n.HasScore, n.HasFactor, n.Approx, n.Reference != nil, n.Output != nil} {
		if f {
			flags |= 1 << i
		}
	}
	b = append(b, flags)
	for _, v := range []float64{n.Score, n.High, n.Weight, n.Factor, n.Share, n.Loss} {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
	}
	str(string(n.Reference))
	str(string(n.Output))
	return b
}

var errCorrupt = errors.New("htmlreport: a case's encoding is cut short")

// decodeCase reads what caseEncoder.encode wrote: the cells (paths
// numbered by intern) and the nodes (nil when none were encoded).
func decodeCase(b []byte, intern func([]byte) uint32) ([]cell, []treeNode, error) {
	d := decoder{b: b}
	np := d.uvarint()
	cells := make([]cell, 0, min(np, 1<<16))
	for range np {
		p := d.bytes()
		q := d.u16()
		if d.err != nil {
			return nil, nil, d.err
		}
		cells = append(cells, cell{path: intern(p), q: q})
	}
	nn := d.uvarint()
	if nn == 0 || d.err != nil {
		return cells, nil, d.err
	}
	nodes := make([]treeNode, 0, min(nn, 1<<16))
	for range nn {
		var n treeNode
		n.Path, n.Label, n.Kind, n.Status, n.Rule = string(d.bytes()), string(d.bytes()), string(d.bytes()), string(d.bytes()), string(d.bytes())
		n.Depth = int(d.uvarint())
		flags := d.byte()
		f := make([]float64, 6)
		for i := range f {
			f[i] = math.Float64frombits(d.u64())
		}
		n.Score, n.High, n.Weight, n.Factor, n.Share, n.Loss = f[0], f[1], f[2], f[3], f[4], f[5]
		n.HasScore, n.HasFactor, n.Approx = flags&1 != 0, flags&2 != 0, flags&4 != 0
		ref, out := d.bytes(), d.bytes()
		if flags&8 != 0 {
			n.Reference = json.RawMessage(string(ref))
		}
		if flags&16 != 0 {
			n.Output = json.RawMessage(string(out))
		}
		if d.err != nil {
			return nil, nil, d.err
		}
		nodes = append(nodes, n)
	}
	return cells, nodes, nil
}

// decoder reads an encoding, noting the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	v, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[n:]
	return v
}

func (d *decoder) take(n uint64) []byte {
	if uint64(len(d.b)) < n {
		d.err, d.b = errCorrupt, nil
		return make([]byte, n%64)
	}
	v := d.b[:n]
	d.b = d.b[n:]
	return v
}

func (d *decoder) bytes() []byte { return d.take(d.uvarint()) }
func (d *decoder) byte() byte    { return d.take(1)[0] }
func (d *decoder) u16() uint16   { return binary.LittleEndian.Uint16(d.take(2)) }
func (d *decoder) u64() uint64   { return binary.LittleEndian.Uint64(d.take(8)) }

// pathScores returns the gathered cells as rows of scores by the paths
// of f (NaN where a case has no node with a score).
func (c *Cases) pathScores(f *dataset.Figures) func() func(k int, dst []float64) []float64 {
	rowOf := make(map[uint32]int, len(f.Paths))
	for i := range f.Paths {
		if k, ok := c.paths[f.Paths[i].Path]; ok {
			rowOf[k] = i
		}
	}
	rows := func(k int, dst []float64) []float64 {
		for range f.Paths {
			dst = append(dst, math.NaN())
		}
		if k >= len(c.cells) {
			return dst
		}
		for _, cl := range c.cells[k] {
			if r, ok := rowOf[cl.path]; ok && cl.q != noCell {
				dst[r] = float64(cl.q) / 10000
			}
		}
		return dst
	}
	return func() func(k int, dst []float64) []float64 { return rows }
}

// keptTrees returns the trees a page keeps, lowest score first: the
// gathered ones, or the ones given with their explanations.
func keptTrees(d *Dataset) []keptCase {
	var kept []keptCase
	if d.Cases != nil {
		kept = slices.Clone(d.Cases.kept)
	}
	for _, ct := range d.Trees {
		nodes, _ := collectNodes(ct.Report.Nodes, MaxTreeNodes)
		explainLeaves(nodes, ct.Tree, ct.Report.Metric, ct.Report.Explanation)
		kept = append(kept, keptCase{index: ct.Index, score: d.Figures.Cases[ct.Index].Score, nodes: nodes})
	}
	slices.SortFunc(kept, func(a, b keptCase) int {
		return cmp.Or(cmp.Compare(a.score, b.score), cmp.Compare(a.index, b.index))
	})
	return kept
}
