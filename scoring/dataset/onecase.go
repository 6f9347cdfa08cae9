package dataset

import (
	"context"
	"errors"
	"fmt"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// OneCase is one case of a dataset scored as a single pair (`score
// --case ID`).
type OneCase struct {
	ID     string
	Status CaseStatus
	// Result is the metric's verdict, with the case's tree for a tree
	// metric. The weights file applies as to a pair: its warnings are
	// this case's.
	Result *scoring.Result
	// Reference and Output name the case's documents (file:line, or the
	// files of two directories); Output is "" for a missing case.
	Reference, Output string
	Repairs           []string
	// Error is the parse error of an invalid case's output.
	Error    string
	Warnings []string
	// Ref and Out are the documents compared; Out is an absent document
	// for a missing or invalid case. Both nil for an extra case.
	Ref, Out *jsondoc.Doc
}

// errFound stops the reading once the case is found.
var errFound = errors.New("found")

// ScoreCase finds the case id of src (a reference case or an output with
// no reference) and scores it alone under cfg, as a single pair would be
// scored. It reads the dataset up to the case, on one core.
func ScoreCase(ctx context.Context, src *Source, cfg Config, id string) (*OneCase, error) {
	r := &runner{src: src, cfg: &cfg, metric: cfg.Metric, opt: cfg.Options, tau: 1, paths: newPathTable(),
		weights: cfg.Weights}
	if r.metric == nil {
		r.metric, _ = scoring.LookupMetric(scoring.DefaultMetric)
	}
	r.readsText = scoring.ReadsText(r.metric)
	if err := scoring.CheckOptions(r.metric, r.opt); err != nil {
		return nil, err
	}
	// The rules apply as to every case; whether a path of theirs is in
	// some case is the whole dataset's question, not this one's.
	if err := r.useRules(cfg.Rules); err != nil {
		return nil, err
	}
	r.acc.init(r)
	r.pipe = newPipeline(max(1, cfg.Workers))
	if src.pairing == PairID {
		if err := r.buildIndex(ctx, r.pipe); err != nil {
			return nil, err
		}
	}
	w := newWorker(r)
	var found *OneCase
	var ferr error
	err := r.produce(ctx, func(b *batch) error {
		defer r.pipe.put(b)
		b.seal()
		for i := range b.in {
			m, err := w.read(&b.in[i])
			if err != nil {
				return err
			}
			if m.id != id {
				continue
			}
			found, ferr = r.scoreOne(ctx, &m)
			return errFound
		}
		return ctx.Err()
	})
	if err != nil && !errors.Is(err, errFound) {
		return nil, err
	}
	if ferr != nil {
		return nil, ferr
	}
	if found == nil && r.index != nil {
		for _, e := range r.index.entries {
			if e.id == id {
				return &OneCase{ID: id, Status: CaseExtra, Output: fmt.Sprintf("%s:%d", r.index.name, e.line)}, nil
			}
		}
	}
	if found == nil {
		return nil, setting.New("case", string(jsondoc.AppendQuoted(nil, id)), "no case of "+escape.Name(displayName(src.spec.Ref))+" has this id")
	}
	return found, nil
}

// scoreOne scores a case read.
func (r *runner) scoreOne(ctx context.Context, m *material) (*OneCase, error) {
	if m.status == CaseExtra {
		return &OneCase{ID: m.id, Status: m.status, Repairs: m.repairs, Error: m.err, Warnings: m.warnings}, nil
	}
	res, err := r.runCase(ctx, m, new(scoring.Input))
	if err != nil {
		return nil, err
	}
	c := &OneCase{ID: m.id, Status: m.status, Repairs: m.repairs, Error: m.err, Warnings: m.warnings,
		Reference: m.ref.Name(), Ref: m.ref, Out: m.out}
	if m.status == CaseScored {
		c.Output = m.out.Name()
	} else {
		name := "(no output)"
		if m.out != nil {
			name = m.out.Name()
		}
		c.Out = jsondoc.Absent(name)
	}
	if res == nil {
		c.Result = &scoring.Result{Score: 0, HasScore: true, Options: r.opt.Strings(),
			Explanation: fmt.Sprintf("the case is %s: it scores 0", m.status)}
		return c, nil
	}
	if m.status == CaseScored && !res.HasScore {
		c.Status = CaseIgnored
	}
	c.Result = res
	return c, nil
}
