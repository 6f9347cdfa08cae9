package history

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// readOnlyFS makes every open of a store file for writing fail as on a
// read-only file system (EROFS, which bites root too), for the test's
// duration, and counts the read-only opens.
func readOnlyFS(t *testing.T) (readOnlyOpens *int) {
	t.Helper()
	n := new(int)
	saved := openBolt
	openBolt = func(path string, opt *bolt.Options) (*bolt.DB, error) {
		if !opt.ReadOnly {
			return nil, &fs.PathError{Op: "open", Path: path, Err: syscall.EROFS}
		}
		*n++
		return saved(path, opt)
	}
	t.Cleanup(func() { openBolt = saved })
	return n
}

// recordRuns records n runs into s and returns their ids.
func recordRuns(t *testing.T, s *Store, n int) []string {
	t.Helper()
	var ids []string
	for i := range n {
		id, err := s.Record(testRun(t.TempDir(), float64(i)/10), seqOf(pizzaNodes(t)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	return ids
}

// checkReads checks that the read verbs read the store at s, holding ids,
// without writing to it, and that the writing ones fail as before with
// wantWrite in their error.
func checkReads(t *testing.T, s *Store, ids []string, wantWrite string) {
	t.Helper()
	before, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != len(ids) || runs[0].ID != ids[len(ids)-1] {
		t.Errorf("list: %d runs, %v", len(runs), err)
	}
	if r, err := s.Get(ids[0]); err != nil || r.ID != ids[0] || r.NodeCount != 15 {
		t.Errorf("get: %+v, %v", r, err)
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 || rep.Runs != len(ids) {
		t.Errorf("check: %+v, %v", rep, err)
	}
	if _, err := s.Remove(ids[0]); err == nil || !strings.Contains(err.Error(), wantWrite) {
		t.Errorf("remove: %v, want an error saying %q", err, wantWrite)
	}
	if err := s.SetLabel(ids[0], "x"); err == nil || !strings.Contains(err.Error(), wantWrite) {
		t.Errorf("label: %v, want an error saying %q", err, wantWrite)
	}
	if after, _ := os.ReadFile(s.Path()); !bytes.Equal(after, before) {
		t.Error("the read-only store was written to")
	}
}

// TestReadOnlyFile: a store file without write permission is read (list,
// get, check) read-only; remove and label fail as they did. Before, every
// read failed: "open …: permission denied". Root may write any file: the
// test is then skipped (TestReadOnlyFileSystem runs the same for root).
func TestReadOnlyFile(t *testing.T) {
	s := tempStore(t)
	ids := recordRuns(t, s, 3)
	if err := os.Chmod(s.Path(), 0o444); err != nil {
		t.Fatal(err)
	}
	if f, err := os.OpenFile(s.Path(), os.O_RDWR, 0); err == nil {
		f.Close()
		t.Skip("a file of mode 0444 opens for writing here (root)")
	}
	checkReads(t, s, ids, "permission denied")
}

// TestReadOnlyFileSystem: on a file system that refuses to open the store
// for writing (EROFS, forced by a hook: root is refused too), the reads
// open it read-only and still check it whole; a pending run they cannot
// import is said once; writes fail as before. Before, every read failed:
// "open …: read-only file system".
func TestReadOnlyFileSystem(t *testing.T) {
	s := tempStore(t)
	ids := recordRuns(t, s, 3)
	data, branch, damagedIDs := damagedStore(t, 20)
	var warned []string
	s.Warn = func(err error) { warned = append(warned, err.Error()) }
	readOnlyOpens := readOnlyFS(t)
	checkReads(t, s, ids, "read-only file system")
	if *readOnlyOpens == 0 {
		t.Error("no read opened the store read-only")
	}
	if len(warned) != 0 {
		t.Errorf("warnings %q, want none", warned)
	}

	// A record cannot be written: it is kept pending, and the reads say
	// that it is not in the store yet.
	_, err := s.Record(testRun(t.TempDir(), 0.9), seqOf(pizzaNodes(t)))
	var pe *PendingError
	if !errors.As(err, &pe) {
		t.Fatalf("record: %v", err)
	}
	runs, err := s.List(ListOptions{})
	want := s.Path() + " is read-only here: the 1 pending run in " + filepath.Dir(pe.Path) +
		" is not in it yet (the first jsontui that can write the store imports them)"
	if err != nil || len(runs) != len(ids) || len(warned) != 1 || warned[0] != want {
		t.Errorf("list with a pending run: %d runs, %v, warnings %q, want %q", len(runs), err, warned, want)
	}

	// A damaged store read read-only is reported damaged, with its runs.
	data[int(branch)*4096+16] ^= 0x5a
	path := filepath.Join(t.TempDir(), "history.db")
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
	d := Open(path)
	runs, err = d.List(ListOptions{})
	var de *DamagedError
	if !errors.As(err, &de) || len(runs) != len(damagedIDs) {
		t.Errorf("damaged, read-only: %d runs, %v", len(runs), err)
	}
	if rep, err := d.Check(); err != nil || len(rep.Problems) == 0 {
		t.Errorf("damaged, read-only: check %+v, %v", rep, err)
	}
}
