package cli

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
	"unsafe"

	bolt "go.etcd.io/bbolt"

	"github.com/jsontui/jsontui/history"
)

// runEnv runs jsontui in-process with exactly the environment env.
func runEnv(t *testing.T, env map[string]string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	a := &app{
		stdin: strings.NewReader(""), stdout: &out, stderr: &errb,
		getenv: func(k string) string { return env[k] },
	}
	code = a.run(args)
	return code, out.String(), errb.String()
}

// TestHistoryEmptyPath: --history "" is refused, not taken for the default
// store.
func TestHistoryEmptyPath(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home}
	for _, args := range [][]string{
		{"score", pizza + "reference.json", pizza + "output.json", "-q", "--history", ""},
		{"score", pizza + "reference.json", pizza + "output.json", "-q", "--history="},
		{"history", "--history", ""},
	} {
		code, out, errOut := runEnv(t, env, args...)
		if code != 2 || out != "" || errOut != "jsontui: --history: the path is empty; give the store's file path, or leave the flag out for the default store\n" {
			t.Errorf("%q: exit %d, %q, %q", args, code, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".local")); err == nil {
		t.Errorf("the default store was written")
	}
}

// TestHistoryPathNotAFile: a store path that is not a regular file, or a
// new file in a folder that does not exist, is refused, and nothing is
// created beside it.
func TestHistoryPathNotAFile(t *testing.T) {
	dir := t.TempDir()
	null := filepath.Join(dir, "null.db")
	if err := os.Symlink(os.DevNull, null); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "store")
	os.Mkdir(folder, 0o700)
	_, devPendingBefore := os.Stat("/dev/pending")
	for _, c := range []struct{ path, want string }{
		{null, "jsontui: --history " + null + ": not a regular file; the store must be a file, or a new file in an existing folder\n"},
		{os.DevNull, "jsontui: --history /dev/null: not a regular file; the store must be a file, or a new file in an existing folder\n"},
		{folder, "jsontui: --history " + folder + ": a folder; the store must be a file, or a new file in an existing folder\n"},
		{filepath.Join(dir, "none", "h.db"), "jsontui: --history " + filepath.Join(dir, "none", "h.db") + ": the folder " + filepath.Join(dir, "none") + " does not exist\n"},
	} {
		for _, args := range [][]string{
			{"score", pizza + "reference.json", pizza + "output.json", "-q", "--history", c.path},
			{"history", "--history", c.path},
		} {
			code, out, errOut := runEnv(t, nil, args...)
			if code != 2 || out != "" || errOut != c.want {
				t.Errorf("%q: exit %d, %q, %q", args, code, out, errOut)
			}
		}
	}
	for _, p := range []string{filepath.Join(dir, "pending"), filepath.Join(folder, "pending"), filepath.Join(dir, "none")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was created", p)
		}
	}
	if _, err := os.Stat("/dev/pending"); err == nil && devPendingBefore != nil {
		t.Errorf("/dev/pending was created")
	}
}

// TestHistoryUnimportablePending: a pending run that cannot be imported is
// reported once, by name, and kept.
func TestHistoryUnimportablePending(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	os.Mkdir(filepath.Join(dir, "pending"), 0o700)
	bad := filepath.Join(dir, "pending", "history.db.01kaq3m2x9abcdefghjkm.json")
	if err := os.WriteFile(bad, []byte(`{"Version": 1, "ID": "01kaq3m2x9abcdefghjkm", "Figures": "bm90IGZpZ3VyZXM="`), 0o600); err != nil {
		t.Fatal(err)
	}
	score := []string{"score", pizza + "reference.json", pizza + "output.json", "-q"}
	code, _, errOut := runWithHistory(t, store, "", score...)
	if code != 0 || !strings.Contains(errOut, "jsontui: warning: history: the pending run "+bad+" cannot be imported") {
		t.Fatalf("first run: exit %d, %q", code, errOut)
	}
	kept := strings.TrimSuffix(strings.SplitN(strings.SplitN(errOut, "kept as ", 2)[1], "\n", 2)[0], ".")
	if _, err := os.Stat(kept); err != nil {
		t.Errorf("the unimportable run was not kept (%q): %v", errOut, err)
	}
	code, _, errOut = runWithHistory(t, store, "", score...)
	if code != 0 || errOut != "" {
		t.Errorf("second run: exit %d, %q", code, errOut)
	}
	if code, out, _ := runWithHistory(t, store, "", "history", "--format", "json"); code != 0 || strings.Count(out, `"id"`) != 1 ||
		!strings.Contains(out, `"count": 2`) {
		t.Errorf("history: exit %d\n%s", code, out)
	}
}

