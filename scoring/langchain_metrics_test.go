package scoring

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// textInput is the input of a metric that reads the output's text: the
// reference parsed, the output as bytes only.
func textInput(t testing.TB, ref, out string) *Input {
	t.Helper()
	rd, err := jsondoc.Parse("ref.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Input{Ref: rd, OutName: "out.txt", OutText: []byte(out)}
}

// TestLangChainMetrics checks exact and edit-distance on the outputs issue
// 10 lists, which LangChain reads with parse_json_markdown. The expected
// scores were worked out by reading LangChain's code
// (langchain_core/utils/json.py, langchain/evaluation/parsing/base.py and
// json_distance.py), and checked by running that code, copied, under
// Python 3.11 with a Lowrance–Wagner Damerau–Levenshtein in rapidfuzz's
// place: exact is JsonEqualityEvaluator's score, distance
// JsonEditDistanceEvaluator's (jsontui's edit-distance score is
// 1 − distance); raises is the error when LangChain raises.
func TestLangChainMetrics(t *testing.T) {
	ab := `{"a": 1, "b": [1, 2]}`
	for _, c := range []struct {
		name, out, ref string
		exact          float64
		distance       float64
		raises         string
	}{
		{"fenced", "```json\n{\"a\": 1, \"b\": [1, 2]}\n```", ab, 1, 0, ""},
		{"bare fence", "```\n{\"a\": 1, \"b\": [1, 2]}\n```", ab, 1, 0, ""},
		{"backticks", "`{\"a\": 1, \"b\": [1, 2]}`", ab, 1, 0, ""},
		{"truncated", `{"a": 1, "b": [1, 2`, `{"a": 1, "b": [1, 2, 3]}`, 0, 2.0 / 19, ""},
		{"prose", `Here is the answer: {"a": 1} hope it helps`, `{"a": 1}`, 0, 0,
			"out.txt:1:1: the metric %s follows LangChain's %s, which raises on this output (json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score"},
		{"JSON fence", "```JSON\n{\"a\": 1}\n```", `{"a": 1}`, 0, 0,
			"out.txt:1:4: the metric %s follows LangChain's %s, which raises on this output (json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score"},
		{"numbered", `1. {"a": 1}`, `{"a": 1}`, 0, 6.0 / 7, ""},
		{"None", `{"a": 1}]`, `{"a": 1}`, 0, 1, ""},
		{"None is null", `{"a": 1}]`, `null`, 1, 0, ""},
		{"Python values", `{"a": NaN, "b": 1e400, "c": "\ud800"}`, `{"a": 1, "b": 2, "c": "x"}`, 0, 17.0 / 35, ""},
		{"list in any order", `[{"k": 2}, {"k": 1}`, `[{"k": 1}, {"k": 2}]`, 1, 2.0 / 17, ""},
		// A lone surrogate in the reference is strict JSON (RFC 8259 allows
		// the escape): json.loads keeps it, and so must the reference's
		// reading here, in values, keys and str() sort keys alike.
		{"lone surrogate", `"\ud800"`, `"\ud800"`, 1, 0, ""},
		{"lone surrogate key", `{"\udc00": 1}`, `{"\udc00": 1}`, 1, 0, ""},
		{"lone surrogate sorted", `["x", "\ud800"]`, `["\ud800", "x"]`, 1, 8.0 / 14, ""},
		{"lone surrogates differ", `{"b": "\udfff", "\ud800": 2}`, `{"\ud800": 1, "b": "\udfff"}`, 0, 1.0 / 25, ""},
	} {
		for _, metric := range []string{"exact", "edit-distance"} {
			m, _ := LookupMetric(metric)
			res, err := Run(m, textInput(t, c.ref, c.out))
			if c.raises != "" {
				evaluator := map[string]string{"exact": "JsonEqualityEvaluator", "edit-distance": "JsonEditDistanceEvaluator"}[metric]
				if want := strings.Replace(strings.Replace(c.raises, "%s", metric, 1), "%s", evaluator, 1); err == nil || err.Error() != want {
					t.Errorf("%s, %s: err %v\nwant %s", c.name, metric, err, want)
				}
				continue
			}
			if err != nil {
				t.Errorf("%s, %s: %v", c.name, metric, err)
				continue
			}
			want := c.exact
			if metric == "edit-distance" {
				want = 1 - c.distance
				if d := res.Extra["distance"]; math.Abs(d-c.distance) > 1e-12 {
					t.Errorf("%s: distance %v, want %v", c.name, d, c.distance)
				}
			}
			if math.Abs(res.Score-want) > 1e-12 {
				t.Errorf("%s, %s: %v, want %v", c.name, metric, res.Score, want)
			}
		}
	}
}

// TestLangChainRepairsReported checks that what LangChain's reading did
// to the output reaches the report.
func TestLangChainRepairsReported(t *testing.T) {
	m, _ := LookupMetric("exact")
	res, err := Run(m, textInput(t, `{"a": [1, 2]}`, "Sure:\n```json\n{\"a\": [1, 2\n```"))
	if err != nil {
		t.Fatal(err)
	}
	rep := res.Report("exact")
	want := []string{
		"LangChain's parse_json_markdown: the text as a whole is not JSON (Expecting value: line 1 column 1 (char 0)): took what follows the ```json on line 2",
		"LangChain's parse_json_markdown: stripped white space and backticks: 1 character before the JSON, 4 characters after it",
		"LangChain's parse_json_markdown: parse_partial_json closed 2 open brackets with ]}",
	}
	if strings.Join(rep.Repairs, "\n") != strings.Join(want, "\n") || rep.Score != 1 || rep.Output != "out.txt" {
		t.Errorf("score %v, output %q, repairs:\n%s", rep.Score, rep.Output, strings.Join(rep.Repairs, "\n"))
	}
	// With no text given, the metric reads the output document's source:
	// the explorer's case.
	in := docs(t, `{"a": 1}`, `{"a": 1}`)
	if res, err := Run(m, in); err != nil || res.Score != 1 {
		t.Errorf("from Out's source: %v, %v", res, err)
	}
}

// TestEditDistanceLong checks a pair of canonical texts longer than the
// 8,190 characters the metric used to refuse: 9,004 characters, all but
// the brackets and quotes different.
func TestEditDistanceLong(t *testing.T) {
	ref := `["` + strings.Repeat("a", 9000) + `"]`
	out := `["` + strings.Repeat("b", 9000) + `"]`
	res := runMetric(t, "edit-distance", ref, out, "", MetricOptions{})
	if d := res.Extra["distance"]; math.Abs(d-9000.0/9004) > 1e-12 {
		t.Errorf("distance %v, want 9000/9004", d)
	}
}

func TestGrouped(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 123456: "123,456", -1234567: "-1,234,567"} {
		if got := grouped(n); got != want {
			t.Errorf("grouped(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestEditDistanceLimit checks the refusal past MaxEditDistanceWork and
// the cancellation of a long computation.
func TestEditDistanceLimit(t *testing.T) {
	// Past the brackets and quotes, 200,001 characters differ: one too many.
	n := 200_001
	m, _ := LookupMetric("edit-distance")
	_, err := Run(m, docs(t, `["`+strings.Repeat("a", n)+`"]`, `["`+strings.Repeat("b", n)+`"]`))
	want := "metric edit-distance: the canonical texts have 200,005 and 200,005 characters; LangChain's Damerau–Levenshtein " +
		"distance takes time proportional to the cells of its matrix computed, the product of their lengths less their common " +
		"start and end narrowed to the band their Levenshtein distance leaves: 40,000,400,001 here, past jsontui's limit of " +
		"40,000,000,000 (two unrelated texts of 200,000 characters, under a minute on two cores): use metric jsondiff for " +
		"documents this large"
	if err == nil || err.Error() != want {
		t.Errorf("err %v", err)
	}
	// Texts of 400,000 characters, three swaps apart: the product is four
	// times the limit, the band a few columns wide.
	r := rand.New(rand.NewPCG(7, 8))
	x := make([]byte, 400_000)
	for i := range x {
		x[i] = "abcdefgh"[r.IntN(8)]
	}
	y := slices.Clone(x)
	for _, at := range []int{1000, 200_000, 398_000} {
		x[at], x[at+1] = 'x', 'y'
		y[at], y[at+1] = 'y', 'x'
	}
	got, err := Run(m, docs(t, `"`+string(x)+`"`, `"`+string(y)+`"`))
	if want := 1 - 3.0/400_002; err != nil || math.Abs(got.Score-want) > 1e-12 {
		t.Fatalf("three swaps in 400,000 characters: %v, %v; want %v", got, err, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := docs(t, `["`+strings.Repeat("ab", 20000)+`"]`, `["`+strings.Repeat("ba", 20000)+`"]`)
	in.Context = ctx
	if _, err := Run(m, in); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled: %v", err)
	}
}
