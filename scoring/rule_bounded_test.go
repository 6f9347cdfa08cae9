package scoring

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// TestRulePastLimit: a damerau rule on strings past damerau's exact limit
// goes through textsim's bounded comparator, as --strings damerau does:
// the leaf carries the Levenshtein interval, the result is approximate,
// and the warning names the path; the rule's explanation says why.
func TestRulePastLimit(t *testing.T) {
	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := slices.Clone(x)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	in := docs(t, `{"a": 1, "s": "`+string(x)+`"}`, `{"a": 1, "s": "`+string(y)+`"}`)
	rs, err := ParseRules("rules.json", []byte(`{".s": "damerau"}`))
	if err != nil {
		t.Fatal(err)
	}
	in.Rules = rs
	res, err := Run(jsondiffMetric{}, in)
	if err != nil {
		t.Fatal(err)
	}
	lev := textdist.Levenshtein(x, y)
	low, high := 1-float64(lev)/4200, 1-float64((lev+1)/2)/4200
	id, _ := res.Tree.Find(".s")
	s, _ := res.Tree.Score(id)
	h, ok := res.Tree.Approx(id)
	if !ok || s != low || h != high {
		t.Fatalf(".s: score %v, approx %v %v; want [%v, %v]", s, h, ok, low, high)
	}
	if !res.Approx || math.Abs(res.Score-(1+low)/2) > 1e-12 || math.Abs(res.High-(1+high)/2) > 1e-12 {
		t.Errorf("result: approx %v, score %v, high %v", res.Approx, res.Score, res.High)
	}
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Path != ".s" ||
		!strings.HasPrefix(ws[0].Message, "approximate score: damerau on a string of 4,200 code points is past its exact limit (16,777,216 matrix cells)") {
		t.Errorf("warnings %v", ws)
	}
	var lines []string
	for _, l := range res.Tree.Explain(id, ExplainOptions{}) {
		lines = append(lines, l.String())
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{
		"rule damerau (rules.json:1:2): 1 − Damerau–Levenshtein(r, o) / max(len r, len o), transpositions cost 1",
		"(past damerau's exact limit of 16,777,216 matrix cells: bounded by the Levenshtein distance)",
		"approximate: past the comparison's exact limit, the exact score lies between",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("explanation lacks %q:\n%s", want, got)
		}
	}
}

// TestRuleStringsCancel: the rules whose comparison is long on long
// strings (levenshtein, damerau past its cells, normalize) stop when
// their limits' Cancel is closed, with textdist.ErrCanceled; the linear
// ones finish.
func TestRuleStringsCancel(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 1))
	a, b := randomText(r, 200_000), randomText(r, 200_000)
	done := make(chan struct{})
	close(done)
	lim := textdist.Limits{Cancel: done}
	for _, name := range []string{"levenshtein", "damerau", "normalize=case"} {
		rule, err := ParseRule(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := rule.strings(a, b, lim); !errors.Is(err, textdist.ErrCanceled) {
			t.Errorf("%s: err %v, want textdist.ErrCanceled", name, err)
		}
	}
	for _, name := range []string{"exact", "jaro-winkler", "token-f1", "date"} {
		rule, err := ParseRule(name)
		if err != nil {
			t.Fatal(err)
		}
		if o, err := rule.strings(a, b, lim); err != nil || !o.Exact() {
			t.Errorf("%s: %+v, %v; want an exact score", name, o, err)
		}
	}
}
