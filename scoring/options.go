package scoring

import (
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textsim"
)

// Options change how leaves are compared, arrays paired and containers
// aggregated. The zero value is the jsondiff metric (docs/scoring.md); the other
// metrics (lynxius, uipath, galtea) are made of the switches below.
type Options struct {
	// Numbers scores two numbers in [0, 1]; nil means NumberScore.
	Numbers func(r, o float64) float64
	// Strings scores two strings in [0, 1], exactly or, past its limit,
	// with an interval (the tree marks such leaves: Tree.Approx); nil
	// means StringScore.
	Strings textsim.Comparator
	// Pair pairs the elements of a reference array with those of an output
	// array. It returns, for each reference element in order, the output
	// element it is compared with (jsondoc.None for none), and the output
	// elements left over, which become extra nodes. nil pairs as Lists
	// says.
	Pair func(t *Tree, ref, out jsondoc.ID) (pairs []jsondoc.ID, extras []jsondoc.ID)
	// Lists pairs array elements when Pair is nil: by index (the zero
	// value), by optimal assignment on their scores, or by a key field.
	Lists Lists
	// ListsAt pairs the arrays at some schema paths otherwise than Lists
	// (sorted by path, as MetricOptions.ListsAt). Build refuses a path
	// with no array in the reference, and a key field no element there
	// has (*ListsError).
	ListsAt []ListsAt
	// PairingHints makes Build look for arrays of records that would
	// score noticeably better under another pairing (Tree.PairingHints),
	// within a bounded amount of work (MaxHintWork).
	PairingHints bool
	// ListsUnchecked makes Build pair by Lists and ListsAt where the
	// reference bears them out and leave the rest alone, instead of
	// refusing them (*ListsError): a dataset checks them against every
	// case's reference at once.
	ListsUnchecked bool
	// PenalizeExtraKeys makes output keys the reference lacks take part
	// with weight 1 and score 0, instead of being shown only.
	PenalizeExtraKeys bool

	// KeyUnion makes output keys the reference lacks take part with the
	// weight the weights file gives them at that place (1 without an
	// entry), compared with an absent reference value: they score 0, or 1
	// for a null when AbsentAsNull is set (Lynxius).
	KeyUnion bool
	// AbsentAsNull treats a key absent from one of two compared objects
	// as null: absent against null scores 1 (Lynxius's dict.get).
	AbsentAsNull bool
	// BoolsAsNumbers compares booleans as the numbers 0 and 1, with each
	// other and with numbers, by Numbers (Python's bool is an int).
	BoolsAsNumbers bool
	// ShorterLists averages two arrays over the shorter one's length:
	// elements past it, on either side, take no part (they show as
	// ignored and extra). Two arrays of which exactly one is empty score
	// 0, two empty ones 1 (Lynxius).
	ShorterLists bool
	// IgnoreExtraElements makes output elements past the reference's take
	// no part instead of scoring 0 (UiPath).
	IgnoreExtraElements bool
	// ZeroWeightFallback weighs the keys of an object alike when every
	// one of them weighs 0, instead of giving the object no score.
	ZeroWeightFallback bool
	// FlatMismatch scores 0 a container whose output is absent or of
	// another type, whatever its children (Lynxius).
	FlatMismatch bool
	// LeafWeights weighs every node by the number of reference leaves
	// below it (scalars count 1, empty containers 0), so that a
	// container's score is its leaves' mean; a root with no leaf scores
	// 1 (UiPath). The weights file plays no part.
	LeafWeights bool
	// Whole, if set, compares each child of the root whole (both values
	// present) and builds nothing below it. Galtea compares fields so.
	Whole func(rd *jsondoc.Doc, r jsondoc.ID, od *jsondoc.Doc, o jsondoc.ID) float64
	// FixedWeights makes SetWeight and SetSlotWeight refuse: the metric's
	// weights are not the user's to change.
	FixedWeights bool
	// KeyRules are the per-key comparison rules of a rules file: a leaf
	// at a path that has a rule is compared by it, instead of by Numbers
	// or Strings, when the rule compares leaves of its kind. nil for
	// none. Whether the reference has the rules' paths is RulesUsage's
	// to check.
	KeyRules *RuleSet

	// Explainer explains the figures of the tree these options build
	// (Tree.Explain), by the metric's own formulas. Each metric's options
	// carry theirs; nil explains options that are jsondiff's as jsondiff
	// and others by their score alone.
	Explainer Explainer
}

// IsJSONDiff reports whether o scores by jsondiff's aggregation (docs/scoring.md)
// (comparators, pairing and extra-key options aside): no switch of
// another metric is set.
func (o Options) IsJSONDiff() bool {
	return !o.KeyUnion && !o.AbsentAsNull && !o.BoolsAsNumbers && !o.ShorterLists &&
		!o.IgnoreExtraElements && !o.ZeroWeightFallback && !o.FlatMismatch &&
		!o.LeafWeights && o.Whole == nil
}
