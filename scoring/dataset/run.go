package dataset

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"slices"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/setting"
)

// Config says how to score a dataset.
type Config struct {
	// Metric scores each case; nil is jsondiff.
	Metric scoring.Metric
	// Options are the metric's options, for every case.
	Options scoring.MetricOptions
	// Weights is the weights file for every case (nil: every weight 1).
	Weights *scoring.Weights
	// Rules are the per-key comparison rules for every case (nil for
	// none); a path of theirs that no case has is an error.
	Rules *scoring.RuleSet
	// MatchThreshold is τ of the TP/FD counts (--match-threshold); nil
	// is 1.
	MatchThreshold *float64
	// Pass is the --pass threshold of the stats; nil for none.
	Pass *float64
	// Workers is how many cases are scored at once; 0 is every core.
	Workers int
	// Cases, if set, is called with every case in reference order, then
	// the extra outputs, from one goroutine, as the run goes; an error
	// stops the run.
	Cases func(*Case) error
	// Lines fills Case.Line with the case's --format jsonl line.
	Lines bool
	// NewEncoder, if set, is called once for each worker to make its
	// encoder: the worker that scores a case calls it with the case's
	// report (nil for a case with no result: a missing or invalid case of
	// a metric that is one number), and it appends what is to be kept of
	// the case to dst and returns dst. Case.Encoded hands those bytes to
	// Cases, in order (history.DatasetRecorder keeps a run so). Extra
	// outputs are not encoded.
	NewEncoder func() func(dst []byte, rep *report.Report) []byte
	// Keep holds the scored dataset in memory for re-weighting
	// (Result.Scored): about 17 bytes a node, and a case's documents'
	// names and warnings.
	Keep bool
	// HintSample is how many cases, the first in reference order, are
	// searched for pairing hints (DefaultHintSample on the command line;
	// 0 for none): what they suggest is Result.Pairings. Their hints are
	// not among their warnings.
	HintSample int
}

// Case is one case as a run reports it to Config.Cases.
type Case struct {
	// Index is the case's place: reference order, then the extras.
	Index  int
	ID     string
	Status CaseStatus
	// Score is the case's score (0 for missing and invalid cases);
	// meaningless when !HasScore.
	Score    float64
	HasScore bool
	Group    string
	HasGroup bool
	Repairs  []string
	Error    string
	Worst    *Worst
	// Warnings are remarks about the case's documents and comparison.
	Warnings []string
	// Line is the case's --format jsonl line (with its newline), valid
	// during the call only; nil unless Config.Lines.
	Line []byte
	// Encoded is what Config.NewEncoder's encoder made of the case, valid
	// during the call only; nil without an encoder, and for an extra
	// output.
	Encoded []byte
}

// Result is a scored dataset.
type Result struct {
	Figures *Figures
	// Pairing and Fields say how the cases were read; Reference and
	// Output are the files as given (the same for one file of records).
	Pairing           Pairing
	Fields            Fields
	Reference, Output string
	// Scored is the dataset held for re-weighting; nil unless
	// Config.Keep.
	Scored *Scored
	// Pairings are the --lists pairings the sampled cases' pairing hints
	// suggest (Config.HintSample), the most frequent first.
	Pairings []PairingSuggestion
}

// runner is one run of Score.
type runner struct {
	src        *Source
	big        chan struct{} // held by the worker scoring a big case (holdBig)
	metric     scoring.Metric
	opt        scoring.MetricOptions
	weights    *scoring.Weights
	tau        float64
	fallback   bool
	lines      bool
	keep       bool
	cfg        *Config
	paths      *pathTable
	index      *idIndex
	workers    []*worker
	acc        accumulator
	ids        *idSet // the reference ids seen
	store      *Scored
	pipe       *pipeline
	nextIdx    int
	readsText  bool // the metric reads the output's text itself (scoring.ReadsText)
	noHints    bool // spare each case jsondiff's pairing hints (MetricOptions.NoPairingHints)
	hintSample int  // the first cases searched for pairing hints all the same (Config.HintSample)
	refsOnly   bool // read the references only, each scored against itself (InitWeights)
	nextCase   int  // cases consumed
	// lineSettings is the metric and settings part of the case lines.
	lineSettings []byte
	rules        *scoring.RuleSet
	usage        *scoring.RulesUsage // which of the rules' paths the cases have
	lacking      lackingField        // the records without an output field
	idsSeen      int                 // the reference cases that have an id
	done         doneMark            // how far the cases done reach (Spec.Progress)
}

