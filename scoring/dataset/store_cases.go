package dataset

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// What a Scored gives of one case: its figures, its per-path scores and
// losses, its own tree; and the weights in force as a file.

// Case returns case k's figures under the weights in force.
func (d *Scored) Case(k int) CaseFigures {
	c := d.acc.cases[k]
	if d.stale {
		c.Worst = d.worstOf(k)
	}
	return c
}

// worstOf returns case k's costliest leaf, nil when it loses nothing.
func (d *Scored) worstOf(k int) *Worst {
	if w := d.worst[k]; w >= 0 {
		return &Worst{Path: d.nodePath(k, w), Loss: d.loss[k]}
	}
	return nil
}

// frameOf returns case k's frame.
func (d *Scored) frameOf(k int) frame {
	return d.f.slice(int(d.caseN[k]), int(d.caseN[k+1]), int(d.caseC[k]), int(d.caseC[k+1]))
}

// nodePath returns the path of node i of case k, such as `.items[1].sku`.
func (d *Scored) nodePath(k int, i int32) string {
	f := d.frameOf(k)
	var steps []int32 // the nodes from i up to below the root
	for n := i; n > 0; {
		steps = append(steps, n)
		n = f.cnode[parentContainer(&f, n)]
	}
	var b []byte
	for j := len(steps) - 1; j >= 0; j-- {
		n := steps[j]
		pc := parentContainer(&f, n)
		if jsondoc.Kind(f.flags[f.cnode[pc]]&fKind>>fKindShift) == jsondoc.Array {
			if len(b) == 0 {
				b = append(b, '.')
			}
			b = append(b, '[')
			b = strconv.AppendInt(b, int64(n-f.cfirst[pc]), 10)
			b = append(b, ']')
			continue
		}
		b = jsondoc.AppendKey(b, d.acc.paths0.snapshotNode(f.path[n]).key)
	}
	if len(b) == 0 {
		return "."
	}
	return string(b)
}

// parentContainer returns the container whose children include node n
// (n > 0): blocks lie in the order of their containers.
func parentContainer(f *frame, n int32) int {
	k, _ := slices.BinarySearchFunc(f.cfirst, n, func(first, n int32) int { return cmp.Compare(first, n) })
	if k == len(f.cfirst) || f.cfirst[k] > n {
		k--
	}
	for k >= 0 && !(f.cfirst[k] <= n && n < f.cfirst[k]+f.ccount[k]) {
		k-- // an empty block may share its first with the next one
	}
	return k
}

// CasePathScores returns, for case k, the mean score of its nodes at each
// path of Figures().Paths (NaN where it has none with a score), in dst's
// storage: a row of the heat map by schema path.
func (d *Scored) CasePathScores(k int, dst []float64) []float64 {
	dst = d.casePaths(k, dst, func(p *pathPart) float64 {
		if p.scored == 0 {
			return math.NaN()
		}
		return p.scoreSum / float64(p.scored)
	})
	return dst
}

// CasePathLosses returns, for case k, its loss at each path of
// Figures().Paths (what the path costs the case's score), in dst's
// storage; 0 where it has no node.
func (d *Scored) CasePathLosses(k int, dst []float64) []float64 {
	return d.casePaths(k, dst, func(p *pathPart) float64 { return p.lossSum })
}

// casePaths sweeps case k and returns a figure of each path, in the order
// of Figures().Paths; paths the case lacks get NaN for scores, 0 for
// losses.
func (d *Scored) casePaths(k int, dst []float64, fig func(*pathPart) float64) []float64 {
	dst = grow(dst, len(d.order))
	missing := math.NaN()
	if fig(&pathPart{}) == 0 {
		missing = 0
	}
	for i := range dst {
		dst[i] = missing
	}
	if d.caseN[k] == d.caseN[k+1] {
		return dst
	}
	sw := &sweeper{fallback: d.fallback}
	f := d.frameOf(k)
	sw.weigh(&f, d.weights)
	sw.sweep(&f, false)
	for i := range sw.acc.parts {
		p := &sw.acc.parts[i]
		if j, ok := d.rank[p.path]; ok {
			dst[j] = fig(p)
		}
	}
	return dst
}

