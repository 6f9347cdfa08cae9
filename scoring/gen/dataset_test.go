package gen

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteRecordsFile checks that the file holds what WriteRecords
// writes, that a file already there is kept as it is, and that no
// temporary file is left.
func TestWriteRecordsFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bench", "data.jsonl")
	opt := DatasetOptions{Cases: 20, Seed: 4}
	if err := WriteRecordsFile(p, opt); err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	if _, err := WriteRecords(&want, opt); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || !bytes.Equal(got, want.Bytes()) {
		t.Fatalf("the file holds %d bytes (%v), want %d", len(got), err, want.Len())
	}
	if err := os.WriteFile(p, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteRecordsFile(p, opt); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "kept\n" {
		t.Errorf("the file was written again: %.40q", got)
	}
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 1 {
		t.Errorf("the folder holds %d files", len(entries))
	}
}