// presize makes room for the cases the reference file likely holds,
// estimated from its size and the first batch's records, so that the
// tables of cases do not grow (and copy) as they fill.
func (r *runner) presize(b *batch) {
	if r.src.form == twoDirs {
		// The files are listed: exactly one case a reference file (the
		// ids are the files' names, unique, not checked).
		r.acc.cases = make([]CaseFigures, 0, len(r.src.refList))
		if r.acc.hasGroups {
			r.acc.groupOfCase = make([]int32, 0, len(r.src.refList))
		}
		return
	}
	if len(b.in) == 0 || len(b.buf) == 0 {
		return
	}
	st, err := os.Stat(r.src.spec.Ref)
	if err != nil || !st.Mode().IsRegular() {
		return
	}
	per := len(b.buf) / len(b.in)
	if r.src.form == twoFiles && r.src.pairing == PairLine {
		per /= 2 // the batch holds the outputs too
	}
	n := int(st.Size()/int64(max(per, 1))) + len(b.in)
	n += n / 16
	n = min(n, 1<<24)
	r.acc.cases = make([]CaseFigures, 0, n)
	if r.acc.hasGroups {
		r.acc.groupOfCase = make([]int32, 0, n)
	}
	r.ids = newIDSet(n)
}

// newRunner sets up a run of src under cfg: the metric, its options,
// the thresholds, rules and weights, and the case lines' settings.
func newRunner(src *Source, cfg *Config) (*runner, error) {
	r := &runner{src: src, cfg: cfg, metric: cfg.Metric, opt: cfg.Options, tau: 1,
		lines: cfg.Lines, keep: cfg.Keep, paths: newPathTable(), ids: newIDSet(0), big: make(chan struct{}, 1)}
	if r.metric == nil {
		r.metric, _ = scoring.LookupMetric(scoring.DefaultMetric)
	}
	r.readsText = scoring.ReadsText(r.metric)
	// The pairing hints are one pair's: a quarter of a headless run's
	// time, for notes no figure of docs/datasets.md holds. ScoreCase and CaseTree
	// (one case, as a pair) look for them.
	r.noHints = true
	if !cfg.Options.NoPairingHints {
		r.hintSample = cfg.HintSample
	}
	if err := scoring.CheckOptions(r.metric, r.opt); err != nil {
		return nil, err
	}
	var err error
	if r.tau, err = thresholds(cfg.MatchThreshold, cfg.Pass); err != nil {
		return nil, err
	}
	if err := r.useRules(cfg.Rules); err != nil {
		return nil, err
	}
	r.useWeights(cfg.Weights)
	if r.lines {
		print := settingsPrint(r.metric.Name(), r.opt.Strings(), r.tau, src.spec.GroupBy, r.weights, r.rules)
		r.lineSettings = lineSettings(r.metric.Name(), r.opt.Strings(), print)
	}
	r.acc.init(r)
	return r, nil
}

