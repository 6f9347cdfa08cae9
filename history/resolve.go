package history

import (
	"errors"
	"os"
	"path/filepath"
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
