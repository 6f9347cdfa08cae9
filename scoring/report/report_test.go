package report_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

var update = flag.Bool("update", false, "write the expected outputs in testdata/ from what the formats print")

// pizzaReport is the report of the worked example of docs/scoring.md, scored by
// metric, with the files named as `jsontui score` names them.
func pizzaReport(t *testing.T, metric string) *report.Report {
	t.Helper()
	ref, out, w := scoringtest.Case(t, "pizza")
	res, err := scoring.RunNamed(metric, &scoring.Input{Ref: ref, Out: out, Weights: w})
	if err != nil {
		t.Fatal(err)
	}
	rep := res.Report(metric)
	rep.Reference, rep.Output, rep.Weights = "reference.json", "output.json", "weights.json"
	return rep
}

// same compares got with the file testdata/name (written with -update).
func same(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s: got\n%s\nwant\n%s", name, got, want)
	}
}

// TestPizzaFormats: every format `jsontui score` prints, exactly, on the
// worked example, under a tree metric and a one-number one.
func TestPizzaFormats(t *testing.T) {
	for _, metric := range []string{"jsondiff", "exact"} {
		var text, js, md bytes.Buffer
		if err := report.WriteText(&text, pizzaReport(t, metric), report.TextOptions{}); err != nil {
			t.Fatal(err)
		}
		if err := report.WriteJSON(&js, pizzaReport(t, metric)); err != nil {
			t.Fatal(err)
		}
		if err := report.WriteMarkdown(&md, pizzaReport(t, metric)); err != nil {
			t.Fatal(err)
		}
		same(t, "pizza-"+metric+".txt", text.Bytes())
		same(t, "pizza-"+metric+".json", js.Bytes())
		same(t, "pizza-"+metric+".md", md.Bytes())
		if !json.Valid(js.Bytes()) {
			t.Errorf("%s: the JSON does not parse", metric)
		}
	}
}

// TestJSONFiguresAreFull: the JSON carries float64 figures in full, as
// cases/pizza/expected.json has them.
func TestJSONFiguresAreFull(t *testing.T) {
	var js bytes.Buffer
	if err := report.WriteJSON(&js, pizzaReport(t, "jsondiff")); err != nil {
		t.Fatal(err)
	}
	var got, want struct {
		Score float64
		Nodes []struct {
			Path                       string
			Score, Weight, Share, Loss *float64
			Factor                     *float64
			Reference, Output          json.RawMessage
			Kind, Status               string
		}
	}
	if err := json.Unmarshal(js.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(scoringtest.Read(t, filepath.Join(scoringtest.CaseDir(t, "pizza"), "expected.json"))), &want); err != nil {
		t.Fatal(err)
	}
	if got.Score != want.Score || len(got.Nodes) != len(want.Nodes) {
		t.Fatalf("score %v, %d nodes; want %v, %d", got.Score, len(got.Nodes), want.Score, len(want.Nodes))
	}
	for i, g := range got.Nodes {
		w := want.Nodes[i]
		if g.Path != w.Path || g.Kind != w.Kind || g.Status != w.Status || !near(g.Score, w.Score) || !near(g.Share, w.Share) ||
			!near(g.Loss, w.Loss) || !near(g.Weight, w.Weight) || !near(g.Factor, w.Factor) {
			t.Errorf("node %d: %+v\nwant %+v", i, g, w)
		}
	}
}

func near(a, b *float64) bool {
	if a == nil || b == nil {
		return a == b
	}
	d := *a - *b
	return d < 1e-9 && d > -1e-9
}

