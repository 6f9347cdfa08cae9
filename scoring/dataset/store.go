package dataset

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sync"

	"github.com/jsontui/jsontui/scoring"
)

// Scored is a scored dataset held in memory so that weights can change
// without comparing anything again (docs/datasets.md): every case's tree
// is kept as columns of raw node scores and shapes (about 17 bytes a
// node, none of the documents), and setting a schema path's weight
// recomputes every case's container scores, shares and losses from them,
// on every core. Score made it with Config.Keep.
//
// A Scored is not safe for concurrent use.
type Scored struct {
	f     frame     // every case's frame, one after the other
	caseN []int32   // case k's nodes are f's [caseN[k], caseN[k+1])
	caseC []int32   // and its containers [caseC[k], caseC[k+1])
	worst []int32   // case k's costliest leaf (in its frame), -1 for none
	loss  []float64 // and what it loses
	// stale says the cases' Worst are to be made again (after a
	// re-weight): Figures makes them, Case makes one.
	stale bool
	acc   *accumulator
	src   *Source

	metric       scoring.Metric
	opt          scoring.MetricOptions
	file         *scoring.Weights // the weights file, nil for none
	takesWeights bool
	fallback     bool

	weights []float64     // by path: the weight in force
	byPath  []bool        // by path: some node weighs by it
	order   []int32       // the paths in tree order (Figures.Paths's)
	rank    map[int32]int // path -> its place in order
	index   map[string]int32
	figs    *Figures
	cache   []*sweeper // one per core, kept between re-weights
	// current is the weights in force as a weights file, made on first
	// use after a change (for CaseTree).
	current *scoring.Weights
	run     *runner     // the run that read the dataset, to read a case again
	inputs  []caseInput // where each case is in the files
	// heads are the cases' heads (heads.go), case k's at
	// heads[headAt[k]:headAt[k+1]].
	heads  []byte
	headAt []int
	// sweeping is held by a sweep on every core (a re-weight), and read
	// by the replays of the dataset frozen (Frozen.Replay) case by case:
	// they stand aside while a sweep runs.
	sweeping sync.RWMutex
}

// chunkCases is how many cases one core takes at a time in a re-weight;
// fixed, so that the figures do not depend on the number of cores.
const chunkCases = 2048

func newScored(r *runner) *Scored {
	return &Scored{src: r.src, metric: r.metric, opt: r.opt, file: r.cfg.Weights,
		takesWeights: slices.Contains(r.metric.Takes(), scoring.TakesWeights), caseN: []int32{0}, caseC: []int32{0},
		headAt: []int{0}}
}

// addCase appends a reference case's frame (from batch frame bf) and its
// head as it is consumed.
func (d *Scored) addCase(res *caseResult, bf *frame, in *caseInput, head []byte) {
	d.heads = append(d.heads, head...)
	d.headAt = append(d.headAt, len(d.heads))
	loc := *in
	loc.ref.Data, loc.out.Data = nil, nil
	d.inputs = append(d.inputs, loc)
	worst := int32(-1)
	if res.hasFrame {
		g := bf.slice(res.frameNodes[0], res.frameNodes[1], res.frameConts[0], res.frameConts[1])
		d.f.add(&g)
		worst = res.worstNode
		for i, fl := range g.flags {
			if fl>>fWeightShift&3 == weighPath {
				p := g.path[i]
				for int(p) >= len(d.byPath) {
					d.byPath = append(d.byPath, false)
				}
				d.byPath[p] = true
				if !d.fallback {
					d.fallback = res.fallback
				}
			}
		}
	}
	d.caseN = append(d.caseN, int32(len(d.f.path)))
	d.caseC = append(d.caseC, int32(len(d.f.cnode)))
	d.worst = append(d.worst, worst)
	d.loss = append(d.loss, res.worstLoss)
}

// finish takes the run's figures as the current ones.
func (d *Scored) finish(r *runner, figs *Figures) {
	d.acc = &r.acc
	d.run = r
	d.figs = figs
	n := d.acc.paths.len()
	d.weights = make([]float64, n)
	for i := range d.acc.paths.len() {
		a := d.acc.paths.at(int32(i))
		d.weights[i] = a.weight
		if a.hasPathWeight {
			d.weights[i] = a.pathWeight
		}
	}
	for len(d.byPath) < n {
		d.byPath = append(d.byPath, false)
	}
	d.order = nil
	d.index = make(map[string]int32, n)
	d.rank = make(map[int32]int, n)
	for _, id := range d.acc.paths0.order(d.acc.firsts()) {
		if int(id) < n && d.acc.paths.at(id).seen {
			d.rank[id] = len(d.order)
			d.order = append(d.order, id)
			p := d.acc.paths0.String(id)
			if p == "" {
				p = "."
			}
			d.index[p] = id
		}
	}
}

// Len returns the number of reference cases.
func (d *Scored) Len() int { return len(d.worst) }

// Figures returns the dataset's figures under the weights in force. The
// caller must not modify them; they stay valid until the next SetWeight.
// Their Cases are made on first use after a re-weight (Case gives one).
func (d *Scored) Figures() *Figures {
	if d.stale {
		for k := range d.acc.cases {
			d.acc.cases[k].Worst = d.worstOf(k)
		}
		d.stale = false
	}
	d.figs.Cases = d.acc.cases
	return d.figs
}

