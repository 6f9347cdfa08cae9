package dataset

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// caseResult is what a worker finds about one case.
type caseResult struct {
	id       string
	idAt     [2]int32 // the line and column of the case's id, for a duplicate; 0 for #N
	status   CaseStatus
	score    float64 // NaN when the case has no score
	group    string
	hasGroup bool
	label    label
	repairs  []string
	err      string // an invalid case's parse error
	warnings []string
	fields   Fields
	outN     int // pairing by id: the output record paired, 0 for none
	hasID    bool
	hints    []scoring.ListsAt // the case's pairing hints' suggestions (in the hint sample)
	fallback bool              // the tree weighs all-zero keys alike (lynxius)
	// lacksLine and recordKeys are material's: a record without the
	// output field.
	lacksLine  int
	recordKeys []string
	// metric is what a case line says scored the case (Aggregate): the
	// metric's name and its options, "" when the line does not say.
	metric string
	// settings, key and firsts are what a case line says of the settings
	// it was scored under and of where its case is, and where the
	// line's path entries are in batch.firsts (Aggregate).
	settings string
	key      caseKey
	firsts   [2]int

	worstPath string
	worstLoss float64
	worstNode int32 // the worst leaf's node in the case's frame, -1 for none

	line       [2]int // the case's jsonl line: batch.lines[line[0]:line[1]]
	enc        [2]int // what the encoder made of the case: batch.enc[enc[0]:enc[1]]
	encoded    bool
	head       [2]int // kept cases: the case's head, batch.heads[head[0]:head[1]]
	frameNodes [2]int // kept frames: the case's nodes and containers in the batch's frame
	frameConts [2]int
	hasFrame   bool

	fatal error
	big   bool // a big case (bigCase): its memory is handed back once scored
}

// worker scores cases: one per goroutine, holding its scratch.
type worker struct {
	run   *runner
	paths pathCache
	x     extractor
	sw    sweeper
	f     frame
	buf   []byte
	// text is the room the case's model text is decoded into (outValue):
	// the case's output may read it until the case is done, and nothing
	// that outlives the case points into it (what the case adds to its
	// result and batch is copied: its warnings, worst path, pairing
	// suggestions, paths).
	text  []byte
	input scoring.Input // the case's, kept to spare an allocation a case
	path  []byte        // the worst node's path, written here and then copied once
	// encode is the worker's encoder (Config.NewEncoder), nil for none.
	encode func(dst []byte, rep *report.Report) []byte
	// The case lines' scratch: each path's entry in the line being
	// written (-1 for none), the path table's nodes looked up, the
	// leaves that lose.
	linePos []int32
	nodes   []pathNode
	losers  []int32
}

func newWorker(r *runner) *worker {
	w := &worker{run: r}
	w.paths.table = r.paths
	w.x.paths = &w.paths
	w.x.tau = r.tau
	w.sw.fallback = r.fallback
	w.sw.counting = true
	if r.cfg.NewEncoder != nil {
		w.encode = r.cfg.NewEncoder()
	}
	return w
}

// score reads and scores one case into res, adding its parts, line and
// frame to b.
func (w *worker) score(ctx context.Context, in *caseInput, b *batch, res *caseResult) {
	res.score = math.NaN()
	held := false
	if len(in.ref.Data)+len(in.out.Data) >= bigCaseBytes {
		if held = w.run.holdBig(ctx); !held {
			res.fatal = ctx.Err()
			return
		}
		defer w.run.letBig()
	}
	m, err := w.read(in)
	if err != nil {
		res.fatal = err
		return
	}
	defer m.release()
	if bigCase(&m) {
		if !held { // a folder's files: known big once read
			if !w.run.holdBig(ctx) {
				res.fatal = ctx.Err()
				return
			}
			defer w.run.letBig()
		}
		// What the reading left behind (a long line's pieces, the
		// record's values once its sides are their own) goes before
		// the tree is built beside the documents.
		debug.FreeOSMemory()
		defer w.shed()
		res.big = true
	}
	r := w.run
	var result *scoring.Result
	m.hints = in.idx < r.hintSample
	if m.status != CaseExtra {
		result, err = r.runCase(ctx, &m, &w.input)
		if err != nil {
			res.fatal = err
			return
		}
	}
	res.id, res.idAt, res.status = m.id, m.idAt, m.status
	res.group, res.hasGroup = m.group, m.hasGroup
	res.label = m.label
	res.label.fileLine(in)
	res.repairs, res.err, res.warnings, res.fields, res.outN = m.repairs, m.err, m.warnings, m.fields, m.outN
	res.lacksLine, res.recordKeys = m.lacksLine, m.recordKeys
	w.finish(in, b, res, &m, result)
}

