package doccheck

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// expectedNode is a node of a worked example's expected.json.
type expectedNode struct {
	Path   string   `json:"path"`
	Status string   `json:"status"`
	Score  *float64 `json:"score"`
	Weight float64  `json:"weight"`
	Factor *float64 `json:"factor"`
	Share  float64  `json:"share"`
	Loss   float64  `json:"loss"`
}

// TestPizzaTable: the worked example's table in docs/scoring.md gives
// every node of testdata/cases/pizza/expected.json with its figures
// rounded to six digits, so that the manual cannot drift from what the
// engine computes.
func TestPizzaTable(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(root, "testdata", "cases", "pizza", "expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var want struct{ Nodes []expectedNode }
	if err := json.Unmarshal(b, &want); err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "scoring.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := map[string][]string{}
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.HasPrefix(line, "| `.") {
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		for i := range cells {
			cells[i] = strings.TrimSpace(cells[i])
		}
		if len(cells) != 9 {
			t.Fatalf("docs/scoring.md: a row of the pizza table without 9 cells: %s", line)
		}
		rows[strings.Trim(cells[0], "`")] = cells
	}
	if len(rows) != len(want.Nodes) {
		t.Errorf("docs/scoring.md's pizza table has %d rows, expected.json %d nodes", len(rows), len(want.Nodes))
	}
	for _, n := range want.Nodes {
		cells, ok := rows[n.Path]
		if !ok {
			t.Errorf("docs/scoring.md's pizza table lacks %s", n.Path)
			continue
		}
		figure(t, n.Path, "weight", cells[3], &n.Weight)
		figure(t, n.Path, "f", cells[4], n.Factor)
		figure(t, n.Path, "score", cells[5], n.Score)
		figure(t, n.Path, "share", cells[6], &n.Share)
		figure(t, n.Path, "loss", cells[7], &n.Loss)
		if cells[8] != n.Status {
			t.Errorf("%s: status %q in docs/scoring.md, %q in expected.json", n.Path, cells[8], n.Status)
		}
	}
}

// figure checks a table cell against an expected figure rounded to six
// decimals; an empty cell stands for a figure the node does not have.
func figure(t *testing.T, path, name, cell string, want *float64) {
	t.Helper()
	if want == nil || cell == "" {
		if (want == nil) != (cell == "") {
			t.Errorf("%s: %s is %q in docs/scoring.md, %v in expected.json", path, name, cell, want)
		}
		return
	}
	got, err := strconv.ParseFloat(cell, 64)
	if err != nil {
		t.Errorf("%s: %s: %v", path, name, err)
		return
	}
	if math.Abs(got-math.Round(*want*1e6)/1e6) > 1e-12 {
		t.Errorf("%s: %s is %s in docs/scoring.md, %.6f (%v) in expected.json", path, name, cell, *want, *want)
	}
}