// TestNotesAndEscapes: repairs, warnings and extra figures in every
// format; a cell that holds | or ` does not break the Markdown table.
func TestNotesAndEscapes(t *testing.T) {
	r := &report.Report{
		Metric: "jsondiff", Options: []string{"abs-tol=0.01"}, Reference: "ref.json", Output: "out.md",
		Score: 0.5, HasScore: true,
		Repairs:  []string{"took the JSON out of a ``` fence"},
		Warnings: []report.Warning{{Path: ".a|b", Message: "a | in a key"}},
		Extra:    map[string]float64{"distance": 3},
		Nodes: func(yield func(*report.Node) bool) {
			yield(&report.Node{Path: `.["a|b"]`, Label: "a|b", Kind: "string", Status: "partial", Score: 0.5, HasScore: true,
				Weight: 1, Share: 1, Loss: 0.5, Reference: json.RawMessage(`"x|y"`), Output: json.RawMessage("\"`z`\"")})
		},
	}
	var md, text, js bytes.Buffer
	if err := report.WriteMarkdown(&md, r); err != nil {
		t.Fatal(err)
	}
	wantMD := "### jsondiff score: 0.5\n\nReference `ref.json`, output `out.md`, options `abs-tol=0.01`.\n\ndistance: 3\n\n" +
		"> Repair: took the JSON out of a ''' fence\n\n> Warning (`.a|b`): a \\| in a key\n\n" +
		"| path | ref | out | weight | f | score | share | loss | status |\n| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | --- |\n" +
		"| `.[\"a\\|b\"]` | `\"x\\|y\"` | `\"'z'\"` | 1 |  | 0.5 | 1 | 0.5 | partial |\n"
	if md.String() != wantMD {
		t.Errorf("markdown:\n%s\nwant\n%s", md.String(), wantMD)
	}
	if err := report.WriteText(&text, r, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	wantText := "jsondiff 0.5  ref.json vs out.md [abs-tol=0.01]\ndistance 3\n\n" +
		"node  reference  output  weight  f  score  loss  status\n" +
		"a|b   \"x|y\"      \"`z`\"        1       0.5   0.5  partial\n"
	if text.String() != wantText {
		t.Errorf("text:\n%q\nwant\n%q", text.String(), wantText)
	}
	if err := report.WriteJSON(&js, r); err != nil {
		t.Fatal(err)
	}
	wantJSON := `{"score": 0.5, "metric": "jsondiff", "distance": 3, "options": ["abs-tol=0.01"], "reference": "ref.json", "output": "out.md", ` +
		`"weights": null, "repairs": ["took the JSON out of a ` + "```" + ` fence"], "warnings": [{"path": ".a|b", "message": "a | in a key"}], "nodes": [
  {"path": ".[\"a|b\"]", "kind": "string", "status": "partial", "score": 0.5, "weight": 1, "share": 1, "loss": 0.5, "reference": "x|y", "output": "` + "`z`" + `"}]}
`
	if js.String() != wantJSON {
		t.Errorf("json:\n%s\nwant\n%s", js.String(), wantJSON)
	}
}

// TestTextColourAndWidths: the colour reaches the score and status cells
// only, without moving the columns; long labels and values are cut.
func TestTextColourAndWidths(t *testing.T) {
	rep := pizzaReport(t, "jsondiff")
	var plain, coloured bytes.Buffer
	if err := report.WriteText(&plain, rep, report.TextOptions{}); err != nil {
		t.Fatal(err)
	}
	mark := func(status, text string) string { return "<" + status + ">" + text + "</>" }
	if err := report.WriteText(&coloured, pizzaReport(t, "jsondiff"), report.TextOptions{Color: mark}); err != nil {
		t.Fatal(err)
	}
	stripped := strings.NewReplacer("</>", "").Replace(coloured.String())
	for _, st := range []string{"match", "partial"} {
		stripped = strings.ReplaceAll(stripped, "<"+st+">", "")
	}
	if stripped != plain.String() {
		t.Errorf("colour moves the text:\n%s", coloured.String())
	}
	if want := "      ├─ pizza      \"pepperoni\"  \"peppers\"       0.5            <partial>0.666667</>  0.010929  <partial>partial</>\n"; !strings.Contains(coloured.String(), want) {
		t.Errorf("the partial pizza is not coloured as\n%s\nin\n%s", want, coloured.String())
	}
	var narrow bytes.Buffer
	if err := report.WriteText(&narrow, pizzaReport(t, "jsondiff"), report.TextOptions{LabelWidth: 8, ValueWidth: 4}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"node      reference  output  weight         f     score      loss  status\n",
		"├─ marg…  19.0       39.0         1            0.655172  0.113058  partial\n",
		// Cut around the first difference: pepper|oni against pepper|s.
		"      ├…  …ro…       …rs\"       0.5            0.666667  0.010929  partial\n",
		"      ├…  \"ad…       \"ad…         0                   1         0  match\n",
	} {
		if !strings.Contains(narrow.String(), want) {
			t.Errorf("narrow columns lack\n%s\nin\n%s", want, narrow.String())
		}
	}
}

// TestCells: the explorer's figure cells.
func TestCells(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{report.Fixed5(0.876012813), "0.87601"}, {report.Fixed5(0.999999), "0.99999"}, {report.Fixed5(-0.000001), "0.00000"},
		{report.Trim5(1.3114754098360657), "1.31148"}, {report.Trim5(2), "2"}, {report.Trim5(0.25), "0.25"}, {report.Trim5(-0.000001), "0"},
		{report.ScoreCell(1, true), "1"}, {report.ScoreCell(0, true), "0"}, {report.ScoreCell(0.5, true), "0.50000"}, {report.ScoreCell(0.5, false), "n/a"},
		{report.LossCell(0), "0"}, {report.LossCell(0.000001), "<1e-5"}, {report.LossCell(0.0109), "0.01090"},
		{report.Thousands(1234567), "1,234,567"}, {report.Thousands(-1234), "-1,234"}, {report.Thousands(999), "999"},
		{report.Pad("ab", 4), "ab  "}, {report.Pad("abcdef", 4), "abc…"}, {report.Pad("x", 0), ""},
		{report.PadLeft("ab", 4), "  ab"}, {report.PadLeft("abcdef", 4), "abc…"},
		{report.Figure(0.8760128132654985), "0.876013"}, {report.Figure(1e-9), "1.00e-09"}, {report.Figure(-0.0000001), "-1.00e-07"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
}
