package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExploreLabelsRefused checks what the explorer refuses of its label
// flags before it takes the terminal, with exit code 2: labels on a pair,
// both sources at once, a labels file that does not parse (its line).
func TestExploreLabelsRefused(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.jsonl")
	if err := os.WriteFile(bad, []byte("{\"id\": \"a\", \"label\": 0.5}\n{\"id\": \"b\", \"label\": \"pass\"}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	data := "../../testdata/cases/dataset-small/data.jsonl"
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"../../testdata/cases/dataset-small/weights.json", "../../testdata/cases/dataset-small/weights.json", "--labels", bad}, "--labels and --label-field label a dataset's cases"},
		{[]string{data, "--labels", bad, "--label-field", ".grade"}, "--labels and --label-field both give labels: give one"},
		{[]string{data, "--labels", bad}, "bad.jsonl:2"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("jsontui %s: exit %d, stderr %q; want 2 and %q", strings.Join(c.args, " "), code, stderr, c.want)
		}
	}
}
