package history

import (
	"bufio"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// The tests below run writers in other processes: the test binary itself,
// re-executed to run TestHelperWriter with these variables set.
const (
	envWriterStore = "JSONTUI_HISTORY_TEST_STORE" // the store to write
	envWriterRuns  = "JSONTUI_HISTORY_TEST_RUNS"  // how many runs; 0: until killed
	envWriterSame  = "JSONTUI_HISTORY_TEST_SAME"  // "1": the same run every time
)

// writerSizes are the node counts of the runs a writer records, in turn.
var writerSizes = []int{10, 200, 10, 60000, 10, 5000}

// TestHelperWriter is not a test: in a process started by startWriter it
// records runs and prints "committed ID" once Record has returned for
// each (or "pending ID" when the run went to the pending folder), then
// "done" when it has recorded them all.
func TestHelperWriter(t *testing.T) {
	path := os.Getenv(envWriterStore)
	if path == "" {
		t.Skip("runs only as a writer process")
	}
	var runs int
	fmt.Sscan(os.Getenv(envWriterRuns), &runs)
	same := os.Getenv(envWriterSame) == "1"
	s := Open(path)
	s.Wait = 2 * time.Minute
	for i := 0; runs == 0 || i < runs; i++ {
		seed := rand.Uint64()
		size := writerSizes[i%len(writerSizes)]
		run := testRun(os.TempDir(), float64(i%100)/100)
		run.Label = fmt.Sprintf("seed=%d size=%d", seed, size)
		if same {
			seed, size = 1, 10
			run = testRun(os.TempDir(), 0.5)
			run.Label = fmt.Sprintf("seed=%d size=%d", seed, size)
		}
		id, err := s.Record(run, genNodes(size, seed))
		var pe *PendingError
		switch {
		case err == nil:
			fmt.Printf("committed %s\n", id)
		case errors.As(err, &pe):
			fmt.Printf("pending %s\n", id)
		default:
			fmt.Printf("error %v\n", err)
			os.Exit(3)
		}
	}
	fmt.Println("done") // the report is whole
}

// writer is a writer process and the ids it reported.
type writer struct {
	cmd  *exec.Cmd
	done chan struct{} // closed when its report is read
	// exited is closed once the process has ended and been waited for.
	exited chan struct{}
	mu     sync.Mutex
	ids    []string
	errs   []string
	whole  bool // the report ended with "done"
}

func startWriter(t *testing.T, store string, runs int, env ...string) *writer {
	t.Helper()
	return startWriterReading(t, store, runs, false, env...)
}

// startWriterReading starts a writer whose report, with late, is read
// only once the process has been waited for: as a reader that falls
// behind a fast writer on a loaded machine reads it. (A late reader must
// not be given more report than a pipe holds.)
func startWriterReading(t *testing.T, store string, runs int, late bool, env ...string) *writer {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperWriter$", "-test.count=1")
	cmd.Env = append(os.Environ(), envWriterStore+"="+store, fmt.Sprintf("%s=%d", envWriterRuns, runs))
	cmd.Env = append(cmd.Env, env...)
	// The pipe is ours, not cmd.StdoutPipe's: Wait closes that one as soon
	// as the process has ended, dropping the lines a reader that fell
	// behind has not read yet. Ours is read to its end, whenever the
	// process ends.
	out, pw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = pw, os.Stderr
	err = cmd.Start()
	pw.Close() // the process holds its own end
	if err != nil {
		out.Close()
		t.Fatal(err)
	}
	w := &writer{cmd: cmd, done: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		defer close(w.done)
		defer out.Close()
		if late {
			<-w.exited
		}
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			w.mu.Lock()
			switch f := strings.Fields(sc.Text()); {
			case len(f) == 2 && (f[0] == "committed" || f[0] == "pending"):
				w.ids = append(w.ids, f[1])
			case len(f) == 1 && f[0] == "done":
				w.whole = true
			case len(f) > 0 && f[0] == "error":
				w.errs = append(w.errs, sc.Text())
			}
			w.mu.Unlock()
		}
		if err := sc.Err(); err != nil {
			w.mu.Lock()
			w.errs = append(w.errs, "reading its report: "+err.Error())
			w.mu.Unlock()
		}
	}()
	return w
}

// wait waits for the process to end and returns the ids it reported. A
// writer that was not killed must have reported every run ("done").
func (w *writer) wait(t *testing.T, killed bool) []string {
	t.Helper()
	err := w.cmd.Wait()
	close(w.exited)
	<-w.done
	if !killed && err != nil {
		t.Fatalf("writer: %v", err)
	}
	if len(w.errs) > 0 {
		t.Fatalf("writer: %v", w.errs)
	}
	if !killed && !w.whole {
		t.Fatalf("writer: its report was cut short after %d runs (no \"done\" line)", len(w.ids))
	}
	return w.ids
}

// TestWriterReportReadLate reproduces the lost "committed" lines of
// TestTwoProcesses under load ("writers reported 25 runs, want 32", every
// run in the store): the report of a writer that has already exited must
// still be read whole, however late its reader is.
func TestWriterReportReadLate(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	s := tempStore(t)
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	const n = 3
	w := startWriterReading(t, s.Path(), n, true)
	ids := w.wait(t, false)
	if len(ids) != n {
		t.Fatalf("the writer reported %d runs, want %d", len(ids), n)
	}
	checkRuns(t, s, ids, func(string) bool { return true })
}

