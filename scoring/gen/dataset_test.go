package gen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestWriteRecordsFile checks that the file holds what WriteRecords
// writes, that a file made from the same options is kept as it is, that
// one made from other options (or with no key) is written again, and
// that no temporary file is left.
func TestWriteRecordsFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "bench", "data.jsonl")
	opt := DatasetOptions{Cases: 20, Seed: 4}
	holds := func(when string, opt DatasetOptions) {
		t.Helper()
		var want bytes.Buffer
		if _, err := WriteRecords(&want, opt); err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, want.Bytes()) {
			t.Errorf("%s: the file holds %d bytes (%v), want %d", when, len(got), err, want.Len())
		}
	}
	if err := WriteRecordsFile(p, opt); err != nil {
		t.Fatal(err)
	}
	holds("made", opt)
	if err := os.WriteFile(p, []byte("kept\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteRecordsFile(p, opt); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(p); string(got) != "kept\n" {
		t.Errorf("the file was written again: %.40q", got)
	}
	other := DatasetOptions{Cases: 20, Seed: 4, Fenced: 0.5}
	if err := WriteRecordsFile(p, other); err != nil {
		t.Fatal(err)
	}
	holds("other options", other)
	if err := os.Remove(p + ".key"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("no key\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := WriteRecordsFile(p, opt); err != nil {
		t.Fatal(err)
	}
	holds("no key", opt)
	entries, _ := os.ReadDir(filepath.Dir(p))
	if len(entries) != 2 {
		t.Errorf("the folder holds %d files, want the data and its key", len(entries))
	}
}

// TestRecordsKey checks that the key names every option, defaults filled
// in, and the generator's output.
func TestRecordsKey(t *testing.T) {
	a, err := recordsKey(DatasetOptions{Cases: 20, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := recordsKey(DatasetOptions{Cases: 20, Seed: 4, Fenced: 0.2, Broken: 0.01, Missing: 0.005, Mistakes: 4})
	if a != b {
		t.Errorf("the defaults spelled out change the key:\n%s%s", a, b)
	}
	for _, o := range []DatasetOptions{{Cases: 21, Seed: 4}, {Cases: 20, Seed: 5}, {Cases: 20, Seed: 4, Model: 1}, {Size: 20, Seed: 4}} {
		if k, _ := recordsKey(o); k == a {
			t.Errorf("%+v has the key of {Cases: 20, Seed: 4}: %s", o, k)
		}
	}
	if !strings.HasPrefix(a, "{Size:0 Cases:20 Seed:4 Fenced:0.2 ") || !strings.Contains(a, " sample ") {
		t.Errorf("key %q", a)
	}
}
