package tuitest

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/tui/shell"
)

// KeptEdits is how a page's tests edit a weight and read it back from
// the recovery file: Select are the keys that select a key with a
// weight, then "-" lowers it by 0.05; First and Second are what the kept
// weights hold after one "-" and after two; Kept reads the weights of
// the only recovery file.
type KeptEdits struct {
	Select        []string
	First, Second string
	Kept          func(t *testing.T) string
}

// CheckUnsavedKept checks the life of the recovery file of the driven
// page (whose shell is sh, whose files go to folder k) as both pages
// keep it: an edit is written once the delay has passed (not at every
// key), a later edit replaces it in the same file, a save removes it, and
// so does an undo back to the saved weights.
func (d *Driver) CheckUnsavedKept(sh *shell.Shell, k KeptFolder, e KeptEdits) {
	t := d.T
	t.Helper()
	d.Keys(append(e.Select, "-")...)
	if files := k.Files(t); len(files) != 0 {
		t.Fatalf("written before the delay: %q", files)
	}
	if !sh.Unsaved.Scheduled {
		t.Fatal("no write scheduled after an edit")
	}
	d.FireTimers()
	if w := e.Kept(t); !strings.Contains(w, e.First) {
		t.Fatalf("kept:\n%s\nwant %s", w, e.First)
	}
	first := k.Files(t)[0]
	d.Keys("-")
	d.FireTimers()
	if w := e.Kept(t); !strings.Contains(w, e.Second) || k.Files(t)[0] != first {
		t.Fatalf("kept in %q:\n%s\nwant %s in %s", k.Files(t), w, e.Second, first)
	}
	d.Keys("ctrl+s")
	if files := k.Files(t); len(files) != 0 {
		t.Fatalf("left after the save: %q", files)
	}
	// Edited and taken back: nothing is unsaved.
	d.Keys("-")
	d.FireTimers()
	if len(k.Files(t)) != 1 {
		t.Fatal("the edit after the save is not kept")
	}
	d.Keys("u")
	if files := k.Files(t); len(files) != 0 {
		t.Fatalf("left after undoing back to the saved weights: %q", files)
	}
}
