package recovery

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// pairIn returns the pair of a reference and output with the weights
// saved to dir/weights.json.
func pairIn(dir string) Pair {
	w := filepath.Join(dir, "weights.json")
	return Pair{
		Reference: Input{Path: "/data/ref.json", SHA256: "r1"},
		Output:    Input{Path: "/data/out.json", SHA256: "o1"},
		Weights:   Input{Path: w, SHA256: "w1"},
		SaveTo:    w,
	}
}

func keeperOf(p Pair, fallback string) *Keeper {
	return New(func() (Pair, error) { return p, nil }, fallback)
}

// recoveryFiles returns the recovery files in dir.
func recoveryFiles(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range entries {
		if strings.Contains(e.Name(), ".recovery-") {
			out = append(out, e.Name())
		}
	}
	return out
}

// TestKeepAndDrop: Keep writes one file beside the weights file and
// replaces it; a Keep or Drop older (by seq) than the last one done does
// nothing; Drop removes the file.
func TestKeepAndDrop(t *testing.T) {
	dir := t.TempDir()
	k := keeperOf(pairIn(dir), "")
	path, err := k.Keep(2, []byte(`{"a": 0.5}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(path) != dir || !strings.HasPrefix(filepath.Base(path), ".weights.json.recovery-") {
		t.Fatalf("kept in %s", path)
	}
	if _, err := k.Keep(1, []byte(`{"a": 0.1}`), nil); err != nil {
		t.Fatal(err)
	}
	var rec Record
	if err := json.Unmarshal([]byte(mustRead(t, path)), &rec); err != nil {
		t.Fatal(err)
	}
	if compact(t, rec.Weights) != `{"a":0.5}` || rec.PID != os.Getpid() || rec.Reference.Path != "/data/ref.json" || rec.Format != 1 || rec.Rules != nil {
		t.Fatalf("record %+v", rec)
	}
	if err := k.Drop(3); err != nil {
		t.Fatal(err)
	}
	if _, err := k.Keep(2, []byte(`{"a": 0.5}`), nil); err != nil {
		t.Fatal(err)
	}
	if files := recoveryFiles(t, dir); len(files) != 0 {
		t.Fatalf("left %q", files)
	}
}

// compact returns JSON without white space, "" for none.
func compact(t *testing.T, data []byte) string {
	t.Helper()
	if len(data) == 0 {
		return ""
	}
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestFallback: where the weights file's folder cannot be written, the
// file goes to the fallback folder, and Find looks there too.
func TestFallback(t *testing.T) {
	dir := t.TempDir()
	// A file where the folder should be: nothing can be created in it,
	// whoever runs the test.
	notDir := filepath.Join(dir, "plain")
	if err := os.WriteFile(notDir, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	p := pairIn(notDir)
	if _, err := keeperOf(p, "").Keep(1, []byte(`{}`), nil); err == nil || !strings.Contains(err.Error(), "keeping the unsaved weights in "+notDir) {
		t.Fatalf("no fallback: %v", err)
	}
	fb := filepath.Join(dir, "state", "jsontui", "recovery")
	path, err := keeperOf(p, fb).Keep(1, []byte(`{"b": 0}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(path) != fb || !strings.HasPrefix(filepath.Base(path), "weights.json.recovery-") {
		t.Fatalf("kept in %s", path)
	}
	if st, err := os.Stat(fb); err != nil || st.Mode().Perm() != 0o700 {
		t.Fatalf("fallback folder: %v %v", st.Mode(), err)
	}
	found, err := keeperOf(p, fb).Find()
	if err != nil || len(found) != 1 || found[0].Path != path || compact(t, found[0].Weights) != `{"b":0}` {
		t.Fatalf("found %+v, %v", found, err)
	}
}

// TestFind: the files of the pair are found newest first, with what
// changed since; those of another pair, of a running explorer and the
// keeper's own are not; a damaged file is found with its error; the
// temporary files of dead writers are removed.
func TestFind(t *testing.T) {
	dir := t.TempDir()
	p := pairIn(dir)
	mustKeep(t, p, `{"a": 0.1}`)
	time.Sleep(5 * time.Millisecond)
	// The same pair with another weights file content: a note.
	p2 := p
	p2.Weights.SHA256 = "w0"
	mustKeep(t, p2, `{"a": 0.2}`)
	// Another pair's, in the same folder.
	other := p
	other.Output.Path = "/data/other.json"
	mustKeep(t, other, `{"a": 0.3}`)
	// A running explorer's: the parent process of this test runs.
	rewritePID(t, mustKeep(t, p, `{"a": 0.4}`), os.Getppid())
	// A dead explorer's: this one is found.
	deadPath := mustKeep(t, p, `{"a": 0.5}`)
	rewritePID(t, deadPath, deadPID(t))
	// A damaged file of the pair.
	damaged := filepath.Join(dir, ".weights.json.recovery-"+p.key()+"-00000000.json")
	if err := os.WriteFile(damaged, []byte(`{"jsontui_recovery": 1, "weights": {"a": `), 0o644); err != nil {
		t.Fatal(err)
	}
	// What a writer killed during a write leaves.
	tmp := filepath.Join(dir, fmt.Sprintf("..weights.json.recovery-%s-0badf00d.json.tmp-%d-42", p.key(), deadPID(t)))
	if err := os.WriteFile(tmp, []byte(`{`), 0o644); err != nil {
		t.Fatal(err)
	}

	me := keeperOf(p, "")
	if _, err := me.Keep(1, []byte(`{"a": 0.9}`), nil); err != nil {
		t.Fatal(err)
	}
	found, err := me.Find()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"error: " + damaged + ` does not read: unexpected end of JSON input`,
		`{"a":0.5}`,
		`{"a":0.2} changed: weights file`,
		`{"a":0.1}`,
	}
	if got := foundLines(t, found); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("found:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, err := os.Stat(tmp); !os.IsNotExist(err) {
		t.Errorf("the dead writer's temporary file is left: %v", err)
	}
	if err := Discard(found[1]); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(deadPath); !os.IsNotExist(err) {
		t.Errorf("Discard left %s", deadPath)
	}
}

// mustKeep keeps weights as a new explorer on p does and returns the
// recovery file's path.
func mustKeep(t *testing.T, p Pair, weights string) string {
	t.Helper()
	path, err := keeperOf(p, "").Keep(1, []byte(weights), nil)
	if err != nil {
		t.Fatal(err)
	}
	return path
}

// foundLines writes each file found as a line: its weights or its
// error, and what changed since.
func foundLines(t *testing.T, found []Found) []string {
	t.Helper()
	var got []string
	for _, f := range found {
		s := compact(t, f.Weights)
		if f.Err != nil {
			s = "error: " + f.Err.Error()
		}
		if len(f.Changed) > 0 {
			s += " changed: " + strings.Join(f.Changed, ",")
		}
		got = append(got, s)
	}
	return got
}

// rewritePID makes the recovery file at path say it was written by pid.
func rewritePID(t *testing.T, path string, pid int) {
	t.Helper()
	var rec Record
	if err := json.Unmarshal([]byte(mustRead(t, path)), &rec); err != nil {
		t.Fatal(err)
	}
	rec.PID = pid
	b, err := json.Marshal(rec)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
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

// TestStandardInputPair: a pair read from standard input is the same
// pair only with the same content.
func TestStandardInputPair(t *testing.T) {
	dir := t.TempDir()
	p := pairIn(dir)
	p.Output = Input{Path: "-", SHA256: "s1"}
	if _, err := keeperOf(p, "").Keep(1, []byte(`{}`), nil); err != nil {
		t.Fatal(err)
	}
	q := p
	q.Output.SHA256 = "s2"
	if found, err := keeperOf(q, "").Find(); err != nil || len(found) != 0 {
		t.Errorf("another standard input found %d: %v", len(found), err)
	}
	if found, err := keeperOf(p, "").Find(); err != nil || len(found) != 1 {
		t.Errorf("the same standard input found %d: %v", len(found), err)
	}
}

// TestKeepRules: unsaved rules go in the same file, which is then of
// format 2 (format 1 without them, as before); Find reads both, says when
// the rules file changed since, and refuses a format it does not know.
func TestKeepRules(t *testing.T) {
	dir := t.TempDir()
	p := pairIn(dir)
	p.Rules = Input{Path: "/data/rules.json", SHA256: "u1"}
	k := keeperOf(p, "")
	path, err := k.Keep(1, []byte(`{"a": 0.5}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if s := mustRead(t, path); !strings.Contains(s, `"jsontui_recovery": 1,`) || strings.Contains(s, `"rules":`) {
		t.Fatalf("without unsaved rules:\n%s", s)
	}
	if _, err := k.Keep(2, []byte(`{"a": 0.5}`), []byte(`{".a": "exact"}`)); err != nil {
		t.Fatal(err)
	}
	if s := mustRead(t, path); !strings.Contains(s, `"jsontui_recovery": 2,`) ||
		!strings.Contains(s, `"rules_file": {`+"\n"+`    "path": "/data/rules.json",`) || !strings.Contains(s, `"rules": {`) {
		t.Fatalf("with unsaved rules:\n%s", s)
	}
	rewritePID(t, path, deadPID(t))

	// The rules file changed since, and another explorer finds the file.
	p2 := p
	p2.Rules.SHA256 = "u2"
	found, err := keeperOf(p2, "").Find()
	if err != nil || len(found) != 1 {
		t.Fatalf("found %d, %v", len(found), err)
	}
	f := found[0]
	if f.Err != nil || compact(t, f.Rules) != `{".a":"exact"}` || compact(t, f.Weights) != `{"a":0.5}` ||
		strings.Join(f.Changed, ",") != "rules file" || f.RulesFile != p.Rules {
		t.Fatalf("found %+v", f)
	}
	// Opened without the rules file: changed too.
	p3 := p
	p3.Rules = Input{}
	if found, _ := keeperOf(p3, "").Find(); len(found) != 1 || strings.Join(found[0].Changed, ",") != "rules file" {
		t.Fatalf("without a rules file: %+v", found)
	}

	// A format of a later jsontui does not read.
	data := strings.Replace(mustRead(t, path), `"jsontui_recovery":2,`, `"jsontui_recovery":3,`, 1)
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	found, _ = keeperOf(p, "").Find()
	if len(found) != 1 || found[0].Err == nil || !strings.Contains(found[0].Err.Error(), "format 3, where this jsontui reads 1 to 2") {
		t.Fatalf("format 3: %+v", found)
	}
}

// TestDatasetPair: a dataset's recovery files are named as a pair's,
// beside its weights file, and say they are a dataset's; a pair of the
// same files does not find them, nor a dataset the pair's.
func TestDatasetPair(t *testing.T) {
	dir := t.TempDir()
	ds := pairIn(dir)
	ds.Reference = Input{Path: "/data/cases.jsonl", SHA256: "d1"}
	ds.Output, ds.Dataset = ds.Reference, true
	path, err := keeperOf(ds, "").Keep(1, []byte(`{"a": 0.5}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if base := filepath.Base(path); !strings.HasPrefix(base, ".weights.json.recovery-") || filepath.Dir(path) != dir {
		t.Errorf("kept in %s", path)
	}
	var rec Record
	if b, err := os.ReadFile(path); err != nil || json.Unmarshal(b, &rec) != nil || !rec.Dataset || rec.Reference != ds.Reference {
		t.Fatalf("the file does not say it is a dataset's: %+v (%v)", rec, err)
	}
	pair := ds
	pair.Dataset = false
	if found, err := keeperOf(pair, "").Find(); err != nil || len(found) != 0 {
		t.Errorf("a pair of the same files found %d: %v", len(found), err)
	}
	if _, err := keeperOf(pair, "").Keep(1, []byte(`{"b": 0.5}`), nil); err != nil {
		t.Fatal(err)
	}
	found, err := keeperOf(ds, "").Find()
	if err != nil || len(found) != 1 || found[0].Path != path || !strings.Contains(string(found[0].Weights), `"a": 0.5`) {
		t.Errorf("the dataset found %+v: %v", found, err)
	}
}

// TestSavedFiles: once the explorer saved its weights and rules, the
// recovery files it writes name the files saved, with their content's
// SHA-256, as those the unsaved edits start from, and go beside the
// weights file saved (the one written before, elsewhere, goes); the next
// opening, on the saved files, finds the file and notes no change.
// Before, a recovery file written after a save named the weights file
// as the explorer opened it, and the next opening said "the weights file
// changed since".
func TestSavedFiles(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	p := pairIn(dir)
	p.Rules = Input{Path: filepath.Join(dir, "rules.json"), SHA256: "u1"}
	k := keeperOf(p, "")
	first, err := k.Keep(1, []byte(`{"a": 0.5}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	saved := filepath.Join(other, "weights.json")
	k.WeightsSaved(saved, sha(`{"a": 0.5}`))
	k.RulesSaved(p.Rules.Path, sha(`{".a": "exact"}`))
	path, err := k.Keep(2, []byte(`{"a": 0.25}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Dir(path) != other {
		t.Errorf("kept in %s, not beside %s", path, saved)
	}
	if _, err := os.Stat(first); !os.IsNotExist(err) {
		t.Errorf("the file kept before the save, %s, stays: %v", first, err)
	}
	var rec Record
	if err := json.Unmarshal([]byte(mustRead(t, path)), &rec); err != nil {
		t.Fatal(err)
	}
	if rec.WeightsFile != (Input{Path: saved, SHA256: sha(`{"a": 0.5}`)}) || rec.SaveTo != saved ||
		rec.RulesFile != (Input{Path: p.Rules.Path, SHA256: sha(`{".a": "exact"}`)}) {
		t.Errorf("record names %+v, save to %s, rules %+v", rec.WeightsFile, rec.SaveTo, rec.RulesFile)
	}
	rewritePID(t, path, deadPID(t))

	reopened := p
	reopened.Weights, reopened.SaveTo = rec.WeightsFile, saved
	reopened.Rules = rec.RulesFile
	found, err := keeperOf(reopened, "").Find()
	if err != nil || len(found) != 1 || found[0].Err != nil || len(found[0].Changed) != 0 || compact(t, found[0].Weights) != `{"a":0.25}` {
		t.Fatalf("found %+v, %v", found, err)
	}
}

// sha returns the hex SHA-256 of s.
func sha(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// TestKeepFollowsWeightsMode: the recovery file beside the weights takes
// the weights file's mode (0600 stays private, whatever the umask), and
// 0600 when there is no weights file yet.
func TestKeepFollowsWeightsMode(t *testing.T) {
	for _, c := range []struct {
		mode os.FileMode // of the weights file, 0 for none
		want os.FileMode
	}{{0o600, 0o600}, {0o640, 0o640}, {0o644, 0o644}, {0, 0o600}} {
		dir := t.TempDir()
		p := pairIn(dir)
		if c.mode != 0 {
			if err := os.WriteFile(p.SaveTo, []byte(`{}`), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p.SaveTo, c.mode); err != nil {
				t.Fatal(err)
			}
		}
		path, err := keeperOf(p, "").Keep(1, []byte(`{"a": 0.5}`), nil)
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := st.Mode().Perm(); got != c.want {
			t.Errorf("weights mode %o: recovery file mode %o, want %o", c.mode, got, c.want)
		}
	}
}
