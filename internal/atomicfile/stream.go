package atomicfile

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
)

// File is a replacement of a file written as a stream: what is written
// goes to a temporary file in the target's folder, named as Write names
// its own, and Commit puts it in place whole; Abort leaves the target as
// it was. For content too large to hold in memory (a report of millions
// of cases).
type File struct {
	f    *os.File
	w    *bufio.Writer
	path string
	perm fs.FileMode
	// exists says a file is replaced: it gets perm exactly, where a new
	// one has perm less the umask (as Write).
	exists bool
}

// Create starts a replacement of the file at path, with permissions perm
// once committed (less the umask for a new file, as Write). A path that is not a regular file is refused, as by
// Write.
func Create(path string, perm fs.FileMode) (*File, error) {
	exists, err := checkTarget(path)
	if err != nil {
		return nil, err
	}
	f, err := createTemp(path, perm)
	if err != nil {
		return nil, err
	}
	return &File{f: f, w: bufio.NewWriterSize(f, 256<<10), path: path, perm: perm, exists: exists}, nil
}

// Write writes p to the replacement.
func (a *File) Write(p []byte) (int, error) { return a.w.Write(p) }

// Commit syncs the replacement and renames it over the target; on
// failure the target is as it was and the temporary file is gone.
func (a *File) Commit() (err error) {
	tmp := a.f.Name()
	defer func() {
		if err != nil {
			a.f.Close()
			os.Remove(tmp)
		}
	}()
	if err = a.w.Flush(); err != nil {
		return err
	}
	if a.exists {
		if err = a.f.Chmod(a.perm); err != nil {
			return err
		}
	}
	if err = a.f.Sync(); err != nil {
		return err
	}
	if err = a.f.Close(); err != nil {
		return err
	}
	if err = os.Rename(tmp, a.path); err != nil {
		return err
	}
	syncDir(filepath.Dir(a.path))
	return nil
}

// Abort drops the replacement: the temporary file is removed and the
// target left as it was.
func (a *File) Abort() {
	a.f.Close()
	os.Remove(a.f.Name())
}
