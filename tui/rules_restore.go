package tui

import (
	"bytes"
	"context"
	"fmt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/session"
)

// rulesRestore is what restoring a run's rules needs of the explorer,
// taken on the UI goroutine for the background to use.
type rulesRestore struct {
	rules   *scoring.RuleSet // the rules in force
	name    string           // the file the rules are saved to
	metric  string
	opts    scoring.MetricOptions
	rescore Rescorer
	state   *session.State
	version int
	ref     *jsondoc.Doc
	out     *jsondoc.Doc
	// ctx cancels the rescore (see Model.cancelRestore).
	ctx context.Context
}

// restoredRules is the tree scored again under a run's rules, with the
// weights in force carried over.
type restoredRules struct {
	rules   *scoring.RuleSet
	res     *scoring.Result
	sess    *session.Session
	version int // the weights' version the rescore started from
}

// newRulesRestore takes what restoring needs, nil when the metric in
// force takes no rules. Its rescore is cancelled by cancelRestore.
func (m *Model) newRulesRestore() *rulesRestore {
	if !m.takesRules() || m.opts.Rescore == nil {
		return nil
	}
	m.cancelRestore()
	ctx, cancel := context.WithCancel(context.Background())
	m.jobs.cancelRestore = cancel
	t := m.sess.Tree()
	return &rulesRestore{rules: m.rules, name: m.rulesSavePath(), metric: m.metric.name, opts: m.metric.opts,
		rescore: m.opts.Rescore, state: m.wsess.State(), version: m.wsess.Version(), ref: t.Ref(), out: t.Out(), ctx: ctx}
}

// cancelRestore stops the rescore of a run's rules in flight, if any: a
// newer action on the runs, or quitting, makes it moot.
func (m *Model) cancelRestore() {
	if m.jobs.cancelRestore != nil {
		m.jobs.cancelRestore()
		m.jobs.cancelRestore = nil
	}
}

// restore scores the documents again under the rules of run, unless they
// are those in force (nil, nil).
func (j *rulesRestore) restore(run *RunDetail) (*restoredRules, error) {
	var theirs *scoring.RuleSet
	if len(bytes.TrimSpace(run.RulesJSON)) > 0 {
		var err error
		if theirs, err = scoring.ParseRules("the rules of run "+shortID(run.ID), run.RulesJSON); err != nil {
			return nil, fmt.Errorf("its rules do not read: %w", err)
		}
	}
	if theirs.Equal(j.rules) {
		return nil, nil
	}
	rules := j.rules.Replace(theirs, j.name)
	res, err := j.rescore(j.ctx, RescoreRequest{Metric: j.metric, Options: j.opts, Ref: j.ref, Out: j.out,
		Weights: j.state.Weights(), Rules: rules})
	if err != nil {
		return nil, fmt.Errorf("its rules do not fit this reference: %w", err)
	}
	sess, err := session.Resume(res.Tree, j.state)
	if err != nil {
		return nil, err
	}
	return &restoredRules{rules: rules, res: res, sess: sess, version: j.version}, nil
}
