package atomicfile

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// TestWrite replaces a file, keeps nothing else in its folder, and names
// its temporary file with the writer's process id.
func TestWrite(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "w.json")
	for _, content := range []string{"{}\n", `{"a": 1}` + "\n"} {
		if err := Write(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		if b, err := os.ReadFile(p); err != nil || string(b) != content {
			t.Fatalf("read back %q, %v", b, err)
		}
	}
	if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, %v", st.Mode(), err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("folder holds %d entries", len(entries))
	}
	// A rename that fails (over a folder) leaves no temporary file.
	d := filepath.Join(dir, "sub")
	if err := os.MkdirAll(filepath.Join(d, "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := Write(d, []byte("{}"), 0o644); err == nil {
		t.Fatal("wrote over a folder")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 2 {
		t.Errorf("a failed write left %d entries", len(entries))
	}
}

func TestParseSuffix(t *testing.T) {
	for in, want := range map[string]int{"12-34": 12, "1234": 0, "99999999999-1": 99999999999} {
		if pid, ok := parseSuffix(in); !ok || pid != want {
			t.Errorf("%q: %d %v", in, pid, ok)
		}
	}
	for _, in := range []string{"", "-", "1-", "-1", "a", "1-2-3", "0-5", "1-x", "١٢"} {
		if pid, ok := parseSuffix(in); ok {
			t.Errorf("%q read as ours (pid %d)", in, pid)
		}
	}
}

// BenchmarkCleanStale times the clean-up a save does in a folder of n
// files of which none is a leftover: the cost of listing the folder.
func BenchmarkCleanStale(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		b.Run(fmt.Sprintf("%d-files", n), func(b *testing.B) {
			dir := b.TempDir()
			for i := 0; i < n; i++ {
				if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("case-%06d.json", i)), nil, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			p := filepath.Join(dir, "weights.json")
			for b.Loop() {
				if _, err := CleanStale(p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func TestCreateCommitAndAbort(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "report.html")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := a.Write([]byte("new, ")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("before Commit the target reads %q", b)
	}
	if _, err := a.Write([]byte("whole")); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if b, _ := os.ReadFile(path); string(b) != "new, whole" || err != nil || st.Mode().Perm() != 0o644 {
		t.Fatalf("after Commit: %q, %v, %v", b, st.Mode(), err)
	}
	b, err := Create(path, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	b.Write([]byte("dropped"))
	b.Abort()
	if got, _ := os.ReadFile(path); string(got) != "new, whole" {
		t.Fatalf("after Abort: %q", got)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Fatalf("after Abort the folder holds %d files: a temporary file is left", len(ents))
	}
}
