package history

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// temporaries returns the names in dir that look like temporary files.
func temporaries(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out
}

// TestPendingCleansStaleTemporaryFiles: writing a pending run, and
// importing the pending runs, remove the temporary files that pending
// writes of the store left when their process was killed between the
// temporary file's creation and its rename — ours (named as a pending
// write of this store names them) and stale (the writer's process is
// gone; for the names of jsontui before the process id was in them,
// older than a minute) — and leave the others.
func TestPendingCleansStaleTemporaryFiles(t *testing.T) {
	s := tempStore(t)
	s.Wait = 100 * time.Millisecond
	if _, err := s.Record(testRun(t.TempDir(), 0.1), nil); err != nil {
		t.Fatal(err)
	}
	dir := s.pendingDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	dead, alive := deadPID(t), os.Getppid()
	old := time.Now().Add(-2 * time.Minute)
	place := func(name string, aged bool) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(`{"id": "0123`), 0o600); err != nil {
			t.Fatal(err)
		}
		if aged {
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
	}
	stale := []string{
		fmt.Sprintf(".history.db.01JD0000000000000000000000.json.tmp-%d-1234567", dead),
		".tmp-2930485761", // an older jsontui's, two minutes old
	}
	kept := []string{
		// A pending write under way in another process.
		fmt.Sprintf(".history.db.01JD0000000000000000000001.json.tmp-%d-99", alive),
		// An older jsontui's that began less than a minute ago.
		".tmp-3141592653",
		// Another store's, in the same folder.
		fmt.Sprintf(".other.db.01JD0000000000000000000002.json.tmp-%d-5", dead),
		// Not a temporary file's name.
		".tmp-notes",
	}
	for _, name := range stale {
		place(name, true)
	}
	for i, name := range kept {
		place(name, i != 1)
	}
	slices.Sort(kept)

	// The store is busy: the run goes to a pending file, and the write
	// cleans the folder.
	holder, err := bolt.Open(s.Path(), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Record(testRun(t.TempDir(), 0.2), nil)
	var pe *PendingError
	if !errors.As(err, &pe) {
		t.Fatalf("record while busy: %v", err)
	}
	if got := temporaries(t, dir); !slices.Equal(got, kept) {
		t.Errorf("after the pending write:\n%q\nwant\n%q", got, kept)
	}

	// Killed again since: importing the pending run cleans too.
	again := fmt.Sprintf(".history.db.%s.json.tmp-%d-42", id, dead)
	place(again, false)
	holder.Close()
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 2 || runs[0].ID != id {
		t.Fatalf("after release: %+v, %v", runs, err)
	}
	if got := temporaries(t, dir); !slices.Equal(got, kept) {
		t.Errorf("after the import:\n%q\nwant\n%q", got, kept)
	}
}
