package cli

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestScoreDatasetExpected runs the command of dataset-small's README and
// compares every value of its expected.json with the printed JSON: each
// number to 1e-9, every other value exactly (the files by their base
// names), no key left out. The aggregate of the same run's --format
// jsonl lines, cut in three shards, prints the same figures.
func TestScoreDatasetExpected(t *testing.T) {
	data, err := os.ReadFile(small + "expected.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]any
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	args := []string{small + "data.jsonl", small + "weights.json", "--pass", "0.9", "--group-by", ".category", "--no-history"}
	code, stdout, stderr := runCLI(t, "", append([]string{"score", "--format", "json"}, args...)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := decodeJSON(t, stdout)
	ds := got["dataset"].(map[string]any)
	for _, k := range []string{"reference", "output", "weights"} {
		if s, ok := ds[k].(string); ok {
			ds[k] = filepath.Base(s)
		}
	}
	for _, d := range sameJSON(want, got, "") {
		t.Error(d)
	}

	code, lines, stderr := runCLI(t, "", append([]string{"score", "--format", "jsonl"}, args...)...)
	if code != 0 {
		t.Fatalf("jsonl: exit %d: %s", code, stderr)
	}
	all := strings.SplitAfter(strings.TrimSuffix(lines, "\n"), "\n")
	dir := t.TempDir()
	var shards []string
	for i, part := range [][]string{all[:1], all[1:4], all[4:]} {
		p := filepath.Join(dir, fmt.Sprintf("shard-%d.jsonl", i))
		if err := os.WriteFile(p, []byte(strings.Join(part, "")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		shards = append(shards, p)
	}
	code, stdout, stderr = runCLI(t, "", append([]string{"aggregate", "--pass", "0.9", "--format", "json"}, shards...)...)
	if code != 0 {
		t.Fatalf("aggregate: exit %d: %s", code, stderr)
	}
	agg := decodeJSON(t, stdout)
	delete(want, "dataset") // the shards' lines do not say how the cases were read
	for _, d := range sameJSON(want, agg, "") {
		t.Errorf("aggregate: %s", d)
	}
}

func decodeJSON(t *testing.T, s string) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, s)
	}
	return v
}

// sameJSON returns the differences of got from want: every value of want
// must be in got, numbers to 1e-9, others exactly; got may hold more
// keys.
func sameJSON(want, got any, path string) []string {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return []string{fmt.Sprintf("%s: %v, want an object", path, got)}
		}
		keys := make([]string, 0, len(w))
		for k := range w {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var out []string
		for _, k := range keys {
			gv, ok := g[k]
			if !ok {
				out = append(out, fmt.Sprintf("%s.%s: missing", path, k))
				continue
			}
			out = append(out, sameJSON(w[k], gv, path+"."+k)...)
		}
		return out
	case []any:
		g, ok := got.([]any)
		if !ok || len(g) != len(w) {
			return []string{fmt.Sprintf("%s: %v, want %v", path, got, want)}
		}
		var out []string
		for i := range w {
			out = append(out, sameJSON(w[i], g[i], fmt.Sprintf("%s[%d]", path, i))...)
		}
		return out
	case float64:
		if g, ok := got.(float64); !ok || math.Abs(g-w) > 1e-9 {
			return []string{fmt.Sprintf("%s: %v, want %v", path, got, want)}
		}
		return nil
	default:
		if got != want {
			return []string{fmt.Sprintf("%s: %v, want %v", path, got, want)}
		}
		return nil
	}
}
