package dataset

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadFile checks that a dataset directory's file is read whole,
// whatever its size, and that an error names the file.
func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, text := range []string{"", "{}", strings.Repeat(`{"a": [1, 2, 3]}`, 70000)} {
		name := filepath.Join(dir, "f.json")
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := readFile(name)
		if err != nil || string(got) != text {
			t.Errorf("%d bytes: got %d bytes, %v", len(text), len(got), err)
		}
	}
	missing := filepath.Join(dir, "none.json")
	if _, err := readFile(missing); err == nil || err.Error() != missing+": no such file or directory" {
		t.Errorf("a missing file: %v", err)
	}
	if _, err := readFile(dir); err == nil || err.Error() != dir+": is a directory" {
		t.Errorf("a directory: %v", err)
	}
}
