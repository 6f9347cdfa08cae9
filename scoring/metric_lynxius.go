package scoring

import (
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// lynxiusMetric reproduces the Lynxius JSON Difference evaluator
// (lynxius-python, lynxius_evals/evaluators/json_diff_evaluator.py,
// JsonDiffEval.json_diff, in the version with loopback weights and the
// all-zero fallback) as its code behaves:
//
//   - objects compare the union of both sides' keys; a key absent on one
//     side is None there (o1.get(key)), so absent vs null scores 1 and an
//     extra key costs like a missing one, weighing what the weights give
//     it (1 without an entry);
//   - the object's score is Σ s·w·f / n with f = n/Σw; when every weight
//     is 0, every key weighs 1 ("weights can't sum up to 0");
//   - a number weight on a key makes everything below it weigh 1; an
//     object holds the weights below and the key's own as "__key"; a
//     list passes its weights object to each element (the same as
//     jsontui's weights files);
//   - lists are averaged over zip(), the shorter length: the elements past
//     it cost nothing; two empty lists score 1; one empty list against a
//     non-empty one divides by zero in Lynxius: here it scores 0, with a
//     warning;
//   - numbers 1 − |o−r|/(|o|+|r|), 0 and 0 scoring 1; booleans are
//     Python ints, so true vs 1 scores 1 and true vs 2 scores 2/3;
//   - strings 1 − Levenshtein/max length over code points, with no
//     normalization (python-Levenshtein);
//   - null vs null 1; a container against anything else, any other type
//     mismatch, and null against a value: 0.
//
// Python iterates a set of keys, in an order that varies between runs, so
// Lynxius's last bits vary; jsontui sums in the reference's key order.
type lynxiusMetric struct{}

func (lynxiusMetric) Name() string { return "lynxius" }

func (lynxiusMetric) About() string {
	return "Lynxius JSON Difference (JsonDiffEval): weighted, key union with absent as null, lists over the shorter length"
}

func (lynxiusMetric) Takes() []string { return []string{TakesWeights} }

// LynxiusOptions are the engine options of the lynxius metric.
func LynxiusOptions() Options {
	return Options{
		Strings:            plainLevenshtein,
		KeyUnion:           true,
		AbsentAsNull:       true,
		BoolsAsNumbers:     true,
		ShorterLists:       true,
		ZeroWeightFallback: true,
		FlatMismatch:       true,
		Explainer:          lynxiusExplainer{},
	}
}

func (lynxiusMetric) Score(in *Input) (*Result, error) {
	t, err := BuildContext(in.context(), in.Ref, in.Out, in.Weights, LynxiusOptions())
	if err != nil {
		return nil, err
	}
	// Lynxius raises ZeroDivisionError on a list compared with an empty
	// one; say where.
	for i := range t.nodes {
		n := &t.nodes[i]
		if n.kind != jsondoc.Array || n.base != compared {
			continue
		}
		re := t.ref.Child(n.ref) == jsondoc.None
		oe := t.out.Child(n.out) == jsondoc.None
		if re != oe {
			t.notes = append(t.notes, Warning{Path: t.Path(NodeID(i)), Message: "lynxius: one list is empty and the other is not: " +
				"Lynxius fails here (ZeroDivisionError); jsontui scores it 0"})
		}
	}
	return treeResult(t), nil
}

// plainLevenshtein is 1 − Levenshtein/max length over code points, with
// no normalization; two empty strings score 1. It is exact up to the work
// limit and bounded past it (textdist.LevenshteinWithin).
func plainLevenshtein(r, o string, lim textdist.Limits) (textsim.Outcome, error) {
	if r == o {
		return textsim.Outcome{Score: 1, High: 1}, nil
	}
	d, err := textdist.LevenshteinWithin(r, o, lim)
	if err != nil {
		return textsim.Outcome{}, err
	}
	return textsim.DistanceOutcome("levenshtein", d, d.Lower, d.Upper), nil
}
