package scoring

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// MaxEditDistanceWork bounds the edit-distance metric: the unrestricted
// Damerau–Levenshtein distance of two texts takes time proportional to
// the product of their lengths once their common prefix and suffix are set
// aside, narrowed to the band the texts' Levenshtein distance leaves
// (textdist.DamerauLinearWithin). 4·10^10 is two unrelated texts of
// 200,000 characters, under a minute on two cores; past it the metric
// refuses.
const MaxEditDistanceWork = 200_000 * 200_000

// editDistanceMetric reproduces LangChain's JsonEditDistanceEvaluator
// (langchain/evaluation/parsing/json_distance.py) with its defaults: both
// values are canonicalized by json.dumps(v, separators=(",", ":"),
// sort_keys=True) — keys sorted, no spaces, every non-ASCII character
// escaped as \uXXXX, numbers as Python prints them — and compared by
// rapidfuzz's DamerauLevenshtein.normalized_distance: the unrestricted
// Damerau–Levenshtein distance divided by the longer length. LangChain's
// score is that distance; jsontui's is 1 − distance, and the report
// carries "distance" too. The output is read as the evaluator reads it,
// with parse_json_markdown (package langchain).
type editDistanceMetric struct{}

func (editDistanceMetric) Name() string { return "edit-distance" }

func (editDistanceMetric) About() string {
	return "LangChain JsonEditDistanceEvaluator: 1 − Damerau–Levenshtein distance between canonical JSON texts / the longer length"
}

func (editDistanceMetric) Takes() []string { return nil }

func (editDistanceMetric) readsText() {}

func (editDistanceMetric) Score(in *Input) (*Result, error) {
	reading, err := readLangChain(in, "edit-distance", "JsonEditDistanceEvaluator")
	if err != nil {
		return nil, err
	}
	ref := CanonicalJSON(in.Ref)
	out := CanonicalJSON(reading.Doc)
	distance, d, err := NormalizedDamerau(in.context(), out, ref)
	if err != nil {
		return nil, err
	}
	n := max(len(ref), len(out))
	res := oneNumber(1-distance, fmt.Sprintf(
		"edit-distance: Damerau–Levenshtein distance %d between the canonical texts (%d and %d characters; "+
			`json.dumps(sort_keys=True, separators=(",", ":"))`+"), / %d = distance %s; score = 1 − distance (LangChain JsonEditDistanceEvaluator)",
		d, len(ref), len(out), n, formatFloat(distance)))
	res.Extra = map[string]float64{"distance": distance}
	res.ref, res.out, res.repairs = in.Ref, reading.Doc, langChainSteps(reading)
	return res, nil
}

// CanonicalJSON returns the canonical text of the document's value, as
// Python's json.dumps(json.loads(text), sort_keys=True, separators=(",",
// ":")) writes it. The text is ASCII.
func CanonicalJSON(d *jsondoc.Doc) string {
	return string(appendPyJSON(nil, d, 0))
}

// NormalizedDamerau returns the unrestricted Damerau–Levenshtein distance
// d between two ASCII texts and d divided by the longer length (0 for two
// empty texts), as rapidfuzz's DamerauLevenshtein.normalized_distance
// does. It refuses texts whose work is past MaxEditDistanceWork, and
// returns ctx's error when ctx is done first.
func NormalizedDamerau(ctx context.Context, a, b string) (normalized float64, d int, err error) {
	if len(a) == 0 && len(b) == 0 {
		return 0, 0, nil
	}
	x, y := []byte(a), []byte(b)
	d, err = textdist.DamerauLinearWithin(ctx, x, y, MaxEditDistanceWork)
	if we := (*textdist.WorkError)(nil); errors.As(err, &we) {
		return 0, 0, setting.Errorf(fmt.Sprintf("%%[1]s edit-distance: the canonical texts have %s and %s characters; LangChain's "+
			"Damerau–Levenshtein distance takes time proportional to the cells of its matrix computed, the product of their "+
			"lengths less their common start and end narrowed to the band their Levenshtein distance leaves: %s here, past "+
			"jsontui's limit of %s (two unrelated texts of 200,000 characters, under a minute on two cores): use %%[1]s "+
			"jsondiff for documents this large",
			grouped(len(a)), grouped(len(b)), grouped(we.Cells), grouped(we.Max)), "metric")
	}
	if err != nil {
		return 0, 0, err
	}
	return float64(d) / float64(max(len(a), len(b))), d, nil
}

// grouped writes n with its digits in groups of three: 40,000,000,000.
func grouped(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
