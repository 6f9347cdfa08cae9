package scoring

import (
	"errors"
	"fmt"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// MaxEditDistanceCells bounds the edit-distance metric: the unrestricted
// Damerau–Levenshtein distance of canonical texts of m and n characters
// needs an (m+2)×(n+2) matrix of 4-byte cells. 64M cells (256 MiB) allow
// two texts of about 8,190 characters each; longer ones are refused.
const MaxEditDistanceCells = 1 << 26

// editDistanceMetric reproduces LangChain's JsonEditDistanceEvaluator
// (langchain/evaluation/parsing/json_distance.py) with its defaults: both
// values are canonicalized by json.dumps(v, separators=(",", ":"),
// sort_keys=True) — keys sorted, no spaces, every non-ASCII character
// escaped as \uXXXX, numbers as Python prints them — and compared by
// rapidfuzz's DamerauLevenshtein.normalized_distance: the unrestricted
// Damerau–Levenshtein distance divided by the longer length. LangChain's
// score is that distance; jsontui's is 1 − distance, and the report
// carries "distance" too.
type editDistanceMetric struct{}

func (editDistanceMetric) Name() string { return "edit-distance" }

func (editDistanceMetric) About() string {
	return "LangChain JsonEditDistanceEvaluator: 1 − Damerau–Levenshtein distance between canonical JSON texts / the longer length"
}

func (editDistanceMetric) Takes() []string { return nil }

func (editDistanceMetric) Score(in *Input) (*Result, error) {
	ref := CanonicalJSON(in.Ref)
	out := CanonicalJSON(in.Out)
	distance, d, err := NormalizedDamerau(out, ref)
	if err != nil {
		return nil, err
	}
	n := max(len(ref), len(out))
	res := oneNumber(1-distance, fmt.Sprintf(
		"edit-distance: Damerau–Levenshtein distance %d between the canonical texts (%d and %d characters; "+
			`json.dumps(sort_keys=True, separators=(",", ":"))`+"), / %d = distance %s; score = 1 − distance (LangChain JsonEditDistanceEvaluator)",
		d, len(ref), len(out), n, formatFloat(distance)))
	res.Extra = map[string]float64{"distance": distance}
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
// empty texts). It refuses texts past MaxEditDistanceCells.
func NormalizedDamerau(a, b string) (normalized float64, d int, err error) {
	if len(a) == 0 && len(b) == 0 {
		return 0, 0, nil
	}
	d, err = textdist.Damerau([]rune(a), []rune(b), MaxEditDistanceCells)
	if err != nil {
		if errors.Is(err, textdist.ErrTooLarge) {
			return 0, 0, fmt.Errorf("--metric edit-distance: the canonical texts have %d and %d characters; "+
				"the exact distance needs a %d×%d matrix, past the limit of %d cells (256 MiB): use --metric jsondiff for documents this large",
				len(a), len(b), len(a)+2, len(b)+2, MaxEditDistanceCells)
		}
		return 0, 0, err
	}
	return float64(d) / float64(max(len(a), len(b))), d, nil
}
