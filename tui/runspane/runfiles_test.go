package runspane

import (
	"testing"

	"github.com/jsontui/jsontui/tui/ports"
)

// TestRunFiles: a pair's two files, a file of records that holds both
// sides, and the shards of an aggregate's run, which it records in the
// places of a reference and an output.
func TestRunFiles(t *testing.T) {
	for _, c := range []struct {
		r    ports.RunSummary
		want string
	}{
		{ports.RunSummary{Source: "tui", Reference: "ref.json", Output: "out.json"}, "ref.json ⟷ out.json"},
		{ports.RunSummary{Source: "score", Reference: "data.jsonl", Output: "data.jsonl"}, "data.jsonl"},
		{ports.RunSummary{Source: "aggregate", Reference: "s1.jsonl", Output: "s3.jsonl"}, "shards s1.jsonl … s3.jsonl"},
		{ports.RunSummary{Source: "aggregate", Reference: "all.jsonl", Output: "all.jsonl"}, "shard all.jsonl"},
	} {
		if got := RunFiles(c.r); got != c.want {
			t.Errorf("RunFiles(%+v) = %q, want %q", c.r, got, c.want)
		}
	}
}
