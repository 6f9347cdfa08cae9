package cli

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// pairJSON is what a pair's --format json gives that the page must show.
type pairJSON struct {
	Score    *float64 `json:"score"`
	Repairs  []string `json:"repairs"`
	Warnings []struct {
		Message string `json:"message"`
	} `json:"warnings"`
	Nodes []struct {
		Path   string   `json:"path"`
		Status string   `json:"status"`
		Score  *float64 `json:"score"`
		Weight float64  `json:"weight"`
		Share  float64  `json:"share"`
		Loss   float64  `json:"loss"`
	} `json:"nodes"`
}

// scorePairHTML scores a pair as JSON and as a page (written to a file in
// dir), and returns the JSON's figures and the page's path.
func scorePairHTML(t *testing.T, dir, name string, args ...string) (pairJSON, string) {
	t.Helper()
	code, out, errs := runCLI(t, "", append(append([]string{"score"}, args...), "--no-history", "--format", "json")...)
	if code != 0 {
		t.Fatalf("score --format json: exit %d: %s", code, errs)
	}
	var pj pairJSON
	if err := json.Unmarshal([]byte(out), &pj); err != nil {
		t.Fatal(err)
	}
	page := filepath.Join(dir, name)
	code, out, errs = runCLI(t, "", append(append([]string{"score"}, args...), "--no-history", "--format", "html", "-o", page)...)
	if code != 0 || out != "" {
		t.Fatalf("score --format html -o: exit %d, stdout %q: %s", code, out, errs)
	}
	return pj, page
}

func TestBrowserPair(t *testing.T) {
	browser(t)
	dir := t.TempDir()
	for _, c := range []struct {
		name, open string
		args       []string
		shots      bool
	}{
		{"pizza", ".fixed_menus[1].pizza", []string{"reference.json", "output.json", "weights.json"}, true},
		{"invoice", "", []string{"reference.json", "output.json", "--rules", "rules.json"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Chdir(filepath.Join("..", "..", "testdata", "cases", c.name)) // the page names the files as given
			pj, page := scorePairHTML(t, dir, c.name+".html", c.args...)
			ctx, log := openPage(t, page, 1280, 800)
			if got, want := textOf(t, ctx, "#score"), report.ScoreText(*pj.Score, true); got != want {
				t.Errorf("score shows %q, want %q", got, want)
			}
			checkPairRows(t, ctx, pj)
			// The costliest path is open, and nothing else.
			open := eval[[]string](t, ctx, `Array.from(document.querySelectorAll("details[data-path][open]")).map(d => d.dataset.path)`)
			if want := costliestOf(pj); strings.Join(open, " ") != strings.Join(want, " ") {
				t.Errorf("open: %q, want the costliest path %q", open, want)
			}
			if c.open != "" {
				checkLeafOpens(t, ctx, c.open)
			}
			// The repairs and warnings close the page.
			notes := ""
			if len(pj.Repairs)+len(pj.Warnings) > 0 {
				notes = textOf(t, ctx, "#notes")
			}
			for _, r := range pj.Repairs {
				if !strings.Contains(notes, r) {
					t.Errorf("the page lacks the repair %q", r)
				}
			}
			for _, w := range pj.Warnings {
				if !strings.Contains(notes, w.Message) {
					t.Errorf("the page lacks the warning %q", w.Message)
				}
			}
			if c.name == "invoice" && len(pj.Repairs) == 0 {
				t.Error("the invoice's output is fenced: a repair was expected")
			}
			if c.shots {
				screenshot(t, ctx, "report-pair-desktop.png", 1280, 800)
				screenshot(t, ctx, "report-pair-phone.png", 390, 844)
			}
			checkClean(t, log, page)
		})
	}
}

// checkPairRows fails t unless the page in ctx shows every node's row:
// status, score, weight, share and loss as the JSON pj has them.
func checkPairRows(t *testing.T, ctx context.Context, pj pairJSON) {
	t.Helper()
	rows := eval[[][]string](t, ctx, `Array.from(document.querySelectorAll("details[data-path]")).map(d =>
		[d.dataset.path].concat(Array.from(d.querySelector(":scope > summary").children).slice(1).map(s => s.textContent)))`)
	if len(rows) != len(pj.Nodes) {
		t.Fatalf("the page shows %d nodes, the JSON has %d", len(rows), len(pj.Nodes))
	}
	for i, n := range pj.Nodes {
		rn := report.Node{HasScore: n.Score != nil}
		if n.Score != nil {
			rn.Score = *n.Score
		}
		want := []string{n.Path, n.Status, "score " + report.NodeScoreText(&rn), "weight " + report.Trim5(n.Weight)}
		got := rows[i]
		if got[0] != want[0] || got[1] != want[1] || got[2] != want[2] || got[3] != want[3] ||
			got[5] != "share "+report.Fixed5(n.Share) || got[6] != "loss "+report.LossCell(n.Loss) {
			t.Errorf("row %d: %q, want %q … share %s loss %s", i, got, want, report.Fixed5(n.Share), report.LossCell(n.Loss))
		}
	}
}

// checkLeafOpens fails t unless opening the leaf at path on the page in
// ctx, its parents first, shows its values, the character diff and the
// engine's explanation.
func checkLeafOpens(t *testing.T, ctx context.Context, path string) {
	t.Helper()
	sel := `details[data-path="` + path + `"]`
	var up []string
	for p := parentPath(path); p != ""; p = parentPath(p) {
		up = append([]string{p}, up...)
	}
	for _, p := range up {
		if !eval[bool](t, ctx, `document.querySelector('details[data-path="`+p+`"]').open`) {
			click(t, ctx, `details[data-path="`+p+`"] > summary`)
		}
	}
	click(t, ctx, sel+" > summary")
	if !eval[bool](t, ctx, `document.querySelector('`+sel+`').open`) {
		t.Fatalf("%s did not open", path)
	}
	why := textOf(t, ctx, sel+" pre.why")
	del := textOf(t, ctx, sel+" pre.why .r-deleted")
	ins := textOf(t, ctx, sel+" pre.why .r-inserted")
	if !strings.Contains(why, "0.66667") || del != "[-oni-]" || ins != "{+s+}" {
		t.Errorf("%s explains %q (deleted %q, inserted %q)", path, why, del, ins)
	}
}

// costliestOf returns the costliest path of a pair's nodes: from the root,
// the child losing the most, while it loses anything.
func costliestOf(pj pairJSON) []string {
	var out []string
	at := "."
	for {
		i := -1
		for k, n := range pj.Nodes {
			if n.Path == at {
				i = k
			}
		}
		if i < 0 || pj.Nodes[i].Loss <= 0 {
			return out
		}
		out = append(out, at)
		best, loss := "", 0.0
		for _, n := range pj.Nodes {
			if parentPath(n.Path) == at && n.Loss > loss {
				best, loss = n.Path, n.Loss
			}
		}
		if best == "" {
			return out
		}
		at = best
	}
}

// parentPath returns the parent of a simple jq path (keys and indices
// without brackets in keys); "" for the root.
func parentPath(p string) string {
	if p == "." {
		return ""
	}
	i := strings.LastIndexAny(p, ".[")
	if i <= 0 {
		return "."
	}
	return p[:i]
}
