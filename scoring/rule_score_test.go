package scoring_test

import (
	"math"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

// ruleScore scores {"v": ref} against {"v": out} under the rules file
// {".v": rule} and returns the score of .v and its explanation.
func ruleScore(t *testing.T, rule, ref, out string) (float64, string) {
	t.Helper()
	r, o := scoringtest.Docs(t, `{"v": `+ref+`}`, `{"v": `+out+`}`)
	rs, err := scoring.ParseRules("rules.json", []byte(`{".v": `+rule+`}`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := scoring.RunNamed(scoring.DefaultMetric, &scoring.Input{Ref: r, Out: o, Rules: rs})
	if err != nil {
		t.Fatal(err)
	}
	id, ok := res.Tree.Find(".v")
	if !ok {
		t.Fatal("no .v")
	}
	s, _ := res.Tree.Score(id)
	var lines []string
	for _, l := range res.Tree.Explain(id, scoring.ExplainOptions{}) {
		lines = append(lines, l.String())
	}
	return s, strings.Join(lines, "\n")
}

func TestRuleScores(t *testing.T) {
	cases := []struct {
		name, rule, ref, out string
		want                 float64
	}{
		{"exact strings differ", `"exact"`, `"INV-2024-04-0173"`, `"INV-2024-04-0178"`, 0},
		{"exact strings equal", `"exact"`, `"INV-2024-04-0173"`, `"INV-2024-04-0173"`, 1},
		{"exact NFC and NFD", `"exact"`, `"B\u00fcro"`, `"Bu\u0308ro"`, 1},
		{"exact case differs", `"exact"`, `"EUR"`, `"eur"`, 0},
		{"exact numbers 12.5 12.50", `"exact"`, `12.5`, `12.50`, 1},
		{"exact numbers differ", `"exact"`, `12.5`, `12.51`, 0},
		{"exact booleans", `"exact"`, `true`, `false`, 0},
		{"exact nulls", `"exact"`, `null`, `null`, 1},
		{"levenshtein", `"levenshtein"`, `"pepperoni"`, `"peppers"`, 1 - 3.0/9},
		{"damerau transposition", `"damerau"`, `"abcd"`, `"abdc"`, 0.75},
		{"levenshtein transposition", `"levenshtein"`, `"abcd"`, `"abdc"`, 0.5},
		// The textbook figure is 0.961111; go-edlib computes in float32.
		{"jaro-winkler", `"jaro-winkler"`, `"MARTHA"`, `"MARHTA"`, 0.96111106872558594},
		{"token-f1", `"token-f1"`, `"the quick brown fox"`, `"quick brown dog"`, 2.0 / 3},
		{"token-f1 order", `"token-f1"`, `"Net 30"`, `"30 net"`, 1},
		// abs_tol: 4.85 and 4.84 are 0.0100000000000007 apart in binary
		// floating point; the rule reads them as written.
		{"abs_tol edge below", `{"abs_tol": 0.01}`, `4.85`, `4.84`, 1},
		{"abs_tol edge above", `{"abs_tol": 0.01}`, `4.85`, `4.86`, 1},
		{"abs_tol just outside", `{"abs_tol": 0.01}`, `4.85`, `4.8399`, 1 - 0.0101/9.6899},
		{"abs_tol far outside", `{"abs_tol": 0.01}`, `12.5`, `125.0`, 1 - 112.5/137.5},
		{"abs_tol 0 equal", `{"abs_tol": 0}`, `4.85`, `4.850`, 1},
		{"abs_tol 0 differ", `{"abs_tol": 0}`, `4`, `5`, 1 - 1.0/9},
		{"abs_tol around 0", `{"abs_tol": 0.5}`, `0`, `-0.5`, 1},
		// rel_tol: |1.1 − 0.99| = 0.11 = 0.1 · 1.1 exactly; floats say
		// 0.1100000000000001 > 0.11000000000000001.
		{"rel_tol edge", `{"rel_tol": 0.1}`, `1.1`, `0.99`, 1},
		{"rel_tol edge exact", `{"rel_tol": 0.02}`, `50`, `49`, 1},
		{"rel_tol just outside", `{"rel_tol": 0.02}`, `50`, `48.99`, 1 - 1.01/98.99},
		{"rel_tol big exponents", `{"rel_tol": 0.01}`, `1e300`, `1.005e300`, 1},
		{"normalize case", `{"normalize": ["case"]}`, `"EUR"`, `"eur"`, 1},
		{"normalize accents", `{"normalize": ["accents"]}`, `"Nordlicht Bürobedarf GmbH"`, `"Nordlicht Burobedarf GmbH"`, 1},
		{"normalize space", `{"normalize": ["space"]}`, `"DHL  Paket "`, `" DHL Paket"`, 1},
		{"normalize then levenshtein", `{"normalize": ["case"]}`, `"Hamburg"`, `"HAMBORG"`, 1 - 1.0/7},
		{"normalize all", `{"normalize": ["case", "accents", "space"]}`, `"Kaffeerösterei  Albers"`, `"KAFFEEROSTEREI ALBERS"`, 1},
		{"normalize is not accents", `{"normalize": ["case"]}`, `"Bürobedarf"`, `"burobedarf"`, 0.9},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, explain := ruleScore(t, c.rule, c.ref, c.out)
			if math.Abs(got-c.want) > 1e-9 {
				t.Errorf("%s on %s vs %s: got %.17g, want %.17g\n%s", c.rule, c.ref, c.out, got, c.want, explain)
			}
		})
	}
}

func TestDateRule(t *testing.T) {
	same := []string{"2024-04-15", "15/04/2024", "15.04.2024", "15-04-2024", "April 15, 2024", "15 Apr 2024",
		"15 April 2024", "Apr 15 2024", "Monday, April 15, 2024", "15th April 2024", "2024/04/15", "20240415",
		"2024-04-15T10:00:00Z", "2024-04-15T23:30:00-05:00", "04/15/2024", " 2024-04-15 "}
	for _, out := range same {
		if got, explain := ruleScore(t, `"date"`, `"2024-04-15"`, `"`+out+`"`); got != 1 {
			t.Errorf("2024-04-15 vs %q: got %v, want 1\n%s", out, got, explain)
		}
	}
	cases := []struct {
		rule, ref, out string
		want           float64
	}{
		{`"date"`, `"2024-04-15"`, `"16.04.2024"`, 0},
		{`"date"`, `"2024-05-15"`, `"15.04.2024"`, 0},
		// Day and month that could swap read day first by default.
		{`"date"`, `"2024-04-05"`, `"05/04/2024"`, 1},
		{`"date"`, `"2024-04-05"`, `"04/05/2024"`, 0},
		{`"date"`, `"2024-04-05"`, `"05.04.2024"`, 1},
		{`{"date": "day-first"}`, `"2024-04-05"`, `"05/04/2024"`, 1},
		{`{"date": "month-first"}`, `"2024-04-05"`, `"04/05/2024"`, 1},
		{`{"date": "month-first"}`, `"2024-04-05"`, `"05/04/2024"`, 0},
		// A day past 12 reads either way.
		{`{"date": "month-first"}`, `"2024-04-15"`, `"15/04/2024"`, 1},
		// Not a full date: 0, unless the strings are equal.
		{`"date"`, `"2024-04-15"`, `"soon"`, 0},
		{`"date"`, `"2024-04-15"`, `"2024"`, 0},
		{`"date"`, `"2024-04-15"`, `"April 2024"`, 0},
		{`"date"`, `"2024-04-15"`, `"1713139200"`, 0},
		{`"date"`, `"2024-02-30"`, `"30.02.2024"`, 0},
		{`"date"`, `"n/a"`, `"n/a"`, 1},
		{`"date"`, `"n/a"`, `"N/A"`, 0},
	}
	for _, c := range cases {
		if got, explain := ruleScore(t, c.rule, c.ref, c.out); got != c.want {
			t.Errorf("%s: %s vs %s: got %v, want %v\n%s", c.rule, c.ref, c.out, got, c.want, explain)
		}
	}
}

func TestRuleExplanations(t *testing.T) {
	cases := []struct{ rule, ref, out, want string }{
		{`"exact"`, `"INV-2024-04-0173"`, `"INV-2024-04-0178"`, `rule exact (rules.json:1:2): 1 when equal, else 0
diff  INV-2024-04-017[-3-]{+8+}
"INV-2024-04-0173" ≠ "INV-2024-04-0178": score = 0`},
		{`"exact"`, `12.5`, `125.0`, `rule exact (rules.json:1:2): 1 when equal, else 0
12.5 ≠ 125.0: score = 0`},
		{`"date"`, `"2024-05-15"`, `"15.05.2024"`, `rule date (rules.json:1:2): 1 when both are the same calendar date, in any format, else 0
r "2024-05-15" → 2024-05-15 (as YYYY-MM-DD)
o "15.05.2024" → 2024-05-15 (as DD.MM.YYYY)
the same calendar date: score = 1`},
		{`"date"`, `"2024-04-05"`, `"04/05/2024"`, `rule date (rules.json:1:2): 1 when both are the same calendar date, in any format, else 0
r "2024-04-05" → 2024-04-05 (as YYYY-MM-DD)
o "04/05/2024" → 2024-05-04 (as DD/MM/YYYY, day first)
different dates: score = 0`},
		{`"date"`, `"2024-04-05"`, `"tbd"`, `rule date (rules.json:1:2): 1 when both are the same calendar date, in any format, else 0
r "2024-04-05" → 2024-04-05 (as YYYY-MM-DD)
o "tbd" is not a date
score = 0`},
		{`{"abs_tol": 0.01}`, `4.85`, `4.84`, `rule abs_tol=0.01 (rules.json:1:2): 1 when |r − o| ≤ X, else the number formula
|r − o| = |4.85 − 4.84| = 0.01 ≤ abs_tol 0.01
score = 1 (within the tolerance)`},
		{`{"abs_tol": 0.01}`, `12.5`, `125.0`, `rule abs_tol=0.01 (rules.json:1:2): 1 when |r − o| ≤ X, else the number formula
|r − o| = |12.5 − 125.0| = 112.5 > abs_tol 0.01: the number formula
score = 1 − |r − o| / (|r| + |o|)
      = 1 − |12.5 − 125.0| / (|12.5| + |125.0|)
      = 1 − 112.5 / 137.5 = 0.18182`},
		{`{"rel_tol": 0.1}`, `1.1`, `0.99`, `rule rel_tol=0.1 (rules.json:1:2): 1 when |r − o| ≤ X · max(|r|, |o|), else the number formula
|r − o| = |1.1 − 0.99| = 0.11 ≤ rel_tol 0.1 · max(|r|, |o|) = 0.1 · 1.1 = 0.11
score = 1 (within the tolerance)`},
		{`{"normalize": ["case", "accents"]}`, `"Bürobedarf"`, `"BUROBEDARF"`, `rule normalize=case,accents (rules.json:1:2): levenshtein after normalizing
"Bürobedarf" → "burobedarf"
"BUROBEDARF" → "burobedarf"
score = 1 (equal after normalization)`},
		{`"damerau"`, `"abcd"`, `"abdc"`, `rule damerau (rules.json:1:2): 1 − Damerau–Levenshtein(r, o) / max(len r, len o), transpositions cost 1
score = 1 − DL(r, o) / max(len r, len o)
      = 1 − 1 / 4 = 0.75000`},
		{`"jaro-winkler"`, `"MARTHA"`, `"MARHTA"`, `rule jaro-winkler (rules.json:1:2): the Jaro–Winkler similarity (prefix scale 0.1, prefix up to 4)
score = J + l · 0.1 · (1 − J), J = Jaro(r, o), l = common prefix (≤ 4)
      = 0.94444 + 3 · 0.1 · (1 − 0.94444) = 0.96111`},
		{`"token-f1"`, `"the quick brown fox"`, `"quick brown dog"`, `rule token-f1 (rules.json:1:2): the F1 of the words the two share (SQuAD)
words shared 2, of 3 in r and 3 in o (lowercased, no punctuation or articles)
P = 2/3, R = 2/3, score = 2·P·R / (P + R) = 0.66667`},
	}
	for _, c := range cases {
		if _, got := ruleScore(t, c.rule, c.ref, c.out); got != c.want {
			t.Errorf("%s on %s vs %s:\ngot\n%s\nwant\n%s", c.rule, c.ref, c.out, got, c.want)
		}
	}
}

// A rule at a path whose values are of mixed kinds compares those of its
// kind; the others keep the default comparison, and say so.
func TestRuleOnMixedKinds(t *testing.T) {
	r, o := scoringtest.Docs(t, `{"v": ["2024-04-15", 4]}`, `{"v": ["15.04.2024", 5]}`)
	rs, err := scoring.ParseRules("rules.json", []byte(`{".v[]": "date"}`))
	if err != nil {
		t.Fatal(err)
	}
	res, err := scoring.RunNamed(scoring.DefaultMetric, &scoring.Input{Ref: r, Out: o, Rules: rs})
	if err != nil {
		t.Fatal(err)
	}
	tree := res.Tree
	for path, want := range map[string]float64{".v[0]": 1, ".v[1]": 1 - 1.0/9, ".v": (1 + 1 - 1.0/9) / 2} {
		id, _ := tree.Find(path)
		if got, _ := tree.Score(id); math.Abs(got-want) > 1e-9 {
			t.Errorf("%s: got %.17g, want %.17g", path, got, want)
		}
	}
	id, _ := tree.Find(".v[1]")
	in := tree.RuleOf(id)
	if in.Rule.Kind != scoring.RuleDate || in.Applies || in.Source() != "rules.json:1:2" {
		t.Errorf("RuleOf(.v[1]) = %+v, source %q", in, in.Source())
	}
	var lines []string
	for _, l := range tree.Explain(id, scoring.ExplainOptions{}) {
		lines = append(lines, l.String())
	}
	want := `rule date (rules.json:1:2) compares strings: this number is compared as by default
score = 1 − |r − o| / (|r| + |o|)
      = 1 − |4 − 5| / (|4| + |5|)
      = 1 − 1 / 9 = 0.88889`
	if got := strings.Join(lines, "\n"); got != want {
		t.Errorf("explanation:\n%s\nwant\n%s", got, want)
	}
}
