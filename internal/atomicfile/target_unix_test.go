//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// TestNotRegularTarget: a named pipe or a folder at the target is left
// as it is, by Write and by Create, with an error that says what it is
// (a device such as /dev/null is one too; it is not used here, as a
// regression run as root would replace it for the whole machine).
func TestNotRegularTarget(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for path, want := range map[string]string{
		fifo: "a named pipe (FIFO), not a regular file: jsontui does not replace it",
		dir:  "a folder, not a regular file: jsontui does not replace it",
	} {
		err := Write(path, []byte("{}\n"), 0o644)
		if err == nil || err.Error() != want || !errors.Is(err, ErrNotRegular) {
			t.Errorf("Write(%s): %v, want %q", path, err, want)
		}
		if _, err := Create(path, 0o644); err == nil || err.Error() != want {
			t.Errorf("Create(%s): %v, want %q", path, err, want)
		}
	}
	if st, err := os.Lstat(fifo); err != nil || st.Mode()&os.ModeNamedPipe == 0 {
		t.Errorf("the pipe was replaced: %v, %v", st.Mode(), err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("the folder holds %d entries, want the pipe alone", len(entries))
	}
}

// TestModeUnderUmask: under umask 077 a new file is 0600 though the
// caller asks 0644 (before, Chmod made it 0644 whatever the umask), and a
// file replaced keeps the mode the caller passes, 0640, umask or not;
// Create's replacement alike.
func TestModeUnderUmask(t *testing.T) {
	old := syscall.Umask(0o077)
	defer syscall.Umask(old)
	dir := t.TempDir()
	fresh, kept := filepath.Join(dir, "new.json"), filepath.Join(dir, "kept.json")
	if err := os.WriteFile(kept, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Write(fresh, []byte("{}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(kept, []byte("{}\n"), 0o640); err != nil {
		t.Fatal(err)
	}
	streamed := filepath.Join(dir, "report.txt")
	f, err := Create(streamed, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write([]byte("x\n")); err != nil {
		t.Fatal(err)
	}
	if err := f.Commit(); err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]os.FileMode{fresh: 0o600, kept: 0o640, streamed: 0o600} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
			t.Errorf("%s: mode %v, %v; want %v", filepath.Base(path), st.Mode().Perm(), err, want)
		}
	}
}