// Score scores every case of the dataset src under cfg, streaming: what it
// holds grows with the number of cases and schema paths, not with the
// size of their documents (unless cfg.Keep). It uses every core. Its
// errors are about the input (a reference or record that does not parse,
// a duplicate reference id, an empty dataset, bad weights), or ctx's.
func Score(ctx context.Context, src *Source, cfg Config) (*Result, error) {
	r, err := newRunner(src, &cfg)
	if err != nil {
		return nil, err
	}
	if r.keep {
		r.store = newScored(r)
	}
	p := r.makeWorkers(cfg.Workers)
	if src.pairing == PairID {
		if err := r.buildIndex(ctx, p); err != nil {
			return nil, err
		}
	}
	err = p.run(ctx, r.produce, r.work, r.consume)
	if err != nil {
		return nil, err
	}
	if r.index != nil {
		ids, lines := r.index.unclaimed()
		for i, id := range ids {
			if err := r.addExtra(id, lines[i]); err != nil {
				return nil, err
			}
		}
	}
	if r.acc.refCases == 0 {
		return nil, fmt.Errorf("%s: no records: the dataset is empty", displayName(src.spec.Ref))
	}
	if err := r.lacking.check(r); err != nil {
		return nil, err
	}
	r.checkIDs()
	if err := r.usage.Err(); err != nil {
		return nil, err // a rule for a path no case has
	}
	if err := r.checkLists(); err != nil {
		return nil, err
	}
	r.acc.dropRows = r.store == nil // nothing reads the rows after the figures
	figs, err := r.acc.figures(r)
	if err != nil {
		return nil, err
	}
	res := &Result{Figures: figs, Pairing: src.pairing, Fields: r.acc.fields, Pairings: r.acc.hints.suggestions()}
	res.Reference, res.Output = src.Files()
	if r.store != nil {
		r.store.finish(r, figs)
		res.Scored = r.store
	}
	return res, nil
}

// useWeights takes the weights file w (nil for none), or warns that the
// metric leaves it aside.
func (r *runner) useWeights(w *scoring.Weights) {
	switch {
	case w == nil:
	case slices.Contains(r.metric.Takes(), scoring.TakesWeights):
		r.weights = w.ForCases()
	default:
		r.acc.warn(".", noWeightsMessage(w, r.metric))
		r.acc.noWeights = true
	}
}

// makeWorkers makes n workers (0: one a core) and the pipeline they
// run in.
func (r *runner) makeWorkers(n int) *pipeline {
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	for range n {
		r.workers = append(r.workers, newWorker(r))
	}
	r.pipe = newPipeline(n)
	return r.pipe
}

// noWeightsMessage says that metric m, which takes no weights, leaves
// the weights file w aside.
func noWeightsMessage(w *scoring.Weights, m scoring.Metric) string {
	return fmt.Sprintf("%s: the metric %s does not use weights; the weights file plays no part", w.Name(), m.Name())
}

// thresholds checks --match-threshold (nil: 1; it must be above 0) and
// --pass (nil: none), and returns τ.
func thresholds(matchThreshold, pass *float64) (tau float64, err error) {
	tau = 1
	if matchThreshold != nil {
		if tau = *matchThreshold; !(tau > 0 && tau <= 1) {
			why := ""
			if tau == 0 {
				why = ": at 0 every wrong value would count as found"
			}
			return 0, setting.Errorf("%[1]s "+setting.Esc(fmt.Sprint(tau))+" is outside (0, 1]"+why, "match-threshold")
		}
	}
	if pass != nil && !(*pass >= 0 && *pass <= 1) {
		return 0, setting.Errorf("%[1]s "+setting.Esc(fmt.Sprint(*pass))+" is outside [0, 1]", "pass")
	}
	return tau, nil
}

// useRules takes the rules for every case, checked against the metric.
func (r *runner) useRules(rs *scoring.RuleSet) error {
	if rs == nil {
		return nil
	}
	if err := scoring.CheckRules(r.metric, rs); err != nil {
		return err
	}
	r.rules, r.usage = rs, rs.Usage()
	return nil
}

