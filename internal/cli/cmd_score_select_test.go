package cli

import (
	"encoding/json"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const invoice = "../../testdata/cases/invoice/"

// scoreJSON runs score on the invoice case with args and decodes its JSON.
func scoreJSON(t *testing.T, args ...string) (sel string, nodes []map[string]any) {
	t.Helper()
	code, stdout, stderr := runCLI(t, "", append([]string{"score", invoice + "reference.json", invoice + "output.json", "--no-history", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var got struct {
		Selection string           `json:"selection"`
		Nodes     []map[string]any `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	return got.Selection, got.Nodes
}

// TestScoreOnlyLosses: --only-losses keeps the 33 nodes of the invoice
// that lose points, in document order, with their full figures.
func TestScoreOnlyLosses(t *testing.T) {
	sel, nodes := scoreJSON(t, "--only-losses")
	want := ". .invoice_number .due_date .vendor .vendor.name .line_items .line_items[2] .line_items[2].sku " +
		".line_items[2].description .line_items[2].quantity .line_items[2].unit .line_items[2].unit_price " +
		".line_items[2].discount .line_items[2].total .line_items[3] .line_items[3].sku .line_items[3].description " +
		".line_items[3].quantity .line_items[3].unit .line_items[3].unit_price .line_items[3].discount " +
		".line_items[3].total .line_items[4] .line_items[4].sku .line_items[4].description .line_items[4].quantity " +
		".line_items[4].unit .line_items[4].unit_price .line_items[4].discount .line_items[4].total .payment " +
		".payment.reference .notes"
	var paths []string
	for _, n := range nodes {
		paths = append(paths, n["path"].(string))
		if n["loss"].(float64) <= 0 {
			t.Errorf("%s has no loss", n["path"])
		}
	}
	if got := strings.Join(paths, " "); got != want {
		t.Errorf("paths:\n%s\nwant\n%s", got, want)
	}
	if sel != "only the nodes with a loss, in document order" {
		t.Errorf("selection %q", sel)
	}
	// The figures are the full report's: the root's loss is 1 − total,
	// the invoice number's 1/15 · (1 − 0.9375).
	if l := nodes[0]["loss"].(float64); math.Abs(l-0.105594614786512) > 1e-9 {
		t.Errorf("root loss %v", l)
	}
	if l := nodes[1]["loss"].(float64); math.Abs(l-1.0/15*0.0625) > 1e-9 || nodes[1]["output"] != "INV-2024-04-0178" {
		t.Errorf(".invoice_number: %v", nodes[1])
	}
}

// TestScoreTop: --top N lists the N costliest leaves, the largest loss
// first, ties in document order; the text format as a flat list of paths.
func TestScoreTop(t *testing.T) {
	sel, nodes := scoreJSON(t, "--top", "5")
	want := []struct {
		path string
		loss float64
	}{
		{".due_date", 1.0 / 15},
		{".invoice_number", 1.0 / 15 * 0.0625},
		// Each field of a line item is 1/15 · 1/5 · 1/7 of the total.
		{".line_items[2].unit", 1.0 / 525},
		{".line_items[2].discount", 1.0 / 525},
		{".line_items[3].unit", 1.0 / 525},
	}
	if len(nodes) != len(want) || sel != "the 5 costliest leaves, largest loss first" {
		t.Fatalf("%d nodes, selection %q", len(nodes), sel)
	}
	for i, w := range want {
		if nodes[i]["path"] != w.path || math.Abs(nodes[i]["loss"].(float64)-w.loss) > 1e-9 {
			t.Errorf("%d: %v %v, want %s %v", i, nodes[i]["path"], nodes[i]["loss"], w.path, w.loss)
		}
	}
	// More than there are: every leaf with a loss (26 of them), no more.
	_, all := scoreJSON(t, "--top", "1000")
	if len(all) != 26 {
		t.Errorf("--top 1000: %d leaves", len(all))
	}
	for i := 1; i < len(all); i++ {
		if all[i]["loss"].(float64) > all[i-1]["loss"].(float64) {
			t.Errorf("%s after %s, with a larger loss", all[i]["path"], all[i-1]["path"])
		}
	}
	code, stdout, _ := runCLI(t, "", "score", invoice+"reference.json", invoice+"output.json", "--no-history", "--top", "2")
	wantText := "jsondiff 0.894405  " + invoice + "reference.json vs " + invoice + "output.json\n" +
		"showing the 2 costliest leaves, largest loss first\n\n" +
		"node             reference           output              weight  f   score      loss  status\n" +
		".due_date        \"2024-05-15\"        \"15.05.2024\"             1          0  0.066667  mismatch\n" +
		".invoice_number  \"INV-2024-04-0173\"  \"INV-2024-04-0178\"       1     0.9375  0.004167  partial\n"
	if code != 0 || stdout != wantText {
		t.Errorf("text: exit %d\n%s\nwant\n%s", code, stdout, wantText)
	}
	code, stdout, _ = runCLI(t, "", "score", invoice+"reference.json", invoice+"output.json", "--no-history", "--top", "1", "--format", "markdown")
	if code != 0 || !strings.Contains(stdout, "Showing the costliest leaf.\n") ||
		!strings.Contains(stdout, "| `.due_date` | `\"2024-05-15\"` | `\"15.05.2024\"` | 1 |  | 0 | 0.066667 | 0.066667 | mismatch |\n") ||
		strings.Count(stdout, "\n| `") != 1 {
		t.Errorf("markdown: exit %d\n%s", code, stdout)
	}
}

// TestScoreSelectionRecordsAll: what --top prints is a selection; the run
// recorded holds every node.
func TestScoreSelectionRecordsAll(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	if code, _, errOut := runWithHistory(t, store, "", "score", invoice+"reference.json", invoice+"output.json", "--top", "1"); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, list, _ := runWithHistory(t, store, "", "history", "--format", "json")
	var l struct {
		Runs []struct{ ID string } `json:"runs"`
	}
	if err := json.Unmarshal([]byte(list), &l); err != nil || len(l.Runs) != 1 {
		t.Fatalf("history: %v\n%s", err, list)
	}
	code, out, _ := runWithHistory(t, store, "", "history", "show", "--format", "json", l.Runs[0].ID)
	var shown struct {
		Nodes []map[string]any `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(out), &shown); err != nil || code != 0 || len(shown.Nodes) != 81 {
		t.Errorf("history show: exit %d, %v, %d nodes", code, err, len(shown.Nodes))
	}
}

// TestScoreSelectionErrors: bad --top and contradictory flags are usage
// errors (exit 2) that say what to drop.
func TestScoreSelectionErrors(t *testing.T) {
	base := []string{"score", invoice + "reference.json", invoice + "output.json", "--no-history"}
	for _, c := range []struct {
		args []string
		err  string
	}{
		{[]string{"--top", "0"}, "jsontui: --top 0: N must be at least 1\n"},
		{[]string{"--top", "-3"}, "jsontui: --top -3: N must be at least 1\n"},
		{[]string{"--top", "x"}, `jsontui: invalid argument "x" for "--top" flag: strconv.ParseInt: parsing "x": invalid syntax` + "\n"},
		{[]string{"--top", "3", "--only-losses"}, "jsontui: --top lists leaves with a loss only: drop --only-losses\n"},
		{[]string{"--only-losses", "--quiet"}, "jsontui: --quiet prints only the total: drop --only-losses and --top\n"},
		{[]string{"--top", "3", "--explain", ".due_date"}, "jsontui: --explain prints one node: drop --only-losses and --top\n"},
		{[]string{"--top", "3", "--metric", "edit-distance"}, "jsontui: --top: --metric edit-distance is one number, with no per-node breakdown to select from\n"},
		{[]string{"--only-losses", "--metric", "exact"}, "jsontui: --only-losses: --metric exact is one number, with no per-node breakdown to select from\n"},
	} {
		code, stdout, stderr := runCLI(t, "", append(slices.Clone(base), c.args...)...)
		if code != 2 || stdout != "" || stderr != c.err {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", c.args, code, stdout, stderr)
		}
	}
}
