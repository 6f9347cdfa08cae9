package htmlreport

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

var meta = Meta{Version: "test", Time: time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)}

// pizzaPage writes the worked pizza example's page.
func pizzaPage(t *testing.T) string {
	t.Helper()
	ref, out, w := scoringtest.Case(t, "pizza")
	tree := scoringtest.Build(t, ref, out, w, scoring.Options{})
	var b bytes.Buffer
	if err := WritePair(&b, meta, Pair{Report: tree.Report("jsondiff", nil), Tree: tree}); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// remote finds what would make a browser fetch anything: a source, a
// link, a stylesheet import or a url() that is not the page itself.
var remote = regexp.MustCompile(`(?i)\bsrc\s*=|<link\b|@import|url\(|href\s*=\s*"(?:https?:|//)|<iframe|<object|<embed`)

func TestPairPageIsSelfContained(t *testing.T) {
	page := pizzaPage(t)
	if m := remote.FindString(page); m != "" {
		t.Errorf("the page refers outside itself: %q", m)
	}
	for _, want := range []string{"<!DOCTYPE html>", "<style>", "<script>", `Content-Security-Policy" content="default-src 'none'`,
		`<span class="big" id="score">0.876013</span>`, `data-path=".fixed_menus[1].pizza"`, `<span class="r-deleted">[-oni-]</span>`,
		"prefers-color-scheme: dark", "@media print"} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
}

func TestPairPageOpensTheCostliestPath(t *testing.T) {
	page := pizzaPage(t)
	open := regexp.MustCompile(`data-path="([^"]*)" open|open-path" open data-path="([^"]*)"`)
	var got []string
	for _, m := range open.FindAllStringSubmatch(page, -1) {
		got = append(got, m[1]+m[2])
	}
	// The root loses 0.123987, .margherita the most of it (0.113058).
	if want := []string{".", ".margherita"}; strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("open: %q, want %q", got, want)
	}
}

// hostile is a name that would end a script element or start markup.
const hostile = "</script><script>alert(1)</script><b x=\"&\"> id \x1b]0;T\x07 \u009b2J é"

func TestHostileNamesAreEscaped(t *testing.T) {
	tree := scoringtest.Pair(t, `{"<k>": "a</script>b"}`, `{"<k>": "a</SCRIPT>c"}`, "")
	rep := tree.Report("jsondiff", nil)
	rep.Reference, rep.Output = hostile, hostile
	rep.AddWarning(report.Warning{Path: ".", Message: hostile})
	var b bytes.Buffer
	if err := WritePair(&b, meta, Pair{Report: rep, Tree: tree}); err != nil {
		t.Fatal(err)
	}
	figs := &dataset.Figures{Metric: "jsondiff", Score: 0.5, HasScore: true,
		Stats: dataset.Stats{Cases: 1, Scored: 1, N: 1, Mean: 0.5},
		Paths: []dataset.PathFigures{{Path: ".", Kind: "object", Cases: 1, Nodes: 1, Score: 0.5, HasScore: true, Weight: 1, Loss: 0.5},
			{Path: `.["<k>"]`, Depth: 1, Kind: "string", Cases: 1, Nodes: 1, Score: 0.5, HasScore: true, Weight: 1, Loss: 0.5}},
		Cases: []dataset.CaseFigures{{ID: hostile, Score: 0.5, HasScore: true, Worst: &dataset.Worst{Path: `.["<k>"]`, Loss: 0.5}}}}
	if err := WriteDataset(&b, meta, &Dataset{Header: dataset.Header{Reference: hostile, Output: hostile}, Figures: figs}); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, bad := range []string{"<script>alert", "</script><script>", `<b x=`, "</SCRIPT>c"} {
		if strings.Contains(page, bad) {
			t.Errorf("the page holds %q unescaped", bad)
		}
	}
	if i := strings.IndexFunc(page, func(r rune) bool { return r == 0x1b || r == 0x9b || r == 0x07 }); i >= 0 {
		t.Errorf("the page holds a raw control character: %q", page[max(0, i-20):i+10])
	}
	if !strings.Contains(page, `id \x1b]0;T\x07 \u009b`) {
		t.Error("a name's control characters are not shown escaped")
	}
	if !strings.Contains(page, `\u003c/script>\u003cscript>alert(1)`) {
		t.Error("the case id is not in the cases' data, escaped")
	}
}

func TestSchemaPath(t *testing.T) {
	for in, want := range map[string]string{
		".":                     ".",
		".a[3].b":               ".a[].b",
		".[0]":                  ".[]",
		".[12][0].x":            ".[][].x",
		`.["x[1]"][2]`:          `.["x[1]"][]`,
		`.["a \"[3]\" b"].c[7]`: `.["a \"[3]\" b"].c[]`,
	} {
		if got := string(schemaPath(nil, in)); got != want {
			t.Errorf("schemaPath(%s) = %s, want %s", in, got, want)
		}
	}
}

// caseReport is a one-node report of a case scoring s.
func caseReport(s float64) *report.Report {
	return &report.Report{Score: s, HasScore: true, Nodes: func(yield func(*report.Node) bool) {
		yield(&report.Node{Path: ".", Label: ".", Kind: "number", Status: "partial", Score: s, HasScore: true, Weight: 1, Share: 1, Loss: 1 - s,
			Reference: []byte("1"), Output: []byte("2")})
	}}
}

