package scoring

import (
	"fmt"
	"math"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// uipathMetric reproduces UiPath's JsonSimilarityEvaluator (uipath-python,
// src/uipath/eval/evaluators/json_similarity_evaluator.py, _compare_json
// and _compare_tokens) as its code behaves, whatever its docs say:
//
//   - it walks the reference; the score is matched leaves / total leaves,
//     1 when there is no leaf ("Total leaves are 0");
//   - numbers (not booleans): max(0, min(1, 1 − |e−a|/|e|)), relative to
//     the expected value e; an expected value within 1e-12 of 0 scores 1
//     if the actual one is too, else 0 (math.isclose abs_tol=1e-12). No
//     1% tolerance, though the docs promise one;
//   - strings: 1 − Levenshtein/max length over code points, unnormalized;
//   - booleans: equal or not; a boolean against a number is a type
//     mismatch; null vs null 1;
//   - a type mismatch scores 0 for every leaf of the expected value below
//     it, and so does a missing key or element;
//   - output keys the reference lacks, and output elements past the
//     reference's, are ignored.
//
// Its tree shows, at each node, the mean over the leaves below it; a
// node's weight is its share of its parent's leaves. --target PATH
// (repeatable) compares only the values at those paths, as
// target_output_key does for one top-level key.
type uipathMetric struct{}

func (uipathMetric) Name() string { return "uipath" }

func (uipathMetric) About() string {
	return "UiPath JsonSimilarityEvaluator: matched leaves / leaves of the reference, numbers relative to the expected value"
}

func (uipathMetric) Takes() []string { return []string{OptTarget} }

// UIPathOptions are the engine options of the uipath metric.
func UIPathOptions() Options {
	return Options{
		Numbers:             uipathNumber,
		Strings:             plainLevenshtein,
		IgnoreExtraElements: true,
		LeafWeights:         true,
		FixedWeights:        true,
		Explainer:           uipathExplainer{},
	}
}

func (uipathMetric) Score(in *Input) (*Result, error) {
	t, err := BuildContext(in.context(), in.Ref, in.Out, nil, UIPathOptions())
	if err != nil {
		return nil, err
	}
	if len(in.Opt.Targets) == 0 {
		return treeResult(t), nil
	}
	var scope []NodeID
	var notes []Warning
	for _, p := range in.Opt.Targets {
		id, ok := t.Find(p)
		if !ok || t.nodes[id].ref == jsondoc.None {
			return nil, setting.New(OptTarget, p, escape.Name(in.Ref.Name())+" has no value there")
		}
		scope = append(scope, id)
		if t.nodes[id].out == jsondoc.None {
			notes = append(notes, Warning{Path: p, Message: fmt.Sprintf(
				"uipath: %s has no value at the target %s: UiPath fails here (TARGET_OUTPUT_KEY_NOT_FOUND); jsontui scores its leaves 0",
				escape.Name(in.Out.Name()), p)})
		}
	}
	t.notes = append(t.notes, notes...)
	t.setScope(scope)
	res := treeResult(t)
	res.Explanation = "uipath: only the leaves at the targets " + strings.Join(in.Opt.Targets, ", ") + " count"
	return res, nil
}

// uipathNumber is UiPath's _compare_numbers.
func uipathNumber(e, a float64) float64 {
	const zero = 1e-12 // math.isclose(x, 0.0, abs_tol=1e-12)
	if math.Abs(e) <= zero {
		if math.Abs(a) <= zero {
			return 1
		}
		return 0
	}
	r := math.Abs(e-a) / math.Abs(e)
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return 0
	}
	return max(0, min(1, 1-r))
}
