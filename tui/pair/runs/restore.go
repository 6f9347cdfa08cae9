package runs

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/tui/ports"
	"github.com/jsontui/jsontui/tui/runspane"
	"github.com/jsontui/jsontui/tui/session"
)

// restoreJob is what restoring a run's rules and pairing needs of the
// page, taken on the UI goroutine for the background to use.
type restoreJob struct {
	rules  *scoring.RuleSet // the rules in force
	name   string           // the file the rules are saved to
	metric string
	opts   scoring.MetricOptions
	// user is the user's options (the metric in force takes those of
	// them it takes); takesRules and takesLists say whether the metric in
	// force takes rules, and a pairing (--lists); lists whether a metric,
	// by name, does.
	user                   scoring.MetricOptions
	takesRules, takesLists bool
	lists                  func(metric string) bool
	rescore                ports.Rescorer
	state                  *session.State
	version                int
	ref                    *jsondoc.Doc
	out                    *jsondoc.Doc
	// ctx cancels the rescore (see Controller.Stop).
	ctx context.Context
}

// Restored is the tree scored again under a run's rules and pairing,
// with the weights in force carried over: what the page puts in force
// (PutInForce) before the run's weights apply.
type Restored struct {
	// Rules are the rules to put in force, Res and Sess the result and
	// the session of the tree scored under them; User and Opts the
	// user's options and the metric's, with the run's pairing.
	Rules      *scoring.RuleSet
	Res        *scoring.Result
	Sess       *session.Session
	User, Opts scoring.MetricOptions
	version    int // the weights' version the rescore started from
	// rulesChanged and pairingChanged say what differed from the rules
	// and pairing in force.
	rulesChanged, pairingChanged bool
}

// newRestore takes what restoring needs from st, nil when the metric in
// force takes neither rules nor a pairing. Its rescore is cancelled by
// Stop.
func (c *Controller) newRestore(st State) *restoreJob {
	ms := st.Metric
	takesLists := takesOption(c.opts.Metrics, ms.Name, scoring.OptLists)
	takesRules := c.sh.RulesRefused(ms.Name) == ""
	if !takesRules && !takesLists || c.opts.Rescore == nil {
		return nil
	}
	c.Stop()
	ctx, cancel := context.WithCancel(context.Background())
	c.cancelRestore = cancel
	t := st.Sess.Tree()
	choices := c.opts.Metrics // never changes: the background may read it
	lists := func(metric string) bool { return takesOption(choices, metric, scoring.OptLists) }
	return &restoreJob{rules: st.Rules, name: c.sh.RulesSavePath(), metric: ms.Name, opts: ms.Opts,
		user: st.User, takesRules: takesRules, takesLists: takesLists, lists: lists,
		rescore: c.opts.Rescore, state: st.WSess.State(), version: st.WSess.Version(), ref: t.Ref(), out: t.Out(), ctx: ctx}
}

// restore scores the documents again under the rules and the pairing of
// run, unless they are those in force (nil, nil). The rules are the
// run's when the metric in force takes rules; the pairing (--lists) is
// the run's when both the run's metric and the one in force pair by
// --lists (a run of a metric that pairs its own way says nothing of it).
func (j *restoreJob) restore(run *ports.RunDetail) (*Restored, error) {
	r := &Restored{Rules: j.rules, User: j.user, Opts: j.opts, version: j.version}
	if j.takesRules {
		var theirs *scoring.RuleSet
		if len(bytes.TrimSpace(run.RulesJSON)) > 0 {
			var err error
			if theirs, err = scoring.ParseRules("the rules of run "+runspane.ShortID(run.ID), run.RulesJSON); err != nil {
				return nil, fmt.Errorf("its rules do not read: %w", err)
			}
		}
		if !theirs.Equal(j.rules) {
			r.Rules, r.rulesChanged = j.rules.Replace(theirs, j.name), true
		}
	}
	metric := run.Metric
	if metric == "" {
		metric = scoring.DefaultMetric
	}
	if j.takesLists && j.lists(metric) {
		theirs, err := scoring.ParseMetricOptions(run.Options)
		if err != nil {
			return nil, fmt.Errorf("its options do not read: %w", err)
		}
		if !samePairing(theirs, j.user) {
			r.User, r.Opts, r.pairingChanged = withPairing(j.user, theirs), withPairing(j.opts, theirs), true
		}
	}
	if !r.rulesChanged && !r.pairingChanged {
		return nil, nil
	}
	res, err := j.rescore(j.ctx, ports.RescoreRequest{Metric: j.metric, Options: r.Opts, Ref: j.ref, Out: j.out,
		Weights: j.state.Weights(), Rules: r.Rules})
	if err != nil {
		verb := "does"
		if r.rulesChanged {
			verb = "do" // "its rules do", "its rules and pairing do"
		}
		return nil, fmt.Errorf("its %s %s not fit this reference: %w", r.what(), verb, err)
	}
	if r.Sess, err = session.Resume(res.Tree, j.state); err != nil {
		return nil, err
	}
	r.Res = res
	return r, nil
}

// what names what the run restores besides its weights.
func (r *Restored) what() string {
	switch {
	case r.rulesChanged && r.pairingChanged:
		return "rules and pairing"
	case r.rulesChanged:
		return "rules"
	}
	return "pairing"
}

// samePairing reports whether a and b pair every array alike.
func samePairing(a, b scoring.MetricOptions) bool {
	return a.Lists == b.Lists && slices.Equal(a.ListsAt, b.ListsAt)
}

// withPairing returns o with the pairing (--lists) of p.
func withPairing(o, p scoring.MetricOptions) scoring.MetricOptions {
	o.Lists, o.ListsAt = p.Lists, slices.Clone(p.ListsAt)
	return o
}

// pairingText is a pairing as --lists options: "--lists best --lists
// .items=key=sku", "--lists index, the default".
func pairingText(o scoring.MetricOptions) string {
	var parts []string
	for _, s := range o.Strings() {
		if v, ok := strings.CutPrefix(s, scoring.OptLists+"="); ok {
			parts = append(parts, "--lists "+v)
		}
	}
	if len(parts) == 0 {
		return "--lists index, the default"
	}
	return strings.Join(parts, " ")
}

// takesOption reports whether metric takes option opt: as the metrics
// offered say, else as the registry's does.
func takesOption(choices []ports.MetricChoice, metric, opt string) bool {
	for _, c := range choices {
		if c.Name == metric {
			return slices.Contains(c.Takes, opt)
		}
	}
	if mt, err := scoring.LookupMetric(metric); err == nil {
		return slices.Contains(mt.Takes(), opt)
	}
	return false
}