func TestCasesKeepTheLowest(t *testing.T) {
	c := NewCases(3)
	scores := []float64{0.9, 0.2, 0.5, 0.2, 0.1, 0.7, 0.3}
	for k, s := range scores {
		if err := c.AddReport(&dataset.Case{Index: k, Score: s, HasScore: true}, caseReport(s)); err != nil {
			t.Fatal(err)
		}
	}
	kept := keptTrees(&Dataset{Cases: c, Figures: &dataset.Figures{}})
	var got []int
	for _, kc := range kept {
		got = append(got, kc.index)
		if len(kc.nodes) != 1 || string(kc.nodes[0].Output) != "2" || kc.nodes[0].Score != scores[kc.index] {
			t.Errorf("case %d kept as %+v", kc.index, kc.nodes)
		}
	}
	// 0.1, then the two 0.2 in reference order.
	if want := []int{4, 1, 3}; len(got) != 3 || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Errorf("kept %v, want %v", got, want)
	}
}

func TestDecodeCutShort(t *testing.T) {
	enc := NewCases(1).Encoder()(nil, caseReport(0.25))
	intern := func([]byte) uint32 { return 0 }
	if _, nodes, err := decodeCase(enc, intern); err != nil || len(nodes) != 1 {
		t.Fatalf("whole: %v, %d nodes", err, len(nodes))
	}
	for n := range len(enc) {
		if _, _, err := decodeCase(enc[:n], intern); err == nil {
			t.Errorf("cut at %d of %d: no error", n, len(enc))
		}
	}
}

func TestDisagreement(t *testing.T) {
	c := &dataset.Comparison{Improved: 30, Regressed: 25,
		Delta: dataset.DeltaStats{N: 60, HasPT: true, PT: 0.012, HasPSign: true, PSign: 0.59}}
	got := disagreement(c)
	for _, want := range []string{"the t-test finds the mean change significant (p = 0.012)", "the sign test does not (p = 0.59)", "30 cases improved against 25 regressed"} {
		if !strings.Contains(got, want) {
			t.Errorf("disagreement %q lacks %q", got, want)
		}
	}
	c.Delta.PT, c.Delta.PSign = 0.4, 0.003
	if got := disagreement(c); !strings.Contains(got, "the sign test finds that cases moved one way (30 improved against 25 regressed, p = 0.003)") {
		t.Errorf("disagreement the other way: %q", got)
	}
	c.Delta.PT = 0.001
	if got := disagreement(c); got != "" {
		t.Errorf("both significant, yet %q", got)
	}
}

func TestScatterDotsOrSquares(t *testing.T) {
	few := []dataset.CaseDelta{{ID: "<a>", A: 0.5, B: 0.75}, {ID: "b", A: 1, B: 0}}
	svg, note := scatter(few)
	if n := strings.Count(string(svg), "<circle"); n != 2 || note != "" || !strings.Contains(string(svg), `class="diag"`) {
		t.Errorf("2 cases: %d dots, note %q", n, note)
	}
	if !strings.Contains(string(svg), "<title>&lt;a&gt;: A 0.50000, B 0.75000</title>") {
		t.Errorf("a dot's title is not escaped or not there:\n%s", svg)
	}
	many := make([]dataset.CaseDelta, maxDots+1)
	for i := range many {
		many[i] = dataset.CaseDelta{A: float64(i%10) / 10, B: float64(i%7) / 7}
	}
	svg, note = scatter(many)
	if strings.Contains(string(svg), "<circle") || !strings.Contains(note, "3,001 cases") {
		t.Errorf("%d cases: note %q, circles drawn", len(many), note)
	}
}

func TestLabelScatterVerdictRows(t *testing.T) {
	cases := []dataset.CaseFigures{{ID: "a", Score: 0.2, HasScore: true}, {ID: "b", Score: 0.9, HasScore: true}, {ID: "c", Score: 0.9, HasScore: true}}
	svg, note := labelScatter(cases, &Labelled{Cases: []int{2, 0, 1}, Values: []float64{1, 0, 1}}, true)
	dots := regexp.MustCompile(`cy="([0-9.]+)" r="3"><title>([^<]*)</title>`).FindAllStringSubmatch(string(svg), -1)
	if len(dots) != 3 || note != "" {
		t.Fatalf("%d marks, note %q:\n%s", len(dots), note, svg)
	}
	// Pass is the upper row (y from 55.5 to 98.1), fail the lower (188.6 to 231.2).
	for _, d := range dots {
		y, err := strconv.ParseFloat(d[1], 64)
		if err != nil {
			t.Fatal(err)
		}
		if pass := strings.HasSuffix(d[2], "label pass"); pass && (y < 55.5 || y > 98.1) || !pass && (y < 188.6 || y > 231.2) {
			t.Errorf("mark %q at y %g", d[2], y)
		}
	}
	if dots[0][2] != "c: score 0.90000, label pass" || dots[1][2] != "a: score 0.20000, label fail" {
		t.Errorf("titles %q, %q", dots[0][2], dots[1][2])
	}
	if dots[0][1] == dots[2][1] {
		t.Errorf("two passes at score 0.9 share y %s: not spread", dots[0][1])
	}
}
