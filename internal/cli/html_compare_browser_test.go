package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
)

// compareJSON is what history diff --format json gives that the page must
// show.
type compareJSON struct {
	Verdict string `json:"verdict"`
	Cases   struct {
		Paired    int      `json:"paired"`
		Improved  int      `json:"improved"`
		Regressed int      `json:"regressed"`
		Unchanged int      `json:"unchanged"`
		OnlyA     []string `json:"only_a"`
		OnlyB     []string `json:"only_b"`
	} `json:"cases"`
	Delta struct {
		Mean  float64    `json:"mean"`
		CI95  [2]float64 `json:"ci95"`
		PT    *float64   `json:"p_t"`
		PSign *float64   `json:"p_sign"`
	} `json:"delta"`
	Regressed []struct {
		ID    string  `json:"id"`
		A     float64 `json:"a"`
		B     float64 `json:"b"`
		Delta float64 `json:"delta"`
	} `json:"regressed"`
}

func TestBrowserComparison(t *testing.T) {
	browser(t)
	dir := t.TempDir()
	t.Chdir(dir) // the pages name the files relative to it
	store := filepath.Join(dir, "history.db")
	b, runA, runB := scoreTwoModels(t, dir, store)
	code, out, errs := runWithHistory(t, store, "", "history", "diff", runA, runB, "--format", "json")
	if code != 0 {
		t.Fatalf("history diff --format json: exit %d: %s", code, errs)
	}
	var cj compareJSON
	if err := json.Unmarshal([]byte(out), &cj); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "diff.html")
	if code, _, errs := runWithHistory(t, store, "", "history", "diff", runA, runB, "--format", "html", "-o", page); code != 0 {
		t.Fatalf("history diff --format html: exit %d: %s", code, errs)
	}
	ctx, log := openPage(t, page, 1280, 800)
	if got := textOf(t, ctx, "#verdict-text"); got != cj.Verdict {
		t.Errorf("verdict %q, want %q", got, cj.Verdict)
	}
	checkVerdictCards(t, ctx, cj)
	if len(cj.Cases.OnlyA) != 10 {
		t.Errorf("only in A: %d cases, want the 10 B lacks", len(cj.Cases.OnlyA))
	}
	tests := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#tests tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`)
	if cj.Delta.PT == nil || cj.Delta.PSign == nil {
		t.Fatalf("the generated runs should give both p-values: %+v", cj.Delta)
	}
	if p := strconv.FormatFloat(*cj.Delta.PT, 'g', 4, 64); tests[0][0] != "paired t-test" || tests[0][3] != p {
		t.Errorf("t-test row %q, want p %s", tests[0], p)
	}
	if p := strconv.FormatFloat(*cj.Delta.PSign, 'g', 4, 64); tests[1][0] != "sign test" || tests[1][3] != p {
		t.Errorf("sign test row %q, want p %s", tests[1], p)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#charts svg circle.dot").length`); n != cj.Cases.Paired {
		t.Errorf("the scatter draws %d cases, want the %d paired", n, cj.Cases.Paired)
	}
	if eval[int](t, ctx, `document.querySelectorAll("#charts svg line.diag").length`) != 1 {
		t.Error("the scatter has no diagonal")
	}
	// The most regressed cases, worst first; the first opens to its trees.
	rows := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#regressed tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`)
	if len(rows) != len(cj.Regressed) {
		t.Fatalf("%d regressed rows, the JSON has %d", len(rows), len(cj.Regressed))
	}
	for i, r := range cj.Regressed {
		if rows[i][0] != r.ID || !strings.HasPrefix(rows[i][1], report.Figure(r.A)) || !strings.HasPrefix(rows[i][2], report.Figure(r.B)) {
			t.Errorf("regressed row %d: %q, want %s %s %s", i, rows[i], r.ID, report.Figure(r.A), report.Figure(r.B))
		}
	}
	screenshot(t, ctx, "report-comparison-desktop.png", 1280, 800)
	screenshot(t, ctx, "report-comparison-phone.png", 390, 844)
	setViewport(t, ctx, 1280, 800)
	click(t, ctx, "#regressed tbody tr:first-child a[data-case]")
	if !eval[bool](t, ctx, `document.getElementById("case-0").open`) {
		t.Errorf("the most regressed case did not open")
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#case-0 .tree").length`); n != 2 {
		t.Errorf("the most regressed case opens to %d trees, want A's and B's", n)
	}
	checkClean(t, log, page)

	checkCompareDelta(t, store, dir, b, runA, cj)

	checkShowPage(t, store, dir, runB)
}

