package cli

import (
	"encoding/json"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// pairDiffJSON is what history diff --format json gives of two runs of a
// pair, which the page must show.
type pairDiffJSON struct {
	A       string         `json:"a"`
	B       string         `json:"b"`
	Score   pathChangeJSON `json:"score"`
	Changed []pathChangeJSON
	OnlyA   []pathChangeJSON `json:"only_a"`
	OnlyB   []pathChangeJSON `json:"only_b"`
	Weights []struct {
		Path string          `json:"path"`
		Old  json.RawMessage `json:"old"`
		New  json.RawMessage `json:"new"`
	} `json:"weights"`
}

type pathChangeJSON struct {
	Path  string   `json:"path"`
	Old   *float64 `json:"old"`
	New   *float64 `json:"new"`
	Delta *float64 `json:"delta"`
}

// cells are a path change's figures as the page writes them.
func (c pathChangeJSON) cells() string {
	text := func(v *float64) string {
		if v == nil {
			return "n/a"
		}
		return report.ScoreText(*v, true)
	}
	d := ""
	if c.Delta != nil {
		d = signedFigure(*c.Delta)
	}
	return c.Path + "|" + text(c.Old) + "|" + text(c.New) + "|" + d
}

// recordPairDiff records the pizza pair, then the same files with two
// answers of the output changed and the weights, into a temporary store,
// and writes their diff as JSON and as a page in dir; it returns the
// JSON's figures and the page's path.
func recordPairDiff(t *testing.T, dir string) (pairDiffJSON, string) {
	t.Helper()
	store := filepath.Join(dir, "history.db")
	// The runs name their files as a user in their folder would (the
	// pages, and the screenshots of docs/images, show the names).
	t.Chdir(copyPizza(t))
	ref, out := "reference.json", "output.json"
	score := func(args ...string) {
		t.Helper()
		if code, _, errs := runWithHistory(t, store, "", append([]string{"score", "-q"}, args...)...); code != 0 {
			t.Fatalf("score %q: exit %d: %s", args, code, errs)
		}
	}
	score(ref, out, "--label", "plain")
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.NewReplacer(`"peppers"`, `"pepperoni"`, `"beer": 6.0`, `"beer": 5.0`).Replace(string(data)))
	if err := os.WriteFile(out, data, 0o644); err != nil {
		t.Fatal(err)
	}
	score(ref, out, "weights.json", "--label", "weighted")
	runs := listRuns(t, store)
	a, b := runs[1].ID, runs[0].ID
	if runs[1].Label != "plain" {
		a, b = b, a
	}
	code, got, errs := runWithHistory(t, store, "", "history", "diff", a, b, "--format", "json")
	var dj pairDiffJSON
	if err := json.Unmarshal([]byte(got), &dj); code != 0 || err != nil {
		t.Fatalf("history diff --format json: exit %d, %v: %s", code, err, errs)
	}
	page := filepath.Join(dir, "pairdiff.html")
	if code, got, errs := runWithHistory(t, store, "", "history", "diff", a, b, "--format", "html", "-o", page); code != 0 || got != "" || errs != "" {
		t.Fatalf("history diff --format html -o: exit %d, stdout %q: %s", code, got, errs)
	}
	return dj, page
}

var tagRE = regexp.MustCompile(`<[^>]*>`)

// tableRows are a table's body rows of a page, each cell's text joined
// by "|".
func tableRows(t *testing.T, page, id string) []string {
	t.Helper()
	i := strings.Index(page, `<table class="sortable" id="`+id+`">`)
	if i < 0 {
		t.Fatalf("no table %s in the page", id)
	}
	body := page[i:]
	body = body[strings.Index(body, "<tbody>")+len("<tbody>") : strings.Index(body, "</tbody>")]
	var rows []string
	for _, r := range strings.Split(body, "</tr>") {
		if r = strings.TrimSpace(r); r == "" {
			continue
		}
		r = strings.ReplaceAll(r, "</th>", "</td>")
		cells := strings.Split(strings.TrimSuffix(r, "</td>"), "</td>")
		for k, c := range cells {
			cells[k] = html.UnescapeString(strings.TrimSpace(tagRE.ReplaceAllString(c, "")))
		}
		rows = append(rows, strings.Join(cells, "|"))
	}
	return rows
}

// TestHistoryDiffPairHTML: the page of two pair runs carries the figures
// of history diff --format json.
func TestHistoryDiffPairHTML(t *testing.T) {
	dir := t.TempDir()
	dj, file := recordPairDiff(t, dir)
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	if len(dj.Changed) < 3 || len(dj.Weights) == 0 || dj.Score.Delta == nil {
		t.Fatalf("the pizza pair with and without weights should differ: %+v", dj)
	}
	for _, want := range []string{
		"<b>" + report.ScoreText(*dj.Score.Old, true) + "</b><span>score A</span>",
		"<b>" + report.ScoreText(*dj.Score.New, true) + "</b><span>score B</span>",
		"<b>" + signedFigure(*dj.Score.Delta) + "</b><span>Δ score</span>",
		"<dt>id</dt><dd><code>" + dj.A + "</code></dd>", "<dt>id</dt><dd><code>" + dj.B + "</code></dd>",
		"<dt>label</dt><dd>plain</dd>", "<dt>label</dt><dd>weighted</dd>", "<dt>weights</dt><dd><code>", "SHA-256 <code>",
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	rows := tableRows(t, page, "changed-table")
	if len(rows) != len(dj.Changed) {
		t.Fatalf("%d changed rows, the JSON has %d", len(rows), len(dj.Changed))
	}
	for i, c := range dj.Changed {
		if rows[i] != c.cells() {
			t.Errorf("changed row %d: %q, want %q", i, rows[i], c.cells())
		}
	}
	raw := func(m json.RawMessage) json.RawMessage {
		if string(m) == "null" {
			return nil // no entry: a weight of 1
		}
		return m
	}
	for _, w := range dj.Weights {
		w.Old, w.New = raw(w.Old), raw(w.New)
		want := "<th scope=\"row\"><code>" + html.EscapeString(w.Path) + "</code></th><td><code>" + html.EscapeString(weightText(w.Old)) +
			"</code></td><td>→ <code>" + html.EscapeString(weightText(w.New)) + "</code></td>"
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks the weight change %s: %s", w.Path, want)
		}
	}
}
