package session

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

const pizzaDir = "../../testdata/cases/pizza"

func read(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// open builds a session over the pizza with the weights file at wpath
// ("" for none).
func open(t *testing.T, wpath string) *Session {
	t.Helper()
	ref, out, _ := scoringtest.Case(t, "pizza")
	var w *scoring.Weights
	if wpath != "" {
		w = scoringtest.Weights(t, wpath, read(t, wpath))
	}
	return New(scoringtest.Build(t, ref, out, w, scoring.Options{}), w, wpath)
}

func node(t *testing.T, s *Session, path string) scoring.NodeID {
	t.Helper()
	tr := s.Tree()
	for id := 0; id < tr.Len(); id++ {
		if tr.Path(scoring.NodeID(id)) == path {
			return scoring.NodeID(id)
		}
	}
	t.Fatalf("no node %s", path)
	return 0
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestSaveKeepsShape edits weights and checks the saved file byte for
// byte: key order, loopbacks, zero weights, the literals of untouched
// entries and an entry the reference does not use stay as written; a
// number entry that gets a weighted key below it becomes an object with
// the loopback.
func TestSaveKeepsShape(t *testing.T) {
	orig := `{
    "fixed_menus": 0.8,
    "beer": 0.250,
    "unused": {"x": 1.0},
    "margherita": 1,
    "pepperoni": 0.0
}
`
	p := writeTemp(t, "weights.json", orig)
	s := open(t, p)
	if _, err := s.SetWeight(node(t, s, ".fixed_menus[1].pizza"), 0.5); err != nil {
		t.Fatal(err)
	}
	if _, err := s.SetWeight(node(t, s, ".margherita"), 0.75); err != nil {
		t.Fatal(err)
	}
	saved, err := s.Save("")
	if err != nil {
		t.Fatal(err)
	}
	want := `{
    "fixed_menus": {
        "__fixed_menus": 0.8,
        "pizza": 0.5
    },
    "beer": 0.250,
    "unused": {
        "x": 1.0
    },
    "margherita": 0.75,
    "pepperoni": 0.0
}
`
	if got := read(t, p); got != want {
		t.Errorf("saved:\n%s\nwant:\n%s", got, want)
	}
	if saved.Backup != p+".bak" || read(t, p+".bak") != orig {
		t.Errorf("backup %q does not hold the original", saved.Backup)
	}
	if s.Dirty() {
		t.Error("dirty after saving")
	}
	// The saved file is now the session's: r resets to it.
	if sl := s.Tree().SlotAt(s.Tree().Slot(node(t, s, ".margherita"))); sl.FileWeight != 0.75 {
		t.Errorf("file weight %v after the save", sl.FileWeight)
	}
}

// TestBackupOnlyOnFirstOverwrite: the .bak keeps the file as it was
// before the session; later saves do not replace it.
func TestBackupOnlyOnFirstOverwrite(t *testing.T) {
	orig := read(t, filepath.Join(pizzaDir, "weights.json"))
	p := writeTemp(t, "weights.json", orig)
	s := open(t, p)
	beer := node(t, s, ".beer")
	for _, w := range []float64{1, 0.5} {
		if _, err := s.SetWeight(beer, w); err != nil {
			t.Fatal(err)
		}
		saved, err := s.Save("")
		if err != nil {
			t.Fatal(err)
		}
		if w == 0.5 && saved.Backup != "" {
			t.Error("the second save made a backup")
		}
	}
	if read(t, p+".bak") != orig {
		t.Error("the backup is not the original")
	}
	if !strings.Contains(read(t, p), `"beer": 0.5`) {
		t.Errorf("second save:\n%s", read(t, p))
	}
}

// TestSaveWithoutWeightsFile writes a new file with only what differs
// from 1, and no backup.
func TestSaveWithoutWeightsFile(t *testing.T) {
	s := open(t, "")
	if _, err := s.Save(""); err == nil {
		t.Error("saved without a path")
	}
	if _, err := s.SetWeight(node(t, s, ".fixed_menus[0].drink"), 0); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "weights.json")
	saved, err := s.Save(p)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"fixed_menus\": {\n    \"drink\": 0.0\n  }\n}\n"
	if got := read(t, p); got != want || saved.Backup != "" {
		t.Errorf("saved %q (backup %q), want %q", got, saved.Backup, want)
	}
	if s.Path() != p {
		t.Errorf("the session saves to %q next", s.Path())
	}
}

// TestWriteFileAtomic: a failed write leaves the old file whole and no
// temporary file behind.
func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "w.json")
	if err := os.WriteFile(p, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	if _, err := WriteFile(p, []byte("new"), false); err != nil {
		t.Fatal(err)
	}
	st, _ := os.Stat(p)
	if read(t, p) != "new" || st.Mode().Perm() != 0o640 {
		t.Errorf("content %q mode %v", read(t, p), st.Mode())
	}
	// A path whose folder does not exist fails before touching anything.
	if _, err := WriteFile(filepath.Join(dir, "nope", "w.json"), []byte("x"), true); err == nil {
		t.Error("wrote into a missing folder")
	}
	// A folder at the path is refused.
	if _, err := WriteFile(dir, []byte("x"), true); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("folder: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

func TestEditsAndUndo(t *testing.T) {
	s := open(t, filepath.Join(pizzaDir, "weights.json"))
	tot := func() float64 { v, _ := s.Tree().Total(); return v }
	start := tot()
	pizza := node(t, s, ".fixed_menus[1].pizza")
	msg, err := s.SetWeight(pizza, 1)
	if err != nil || msg != "weight of .fixed_menus[].pizza 0.5 → 1; applies to all 2 elements of .fixed_menus" {
		t.Fatalf("%q %v", msg, err)
	}
	if !s.Changed(s.Tree().Slot(pizza)) || !s.Dirty() {
		t.Error("the change is not tracked")
	}
	after := tot()
	if msg, _ := s.Undo(); tot() != start || msg != "undid: weight of .fixed_menus[].pizza 0.5 → 1" {
		t.Errorf("undo: %q, total %v", msg, tot())
	}
	if _, err := s.Redo(); err != nil || tot() != after {
		t.Errorf("redo: total %v", tot())
	}
	if _, err := s.Redo(); err == nil {
		t.Error("redo with nothing to redo")
	}
	if msg, _ := s.ResetAll(); msg != "reset 1 weight to the file's" || tot() != start || s.Dirty() {
		t.Errorf("reset all: %q", msg)
	}
	if _, err := s.SetWeight(pizza, 1.5); err == nil {
		t.Error("accepted 1.5")
	}
	if _, err := ParseWeight("-0.1"); err == nil || err.Error() != "weight -0.1 is outside [0, 1]" {
		t.Errorf("ParseWeight(-0.1): %v", err)
	}
	if v, err := ParseWeight(" .5 "); v != 0.5 || err != nil {
		t.Errorf("ParseWeight(.5) = %v %v", v, err)
	}
	counts := s.Counts()
	if counts[scoring.Match] != 10 || counts[scoring.Partial] != 5 {
		t.Errorf("counts %v", counts)
	}
	// Weight 0 on the only imperfect key of [1] makes it a match, and
	// .fixed_menus with it.
	if _, err := s.SetWeight(pizza, 0); err != nil {
		t.Fatal(err)
	}
	if c := s.Counts(); c[scoring.Match] != 12 || c[scoring.Partial] != 3 {
		t.Errorf("counts after the edit %v", c)
	}
}

// TestCountsOfLargeTree checks the counts a large tree gets (counted in
// parts) against a count node by node.
func TestCountsOfLargeTree(t *testing.T) {
	rs, outSrc := gen.Pair(3<<20, 7)
	ref, err := jsondoc.Parse("ref.json", rs, nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.Parse("out.json", outSrc, nil)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := scoring.Build(ref, out, nil, scoring.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if tree.Len() < 1<<17 {
		t.Fatalf("only %d nodes", tree.Len())
	}
	var want [7]int
	for id := range tree.Len() {
		want[tree.Status(scoring.NodeID(id))]++
	}
	if got := New(tree, nil, "").Counts(); got != want {
		t.Errorf("counts %v, want %v", got, want)
	}
}
