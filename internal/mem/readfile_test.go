package mem

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestReadFile(t *testing.T) {
	dir := t.TempDir()
	for _, size := range []int{0, 1, 4095, 4096, 9 << 20} {
		want := bytes.Repeat([]byte("jsontui!"), size/8+1)[:size]
		name := filepath.Join(dir, "f")
		if err := os.WriteFile(name, want, 0o600); err != nil {
			t.Fatal(err)
		}
		got, err := ReadFile(name)
		if err != nil || !bytes.Equal(got, want) {
			t.Errorf("size %d: read %d bytes, %v", size, len(got), err)
		}
	}
	if _, err := ReadFile(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: %v", err)
	}
	if _, err := ReadFile(dir); err == nil {
		t.Error("reading a directory succeeded")
	}
}