// work scores a batch on worker w.
func (r *runner) work(ctx context.Context, w int, b *batch) {
	wk := r.workers[w]
	b.res = grow(b.res, len(b.in))
	for i := range b.in {
		if ctx.Err() != nil {
			b.res[i].fatal = ctx.Err()
			return
		}
		wk.score(ctx, &b.in[i], b, &b.res[i])
		if b.res[i].big {
			// Its record's bytes, its documents and its tree go back
			// to the system before the next case is read.
			in := &b.in[i]
			in.ref.Data, in.out.Data = nil, nil
			debug.FreeOSMemory()
		}
	}
}

// consume takes a scored batch, in order: it checks the ids, adds the
// cases to the figures and hands them to Config.Cases.
func (r *runner) consume(b *batch) error {
	if r.nextCase == 0 {
		r.presize(b)
	}
	r.nextCase += len(b.res)
	for i := range b.res {
		res := &b.res[i]
		if res.fatal != nil {
			return res.fatal
		}
		in := &b.in[i]
		if res.status != CaseExtra && res.idAt[0] > 0 {
			if prev, dup := r.ids.add(res.id, len(r.acc.cases), res.idAt, r.acc.cases); dup {
				f := r.src.refRecs.Name()
				return fmt.Errorf("%s:%d:%d: duplicate reference id %q: also at %s:%d:%d", f, res.idAt[0], res.idAt[1], res.id, f, prev[0], prev[1])
			}
		}
		claimed := 0
		if r.index != nil && res.outN > 0 {
			claimed = r.index.claim(res.id)
		}
		r.lacking.add(res)
		if res.status != CaseExtra && res.idAt[0] > 0 {
			r.idsSeen++
		}
		r.acc.addCase(res)
		if r.store != nil && res.status != CaseExtra {
			r.store.addCase(res, &b.frame, in, b.heads[res.head[0]:res.head[1]])
		}
		if r.cfg.Cases != nil {
			c := r.acc.caseOf(len(r.acc.cases)-1, res)
			if r.lines {
				c.Line = b.lines[res.line[0]:res.line[1]]
			}
			if res.encoded {
				c.Encoded = b.enc[res.enc[0]:res.enc[1]]
			}
			if err := r.cfg.Cases(c); err != nil {
				return err
			}
		}
		r.caseDone(in, claimed)
	}
	if len(b.parts) < bigParts {
		r.acc.addParts(b.parts, b.sums)
		return nil
	}
	// A big case's parts (a wide case's: a part a node) are added up and
	// go, and their memory goes back to the system before the next case
	// is read.
	r.acc.addParts(b.parts, b.sums)
	b.parts, b.sums, b.at = nil, nil, nil
	debug.FreeOSMemory()
	return nil
}

// caseKey returns where a reference case's line puts it: the reference
// file and the record's number, or for two directories the case's place
// in their lexical order.
func (r *runner) caseKey(in *caseInput) caseKey {
	file := r.src.spec.Ref
	if r.src.spec.Name != "" {
		file = r.src.spec.Name
	}
	if in.kind == inFiles {
		return caseKey{file: file, record: in.idx + 1}
	}
	return caseKey{file: file, record: in.ref.N}
}

// extraKey returns where an extra output's line puts it: the output file
// and the record's number (0 for a file of an output directory, which
// its id places).
func (r *runner) extraKey(in *caseInput) caseKey {
	if in.kind == inExtra {
		return caseKey{file: r.src.spec.Out}
	}
	return caseKey{file: r.src.spec.Out, record: in.out.N}
}

// addExtra adds an extra output found after the run (pairing by id), at
// line of the output file.
func (r *runner) addExtra(id string, line int) error {
	res := caseResult{id: id, status: CaseExtra, score: math.NaN()}
	r.acc.addCase(&res)
	r.nextIdx++
	if r.cfg.Cases == nil {
		return nil
	}
	c := r.acc.caseOf(len(r.acc.cases)-1, &res)
	if r.lines {
		c.Line = appendExtraLine(nil, id, caseKey{file: r.src.spec.Out, record: line})
	}
	return r.cfg.Cases(c)
}
