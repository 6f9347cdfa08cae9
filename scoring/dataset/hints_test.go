package dataset

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
)

// TestPairingHints: a headless run spares each case jsondiff's pairing
// hints (no figure of docs/datasets.md holds them); one case scored alone, by --case
// or for the case explorer, has them as a pair has.
func TestPairingHints(t *testing.T) {
	dir := files(t, map[string]string{
		"d.jsonl": `{"id": "x", "expected": {"items": [{"sku": "a", "q": 1}, {"sku": "b", "q": 2}, {"sku": "c", "q": 3}]}, "output": {"items": [{"sku": "c", "q": 3}, {"sku": "b", "q": 2}, {"sku": "a", "q": 1}]}}` + "\n",
	})
	var warnings []string
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Keep: true, Cases: func(c *Case) error {
		warnings = append(warnings, c.Warnings...)
		return nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warnings {
		if strings.Contains(w, "pairing") {
			t.Errorf("a headless case has a pairing hint: %s", w)
		}
	}
	one, err := res.Scored.CaseTree(context.Background(), 0)
	if err != nil {
		t.Fatal(err)
	}
	if hs := one.Result.Tree.PairingHints(); len(hs) != 1 || hs[0].Path != ".items" {
		t.Errorf("CaseTree: hints %+v", hs)
	}
	src, err := Open(Spec{Ref: filepath.Join(dir, "d.jsonl")})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	one, err = ScoreCase(context.Background(), src, Config{}, "x")
	if err != nil {
		t.Fatal(err)
	}
	if hs := one.Result.Tree.PairingHints(); len(hs) != 1 || hs[0].Path != ".items" {
		t.Errorf("ScoreCase: hints %+v", hs)
	}
}
