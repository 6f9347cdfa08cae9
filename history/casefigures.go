package history

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"iter"
	"math"
	"sort"

	"github.com/jsontui/jsontui/scoring/report"
)

// The figures of one case of a dataset (docs/history.md) are laid out by a
// CaseEncoder on the goroutine that scored the case, as
//
//	uvarint node count | flags (1 byte: 1 Extra follows, 2 an
//	Explanation, 4 the documents' names) | [uvarint count + (uvarint
//	length + key, 8 bytes of float64 bits, little-endian) each] |
//	[uvarint length + explanation] | [reference's name, output's name,
//	each uvarint length + bytes]
//	| blocks of the figures format (figures.go), up to blockNodes nodes
//	each, whose counts add up to the node count
//
// and the first node of a case is encoded as the first of a stream
// (figuresEncoder.restart): a case decodes without the cases before it.
// A segment of a dataset run holds the layouts of its cases one after the
// other (see dataset_segment.go).
const (
	caseExtra       = 1 << iota // the case report's Extra figures follow
	caseExplanation             // its Explanation follows
	caseNames                   // the names of its documents follow
)

// CaseEncoder lays out the per-node figures of a dataset's cases, one
// case at a time, for a DatasetRecorder. An encoder is not safe for
// concurrent use: each goroutine that scores cases holds one
// (DatasetRecorder.Encoder makes them).
type CaseEncoder struct {
	e       figuresEncoder
	scratch []byte
}

// Encode appends the layout of a case whose report is rep to dst, and
// returns it: the report's nodes (everything but their Reference and
// Output values), its Extra figures and Explanation. A nil rep is a case
// with no result (no nodes).
func (c *CaseEncoder) Encode(dst []byte, rep *report.Report) []byte {
	if rep == nil {
		return append(dst, 0, 0)
	}
	e := &c.e
	e.restart()
	e.count, e.inBlock = 0, 0
	c.scratch = c.scratch[:0]
	if rep.Nodes != nil {
		for n := range rep.Nodes {
			e.add(n)
			if e.inBlock == blockNodes {
				c.scratch = e.layout(c.scratch)
			}
		}
		if e.inBlock > 0 {
			c.scratch = e.layout(c.scratch)
		}
	}
	dst = binary.AppendUvarint(dst, uint64(e.count))
	var flags byte
	if len(rep.Extra) > 0 {
		flags |= caseExtra
	}
	if rep.Explanation != "" {
		flags |= caseExplanation
	}
	if rep.Reference != "" || rep.Output != "" {
		flags |= caseNames
	}
	dst = append(dst, flags)
	if flags&caseExtra != 0 {
		keys := make([]string, 0, len(rep.Extra))
		for k := range rep.Extra {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		dst = binary.AppendUvarint(dst, uint64(len(keys)))
		for _, k := range keys {
			dst = appendString(dst, k)
			dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(rep.Extra[k]))
		}
	}
	if flags&caseExplanation != 0 {
		dst = appendString(dst, rep.Explanation)
	}
	if flags&caseNames != 0 {
		dst = appendString(dst, rep.Reference)
		dst = appendString(dst, rep.Output)
	}
	return append(dst, c.scratch...)
}

// caseLayout is a case's layout, read: its node count, Extra figures and
// Explanation, and its blocks.
type caseLayout struct {
	nodes       int
	extra       map[string]float64
	explanation string
	// reference and output name the case's documents, as the dataset
	// did ("data.jsonl:17"); "" when the case had no result.
	reference, output string
	blocks            []byte
}

var errCaseLayout = errors.New("a case's figures do not read")

// readCaseLayout reads the head of a case's layout.
func readCaseLayout(b []byte) (caseLayout, error) {
	r := &indexReader{b: b}
	var c caseLayout
	n := r.uvarint()
	if n > uint64(len(b)) { // a node takes more than a byte
		return c, errCaseLayout
	}
	c.nodes = int(n)
	flags := r.bytes(1)
	if len(flags) == 1 && flags[0]&caseExtra != 0 {
		k := r.count(9)
		c.extra = make(map[string]float64, k)
		for range k {
			key := r.string()
			if v := r.bytes(8); v != nil {
				c.extra[key] = math.Float64frombits(binary.LittleEndian.Uint64(v))
			}
		}
	}
	if len(flags) == 1 && flags[0]&caseExplanation != 0 {
		c.explanation = r.string()
	}
	if len(flags) == 1 && flags[0]&caseNames != 0 {
		c.reference, c.output = r.string(), r.string()
	}
	if r.err != nil || len(flags) != 1 || flags[0]&^(caseExtra|caseExplanation|caseNames) != 0 {
		return c, errCaseLayout
	}
	c.blocks = r.b
	return c, nil
}

// caseNodes returns an iterator over the nodes of a case's blocks: its
// node count of them. Blocks that passed the run's checksums yet do not
// decode can only come from a bug, so decoding panics with an error
// naming the run and the case, as a pair run's figures do.
func caseNodes(c caseLayout, run, id string) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		d := &figuresDecoder{r: bytes.NewReader(c.blocks)}
		fail := func(err error) {
			panic(fmt.Errorf("history: run %s: case %q: figures do not decode: %w", run, id, err))
		}
		for left := c.nodes; left > 0; {
			n, err := d.block()
			if err == nil && (n == 0 || n > left) {
				err = fmt.Errorf("a block of %d nodes where %d are left", n, left)
			}
			if err != nil {
				fail(err)
			}
			left -= n
			for range n {
				node, err := d.node()
				if err != nil {
					fail(err)
				}
				if !yield(node) {
					return
				}
			}
		}
	}
}
