//go:build !unix

package history

import (
	"io"
	"os"
)

// mapFile reads the whole of f: where there is no mmap, the store's
// checks read a copy.
func mapFile(f *os.File) ([]byte, func() error, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, nil, err
	}
	data, err := io.ReadAll(f)
	if err != nil {
		return nil, nil, err
	}
	return data, func() error { return nil }, nil
}

// lockFile does not lock where bolt does not lock with flock.
func lockFile(f *os.File) (bool, error) { return true, nil }