// TestHistoryStoreErrorsAreNotUsage: a busy store, a damaged run or store
// is an error of the store, not of the command line: no "Run 'jsontui
// --help'" line, and the store's path said once.
func TestHistoryStoreErrorsAreNotUsage(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	if code, _, _ := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q"); code != 0 {
		t.Fatal(code)
	}
	db, err := bolt.Open(store, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	var errb bytes.Buffer
	a := historyApp(store)
	a.stderr, a.historyWait = &errb, 200*time.Millisecond
	code := a.run([]string{"history"})
	errOut := errb.String()
	db.Close()
	if code != 2 || strings.Contains(errOut, "--help") || strings.Count(errOut, store) != 1 || !strings.Contains(errOut, "busy") {
		t.Errorf("busy store: exit %d, %q", code, errOut)
	}

	// A foreign bolt file.
	foreign := filepath.Join(t.TempDir(), "foreign.db")
	db, err = bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error {
		b, _ := tx.CreateBucket([]byte("other"))
		return b.Put([]byte("k"), []byte("v"))
	})
	db.Close()
	code, _, errOut = runWithHistory(t, foreign, "", "history")
	if code != 2 || strings.Contains(errOut, "--help") || strings.Count(errOut, foreign) != 1 {
		t.Errorf("foreign store: exit %d, %q", code, errOut)
	}

	// A run whose record is damaged.
	data, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	_, out, _ := runWithHistory(t, store, "", "history", "--format", "json")
	id := strings.SplitN(strings.SplitN(out, `"id": "`, 2)[1], `"`, 2)[0]
	off, n := recordAt(t, store, id)
	data[off+n/2] ^= 0x5a
	if err := os.WriteFile(store, data, 0o600); err != nil {
		t.Fatal(err)
	}
	code, _, errOut = runWithHistory(t, store, "", "history", "show", id)
	if code != 2 || strings.Contains(errOut, "--help") || strings.Count(errOut, store) != 1 || !strings.Contains(errOut, "damaged") {
		t.Errorf("damaged run: exit %d, %q", code, errOut)
	}
}

// TestHistoryRunLost: a run that can be kept neither in the store nor in
// the pending folder fails the command (exit 2) after its output.
func TestHistoryRunLost(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	os.WriteFile(store, []byte(strings.Repeat("not a store ", 1000)), 0o600)
	os.WriteFile(filepath.Join(dir, "pending"), []byte("a file where the pending folder goes"), 0o600)
	code, out, errOut := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q")
	if code != 2 || out != "0.9033764367816092\n" || !strings.Contains(errOut, "the run was not recorded") {
		t.Errorf("exit %d, %q, %q", code, out, errOut)
	}
}

// TestHistoryListAlias: `history list` lists, as `history` does.
func TestHistoryListAlias(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q")
	_, want, _ := runWithHistory(t, store, "", "history", "--format", "json")
	code, got, errOut := runWithHistory(t, store, "", "history", "list", "--format", "json")
	if code != 0 || got != want || errOut != "" {
		t.Errorf("history list: exit %d, %q\n%s\nwant\n%s", code, errOut, got, want)
	}
}

// countingWriter counts the writes made to it.
type countingWriter struct {
	bytes.Buffer
	writes int
}

func (w *countingWriter) Write(p []byte) (int, error) {
	w.writes++
	return w.Buffer.Write(p)
}

// TestHistoryListBuffered: the text list reaches its output in a few large
// writes, not several per line.
func TestHistoryListBuffered(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	s := history.Open(store)
	for i := 0; i < 40; i++ {
		run := &history.Run{Source: history.SourceScore, Label: fmt.Sprint("run ", i),
			Reference: history.NewFile("/data/ref.json", nil), Output: history.NewFile("/data/out.json", nil),
			Score: float64(i) / 40, HasScore: true, Metric: "jsondiff"}
		if _, err := s.Record(run); err != nil {
			t.Fatal(err)
		}
	}
	out := &countingWriter{}
	a := historyApp(store)
	a.stdout = out
	if code := a.run([]string{"history"}); code != 0 || strings.Count(out.String(), "\n") != 41 {
		t.Fatalf("exit %d\n%s", code, out)
	}
	if out.writes > 1+out.Len()/4096 {
		t.Errorf("%d writes for %d bytes of %d lines", out.writes, out.Len(), 41)
	}
}