// scoreTwoModels records in store the runs of two models' answers to the
// same 200 cases, written in dir (B lacks the last ten), and returns their
// B's file and both run ids.
func scoreTwoModels(t *testing.T, dir, store string) (b, runA, runB string) {
	t.Helper()
	// Two models' answers to the same 200 cases; B lacks the last ten.
	a := writeDataset(t, dir, 200, 1)
	b = writeDataset(t, dir, 190, 2)
	for _, run := range []struct{ data, label string }{{a, "model-a"}, {b, "model-b"}} {
		if code, _, errs := runWithHistory(t, store, "", "score", run.data, "--label", run.label, "--quiet"); code != 0 {
			t.Fatalf("score %s: exit %d: %s", run.label, code, errs)
		}
	}
	code, out, errs := runWithHistory(t, store, "", "history", "--format", "json")
	var list struct {
		Runs []struct {
			ID    string `json:"id"`
			Label string `json:"label"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &list); code != 0 || err != nil || len(list.Runs) != 2 {
		t.Fatalf("history --format json: exit %d, %v: %s%s", code, err, out, errs)
	}
	ids := map[string]string{}
	for _, r := range list.Runs {
		ids[r.Label] = r.ID
	}
	runA, runB = ids["model-a"], ids["model-b"]
	return b, runA, runB
}

// checkVerdictCards fails t unless the comparison page in ctx shows the
// figures of cj on its verdict's cards.
func checkVerdictCards(t *testing.T, ctx context.Context, cj compareJSON) {
	t.Helper()
	cards := map[string]string{}
	for _, c := range eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#verdict .card")).map(c => [c.querySelector("span").textContent, c.querySelector("b").textContent])`) {
		cards[c[0]] = c[1]
	}
	for name, want := range map[string]string{
		"paired": strconv.Itoa(cj.Cases.Paired), "improved": strconv.Itoa(cj.Cases.Improved),
		"regressed": strconv.Itoa(cj.Cases.Regressed), "unchanged": strconv.Itoa(cj.Cases.Unchanged),
		"only in A": strconv.Itoa(len(cj.Cases.OnlyA)), "only in B": strconv.Itoa(len(cj.Cases.OnlyB)),
		"Δ mean":           signedFigure(cj.Delta.Mean),
		"95% CI of Δ mean": signedFigure(cj.Delta.CI95[0]) + " … " + signedFigure(cj.Delta.CI95[1]),
	} {
		if cards[name] != want {
			t.Errorf("card %s: %q, want %q", name, cards[name], want)
		}
	}
}

// checkCompareDelta fails t unless the page of score --compare of the
// dataset b against run runA gives the most regressed case of cj its Δ.
func checkCompareDelta(t *testing.T, store, dir, b, runA string, cj compareJSON) {
	t.Helper()
	// score --compare: B's page gives each case's Δ against run A.
	withDelta := filepath.Join(dir, "delta.html")
	if code, _, errs := runWithHistory(t, store, "", "score", b, "--no-history", "--format", "html", "--compare", runA, "-o", withDelta); code != 0 {
		t.Fatalf("score --compare: exit %d: %s", code, errs)
	}
	ctx, log := openPage(t, withDelta, 1280, 800)
	worst := cj.Regressed[0]
	setFilter(t, ctx, "#f-text", worst.ID, "input")
	rows := caseRows(t, ctx)
	if len(rows) != 1 || rows[0][0] != worst.ID || rows[0][3] != dataset.Signed3(worst.Delta) {
		t.Errorf("case %s with --compare: %q, want Δ %s", worst.ID, rows, dataset.Signed3(worst.Delta))
	}
	checkClean(t, log, withDelta)
}

// checkShowPage fails t unless history show of the dataset run runB is a
// dataset's page, with its score and its cases' trees.
func checkShowPage(t *testing.T, store, dir, runB string) {
	t.Helper()
	// history show of a dataset run is a dataset's page.
	show := filepath.Join(dir, "show.html")
	if code, _, errs := runWithHistory(t, store, "", "history", "show", runB, "--format", "html", "-o", show); code != 0 {
		t.Fatalf("history show --format html: exit %d: %s", code, errs)
	}
	code, out, _ := runWithHistory(t, store, "", "history", "show", runB, "--format", "json")
	var dj pageDatasetJSON
	if err := json.Unmarshal([]byte(out), &dj); code != 0 || err != nil {
		t.Fatalf("history show --format json: exit %d, %v", code, err)
	}
	ctx, log := openPage(t, show, 1280, 800)
	if got, want := textOf(t, ctx, "#score"), report.ScoreText(*dj.Score, true); got != want {
		t.Errorf("history show: score %q, want %q", got, want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#case-trees details.casebox").length`); n == 0 {
		t.Error("history show: no case tree kept")
	}
	checkClean(t, log, show)
}

// signedFigure is report.Figure with a sign on positive values, as the
// comparison writes changes.
func signedFigure(v float64) string {
	s := report.Figure(v)
	if v > 0 {
		s = "+" + s
	}
	return s
}

// TestBrowserPairDiff: history diff of two runs of a pair as a page
// carries the JSON diff's figures, sorts its changed paths by Δ, and
// stays clean.
func TestBrowserPairDiff(t *testing.T) {
	browser(t)
	dir := t.TempDir()
	dj, page := recordPairDiff(t, dir)
	ctx, log := openPage(t, page, 1280, 800)
	cards := map[string]string{}
	for _, c := range eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#summary .card")).map(c => [c.querySelector("span").textContent, c.querySelector("b").textContent])`) {
		cards[c[0]] = c[1]
	}
	for name, want := range map[string]string{
		"score A": report.ScoreText(*dj.Score.Old, true), "score B": report.ScoreText(*dj.Score.New, true),
		"Δ score": signedFigure(*dj.Score.Delta), "paths changed": strconv.Itoa(len(dj.Changed)), "weights changed": strconv.Itoa(len(dj.Weights)),
	} {
		if cards[name] != want {
			t.Errorf("card %s: %q, want %q", name, cards[name], want)
		}
	}
	for _, r := range []struct{ side, id, label, score string }{
		{"A", dj.A, "plain", report.ScoreText(*dj.Score.Old, true)}, {"B", dj.B, "weighted", report.ScoreText(*dj.Score.New, true)},
	} {
		facts := map[string]string{}
		for _, f := range eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#run-`+r.side+` dt")).map(d => [d.textContent, d.nextElementSibling.textContent])`) {
			facts[f[0]] = f[1]
		}
		if facts["id"] != r.id || facts["label"] != r.label || facts["score"] != r.score || !strings.Contains(facts["reference"], "SHA-256 ") {
			t.Errorf("run %s: %q, want id %s, label %s, score %s and the reference's SHA-256", r.side, facts, r.id, r.label, r.score)
		}
	}
	const rowsJS = `Array.from(document.querySelectorAll("#changed-table tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent).join("|"))`
	rows := eval[[]string](t, ctx, rowsJS)
	if len(rows) != len(dj.Changed) {
		t.Fatalf("%d changed rows, the JSON has %d", len(rows), len(dj.Changed))
	}
	for i, c := range dj.Changed {
		if rows[i] != c.cells() {
			t.Errorf("changed row %d: %q, want %q", i, rows[i], c.cells())
		}
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#weights-table tbody tr").length`); n != len(dj.Weights) {
		t.Errorf("%d weight rows, the JSON has %d", n, len(dj.Weights))
	}
	screenshot(t, ctx, "report-pairdiff-desktop.png", 1280, 800)
	screenshot(t, ctx, "report-pairdiff-phone.png", 390, 844)
	setViewport(t, ctx, 1280, 800)
	eval[bool](t, ctx, `(() => { document.querySelector("#changed").scrollIntoView(); return true; })()`)
	screenshot(t, ctx, "report-pairdiff-changes.png", 1280, 800)
	// Sorting by Δ puts the largest loss of score first.
	click(t, ctx, "#changed-table thead th:nth-child(4) button")
	lowest := dj.Changed[0]
	for _, c := range dj.Changed {
		if c.Delta != nil && (lowest.Delta == nil || *c.Delta < *lowest.Delta) {
			lowest = c
		}
	}
	if got := eval[[]string](t, ctx, rowsJS); got[0] != lowest.cells() {
		t.Errorf("sorted by Δ, the first row is %q, want %q", got[0], lowest.cells())
	}
	checkClean(t, log, page)
}
