package session

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// leftovers returns the names in dir that look like the temporary files
// of a save of weights.json, sorted.
func leftovers(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if strings.Contains(e.Name(), ".tmp-") {
			out = append(out, e.Name())
		}
	}
	slices.Sort(out)
	return out
}

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) int {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return cmd.Process.Pid
}

// TestSaveCleansStaleTemporaryFiles: a save removes the temporary files
// that saves of the same file left when their process died (kill -9
// between the temporary file's creation and its rename), and only those:
// named as a save of this file names them, and stale: their writer's
// process is gone, or, named without a process id (as before the id was
// in the name), older than a minute.
func TestSaveCleansStaleTemporaryFiles(t *testing.T) {
	p := writeTemp(t, "weights.json", read(t, filepath.Join(pizzaDir, "weights.json")))
	dir := filepath.Dir(p)
	old := time.Now().Add(-2 * time.Minute)
	dead, alive := deadPID(t), os.Getppid()
	files := []struct {
		name  string
		old   bool
		stale bool
	}{
		{fmt.Sprintf(".weights.json.tmp-%d-1234567", dead), false, true},
		{fmt.Sprintf(".weights.json.bak.tmp-%d-7654321", dead), false, true},
		{".weights.json.tmp-2930485761", true, true},
		{".weights.json.bak.tmp-17", true, true},
		// A save under way in another process, or one that began less
		// than a minute ago in an older jsontui.
		{fmt.Sprintf(".weights.json.tmp-%d-99", alive), true, false},
		{".weights.json.tmp-3141592653", false, false},
		// Not ours: other files' temporary files, other names.
		{fmt.Sprintf(".other.json.tmp-%d-5", dead), true, false},
		{".weights.json.tmp-notes", true, false},
		{"weights.json.tmp-1", true, false},
		{".weights.json.tmp-1-2-3", true, false},
		{".weights.json.tmp-", true, false},
	}
	var want []string
	for _, f := range files {
		path := filepath.Join(dir, f.name)
		if err := os.WriteFile(path, []byte(`{"margherita": 0.`), 0o644); err != nil {
			t.Fatal(err)
		}
		if f.old {
			if err := os.Chtimes(path, old, old); err != nil {
				t.Fatal(err)
			}
		}
		if !f.stale {
			want = append(want, f.name)
		}
	}
	// A folder of that name is nobody's temporary file.
	if err := os.Mkdir(filepath.Join(dir, fmt.Sprintf(".weights.json.tmp-%d-6", dead)), 0o755); err != nil {
		t.Fatal(err)
	}
	want = append(want, fmt.Sprintf(".weights.json.tmp-%d-6", dead))
	slices.Sort(want)
	s := open(t, p)
	if _, err := s.SetWeight(node(t, s, ".beer"), 0.5); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Save("")
	if err != nil {
		t.Fatal(err)
	}
	if got := leftovers(t, dir); !slices.Equal(got, want) {
		t.Errorf("after the save:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(saved.Removed) != 4 {
		t.Errorf("Saved.Removed = %q, want the 4 stale files", saved.Removed)
	}
}

// saverEnv makes the test binary a process that writes the weights
// file it names over and over until killed (TestHelperSaver).
const saverEnv = "JSONTUI_SESSION_TEST_SAVER"

// TestHelperSaver is not a test: in a process started by
// TestKillDuringSaves, it writes the weights file it is given back to
// itself as a save writes it (WriteFile, with its backup), in a loop,
// until killed.
func TestHelperSaver(t *testing.T) {
	p := os.Getenv(saverEnv)
	if p == "" {
		t.Skip("runs only as a saver process")
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		if _, err := WriteFile(p, data, i%2 == 0); err != nil {
			t.Fatal(err)
		}
		fmt.Println("saved")
	}
}

// TestKillDuringSaves kills processes with kill -9 while they save, until
// the kills leave temporary files behind; the next save removes them.
func TestKillDuringSaves(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	// 4 MB of entries the reference does not have: writing them takes
	// most of a save's time.
	var b strings.Builder
	b.WriteString(`{"beer": 0.25, "unused": {`)
	for i := 0; i < 200_000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `"k%07d": 1`, i)
	}
	b.WriteString("}}\n")
	p := writeTemp(t, "weights.json", b.String())
	dir := filepath.Dir(p)
	const tries = 10
	for try := 0; try < tries && len(leftovers(t, dir)) == 0; try++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestHelperSaver$", "-test.count=1")
		cmd.Env = append(os.Environ(), saverEnv+"="+p)
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill it some time after its first save, at a different moment
		// of a save each time.
		sc := bufio.NewScanner(out)
		for sc.Scan() && sc.Text() != "saved" {
		}
		time.Sleep(rand.N(100 * time.Millisecond))
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
	}
	left := leftovers(t, dir)
	if len(left) == 0 {
		t.Fatal(tries, " kills during saves left no temporary file: the test reproduces nothing")
	}
	s := open(t, p)
	if _, err := s.SetWeight(node(t, s, ".beer"), 0.75); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Save("")
	if err != nil {
		t.Fatal(err)
	}
	if got := leftovers(t, dir); len(got) != 0 {
		t.Errorf("the save left %q (of %q)", got, left)
	}
	if len(saved.Removed) != len(left) {
		t.Errorf("Saved.Removed = %q, want %q", saved.Removed, left)
	}
}
