package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/jsontui/jsontui/internal/atomicfile"
	"github.com/jsontui/jsontui/internal/escape"
)

// Runs that cannot be written to the store are kept as JSON files in the
// folder "pending" beside the store file, named after the store file and
// the run: pending/history.db.<id>.json. The store's name in the file name
// keeps two stores of one folder from importing each other's runs. A
// pending file is written as internal/atomicfile writes files (a temporary
// file named after it and the writer's process id, renamed over it), and
// the temporary files that writers killed mid-write left are removed when
// the folder is next written or imported from.

// pendingDir returns the folder of the store's pending runs.
func (s *Store) pendingDir() string {
	return filepath.Join(filepath.Dir(s.path), "pending")
}

func (s *Store) pendingPrefix() string { return filepath.Base(s.path) + "." }

// pendingFiles returns the store's pending files, oldest run first.
func (s *Store) pendingFiles() []string {
	files, _ := s.listPending()
	return files
}

// listPending returns the store's pending files, oldest run first, and
// whether the folder holds names of temporary files.
func (s *Store) listPending() (files []string, temps bool) {
	entries, err := os.ReadDir(s.pendingDir())
	if err != nil {
		return nil, false
	}
	prefix := s.pendingPrefix()
	for _, e := range entries {
		name := e.Name()
		if strings.HasPrefix(name, ".") && strings.Contains(name, ".tmp-") {
			temps = true
		}
		if e.Type().IsRegular() && strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ".json") {
			files = append(files, filepath.Join(s.pendingDir(), name))
		}
	}
	sort.Strings(files) // ids sort by time
	return files, temps
}

// cleanPending removes the temporary files of pending writes that died
// before their rename, by internal/atomicfile's rule: ours (a temporary
// file of one of this store's pending files) and stale (its writer's
// process is gone). Those of jsontui before the writer's id was in the
// name, ".tmp-N" whatever the store, go once older than
// atomicfile.LegacyAge. Errors are left: the next use tries again.
func (s *Store) cleanPending() {
	dir, prefix := s.pendingDir(), s.pendingPrefix()
	_, _ = atomicfile.CleanStaleIn(dir, func(target string) bool {
		return strings.HasPrefix(target, prefix) && strings.HasSuffix(target, ".json")
	})
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		name := e.Name()
		if !e.Type().IsRegular() || !isLegacyTemp(name) {
			continue
		}
		if info, err := e.Info(); err == nil && time.Since(info.ModTime()) > atomicfile.LegacyAge {
			os.Remove(filepath.Join(dir, name))
		}
	}
}

// isLegacyTemp reports whether name is that of the temporary file of a
// pending write of jsontui before the writer's id was in it:
// os.CreateTemp's ".tmp-" and random digits.
func isLegacyTemp(name string) bool {
	digits, ok := strings.CutPrefix(name, ".tmp-")
	if !ok || digits == "" {
		return false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return false
		}
	}
	return true
}

// writePending keeps rec in a pending file, written whole or not at all
// (atomicfile.Write), after removing what killed writes left.
func (s *Store) writePending(rec *runRecord) (path string, err error) {
	dir := s.pendingDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return "", err
	}
	s.cleanPending()
	path = filepath.Join(dir, s.pendingPrefix()+rec.ID+".json")
	if err := atomicfile.Write(path, data, 0o600); err != nil {
		return "", err
	}
	return path, nil
}

// importPending commits the store's pending runs, removing each file once
// its run is in the store (or was already), and the temporary files of
// killed pending writes (cleanPending), and reports whether it
// committed any. It runs under the file lock, so no other process imports
// at the same time. A file that does not read as a run is renamed (with
// ".unimportable" added) and reported to Store.Warn, once; without Warn it
// stays. A run the store cannot take now (it is damaged, the disk is
// full) stays for a later attempt.
func (sess *session) importPending() (imported bool) {
	files, temps := sess.s.listPending()
	if temps {
		sess.s.cleanPending()
	}
	for _, path := range files {
		rec, err := readPending(path)
		if err != nil {
			if os.IsNotExist(err) || sess.s.Warn == nil {
				continue
			}
			kept := path + ".unimportable"
			if rerr := os.Rename(path, kept); rerr != nil {
				continue // said again next time, when it may work
			}
			sess.s.Warn(fmt.Errorf("the pending run %s cannot be imported: %v; it is kept as %s", escape.Name(path), err, escape.Name(kept)))
			continue
		}
		_, err = sess.commit(rec, true)
		switch {
		case err == nil:
			imported = true
		case !errors.Is(err, errExists):
			return imported
		}
		os.Remove(path)
	}
	return imported
}

func readPending(path string) (*runRecord, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rec runRecord
	if err := json.Unmarshal(data, &rec); err != nil {
		return nil, err
	}
	if err := rec.check(); err != nil {
		return nil, err
	}
	return &rec, nil
}
