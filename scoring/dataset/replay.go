package dataset

import (
	"context"
	"iter"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
	"unsafe"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// ReplayConfig says how Frozen.Replay hands out a dataset's cases.
type ReplayConfig struct {
	// Weights is the weights file the run is taken to be scored under,
	// as Config.Weights is Score's (nil for none): the figures' warnings
	// about a weights file are about it. The cases are weighted by the
	// weights in force when the dataset was frozen, which it should hold
	// (Scored.MarshalWeights writes them so).
	Weights *scoring.Weights
	// Workers is how many goroutines lay out the cases; 0 is every core.
	Workers int
	// Cases and NewEncoder are Config's: Cases is called with every case
	// in reference order, then the extra outputs, from the goroutine that
	// called Replay, an error stopping the replay; NewEncoder, if set,
	// makes each worker's encoder, called with each case's report.
	Cases      func(*Case) error
	NewEncoder func() func(dst []byte, rep *report.Report) []byte
}

// replayCases is how many cases a worker lays out at a time; the
// workers are at most two such chunks each ahead of Cases.
const replayCases = 256

// Replay hands every case of the frozen dataset to cfg.Cases as Score
// hands them to Config.Cases under the weights in force, comparing
// nothing again, and returns the dataset's result as Score returns it
// (without a Scored): a run recorded from it (history.DatasetRecorder)
// is the one `score` records of the dataset's files as they were read,
// under the weights, metric, options and rules in force. Each case's
// report (for NewEncoder's encoders) holds what a dataset keeps of a
// case: its documents' names, the metric's Extra figures and
// Explanation, its score and every node's figures from the raw scores
// (not the values, warnings or repairs, which Case holds). Its errors
// are ctx's, Cases', and those of a weights file Score refuses.
func (z *Frozen) Replay(ctx context.Context, cfg ReplayConfig) (*Result, error) {
	d := z.d
	figs, err := z.figures(cfg.Weights)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := d.Len()
	chunks := (n + replayCases - 1) / replayCases
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	workers = max(1, min(workers, chunks))
	out := make([]chan *replayChunk, chunks)
	for c := range out {
		out[c] = make(chan *replayChunk, 1)
	}
	// A worker takes a slot before it takes the next chunk, and the
	// chunks are handed out in order, so the lowest chunk not yet
	// consumed is always taken or free to take: no deadlock, and at
	// most len(slots) chunks wait.
	slots := make(chan struct{}, 2*workers)
	// The chunks consumed come back to be filled again: their storage
	// serves the next ones.
	free := make(chan *replayChunk, cap(slots)+workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			r := &replayer{z: z, metric: figs.Metric, options: figs.Options}
			r.sw.fallback = d.fallback
			if cfg.NewEncoder != nil {
				r.encode = cfg.NewEncoder()
			}
			for {
				select {
				case slots <- struct{}{}:
				case <-ctx.Done():
					return
				}
				c := int(next.Add(1)) - 1
				if c >= chunks {
					<-slots
					return
				}
				var ch *replayChunk
				select {
				case ch = <-free:
				default:
					ch = &replayChunk{}
				}
				r.chunk(ctx, ch, c*replayCases, min(n, (c+1)*replayCases))
				out[c] <- ch
			}
		})
	}
	err = z.consume(ctx, out, slots, free, figs, cfg.Cases)
	cancel()
	wg.Wait()
	if err != nil {
		return nil, err
	}
	for j, id := range d.acc.extra {
		if cfg.Cases == nil {
			break
		}
		if err := cfg.Cases(&Case{Index: n + j, ID: id, Status: CaseExtra, Score: math.NaN()}); err != nil {
			return nil, err
		}
	}
	res := &Result{Figures: figs, Pairing: d.src.pairing, Fields: d.acc.fields}
	res.Reference, res.Output = d.src.Files()
	return res, nil
}