// checkRuns opens the store and checks that each run of ids is there and
// decodes to the figures its writer generated; full says which to decode.
func checkRuns(t *testing.T, s *Store, ids []string, full func(id string) bool) {
	t.Helper()
	runs, err := s.List(ListOptions{})
	if err != nil {
		t.Fatalf("store does not open: %v", err)
	}
	present := map[string]bool{}
	for _, r := range runs {
		present[r.ID] = true
	}
	for _, id := range ids {
		if !present[id] {
			t.Fatalf("run %s reported committed is missing (%d runs in store)", id, len(runs))
		}
		if !full(id) {
			continue
		}
		r, err := s.Get(id)
		if err != nil {
			t.Fatal(err)
		}
		var seed uint64
		var size int
		if _, err := fmt.Sscanf(r.Label, "seed=%d size=%d", &seed, &size); err != nil {
			t.Fatalf("run %s: label %q", id, r.Label)
		}
		if r.NodeCount != size {
			t.Fatalf("run %s: %d nodes, want %d", id, r.NodeCount, size)
		}
		sameNodes(t, collect(r.Nodes()), collect(genNodes(size, seed)))
	}
}

func TestTwoProcesses(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	s := tempStore(t)
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	const n = 16
	a, b := startWriter(t, s.Path(), n), startWriter(t, s.Path(), n)
	ids := append(a.wait(t, false), b.wait(t, false)...)
	if len(ids) != 2*n {
		t.Fatalf("writers reported %d runs, want %d", len(ids), 2*n)
	}
	checkRuns(t, s, ids, func(string) bool { return true })
	if runs, _ := s.List(ListOptions{}); len(runs) != 2*n {
		t.Fatalf("%d runs in store, want %d", len(runs), 2*n)
	}
	checkNoOrphans(t, s)
}

func TestKilledWriter(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	s := tempStore(t)
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	var all []string
	checked := map[string]bool{}
	const rounds = 16
	for round := 0; round < rounds; round++ {
		w := startWriter(t, s.Path(), 0)
		time.Sleep(time.Duration(50+rand.IntN(600)) * time.Millisecond)
		if err := w.cmd.Process.Kill(); err != nil { // SIGKILL on Unix
			t.Fatal(err)
		}
		ids := w.wait(t, true)
		all = append(all, ids...)
		checkRuns(t, s, all, func(id string) bool {
			if checked[id] {
				return false
			}
			checked[id] = true
			return true
		})
	}
	t.Logf("%d rounds, %d runs committed", rounds, len(all))
	checkNoOrphans(t, s)
}

// TestKilledWriterSeenAgain kills a writer that records the same run over
// and over, each time counted as its first run seen again: the store
// stays sound, and the count is what the writer reported, or one more for
// a count committed just before the kill, before the writer could say so.
func TestKilledWriterSeenAgain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	s := tempStore(t)
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	reported := 0
	const rounds = 6
	for round := 1; round <= rounds; round++ {
		w := startWriter(t, s.Path(), 0, envWriterSame+"=1")
		time.Sleep(time.Duration(100+rand.IntN(400)) * time.Millisecond)
		if err := w.cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		ids := w.wait(t, true)
		reported += len(ids)
		runs, err := s.List(ListOptions{})
		if err != nil || len(runs) > 1 {
			t.Fatalf("round %d: %d runs, %v", round, len(runs), err)
		}
		if len(runs) == 0 {
			continue
		}
		for _, id := range ids {
			if id != runs[0].ID {
				t.Fatalf("round %d: the writer reported run %s, the store holds %s", round, id, runs[0].ID)
			}
		}
		if c := runs[0].Count; c < reported || c > reported+round {
			t.Fatalf("round %d: seen %d times, %d reported", round, c, reported)
		}
		if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
			t.Fatalf("round %d: check: %+v, %v", round, rep, err)
		}
	}
	t.Logf("%d rounds, %d records reported", rounds, reported)
	checkNoOrphans(t, s)
}

// rawStore reads the store with bolt, around Store: the runs of its index
// and all its keys.
func rawStore(t testing.TB, path string) ([]Summary, map[string]bool) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	keys := map[string]bool{}
	var runs []Summary
	err = db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("kv"))
		if b == nil {
			return nil
		}
		return b.ForEach(func(k, v []byte) error {
			keys[string(k)] = true
			if isChunkKey(k) {
				var err error
				runs, err = decodeChunk(k, v, runs)
				return err
			}
			return nil
		})
	})
	if err != nil {
		t.Fatal(err)
	}
	return runs, keys
}

// checkNoOrphans checks, after an operation of s, that the store holds
// exactly the index and the runs it lists, and pointers of their pairs
// only.
func checkNoOrphans(t testing.TB, s *Store) {
	t.Helper()
	if _, err := s.List(ListOptions{Limit: 1}); err != nil {
		t.Fatal(err)
	}
	runs, keys := rawStore(t, s.Path())
	want := map[string]bool{indexKey: true, headKey: true}
	pairs := map[string]bool{}
	for _, r := range runs {
		want[runKey(r.ID)] = true
		pairs[string(pairPtrKey(pairKey(&r)))] = true
	}
	for k := range keys {
		if !want[k] && !isChunkKey([]byte(k)) && !pairs[k] {
			t.Errorf("orphan key %q", k)
		}
	}
	for k := range want {
		if !keys[k] {
			t.Errorf("missing key %q", k)
		}
	}
}

// ungobKey decodes the value of key in the store at path.
func ungobKey(t testing.TB, path, key string, v any) error {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	return db.View(func(tx *bolt.Tx) error {
		return ungob(tx.Bucket([]byte(skvBucket)).Get([]byte(key)), v)
	})
}
