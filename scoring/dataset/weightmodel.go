package dataset

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// WeightModel is a scored dataset's case scores as functions of its
// weights, for fitting them (scoring/calibrate): each case's score is a
// ratio of weighted sums at every level of its tree, differentiable in
// the weights wherever a container's weighted children weigh more than
// nothing. Its parameters are the weights entries that the user may set,
// one per entry (`.items.price` and `.items[].price` are one), in tree
// order. Eval computes the scores of some cases under parameters x, and
// Gradient the gradient of a function of those scores. The Scored's own
// figures and weights are not touched.
//
// A WeightModel is not safe for concurrent use.
type WeightModel struct {
	d       *Scored
	entries []Entry
	param   []int32   // by path: its entry's parameter, -1 for a fixed weight
	pathW   []float64 // by path: the weight under the last x (Eval)
	score   []float64 // every node's score under the last x, as d.f
	x       []float64 // the parameters of the last Eval
	cases   []int     // and its cases
}

// Entry is a weights entry a fit may change: the paths it sets (tree
// order) and its weight in force when the model was made.
type Entry struct {
	Path   string // the first of Paths
	Paths  []string
	Weight float64
}

// fitChunk is how many cases one core takes at a time in Eval and
// Gradient: fixed, so that a gradient's sums do not depend on the number
// of cores.
const fitChunk = 1024

// WeightModel returns the dataset's scores as functions of its weights.
// Its error is ErrFixedWeights for a metric that takes no weights.
func (d *Scored) WeightModel() (*WeightModel, error) {
	if !d.takesWeights {
		return nil, ErrFixedWeights
	}
	m := &WeightModel{d: d, param: make([]int32, len(d.weights)), pathW: make([]float64, len(d.weights)),
		score: make([]float64, len(d.f.score))}
	byKey := map[string]int32{}
	for i := range m.param {
		m.param[i] = -1
	}
	for _, id := range d.order {
		if !d.byPath[id] {
			continue
		}
		key := d.entryKey(id)
		k, ok := byKey[key]
		if !ok {
			k = int32(len(m.entries))
			byKey[key] = k
			m.entries = append(m.entries, Entry{Path: d.pathName(id), Weight: d.weights[id]})
		}
		m.entries[k].Paths = append(m.entries[k].Paths, d.pathName(id))
		m.param[id] = k
	}
	copy(m.score, d.f.score)
	return m, nil
}

// Entries returns the model's parameters: the weights entries, in tree
// order.
func (m *WeightModel) Entries() []Entry { return m.entries }

// Start returns the weights in force when the model was made, one per
// entry.
func (m *WeightModel) Start() []float64 {
	x := make([]float64, len(m.entries))
	for k, e := range m.entries {
		x[k] = e.Weight
	}
	return x
}

// Eval computes the scores of cases (indices into the dataset's cases)
// under the entries' weights x into out (one per case). A missing or
// invalid case keeps its score (0), whatever the weights.
func (m *WeightModel) Eval(x []float64, cases []int, out []float64) {
	d := m.d
	for id := range m.pathW {
		m.pathW[id] = d.weights[id]
		if k := m.param[id]; k >= 0 {
			m.pathW[id] = x[k]
		}
	}
	m.x, m.cases = x, cases
	m.chunks(len(cases), func(sw *sweeper, lo, hi int, _ []float64) {
		for j := lo; j < hi; j++ {
			out[j] = m.evalCase(sw, cases[j])
		}
	}, 0)
}

// evalCase computes case k's container scores under m.pathW into
// m.score, and returns its score.
func (m *WeightModel) evalCase(sw *sweeper, k int) float64 {
	d := m.d
	if cf := &d.acc.cases[k]; cf.Status != CaseScored && cf.Status != CaseIgnored || d.caseN[k] == d.caseN[k+1] {
		return cf.Score
	}
	f := m.frame(k)
	sw.weigh(&f, m.pathW)
	for c := len(f.cnode) - 1; c >= 0; c-- {
		f.score[f.cnode[c]], _ = sw.containerSums(&f, c)
	}
	return f.score[0]
}