// MarshalWeights returns the weights in force as a weights file: the
// weights file's shape kept (its key order, loopbacks, literals and
// entries no case uses), with the entries the changed weights need, as
// scoring.Tree.MarshalWeights writes a pair's. Without a weights file it
// writes the entries that differ from 1.
func (d *Scored) MarshalWeights() ([]byte, error) {
	t, err := d.acc.unionTree(d.file)
	if err != nil {
		return nil, err
	}
	var changed []scoring.SlotWeight
	for k, s := range t.Slots() {
		if !s.IsKey() {
			continue
		}
		id, ok := d.index[t.SchemaPath(k)]
		if !ok || !d.byPath[id] || d.weights[id] == s.Weight {
			continue
		}
		changed = append(changed, scoring.SlotWeight{Slot: k, Weight: d.weights[id]})
	}
	if _, err := t.SetSlotWeights(changed); err != nil { // one rescore for them all
		return nil, err
	}
	return t.MarshalWeights(), nil
}

// weightsInForce returns the weights in force as a weights file, parsed.
func (d *Scored) weightsInForce() (*scoring.Weights, error) {
	if d.current != nil {
		return d.current, nil
	}
	if d.file == nil && !d.changed() {
		return nil, nil
	}
	src, err := d.MarshalWeights()
	if err != nil {
		return nil, err
	}
	name := "the weights in force"
	if d.file != nil {
		name = d.file.Name()
	}
	w, err := scoring.ParseWeights(name, src)
	if err != nil {
		return nil, err
	}
	d.current = w
	return w, nil
}

// changed reports whether a weight differs from the weights file's.
func (d *Scored) changed() bool {
	for i := range d.acc.paths.len() {
		if a := d.acc.paths.at(int32(i)); a.hasPathWeight && d.weights[i] != a.pathWeight {
			return true
		}
	}
	return false
}

// CaseTree reads case k again and scores it alone under the weights in
// force: its own result, with the tree of a tree metric
// (everything a pair has, docs/scoring.md), for the explorer's case view. Its weights
// warnings are the dataset's (Figures); the documents are read from the
// files again (a dataset read from standard input cannot be), and the
// Source must still be open when its files are paired by id.
func (d *Scored) CaseTree(ctx context.Context, k int) (*OneCase, error) {
	if k < 0 || k >= len(d.inputs) {
		return nil, fmt.Errorf("no case %d: the dataset has %d", k, len(d.inputs))
	}
	w, err := d.weightsInForce()
	if err != nil {
		return nil, err
	}
	in, err := d.reread(k)
	if err != nil {
		return nil, err
	}
	r := *d.run
	r.weights, r.noHints = nil, false // one case, as a pair: with its pairing hints
	if w != nil && d.takesWeights {
		r.weights = w.ForCases()
	}
	wk := newWorker(&r)
	m, err := wk.read(&in)
	if err != nil {
		return nil, err
	}
	return r.scoreOne(ctx, &m)
}

// reread returns case k's input with its records read from the files.
func (d *Scored) reread(k int) (caseInput, error) {
	in := d.inputs[k]
	s := d.src
	if in.kind == inFiles {
		return in, nil
	}
	if s.spec.Ref == "-" || s.spec.Out == "-" && in.kind == inLine {
		return in, errors.New("the dataset was read from standard input: its cases cannot be read again")
	}
	read := func(name string, r *Record) error {
		if r.N == 0 {
			return nil
		}
		f, err := os.Open(name)
		if err != nil {
			return err
		}
		defer f.Close()
		r.Data = make([]byte, r.dataLen)
		_, err = f.ReadAt(r.Data, r.Offset)
		return err
	}
	if err := read(s.spec.Ref, &in.ref); err != nil {
		return in, err
	}
	if in.kind == inLine {
		if err := read(s.spec.Out, &in.out); err != nil {
			return in, err
		}
	}
	return in, nil
}