// TestFileNamesEscaped: control characters and line breaks in file names
// are escaped wherever a name is printed for people.
func TestFileNamesEscaped(t *testing.T) {
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref\nx.json"), filepath.Join(dir, "out\x1b[31m.json")
	for name, src := range map[string]string{ref: "reference.json", out: "output.json"} {
		data, err := os.ReadFile(pizza + src)
		if err != nil || os.WriteFile(name, data, 0o600) != nil {
			t.Fatal(err)
		}
	}
	store := filepath.Join(t.TempDir(), "history.db")
	for _, args := range [][]string{
		{"score", ref, out},
		{"score", ref, out, "--format", "markdown"},
		{"history"},
	} {
		code, stdout, errOut := runWithHistory(t, store, "", args...)
		if code != 0 || strings.Contains(stdout, "\x1b") || strings.Contains(stdout, "ref\nx") ||
			!strings.Contains(stdout, `ref\nx.json"`) || !strings.Contains(stdout, `out\x1b[31m.json"`) {
			t.Errorf("%q: exit %d, %q\n%s", args, code, errOut, stdout)
		}
	}
}

// TestHistoryFullDisk: with the disk full (a file size limit), a run that
// cannot go into the store is kept pending, and one that cannot be kept
// there either fails the command.
func TestHistoryFullDisk(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	if _, err := exec.LookPath("prlimit"); err != nil {
		t.Skip("no prlimit")
	}
	store := filepath.Join(t.TempDir(), "history.db")
	if code, _, errOut := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	info, err := os.Stat(store)
	if err != nil {
		t.Fatal(err)
	}
	score := func(limit int64) (int, string, string) {
		cmd := exec.Command("prlimit", fmt.Sprintf("--fsize=%d", limit), os.Args[0])
		cmd.Env = append(os.Environ(), benchMainEnv+"="+strings.Join([]string{"score", pizza + "reference.json", pizza + "output.json", "-q"}, "\x1f"),
			"JSONTUI_HISTORY="+store)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var ee *exec.ExitError
		if err != nil && !errors.As(err, &ee) {
			t.Fatal(err)
		}
		return cmd.ProcessState.ExitCode(), out.String(), errb.String()
	}
	// The store cannot grow; the pending folder takes the run.
	code, out, errOut := score(info.Size())
	if code != 0 || out != "0.9033764367816092\n" || !strings.Contains(errOut, "jsontui: warning: history: run kept in "+filepath.Join(filepath.Dir(store), "pending")) {
		t.Errorf("store full: exit %d, %q, %q", code, out, errOut)
	}
	// Nothing can be written: the run is lost, and the command says so.
	code, out, errOut = score(100)
	if code != 2 || out != "0.9033764367816092\n" || !strings.Contains(errOut, "jsontui: history: the run was not recorded: ") ||
		!strings.Contains(errOut, "file too large") {
		t.Errorf("disk full: exit %d, %q, %q", code, out, errOut)
	}
	// Once there is room, the pending run comes in: the same run as the
	// first, seen again.
	if code, out, _ := runWithHistory(t, store, "", "history", "--format", "json"); code != 0 || strings.Count(out, `"id"`) != 1 ||
		!strings.Contains(out, `"count": 2`) {
		t.Errorf("after: exit %d\n%s", code, out)
	}
}

// TestHistoryCheckRepair: a run whose record is damaged is reported by
// every read that meets it, by check (exit 2, with what to do), and a
// repair rebuilds the store without it, keeping the damaged file.
func TestHistoryCheckRepair(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	run := func(args ...string) (int, string, string) {
		t.Helper()
		return runWithHistory(t, store, "", args...)
	}
	if code, out, _ := run("history", "check"); code != 0 || out != store+": no store yet: nothing to check.\n" {
		t.Errorf("check, no store: exit %d, %q", code, out)
	}
	for i := 0; i < 3; i++ {
		if code, _, errOut := run("score", pizza+"reference.json", pizza+"output.json", "-q", "--label", fmt.Sprint("run ", i)); code != 0 {
			t.Fatal(errOut)
		}
	}
	code, out, _ := run("history", "check")
	if code != 0 || !regexp.MustCompile(`^.*history.db: sound: 3 runs, \d+ KiB in \d+ pages \(\d+ free\)\.\n$`).MatchString(out) {
		t.Errorf("check: exit %d, %q", code, out)
	}
	if code, out, _ := run("history", "repair"); code != 0 || !strings.HasSuffix(out, "history.db: sound (3 runs): nothing to repair.\n") {
		t.Errorf("repair of a sound store: exit %d, %q", code, out)
	}
	_, out, _ = run("history", "--format", "json")
	id := strings.SplitN(strings.SplitN(out, `"id": "`, 3)[2], `"`, 2)[0] // the second newest
	data, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	off, n := recordAt(t, store, id)
	data[off+n/2] ^= 0x5a
	if err := os.WriteFile(store, data, 0o600); err != nil {
		t.Fatal(err)
	}
	hint := "Run 'jsontui history check' for the details, or 'jsontui history repair' to rebuild the store from the runs that read (the damaged file is kept).\n"
	code, out, errOut := run("history", "show", id)
	if code != 2 || out != "" || errOut != "jsontui: "+store+": the store is damaged: run "+id+": its record does not match the index's checksum\n"+hint {
		t.Errorf("show: exit %d, %q, %q", code, out, errOut)
	}
	if code, out, _ := run("history"); code != 0 || strings.Count(out, "\n") != 4 {
		t.Errorf("the list reads the index alone: exit %d\n%s", code, out)
	}
	code, out, errOut = run("history", "check")
	if code != 2 || errOut != "" || out != store+": damaged (1 problem):\n  1 run whose record does not read or does not match the index: "+id+"\n"+
		"'jsontui history repair' rebuilds the store from the 2 runs that read, and keeps the damaged file.\n" {
		t.Errorf("check: exit %d, %q, %q", code, out, errOut)
	}
	code, out, errOut = run("history", "repair")
	kept := strings.TrimSuffix(strings.SplitN(out, "The damaged file is kept as ", 2)[1], ".\n")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "Repaired "+store+": 2 runs kept; 1 run lost, whose records do not read: "+id+".\n") ||
		!strings.HasPrefix(kept, store+".damaged-") {
		t.Errorf("repair: exit %d, %q, %q", code, out, errOut)
	}
	if old, err := os.ReadFile(kept); err != nil || !bytes.Equal(old, data) {
		t.Errorf("the damaged file was not kept as it was: %v", err)
	}
	code, out, _ = run("history", "--format", "json")
	if code != 0 || strings.Count(out, `"id"`) != 2 || strings.Contains(out, id) || !strings.Contains(out, `"label": "run 2"`) {
		t.Errorf("after the repair: exit %d\n%s", code, out)
	}
	if code, out, _ := run("history", "check"); code != 0 || !strings.Contains(out, "sound: 2 runs") {
		t.Errorf("check after the repair: exit %d, %q", code, out)
	}
}

