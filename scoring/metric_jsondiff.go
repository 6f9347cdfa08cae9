package scoring

// jsondiffMetric is jsontui's own metric (docs/scoring.md), with the
// options users of other evaluators ask for: tolerances, string
// normalization and comparators, list pairing, extra keys.
type jsondiffMetric struct{}

func (jsondiffMetric) Name() string { return DefaultMetric }

func (jsondiffMetric) About() string {
	return "jsontui's default: numbers by relative difference, strings by edit distance, weighted means of keys and positions"
}

func (jsondiffMetric) Takes() []string {
	return []string{TakesWeights, TakesRules, OptAbsTol, OptRelTol, OptNormalize, OptStrings, OptLists, OptExtraKeys}
}

func (jsondiffMetric) Score(in *Input) (*Result, error) {
	opt, err := jsondiffOptions(in.Opt)
	if err != nil {
		return nil, err
	}
	opt.KeyRules = in.Rules
	t, err := BuildContext(in.context(), in.Ref, in.Out, in.Weights, opt)
	if err != nil {
		return nil, err
	}
	t.opt.Explainer = t.room.jsondiffExplainer(&in.Opt)
	if in.RulesUsage != nil {
		in.RulesUsage.Add(t)
	} else if err := t.CheckRules(); err != nil {
		return nil, err
	}
	return treeResult(t), nil
}

// JSONDiffOptions returns the engine options that make jsondiff with the
// user's options: tolerances, string normalization and comparator, list
// pairing and extra keys.
func JSONDiffOptions(mo MetricOptions) (opt Options, err error) {
	if opt, err = jsondiffOptions(mo); err != nil {
		return Options{}, err
	}
	opt.Explainer = jsondiffExplainer{opts: mo}
	return opt, nil
}

// jsondiffOptions is JSONDiffOptions without the explainer, which the
// metric takes from the tree's room once the tree is built (boxing the
// options into an Explainer allocates them).
func jsondiffOptions(mo MetricOptions) (opt Options, err error) {
	opt.Numbers = mo.numberRule(nil)
	if opt.Strings, err = mo.stringRule(); err != nil {
		return Options{}, err
	}
	opt.Lists = mo.Lists
	opt.ListsAt = mo.ListsAt
	opt.PairingHints = !mo.NoPairingHints
	opt.ListsUnchecked = mo.ListsUnchecked
	opt.PenalizeExtraKeys = mo.PenalizeExtraKeys
	return opt, nil
}
