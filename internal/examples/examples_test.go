package examples

import (
	"path/filepath"
	"testing"
)

func TestDirs(t *testing.T) {
	got := Dirs(t, "data.jsonl", "expected.json")
	if len(got) == 0 || filepath.Base(got[0]) != "dataset-small" {
		t.Errorf("dataset examples %q", got)
	}
	for _, d := range Dirs(t, "reference.json", "expected.json") {
		if filepath.Base(d) == "dataset-small" {
			t.Errorf("%s is no pair example", d)
		}
	}
}