// consume hands the chunks' cases to cases in order, and gives each
// chunk's slot back once it is handed, the chunk to free.
func (z *Frozen) consume(ctx context.Context, out []chan *replayChunk, slots chan struct{}, free chan *replayChunk, figs *Figures, cases func(*Case) error) error {
	for _, ch := range out {
		var c *replayChunk
		select {
		case c = <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
		if c.err != nil {
			return c.err
		}
		for i := range c.hi - c.lo {
			k := c.lo + i
			row := &figs.Cases[k]
			if z.worst[k] >= 0 {
				row.Worst = &Worst{Path: c.worst[i], Loss: z.loss[k]}
			}
			if cases == nil {
				continue
			}
			cs := &Case{Index: k, ID: row.ID, Status: row.Status, Score: row.Score, HasScore: row.HasScore,
				Group: row.Group, HasGroup: row.HasGroup, Repairs: row.Repairs(), Error: row.ParseError(), Worst: row.Worst,
				Warnings: c.warnings[i]}
			if c.encoded {
				cs.Encoded = c.enc[c.at[i]:c.at[i+1]]
			}
			if err := cases(cs); err != nil {
				return err
			}
		}
		select {
		case free <- c:
		default:
		}
		<-slots
	}
	return nil
}

// replayChunk is what a worker made of cases [lo, hi).
type replayChunk struct {
	lo, hi   int
	worst    []string   // each case's costliest leaf's path ("" for none)
	warnings [][]string // each case's warnings
	enc      []byte     // what the encoder made of the cases
	at       []int      // case lo+i's is enc[at[i]:at[i+1]]
	encoded  bool
	err      error
}

// replayer lays out cases: one per worker, holding its scratch.
type replayer struct {
	z       *Frozen
	metric  string
	options []string
	sw      sweeper
	encode  func(dst []byte, rep *report.Report) []byte
	f       frame
	scores  []float64
	cont    []int32 // by node: its container in f.cnode, -1 for none
	stack   []replayStep
	path    []byte
	node    report.Node
	rep     report.Report
}

// replayStep is a container whose children the walk goes through:
// [next, end) of those from first, at depth, below the path of length
// pathLen.
type replayStep struct {
	first     int32
	next, end int32
	depth     int
	pathLen   int
	array     bool
}

// chunk lays out cases [lo, hi) into c, whose storage it reuses.
func (r *replayer) chunk(ctx context.Context, c *replayChunk, lo, hi int) {
	d := r.z.d
	c.lo, c.hi, c.err, c.encoded = lo, hi, nil, r.encode != nil
	c.worst, c.warnings = grow(c.worst, hi-lo), grow(c.warnings, hi-lo)
	clear(c.worst)
	c.enc, c.at = c.enc[:0], append(c.at[:0], 0)
	for k := lo; k < hi; k++ {
		if err := ctx.Err(); err != nil {
			c.err = err
			return
		}
		d.sweeping.RLock() // a re-weight goes first
		r.layout(c, k)
		d.sweeping.RUnlock()
	}
}

// layout lays out case k into chunk c.
func (r *replayer) layout(c *replayChunk, k int) {
	d, i := r.z.d, k-c.lo
	h := readHead(d.heads[d.headAt[k]:d.headAt[k+1]])
	c.warnings[i] = h.warnings
	if w := r.z.worst[k]; w >= 0 {
		c.worst[i] = d.nodePath(k, w)
	}
	if c.encoded {
		c.enc = r.encode(c.enc, r.report(k, &h))
		c.at = append(c.at, len(c.enc))
	}
}

// report returns case k's report (nil for a case with no result), valid
// until the next.
func (r *replayer) report(k int, h *caseHead) *report.Report {
	if !h.report {
		return nil
	}
	d := r.z.d
	r.rep = report.Report{Metric: r.metric, Options: r.options, Reference: h.reference, Output: h.output,
		Extra: h.extra, Explanation: h.explanation}
	if d.caseN[k] == d.caseN[k+1] {
		row := &r.z.figs.Cases[k] // a metric that is one number
		r.rep.Score, r.rep.HasScore = row.Score, row.HasScore
		return &r.rep
	}
	r.f = r.z.caseFrame(k, r.scores)
	r.scores = r.f.score
	r.sw.weighCase(&r.f, r.z.weights)
	r.rep.Score, r.rep.HasScore = r.f.score[0], !math.IsNaN(r.f.score[0])
	r.rep.Nodes = r.nodes()
	return &r.rep
}

// nodes walks the case's frame depth-first in document order, as
// scoring.Tree's report does.
func (r *replayer) nodes() iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		f := &r.f
		r.cont = grow(r.cont, len(f.path))
		for i := range r.cont {
			r.cont[i] = -1
		}
		for k, i := range f.cnode {
			r.cont[i] = int32(k)
		}
		r.path = append(r.path[:0], jsondoc.RootPath...)
		if !r.emit(yield, 0, 0, jsondoc.RootPath) {
			return
		}
		r.stack = r.below(r.stack[:0], 0, 1)
		for len(r.stack) > 0 {
			s := &r.stack[len(r.stack)-1]
			if s.next >= s.end {
				r.stack = r.stack[:len(r.stack)-1]
				continue
			}
			i := s.next
			s.next++
			depth := s.depth
			path := r.path[:s.pathLen]
			if len(path) == 1 {
				path = path[:0]
			}
			var label string
			if s.array {
				at := len(path)
				path = jsondoc.AppendIndex(path, int(i-s.first))
				if at == 0 {
					at = 1 // AppendIndex put the root's "." first
				}
				label = unsafe.String(unsafe.SliceData(path[at:]), len(path)-at)
			} else {
				label = r.z.keys[f.path[i]].key
				path = jsondoc.AppendKey(path, label)
			}
			r.path = path
			if !r.emit(yield, i, depth, label) {
				return
			}
			r.stack = r.below(r.stack, i, depth+1)
		}
	}
}

// below pushes onto stack the step through node i's children, at
// depth, when it has any; the path buffer holds i's path.
func (r *replayer) below(stack []replayStep, i int32, depth int) []replayStep {
	k := r.cont[i]
	if k < 0 {
		return stack
	}
	f := &r.f
	first := f.cfirst[k]
	return append(stack, replayStep{first: first, next: first, end: first + f.ccount[k], depth: depth,
		pathLen: len(r.path), array: jsondoc.Kind(f.flags[i]&fKind>>fKindShift) == jsondoc.Array})
}

// emit yields node i's figures, its path in the path buffer.
func (r *replayer) emit(yield func(*report.Node) bool, i int32, depth int, label string) bool {
	f, sw := &r.f, &r.sw
	fl, sc := f.flags[i], f.score[i]
	r.node = report.Node{
		Path:   unsafe.String(unsafe.SliceData(r.path), len(r.path)),
		Depth:  depth,
		Label:  label,
		Kind:   jsondoc.Kind(fl & fKind >> fKindShift).String(),
		Status: statusOf(fl&fBase, sc).String(),
		Score:  sc, HasScore: sc == sc,
		Weight: sw.w[i],
		Share:  sw.share[i],
	}
	if r.node.HasScore {
		r.node.Loss = r.node.Share * (1 - sc)
	}
	r.node.Factor, r.node.HasFactor = sw.factor(f, i, r.cont[i])
	return yield(&r.node)
}
