package session

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/jsontui/jsontui/internal/atomicfile"
)

// Saved says what Save did.
type Saved struct {
	Path   string // the file written
	Backup string // the NAME.bak kept of the file's previous content, or ""
	Bytes  int
	// SHA256 is the hex SHA-256 of the content written.
	SHA256 string
	// Removed names the temporary files that earlier saves of the file
	// left when their process died, which this save removed.
	Removed []string
}

// Save writes the weights in force to path (the session's Path when ""),
// keeping the shape of the weights file the session opened with: key
// order, loopbacks, zero weights and untouched entries exactly as they
// were, with only the entries the edits need added. The write is atomic;
// the first overwrite of a file in a session keeps its previous content
// as NAME.bak. The saved file becomes the session's weights file: `r`
// resets to it, and later saves overwrite it. The save then removes the
// temporary files that saves of the same file (and of its .bak) left when
// their process died (atomicfile.CleanStale).
func (s *Session) Save(path string) (Saved, error) {
	w, sv, err := s.write(path, s.MarshalWeights)
	if err != nil {
		return Saved{}, err
	}
	if err := s.t.ApplyWeights(w); err != nil {
		return Saved{}, fmt.Errorf("saved %s, but it does not apply: %w", sv.Path, err)
	}
	s.counts.init(s.t)
	for i, sl := range s.t.Slots() {
		s.savedW[i] = sl.Weight
	}
	s.savedTotal, s.savedHas = s.t.Total()
	return s.saved(w, sv), nil
}

// Sum returns the hex SHA-256 of data.
func Sum(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:])
}

// RemoveStale removes the temporary files that writes of path and of its
// .bak (WriteFile's) left when their process died, and returns their
// names (atomicfile.CleanStale says which are taken). It is a courtesy
// after a write that succeeded: a folder that cannot be listed is left
// as it is.
func RemoveStale(path string) []string {
	var removed []string
	for _, p := range []string{path, path + ".bak"} {
		names, _ := atomicfile.CleanStale(p)
		removed = append(removed, names...)
	}
	return removed
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
			if err := atomicfile.Write(bak, prev, perm); err != nil {
				return "", fmt.Errorf("keeping the previous weights as %s: %w", bak, err)
			}
		}
	case !errors.Is(statErr, fs.ErrNotExist):
		return "", statErr
	}
	return bak, atomicfile.Write(path, data, perm)
}