// finish adds what case in, read into m and scored into result (nil for
// none), found to res and b: its score, its figures, its head, line and
// encoding as the run wants them.
func (w *worker) finish(in *caseInput, b *batch, res *caseResult, m *material, result *scoring.Result) {
	r := w.run
	if m.status == CaseExtra {
		if w.run.lines {
			start := len(b.lines)
			b.lines = appendExtraLine(b.lines, m.id, w.run.extraKey(in))
			res.line = [2]int{start, len(b.lines)}
		}
		return
	}
	switch {
	case m.status != CaseScored:
		res.score = 0 // missing and invalid cases score 0 (docs/datasets.md)
	case result.HasScore:
		res.score = result.Score
	default:
		res.status = CaseIgnored
	}
	if result == nil {
		w.keepHead(b, res, nil)
		w.encodeCase(b, res, nil)
		if r.lines {
			start := len(b.lines)
			b.lines = w.appendLine(b.lines, res, r.caseKey(in), nil)
			res.line = [2]int{start, len(b.lines)}
		}
		return
	}
	for _, wn := range result.Warnings {
		res.warnings = append(res.warnings, wn.Path+": "+wn.Message)
	}
	if t := result.Tree; t != nil {
		w.sweepTree(t, in, b, res, m.hints)
	}
	if r.keep && !r.lines && w.encode == nil && result.Tree != nil {
		// What the head needs of the report, without making it.
		t := result.Tree
		w.keepHead(b, res, &report.Report{Reference: t.Ref().Name(), Output: t.Out().Name(),
			Explanation: result.Explanation, Extra: result.Extra})
	} else if w.encode != nil || r.keep {
		rep := result.Report(r.metric.Name())
		w.keepHead(b, res, rep)
		w.encodeCase(b, res, rep)
	}
	if r.lines {
		start := len(b.lines)
		b.lines = w.appendLine(b.lines, res, r.caseKey(in), result.Tree)
		res.line = [2]int{start, len(b.lines)}
	}
	if result.Tree != nil {
		b.foldCase(&w.sw.acc, in.idx) // last: the case's line reads its parts
	}
	result.Tree.Release() // its room serves the next case's tree
}

// sweepTree finds the figures of the case's tree t: its warnings, its
// parts by schema path (in w.sw.acc, which score folds into b, or added
// to b's by a walk), its costliest leaf, and its frame in b when the
// cases are kept.
// A case of the hint sample (hints) has its pairing hints' suggestions
// taken, and their notes left out of its warnings.
func (w *worker) sweepTree(t *scoring.Tree, in *caseInput, b *batch, res *caseResult, hints bool) {
	for _, wn := range t.Warnings() {
		if hints && isHintNote(wn) {
			continue // the dataset's hint, not the case's warning
		}
		res.warnings = append(res.warnings, wn.Path+": "+wn.Message)
	}
	if hints {
		res.hints = suggestions(t)
	}
	out := w.figures(t, b, in.idx)
	res.fallback = w.sw.fallback
	res.worstNode = out.worst
	if out.worst >= 0 {
		w.path = t.AppendPath(w.path[:0], scoring.NodeID(out.worst))
		res.worstPath, res.worstLoss = string(w.path), out.worstLoss
	}
	if w.run.keep {
		res.hasFrame = true
		res.frameNodes, res.frameConts = b.frame.add(&w.f)
	}
}

// figures computes the figures of case idx from its tree t: in one walk
// of the tree straight into batch b's parts when nothing more is wanted
// of the case (walk), else into w.sw through its frame (w.f), which a kept
// case keeps and a case line reads.
// A big case walks too: the walk keeps 20 bytes a node (its path, weight
// and share), where a frame and its sweep keep 30 and more.
func (w *worker) figures(t *scoring.Tree, b *batch, idx int) caseOutcome {
	// The paths of a case of many nodes (maybe as many paths) are looked
	// up in the dataset's table without being kept a second time in the
	// worker's cache and memo.
	w.paths.direct = t.Len() >= bigParts
	if !w.run.keep && !w.run.lines {
		return w.x.walk(t, &w.f, &w.sw, b, idx) // straight into b: s.acc stays empty, for foldCase
	}
	w.x.extract(t, &w.f)
	if t.Len() >= bigCaseNodes {
		debug.FreeOSMemory() // what the build and the frame left behind goes before the sweep's room
	}
	w.sw.w, w.x.w = w.x.w, w.sw.w // the weights, handed over without a copy
	w.sw.fallback = t.Options().ZeroWeightFallback
	if n := t.Len(); n >= bigParts {
		w.sw.acc.clear()
		w.sw.acc.reserve(min(n, w.run.paths.len())) // a part a path at most
	}
	return w.sw.sweep(&w.f, false)
}

// keepHead lays out the head of a case whose report is rep (nil for
// none) in b, when the cases are kept (Config.Keep).
func (w *worker) keepHead(b *batch, res *caseResult, rep *report.Report) {
	if !w.run.keep {
		return
	}
	start := len(b.heads)
	b.heads = appendHead(b.heads, rep, res.warnings)
	res.head = [2]int{start, len(b.heads)}
}

