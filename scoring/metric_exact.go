package scoring

import (
	"bytes"
	"sort"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// exactMetric reproduces LangChain's JsonEqualityEvaluator (langchain,
// langchain/evaluation/parsing/base.py, _evaluate_strings with the default
// operator, ==): 1 when the parsed values are equal by Python's ==, else
// 0. The output is read as the evaluator reads it, with
// parse_json_markdown (package langchain); the reference as jsontui reads
// it (docs/scoring.md: strict JSON, which parse_json_markdown reads alike). Python's == makes 1 equal 1.0, and, since a bool is an int, true
// equal 1. When the reference is a list, the output must be one too, and
// both are compared after sorting their elements by their Python str()
// text (sorted(x, key=str)), so a top-level list is compared regardless
// of order; nested lists keep theirs.
type exactMetric struct{}

func (exactMetric) Name() string { return "exact" }

func (exactMetric) About() string {
	return "LangChain JsonEqualityEvaluator: 1 when the parsed values are equal (a top-level list in any order), else 0"
}

func (exactMetric) Takes() []string { return nil }

func (exactMetric) readsText() {}

func (exactMetric) Score(in *Input) (*Result, error) {
	reading, err := readLangChain(in, "exact", "JsonEqualityEvaluator")
	if err != nil {
		return nil, err
	}
	rd, od := in.Ref, reading.Doc
	var equal bool
	how := "the parsed values are compared with Python's == (1 equals 1.0, true equals 1)"
	switch {
	case rd.Kind(0) == jsondoc.Array && od.Kind(0) != jsondoc.Array:
		how = "the reference is a list and the output is not"
	case rd.Kind(0) == jsondoc.Array:
		how = "both top-level lists are sorted by their elements' Python str() text, then compared with Python's =="
		rs, os := sortedByPyStr(rd), sortedByPyStr(od)
		equal = len(rs) == len(os)
		for i := 0; equal && i < len(rs); i++ {
			equal = pyEqual(rd, rs[i], od, os[i])
		}
	default:
		equal = pyEqual(rd, 0, od, 0)
	}
	score, verdict := 0.0, "not equal"
	if equal {
		score, verdict = 1, "equal"
	}
	res := oneNumber(score, "exact: "+verdict+": "+how+" (LangChain JsonEqualityEvaluator)")
	res.ref, res.out, res.repairs = in.Ref, od, langChainSteps(reading)
	return res, nil
}

// sortedByPyStr returns the elements of the top-level array of d sorted
// by their Python str() text (a stable sort, as Python's).
func sortedByPyStr(d *jsondoc.Doc) []jsondoc.ID {
	ids := children(d, 0)
	keys := make([][]byte, len(ids))
	for i, id := range ids {
		if d.Kind(id) == jsondoc.String {
			keys[i] = []byte(d.PyStr(id)) // str() of a str is itself; repr() only inside containers
		} else {
			keys[i] = appendPyStr(nil, d, id)
		}
	}
	idx := make([]int, len(ids))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return bytes.Compare(keys[idx[a]], keys[idx[b]]) < 0 })
	out := make([]jsondoc.ID, len(ids))
	for i, k := range idx {
		out[i] = ids[k]
	}
	return out
}
