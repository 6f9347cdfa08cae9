package history

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/jsontui/jsontui/internal/escape"
)

// Resolve returns the path of the history store: flagPath (from --history)
// when not empty, else $JSONTUI_HISTORY, else
// $XDG_DATA_HOME/jsontui/history.db when XDG_DATA_HOME is an absolute path,
// else ~/.local/share/jsontui/history.db with ~ from $HOME or, when that is
// empty, os.UserHomeDir. getenv nil means os.Getenv. Resolve creates no
// files.
func Resolve(flagPath string, getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if flagPath != "" {
		return flagPath, nil
	}
	if p := getenv("JSONTUI_HISTORY"); p != "" {
		return p, nil
	}
	// The XDG spec says a relative XDG_DATA_HOME is invalid and ignored.
	if x := getenv("XDG_DATA_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "jsontui", "history.db"), nil
	}
	home := getenv("HOME")
	if home == "" {
		var err error
		if home, err = os.UserHomeDir(); err != nil || home == "" {
			return "", errors.New("cannot locate the history store: no home directory; use --history PATH or set JSONTUI_HISTORY")
		}
	}
	return filepath.Join(home, ".local", "share", "jsontui", "history.db"), nil
}

// pathless returns the error of a *fs.PathError without its operation and
// path (which it prints raw), for a message that names the file already.
func pathless(err error) error {
	if pe, ok := err.(*fs.PathError); ok {
		return pe.Err
	}
	return err
}

// ErrEmptyPath is returned by CheckPath for an empty path.
var ErrEmptyPath = errors.New("the path is empty")

// CheckPath checks a store path the user gave: an existing regular file,
// or a new file in a folder that exists (a path named this way is not
// created). It reads no file.
func CheckPath(path string) error {
	const must = "the store must be a file, or a new file in an existing folder"
	if path == "" {
		return ErrEmptyPath
	}
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		return fmt.Errorf("a folder; %s", must)
	case err == nil && !info.Mode().IsRegular():
		return fmt.Errorf("%w; %s", errNotFile, must)
	case err == nil:
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return pathless(err)
	}
	dir := filepath.Dir(path)
	info, err = os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the folder %s does not exist", escape.Name(dir))
	case err != nil:
		return fmt.Errorf("the folder %s: %w", escape.Name(dir), pathless(err))
	case !info.IsDir():
		return fmt.Errorf("%s is not a folder", escape.Name(dir))
	}
	return nil
}

// checkStoreFile refuses a store path that exists and is not a regular
// file: a store is never opened there, nor its pending folder made beside.
func checkStoreFile(path string) error {
	if path == "" {
		return ErrEmptyPath
	}
	if info, err := os.Stat(path); err == nil && !info.Mode().IsRegular() {
		return &NotStoreError{Path: path, Err: errNotFile}
	}
	return nil
}