// encodeCase hands a case's report to the worker's encoder, if any.
func (w *worker) encodeCase(b *batch, res *caseResult, rep *report.Report) {
	if w.encode == nil {
		return
	}
	start := len(b.enc)
	b.enc = w.encode(b.enc, rep)
	res.enc, res.encoded = [2]int{start, len(b.enc)}, true
}

// runCase runs the metric on a case read, into in; the result is nil when
// the case has no result (a missing or invalid case, for a metric without
// a tree). A metric that reads the output's text (scoring.ReadsText)
// decides itself whether the output reads: when it raises, the case is
// invalid with its error; when it reads an output jsontui could not, the
// case is scored.
func (r *runner) runCase(ctx context.Context, m *material, in *scoring.Input) (*scoring.Result, error) {
	text := r.readsText && m.outText != nil && (m.status == CaseScored || m.status == CaseInvalid)
	if !text && m.status != CaseScored && !scoring.HasTree(r.metric) {
		return nil, nil
	}
	out := m.out
	if m.status != CaseScored {
		out = jsondoc.Absent(out.Name())
	}
	*in = scoring.Input{Ref: m.ref, Out: out, Weights: r.weights, Opt: r.opt, Rules: r.rules, RulesUsage: r.usage, Context: ctx,
		Checked: true} // newRunner checked the options and rules once for every case
	in.Opt.NoPairingHints = in.Opt.NoPairingHints || r.noHints && !m.hints
	in.Opt.ListsUnchecked = true // checked against every case at once (checkLists)
	if text {
		in.OutName, in.OutText = out.Name(), m.outText
	}
	result, err := scoring.Run(r.metric, in)
	if err != nil {
		return nil, r.caseError(ctx, m, err, text)
	}
	if text {
		m.status, m.err, m.repairs = CaseScored, "", result.Repairs()
	}
	return result, nil
}

// caseError is what runCase returns for the metric's error err on the
// case m: nil when the error is the case's own (an output the metric
// reading its text refused makes the case invalid), else the run's
// error.
func (r *runner) caseError(ctx context.Context, m *material, err error, text bool) error {
	var te *scoring.TextError
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case text && errors.As(err, &te):
		m.status, m.err, m.repairs = CaseInvalid, m.textAt.message(te), nil
		return nil
	default:
		return fmt.Errorf("case %s (%s): %w", m.id, m.ref.Name(), err)
	}
}

func article(k jsondoc.Kind) string {
	if k == jsondoc.Object || k == jsondoc.Array {
		return "an"
	}
	return "a"
}

// caseName is how a case is named in messages.
func caseName(id string) string {
	if strings.HasPrefix(id, "#") {
		return "record " + id
	}
	return strconv.Quote(id)
}

// A big case is one whose documents' text is bigCaseBytes or more, or
// whose tree has bigCaseNodes nodes or more. Its memory is bounded as a
// pair's is: the garbage of each step is collected before the next step
// builds beside what lives on (the collector's pace, twice the heap it
// last found alive, would let a 20 MB-document case take 1.7 times a
// pair's peak), and the worker's scratch, grown to its size, goes with
// it (shed).
const (
	bigCaseBytes = 16 << 20
	bigCaseNodes = 1 << 20
)

// bigCase reports whether the case read into m is big (bigCaseBytes).
func bigCase(m *material) bool {
	n := 0
	if m.ref != nil {
		n += m.ref.Size()
	}
	if m.out != nil && m.out.Size() > 0 && (m.ref == nil || m.ref.Size() == 0 || &m.out.Source()[0] != &m.ref.Source()[0]) {
		n += m.out.Size() // not the reference's record
	}
	return n >= bigCaseBytes
}

// holdBig waits until no other worker scores a big case, and reports
// false if ctx ends first: big cases go through one at a time, each
// bounded as a pair is (letBig lets the next one go).
func (r *runner) holdBig(ctx context.Context) bool {
	if r.big == nil {
		return true // a runner of one case at a time
	}
	select {
	case r.big <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

func (r *runner) letBig() {
	if r.big != nil {
		<-r.big
	}
}

// shed drops the worker's scratch once it has grown past a big case's
// size, rather than hold it for the rest of the run.
func (w *worker) shed() {
	if cap(w.f.path) < bigCaseNodes {
		return
	}
	w.f = frame{}
	w.input = scoring.Input{} // it holds the case's documents
	w.x.w, w.x.slotPath = nil, nil
	w.x.conts, w.x.cpart, w.x.cparent, w.x.below = nil, nil, nil, nil
	w.x.in.stamp, w.x.in.sums, w.x.in.met = nil, nil, nil
	w.sw.w, w.sw.share, w.sw.parent, w.sw.cparent, w.sw.f = nil, nil, nil, nil, nil
	if cap(w.sw.acc.parts) >= bigParts {
		w.sw.acc = caseAcc{}
	}
}