// recordAt returns where the record of run id is in the store file: its
// offset and length (bolt's map of the file starts at offset 0).
func recordAt(t *testing.T, store, id string) (off, n int) {
	t.Helper()
	db, err := bolt.Open(store, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		v := tx.Bucket([]byte("kv")).Get([]byte("run/" + id))
		if v == nil {
			t.Fatalf("no record of run %s", id)
		}
		off, n = int(uintptr(unsafe.Pointer(&v[0]))-db.Info().Data), len(v)
		return nil
	})
	return off, n
}

// BenchmarkHistoryListText times writing the text list of 10,000 runs to
// a file (the list is buffered: it was 13 writes a line).
func BenchmarkHistoryListText(b *testing.B) {
	runs := make([]history.Summary, 10000)
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range runs {
		p := fmt.Sprint(i % 7)
		runs[i] = history.Summary{ID: fmt.Sprintf("1htnq%016d", i), Time: base.Add(time.Duration(i) * time.Minute),
			Label: fmt.Sprint("try ", i%50), Source: history.SourceScore, Metric: "jsondiff",
			Reference: history.File{Path: "/data/case" + p + "/reference.json"}, Output: history.File{Path: "/data/case" + p + "/output.json"},
			Score: float64(i%1000) / 1000, HasScore: true, Delta: 0.001, HasDelta: i%3 == 0}
	}
	out, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		b.Fatal(err)
	}
	defer out.Close()
	a := historyApp(filepath.Join(b.TempDir(), "history.db"))
	a.stdout = out
	store, _ := a.historyStore()
	for b.Loop() {
		if err := a.writeList(store, runs, "text"); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHistoryDamagedNotEmpty: a damaged store of which nothing reads is not
// "No runs recorded yet": the list says nothing of the kind, and the
// damage (with the store's path, once in all) is the message.
func TestHistoryDamagedNotEmpty(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	for i := 0; i < 40; i++ {
		if code, _, errOut := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json", "-q", "--label", fmt.Sprint("run ", i)); code != 0 {
			t.Fatal(errOut)
		}
	}
	data, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(store, data[:len(data)/2], 0o600); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runWithHistory(t, store, "", "history")
	if code != 2 || out != "" || strings.Count(errOut, store) != 1 || !strings.Contains(errOut, "the store is damaged: the file is truncated") {
		t.Errorf("truncated store: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