// frame returns case k's frame over the model's scores.
func (m *WeightModel) frame(k int) frame {
	d := m.d
	n0, n1 := int(d.caseN[k]), int(d.caseN[k+1])
	f := d.f.slice(n0, n1, int(d.caseC[k]), int(d.caseC[k+1]))
	f.score = m.score[n0:n1]
	return f
}

// Gradient returns the gradient, by entry, of Σ u[j]·score(cases[j])
// under the x and cases of the last Eval: u is the derivative of a loss
// by each case's score.
func (m *WeightModel) Gradient(u []float64) []float64 {
	grad := make([]float64, len(m.entries))
	m.chunks(len(m.cases), func(sw *sweeper, lo, hi int, g []float64) {
		for j := lo; j < hi; j++ {
			if u[j] != 0 {
				m.backCase(sw, m.cases[j], u[j], g)
			}
		}
	}, len(m.entries), grad)
	return grad
}

// backCase adds u times the gradient of case k's score to g, from the
// container scores Eval left: each container's adjoint flows down to its
// children (∂v/∂s_c = w_c/W), and to the weights of those that weigh by
// an entry (∂v/∂w_c = (s_c − v)/W), W being the weights of the children
// that have a score. A container whose children weigh alike, or that
// scores a constant, passes nothing to the weights.
func (m *WeightModel) backCase(sw *sweeper, k int, u float64, g []float64) {
	d := m.d
	if cf := &d.acc.cases[k]; cf.Status != CaseScored || d.caseN[k] == d.caseN[k+1] {
		return
	}
	f := m.frame(k)
	sw.weigh(&f, m.pathW)
	adj := grow(sw.share, len(f.path))
	sw.share = adj
	clear(adj)
	adj[0] = u
	score, w := f.score, sw.w
	for c, i := range f.cnode {
		a := adj[i]
		fl := f.flags[i]
		if a == 0 || fl&fFlat != 0 {
			continue
		}
		first, end := f.cfirst[c], f.cfirst[c]+f.ccount[c]
		var scored int32
		var sumW float64
		for ch := first; ch < end; ch++ {
			if score[ch] == score[ch] {
				scored++
				if w[ch] > 0 {
					sumW += w[ch]
				}
			}
		}
		if scored == 0 {
			continue
		}
		if fl&fEqual != 0 || sumW == 0 {
			if fl&fEqual != 0 || sw.fallback {
				for ch := first; ch < end; ch++ {
					if score[ch] == score[ch] {
						adj[ch] += a / float64(scored)
					}
				}
			}
			continue
		}
		v := score[i]
		for ch := first; ch < end; ch++ {
			sc := score[ch]
			if sc != sc {
				continue
			}
			if w[ch] > 0 {
				adj[ch] += a * w[ch] / sumW
			}
			if f.flags[ch]>>fWeightShift&3 == weighPath {
				if p := m.param[f.path[ch]]; p >= 0 {
					g[p] += a * (sc - v) / sumW
				}
			}
		}
	}
}

// chunks runs fn over [0, n) in chunks of fitChunk on every core, each
// chunk with its own accumulator of size acc; the accumulators are added
// into sum (when given) in chunk order.
func (m *WeightModel) chunks(n int, fn func(sw *sweeper, lo, hi int, acc []float64), acc int, sum ...[]float64) {
	chunks := (n + fitChunk - 1) / fitChunk
	accs := make([][]float64, chunks)
	workers := max(1, min(runtime.GOMAXPROCS(0), chunks))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		sw := &sweeper{fallback: m.d.fallback}
		wg.Go(func() {
			for {
				c := int(next.Add(1)) - 1
				if c >= chunks {
					return
				}
				if acc > 0 {
					accs[c] = make([]float64, acc)
				}
				fn(sw, c*fitChunk, min((c+1)*fitChunk, n), accs[c])
			}
		})
	}
	wg.Wait()
	for _, s := range sum {
		for _, a := range accs {
			for k, v := range a {
				s[k] += v
			}
		}
	}
}
