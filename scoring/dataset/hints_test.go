package dataset

import (
	"context"
	"fmt"
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

// TestPairingSuggestionOutlivesItsBatch samples the first cases for
// pairing hints, then scores enough cases that the batches' buffers are
// reused for others' records: the suggestion keeps the key it pairs by
// (it held the sampled records' bytes, and came out as whatever later
// records wrote there).
func TestPairingSuggestionOutlivesItsBatch(t *testing.T) {
	var b strings.Builder
	for i := range 3000 {
		if i < 20 { // the sample: records paired best by their sku
			fmt.Fprintf(&b, `{"id": "h%d", "expected": {"items": [{"sku": "a", "q": 1}, {"sku": "b", "q": 2}, {"sku": "c", "q": 3}]}, "output": {"items": [{"sku": "c", "q": 3}, {"sku": "b", "q": 2}, {"sku": "a", "q": 1}]}}`+"\n", i)
			continue
		}
		fmt.Fprintf(&b, `{"id": "f%d", "expected": {"country": "xyzzy%d", "filler": "%s"}, "output": {"country": "xyzzy", "filler": ""}}`+"\n", i, i, strings.Repeat("q", 100))
	}
	dir := files(t, map[string]string{"d.jsonl": b.String()})
	res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{HintSample: 20})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Pairings) != 1 || res.Pairings[0].At.String() != ".items=key=sku" {
		t.Fatalf("suggestions %+v, want .items=key=sku", res.Pairings)
	}
}
