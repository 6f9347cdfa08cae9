package history

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Runs that cannot be written to the store are kept as JSON files in the
// folder "pending" beside the store file, named after the store file and
// the run: pending/history.db.<id>.json. The store's name in the file name
// keeps two stores of one folder from importing each other's runs.

// pendingDir returns the folder of the store's pending runs.
func (s *Store) pendingDir() string {
	return filepath.Join(filepath.Dir(s.path), "pending")
}

func (s *Store) pendingPrefix() string { return filepath.Base(s.path) + "." }

// pendingFiles returns the store's pending files, oldest run first.
func (s *Store) pendingFiles() []string {
	entries, err := os.ReadDir(s.pendingDir())
	if err != nil {
		return nil
	}
	prefix := s.pendingPrefix()
	var files []string
	for _, e := range entries {
		name := e.Name()
		if e.Type().IsRegular() && strings.HasPrefix(name, prefix) && strings.HasSuffix(name, ".json") {
			files = append(files, filepath.Join(s.pendingDir(), name))
		}
	}
	sort.Strings(files) // ids sort by time
	return files
}

// writePending keeps rec in a pending file, written whole or not at all: a
// temporary file, synced, then renamed.
func (s *Store) writePending(rec *runRecord) (path string, err error) {
	dir := s.pendingDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return "", err
	}
	f, err := os.CreateTemp(dir, ".tmp-*")
	if err != nil {
		return "", err
	}
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(f.Name())
		}
	}()
	if _, err = f.Write(data); err != nil {
		return "", err
	}
	if err = f.Sync(); err != nil {
		return "", err
	}
	if err = f.Close(); err != nil {
		return "", err
	}
	path = filepath.Join(dir, s.pendingPrefix()+rec.ID+".json")
	if err = os.Rename(f.Name(), path); err != nil {
		return "", err
	}
	if d, err := os.Open(dir); err == nil { // make the rename durable
		d.Sync()
		d.Close()
	}
	return path, nil
}

// importPending commits the store's pending runs, removing each file once
// its run is in the store (or was already), and reports whether it
// committed any. It runs under the file lock, so no other process imports
// at the same time. A file that does not read as a run is renamed (with
// ".unimportable" added) and reported to Store.Warn, once; without Warn it
// stays. A run the store cannot take now (it is damaged, the disk is
// full) stays for a later attempt.
func (sess *session) importPending() (imported bool) {
	for _, path := range sess.s.pendingFiles() {
		rec, err := readPending(path)
		if err != nil {
			if os.IsNotExist(err) || sess.s.Warn == nil {
				continue
			}
			kept := path + ".unimportable"
			if rerr := os.Rename(path, kept); rerr != nil {
				continue // said again next time, when it may work
			}
			sess.s.Warn(fmt.Errorf("the pending run %s cannot be imported: %v; it is kept as %s", path, err, kept))
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