// Stats returns the dataset's statistics under the weights in force.
func (d *Scored) Stats() Stats { return d.figs.Stats }

// Paths returns the per-path figures under the weights in force (those
// of Figures, without making its cases).
func (d *Scored) Paths() []PathFigures { return d.figs.Paths }

// Groups returns the figures of each --group-by value under the weights
// in force (those of Figures, without making its cases); nil when the
// cases were not grouped.
func (d *Scored) Groups() []GroupFigures { return d.figs.Groups }

// Weight returns the weight in force of a schema path (such as
// `.items[].price`), and whether the dataset has the path.
func (d *Scored) Weight(path string) (float64, bool) {
	id, ok := d.index[path]
	if !ok {
		return 0, false
	}
	return d.weights[id], true
}

// ErrFixedWeights is SetWeight's error for a metric whose weights are not
// the user's (one that takes no weights file).
var ErrFixedWeights = errors.New("this metric takes no weights: its weights cannot be changed")

// SetWeight sets the weight of a schema path in every case (with every
// path the same weights entry sets: `.items.price` and `.items[].price`
// are one entry) and recomputes the dataset's figures, comparing nothing
// again.
func (d *Scored) SetWeight(path string, w float64) error {
	if !d.takesWeights {
		return ErrFixedWeights
	}
	if !(w >= 0 && w <= 1) {
		return fmt.Errorf("weight %v is outside [0, 1]", w)
	}
	id, ok := d.index[path]
	switch {
	case !ok:
		return fmt.Errorf("no case has the path %s", path)
	case !d.byPath[id]:
		return fmt.Errorf("%s has no weight of its own: only object keys of the references weigh", path)
	}
	key := d.entryKey(id)
	changed := false
	for p := range d.weights {
		if d.byPath[p] && d.weights[p] != w && d.entryKey(int32(p)) == key {
			d.weights[p] = w
			changed = true
		}
	}
	if changed {
		d.current = nil
		d.reweigh()
	}
	return nil
}

// ResetWeights restores every weight to the weights file's and
// recomputes the figures.
func (d *Scored) ResetWeights() {
	changed := false
	for i := range d.acc.paths.len() {
		a := d.acc.paths.at(int32(i))
		if a.hasPathWeight && d.weights[i] != a.pathWeight {
			d.weights[i] = a.pathWeight
			changed = true
		}
	}
	if changed {
		d.current = nil
		d.reweigh()
	}
}

// entryKey returns the weights entry a path's weight comes from: its
// keys, array steps left out.
func (d *Scored) entryKey(id int32) string {
	nodes := d.acc.paths0.snapshotNode
	var key []byte
	for p := id; p > 0; {
		n := nodes(p)
		if !n.elem {
			key = append(append(key, n.key...), 0)
		}
		p = n.parent
	}
	return string(key)
}

// chunkAcc is one chunk of cases' share of the figures that weights
// change, by path.
type chunkAcc struct {
	paths []rowAcc
}

// reweigh recomputes every case and the dataset's figures from the raw
// scores under the weights in force.
func (d *Scored) reweigh() {
	chunks := (d.Len() + chunkCases - 1) / chunkCases
	accs := make([]chunkAcc, chunks)
	d.sweepChunks(func(sw *sweeper, c int) { d.reweighChunk(sw, c, &accs[c]) })
	n := d.acc.paths.len()
	type total struct {
		scored         int
		scoreSum, loss xsum
		status         [7]int
	}
	totals := make([]total, n)
	for c := range accs {
		for p := range accs[c].paths {
			a, t := &accs[c].paths[p], &totals[p]
			t.scored += int(a.scored)
			t.scoreSum.add(a.scoreSum)
			t.loss.add(a.loss)
			for s, k := range a.status {
				t.status[s] += int(k)
			}
		}
	}
	for p := range totals {
		pa := d.acc.paths.at(int32(p))
		if d.byPath[p] {
			pa.weight = d.weights[p]
		}
		v := countersOf(pa, d.acc.wide[int32(p)])
		v[2] = totals[p].scored
		copy(v[4:11], totals[p].status[:])
		d.acc.setCounters(int32(p), &v)
		d.acc.sums.set(pa, totals[p].scoreSum, totals[p].loss)
	}
	d.figs = d.acc.refigure(d.figs)
	d.stale = true
}

// reweighChunk recomputes chunk c of the cases into acc and the cases'
// scores.
func (d *Scored) reweighChunk(sw *sweeper, c int, acc *chunkAcc) {
	acc.paths = make([]rowAcc, d.acc.paths.len())
	lo, hi := c*chunkCases, min((c+1)*chunkCases, d.Len())
	for k := lo; k < hi; k++ {
		n0, n1 := int(d.caseN[k]), int(d.caseN[k+1])
		if n0 == n1 {
			continue // no tree: a one-number metric's case
		}
		f := d.f.slice(n0, n1, int(d.caseC[k]), int(d.caseC[k+1]))
		sw.weigh(&f, d.weights)
		out := sw.reweighCase(&f, acc.paths)
		cf := &d.acc.cases[k]
		if cf.Status == CaseScored || cf.Status == CaseIgnored {
			cf.Score, cf.HasScore, cf.Status = out.score, !math.IsNaN(out.score), CaseScored
			if !cf.HasScore {
				cf.Status = CaseIgnored
			}
		}
		d.worst[k], d.loss[k] = out.worst, out.worstLoss
	}
}
