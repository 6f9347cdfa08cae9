package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/jsontui/jsontui/scoring"
)

// Saved says what Save did.
type Saved struct {
	Path   string // the file written
	Backup string // the NAME.bak kept of the file's previous content, or ""
	Bytes  int
}

// Save writes the weights in force to path (the session's Path when ""),
// keeping the shape of the weights file the session opened with: key
// order, loopbacks, zero weights and untouched entries exactly as they
// were, with only the entries the edits need added. The write is atomic;
// the first overwrite of a file in a session keeps its previous content
// as NAME.bak. The saved file becomes the session's weights file: `r`
// resets to it, and later saves overwrite it.
func (s *Session) Save(path string) (Saved, error) {
	if path == "" {
		path = s.path
	}
	if path == "" {
		return Saved{}, errors.New("no weights file to save to: give a path")
	}
	data := s.t.MarshalWeights()
	// Check the file reads back before anything is written.
	w, err := scoring.ParseWeights(path, data)
	if err != nil {
		return Saved{}, fmt.Errorf("the weights would not read back (%v); nothing was written", err)
	}
	backup := !s.backedUp[path]
	bak, err := WriteFile(path, data, backup)
	if err != nil {
		return Saved{}, err
	}
	// Later saves overwrite what this session wrote: the .bak keeps the
	// file as it was before the session touched it.
	s.backedUp[path] = true
	if err := s.t.ApplyWeights(w); err != nil {
		return Saved{}, fmt.Errorf("saved %s, but it does not apply: %w", path, err)
	}
	s.counts.init(s.t)
	s.weights, s.path = w, path
	for i, sl := range s.t.Slots() {
		s.savedW[i] = sl.Weight
	}
	s.savedTotal, s.savedHas = s.t.Total()
	s.version++
	return Saved{Path: path, Backup: bak, Bytes: len(data)}, nil
}

// WriteFile replaces the file at path with data atomically: it writes a
// temporary file in the same folder, syncs it, renames it over path and
// syncs the folder, so a crash leaves either the old file or the new one,
// never a mix. An existing file's permissions are kept. With backup set
// and a file already at path, its content is first kept as path+".bak"
// (written the same way), and the backup's name is returned.
func WriteFile(path string, data []byte, backup bool) (bak string, err error) {
	perm := fs.FileMode(0o644)
	old, statErr := os.Stat(path)
	switch {
	case statErr == nil && !old.Mode().IsRegular():
		return "", fmt.Errorf("%s is not a regular file", path)
	case statErr == nil:
		perm = old.Mode().Perm()
		if backup {
			prev, err := os.ReadFile(path)
			if err != nil {
				return "", err
			}
			bak = path + ".bak"
			if err := writeAtomic(bak, prev, perm); err != nil {
				return "", fmt.Errorf("keeping the previous weights as %s: %w", bak, err)
			}
		}
	case !errors.Is(statErr, fs.ErrNotExist):
		return "", statErr
	}
	return bak, writeAtomic(path, data, perm)
}

func writeAtomic(path string, data []byte, perm fs.FileMode) (err error) {
	dir := filepath.Dir(path)
	f, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// syncDir makes a rename in dir durable. Some systems cannot sync a
// folder; the rename has happened either way.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		d.Close()
	}
}
