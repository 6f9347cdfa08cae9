package cli

import (
	"encoding/json"
	"strings"
	"testing"
)

// A dataset whose line items pair better by sku says so once, with both
// dataset scores, on standard error and among the json warnings; jsonl
// and a run already paired so say nothing.
func TestDatasetPairingHint(t *testing.T) {
	const set = "testdata/pairhint-set.jsonl"
	const want = "jsontui: warning: pairing hint for the dataset: --lists .line_items=key=sku raises its score from 0.906706 to 0.95 (2 of the first 4 cases' pairing hints suggest it; both scores over all 4 cases)\n"
	code, _, stderr := runCLI(t, "", "score", set, "--no-history")
	if code != 0 || strings.Count(stderr, "pairing hint for") != 1 || !strings.HasSuffix(stderr, want) {
		t.Fatalf("text: exit %d, stderr:\n%s\nwant it to end with:\n%s", code, stderr, want)
	}
	code, _, stderr = runCLI(t, "", "score", set, "--no-history", "--format", "markdown")
	if code != 0 || !strings.HasSuffix(stderr, want) {
		t.Fatalf("markdown: exit %d, stderr:\n%s", code, stderr)
	}
	code, stdout, _ := runCLI(t, "", "score", set, "--no-history", "--format", "json")
	var got struct {
		Warnings []struct{ Path, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &got); code != 0 || err != nil {
		t.Fatalf("json: exit %d, %v", code, err)
	}
	if len(got.Warnings) != 1 || got.Warnings[0].Path != ".line_items" || "jsontui: warning: "+got.Warnings[0].Message+"\n" != want {
		t.Fatalf("json warnings: %+v", got.Warnings)
	}
	// The case lines carry no hint, and the cases' own warnings never do.
	code, stdout, stderr = runCLI(t, "", "score", set, "--no-history", "--format", "jsonl")
	if code != 0 || strings.Contains(stdout+stderr, "pairing hint") {
		t.Fatalf("jsonl: exit %d, it speaks of a hint:\n%s%s", code, stdout, stderr)
	}
	code, _, stderr = runCLI(t, "", "score", set, "--no-history", "--lists", ".line_items=key=sku")
	if code != 0 || strings.Contains(stderr, "pairing hint") {
		t.Fatalf("paired by sku: exit %d, stderr:\n%s", code, stderr)
	}
}
