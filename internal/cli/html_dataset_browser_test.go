package cli

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/report"
)

// pageDatasetJSON is what a dataset's --format json gives that the page must
// show.
type pageDatasetJSON struct {
	Score *float64 `json:"score"`
	Stats struct {
		Cases   int `json:"cases"`
		Missing int `json:"missing"`
	} `json:"stats"`
	Paths []struct {
		Path string  `json:"path"`
		Loss float64 `json:"loss"`
	} `json:"paths"`
	Cases []struct {
		ID     string   `json:"id"`
		Status string   `json:"status"`
		Score  *float64 `json:"score"`
	} `json:"cases"`
}

// writeDataset writes a generated dataset of n cases (answers of model m)
// into dir, the only file it adds there.
func writeDataset(t *testing.T, dir string, n int, model uint64) string {
	t.Helper()
	path := filepath.Join(dir, fmt.Sprintf("cases-%d.jsonl", model))
	var b bytes.Buffer
	if _, err := gen.WriteRecords(&b, gen.DatasetOptions{Cases: n, Seed: 21, Model: model, Missing: 0.02}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// lowestCases returns the cases with a score, lowest first (reference
// order on a tie), as the page's table lists them.
func lowestCases(dj pageDatasetJSON) []int {
	var idx []int
	for i, c := range dj.Cases {
		if c.Score != nil {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(*dj.Cases[a].Score, *dj.Cases[b].Score) })
	return idx
}

func TestBrowserDataset(t *testing.T) {
	browser(t)
	dir := t.TempDir()
	t.Chdir(dir) // the page names the files as given
	data := filepath.Base(writeDataset(t, dir, 300, 1))
	args := []string{"score", data, "--no-history", "--group-by", ".category", "--pass", "0.9"}
	code, out, errs := runCLI(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var dj pageDatasetJSON
	if err := json.Unmarshal([]byte(out), &dj); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, "dataset.html")
	if code, _, errs := runCLI(t, "", append(args, "--format", "html", "-o", page)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// With scripts off, the figures are there: the tables are HTML.
	ctx, log := openPageScripts(t, page, 1280, 800, false)
	if n := eval[int](t, ctx, `document.querySelectorAll("#paths-table tbody tr").length`); n != len(dj.Paths) {
		t.Errorf("scripts off: %d path rows, want %d", n, len(dj.Paths))
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#cases tbody tr").length`); n != len(dj.Cases) {
		t.Errorf("scripts off: %d case rows, want all %d", n, len(dj.Cases))
	}
	if tip := textOf(t, ctx, "#heat-tip"); tip != "The heat map needs scripts." {
		t.Errorf("scripts off, the heat map says %q", tip)
	}
	checkClean(t, log, page)

	ctx, log = openPage(t, page, 1280, 800)
	if got, want := textOf(t, ctx, "#score"), report.ScoreText(*dj.Score, true); got != want {
		t.Errorf("score shows %q, want %q", got, want)
	}
	// Every path's loss, in the per-path table.
	losses := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#paths-table tbody tr")).map(r => [r.dataset.path, r.querySelector("td.loss").textContent])`)
	if len(losses) != len(dj.Paths) {
		t.Fatalf("%d paths shown, the JSON has %d", len(losses), len(dj.Paths))
	}
	for i, p := range dj.Paths {
		if losses[i][0] != p.Path || losses[i][1] != report.Figure(p.Loss) {
			t.Errorf("path row %d: %q, want %s %s", i, losses[i], p.Path, report.Figure(p.Loss))
		}
	}
	// The lowest cases' ids and scores, lowest first.
	low := lowestCases(dj)
	rows := caseRows(t, ctx)
	for i := range 10 {
		c := dj.Cases[low[i]]
		if want := []string{c.ID, c.Status, report.ScoreCell(*c.Score, true)}; strings.Join(rows[i][:3], " ") != strings.Join(want, " ") {
			t.Errorf("case row %d: %q, want %q", i, rows[i][:3], want)
		}
	}
	screenshot(t, ctx, "report-dataset-desktop.png", 1280, 800)
	screenshot(t, ctx, "report-dataset-phone.png", 390, 844)
	setViewport(t, ctx, 1280, 800)

	checkDatasetSorting(t, ctx, dj, low)

	checkCaseFilters(t, ctx, dj)

	// Opening a case: the lowest one's id opens its tree.
	lowIdx := strconv.Itoa(low[0])
	click(t, ctx, "#cases tbody tr:first-child a[data-case]")
	if !eval[bool](t, ctx, `document.getElementById("case-`+lowIdx+`").open`) {
		t.Errorf("case %s did not open", dj.Cases[low[0]].ID)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#case-`+lowIdx+` details[data-path]").length`); n == 0 {
		t.Errorf("case %s opened with no tree", dj.Cases[low[0]].ID)
	}
	eval[bool](t, ctx, `document.getElementById("case-`+lowIdx+`").open = false`)

	checkHeatMap(t, ctx, dj, low)
	checkClean(t, log, page)
}

// checkDatasetSorting fails t unless the cases table of the page in ctx
// sorts by score highest first on a click, and the per-path table by loss
// smallest first; low are dj's cases, lowest first.
func checkDatasetSorting(t *testing.T, ctx context.Context, dj pageDatasetJSON, low []int) {
	t.Helper()
	// Sorting: the score column again sorts the highest first.
	click(t, ctx, "#cases thead th:nth-child(3) button")
	rows := caseRows(t, ctx)
	if top := dj.Cases[low[len(low)-1]]; rows[0][2] != report.ScoreCell(*top.Score, true) {
		t.Errorf("sorted by score, highest first: the first row is %q, want a score of %s", rows[0], report.ScoreCell(*top.Score, true))
	}
	// The per-path table sorts by loss, smallest first.
	click(t, ctx, "#paths-table thead th:nth-child(4) button")
	first := eval[string](t, ctx, `document.querySelector("#paths-table tbody tr td.loss").textContent`)
	minLoss := dj.Paths[0].Loss
	for _, p := range dj.Paths {
		minLoss = min(minLoss, p.Loss)
	}
	if first != report.Figure(minLoss) {
		t.Errorf("sorted by loss: the first row's loss is %s, want %s", first, report.Figure(minLoss))
	}
}

// checkCaseFilters fails t unless the cases table of the page in ctx
// filters by status and by id text, and then sorts lowest first again.
func checkCaseFilters(t *testing.T, ctx context.Context, dj pageDatasetJSON) {
	t.Helper()
	// Filtering: the missing cases, then the ids with a text.
	setFilter(t, ctx, "#f-status", "missing", "change")
	rows := caseRows(t, ctx)
	if len(rows) != dj.Stats.Missing || dj.Stats.Missing == 0 {
		t.Errorf("status missing: %d rows, the JSON has %d missing cases", len(rows), dj.Stats.Missing)
	}
	for _, r := range rows {
		if r[1] != "missing" {
			t.Errorf("status missing shows %q", r)
		}
	}
	setFilter(t, ctx, "#f-status", "", "change")
	setFilter(t, ctx, "#f-text", "inv-00001", "input")
	rows = caseRows(t, ctx)
	if len(rows) != 10 {
		t.Errorf("id inv-00001: %d rows, want the 10 cases inv-000010 … inv-000019", len(rows))
	}
	for _, r := range rows {
		if !strings.Contains(r[0], "inv-00001") {
			t.Errorf("id inv-00001 shows %q", r)
		}
	}
	setFilter(t, ctx, "#f-text", "", "input")
	click(t, ctx, "#cases thead th:nth-child(3) button") // lowest first again
}

// checkHeatMap fails t unless the heat map of the page in ctx is drawn
// once in view, its top left cell points at the lowest case at the root
// with the case's score, and a click on it opens that case.
func checkHeatMap(t *testing.T, ctx context.Context, dj pageDatasetJSON, low []int) {
	t.Helper()
	// The heat map's pointer: the top left cell is the lowest case at the
	// root, whose score is the case's.
	eval[bool](t, ctx, `(document.getElementById("heat").scrollIntoView(), true)`)
	// The map is drawn once it comes into view.
	for i := 0; eval[string](t, ctx, `document.getElementById("heat").getAttribute("data-drawn") || ""`) == ""; i++ {
		if i == 100 {
			t.Fatal("the heat map was not drawn once in view")
		}
		time.Sleep(20 * time.Millisecond)
	}
	box := eval[[]float64](t, ctx, `(() => { const b = document.getElementById("heat").getBoundingClientRect(); return [b.left, b.top, b.width, b.height]; })()`)
	if err := chromedp.Do(ctx, chromedp.MouseEvent(chromedp.MouseMoved, box[0]+1, box[1]+1)); err != nil {
		t.Fatal(err)
	}
	lowIdx, lc := strconv.Itoa(low[0]), dj.Cases[low[0]]
	want := "case " + lc.ID + " · . · score " + strconv.FormatFloat(*lc.Score, 'f', 4, 64)
	if tip := textOf(t, ctx, "#heat-tip"); !strings.HasPrefix(tip, want) {
		t.Errorf("heat map pointer: %q, want %q…", tip, want)
	}
	screenshot(t, ctx, "report-dataset-heatmap.png", 1280, 800)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(box[0]+1, box[1]+1)); err != nil {
		t.Fatal(err)
	}
	if !eval[bool](t, ctx, `document.getElementById("case-`+lowIdx+`").open`) {
		t.Errorf("a click on the heat map did not open case %s", lc.ID)
	}
}

// caseRows returns the cells of the cases table's rows.
func caseRows(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	return eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("#cases tbody tr")).map(r => Array.from(r.cells).map(c => c.textContent))`)
}

// setFilter sets a filter control's value and sends the event it
// listens to.
func setFilter(t *testing.T, ctx context.Context, sel, value, event string) {
	t.Helper()
	eval[bool](t, ctx, `(() => { const e = document.querySelector(`+strconv.Quote(sel)+`); e.value = `+strconv.Quote(value)+
		`; e.dispatchEvent(new Event(`+strconv.Quote(event)+`)); return true; })()`)
}

// TestBrowserDatasetAgreement: a labelled dataset's page shows, in a
// browser, the agreement's headline as --format json prints it and a
// mark per labelled case, cleanly.
func TestBrowserDatasetAgreement(t *testing.T) {
	browser(t)
	data, weights := absPath(t, small+"data.jsonl"), absPath(t, small+"weights.json")
	t.Chdir(labelsSmall) // the page names the labels file as given: labels.jsonl
	args := []string{"score", data, weights, "--no-history", "--labels", "labels.jsonl"}
	code, out, errs := runCLI(t, "", append(args, "--format", "json")...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var dj struct {
		Agreement struct {
			Labels int `json:"labels"`
			Tau    struct {
				Value json.RawMessage `json:"value"`
			} `json:"kendall_tau_b"`
		} `json:"agreement"`
	}
	if err := json.Unmarshal([]byte(out), &dj); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(t.TempDir(), "labelled.html")
	if code, _, errs := runCLI(t, "", append(args, "--format", "html", "-o", page)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	ctx, log := openPage(t, page, 1280, 800)
	if got, want := textOf(t, ctx, `#agreement-table td[data-name="kendall_tau_b"]`), string(dj.Agreement.Tau.Value); got != want {
		t.Errorf("τ-b shows %q, --format json %q", got, want)
	}
	if n := eval[int](t, ctx, `document.querySelectorAll("#agreement svg circle").length`); n != dj.Agreement.Labels || n != 6 {
		t.Errorf("%d marks in the scatter, %d labelled cases", n, dj.Agreement.Labels)
	}
	// The section at the top of the window: its table and scatter.
	eval[bool](t, ctx, `(() => { document.querySelector("#agreement").scrollIntoView(); return true; })()`)
	screenshot(t, ctx, "report-dataset-agreement.png", 1280, 800)
	checkClean(t, log, page)
}

// absPath returns the absolute path of name, for a test that changes its
// working folder.
func absPath(t *testing.T, name string) string {
	t.Helper()
	p, err := filepath.Abs(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}
