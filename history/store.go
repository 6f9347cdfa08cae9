package history

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/boltdb/bolt"
	"github.com/rapidloop/skv"
)

// DefaultWait is how long an operation waits, by default, for another
// process that holds the store.
const DefaultWait = 5 * time.Second

// Store is a history store file. It holds no file between operations, and
// its methods are safe for concurrent use: operations of one Store run one
// at a time, and operations of several processes wait for each other.
type Store struct {
	// Wait bounds how long an operation retries while another process
	// holds the store; zero means DefaultWait. Set it before use.
	Wait time.Duration

	path string
	mu   sync.Mutex
}

// Open returns the store kept in the file at path. It touches no file: the
// file and its folder are created by the first Record (or the first
// operation that finds pending runs to import).
func Open(path string) *Store {
	return &Store{path: path}
}

// Path returns the store's file path.
func (s *Store) Path() string { return s.path }

// indexKey is the store key of the index.
const indexKey = "index"

// session is the store opened for one operation, with its index loaded.
type session struct {
	s   *Store
	kv  *skv.KVStore
	idx *index
}

// errNoStore reports that a read found neither a store file nor pending
// runs: an empty history.
var errNoStore = errors.New("no store file")

// do runs fn on an open session: it opens the store (creating the file
// when create is set; otherwise errNoStore when there is neither a file nor
// a pending run), retrying while another process holds it, loads the
// index, cleans up after writers that died, imports pending runs, calls fn
// and closes the store. A store whose file is damaged makes bolt panic or
// fault; do turns that into a *NotStoreError.
func (s *Store) do(create bool, fn func(*session) error) (err error) {
	s.mu.Lock()
	defer s.mu.Unlock()

	if _, statErr := os.Stat(s.path); errors.Is(statErr, fs.ErrNotExist) {
		if !create && len(s.pendingFiles()) == 0 {
			return errNoStore
		}
		if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
			return err
		}
	}

	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &NotStoreError{Path: s.path, Err: fmt.Errorf("damaged: %v", r)}
		}
	}()

	kv, err := s.openKV()
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			// bolt may have panicked holding a lock Close needs.
			go kv.Close()
			panic(r)
		}
		kv.Close() // after a commit, a close error loses nothing
	}()

	sess := &session{s: s, kv: kv}
	if err := sess.loadIndex(); err != nil {
		return err
	}
	if err := sess.cleanJournal(); err != nil {
		return storeErr(s.path, err)
	}
	sess.importPending()
	return fn(sess)
}

// openKV opens the skv store, retrying with exponential backoff while
// another process holds the file (bolt gives up after 50 ms).
func (s *Store) openKV() (*skv.KVStore, error) {
	wait := s.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	start := time.Now()
	pause := 5 * time.Millisecond
	for {
		if err := checkFile(s.path); err != nil {
			return nil, &NotStoreError{Path: s.path, Err: err}
		}
		err := probe(s.path)
		var kv *skv.KVStore
		if err == nil {
			kv, err = skv.Open(s.path)
		}
		switch {
		case err == nil:
			return kv, nil
		case errors.Is(err, bolt.ErrTimeout):
			waited := time.Since(start)
			if waited >= wait {
				return nil, storeErr(s.path, fmt.Errorf("%w (waited %v)", ErrBusy, waited.Round(time.Millisecond)))
			}
			// Jitter keeps two waiting processes from retrying in step.
			d := pause/2 + rand.N(pause)
			time.Sleep(min(d, wait-waited))
			pause = min(2*pause, 500*time.Millisecond)
		case notStore(err):
			return nil, &NotStoreError{Path: s.path, Err: err}
		default:
			return nil, storeErr(s.path, err)
		}
	}
}

// skvBucket is the bucket skv keeps its keys in.
const skvBucket = "kv"

// probe opens the store read-only and looks up skv's bucket, as skv.Open
// is about to. A damaged page on that path makes bolt panic, and inside
// skv.Open the file, and the lock on it, would stay open for as long as
// this process lives: no later operation could open the store. Here the
// handle is ours to close. A file that does not exist yet is not probed.
func probe(path string) (err error) {
	if st, statErr := os.Stat(path); statErr != nil || st.Size() == 0 {
		return nil
	}
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: 50 * time.Millisecond, ReadOnly: true})
	if err != nil {
		return err
	}
	defer func() {
		if r := recover(); r != nil {
			err = &NotStoreError{Path: path, Err: fmt.Errorf("damaged: %v", r)}
		}
		db.Close() // the read transaction has rolled back: no lock is held
	}()
	return db.View(func(tx *bolt.Tx) error {
		if tx.Bucket([]byte(skvBucket)) != nil {
			return nil
		}
		// skv.Open would create the bucket: fine in a new, empty file;
		// in one that holds other keys (damaged, or not a store of
		// ours) creating it is where bolt would trip.
		if k, _ := tx.Cursor().First(); k != nil {
			return &NotStoreError{Path: path, Err: errors.New("it holds no jsontui history")}
		}
		return nil
	})
}

// notStore reports whether an error of bolt.Open says the file is not a
// bolt database (or not one skv can use).
func notStore(err error) bool {
	return errors.Is(err, bolt.ErrInvalid) || errors.Is(err, bolt.ErrVersionMismatch) ||
		errors.Is(err, bolt.ErrChecksum) || errors.Is(err, bolt.ErrIncompatibleValue) ||
		strings.Contains(err.Error(), "file size too small")
}

func (sess *session) loadIndex() error {
	var b []byte
	err := sess.kv.Get(indexKey, &b)
	switch {
	case errors.Is(err, skv.ErrNotFound):
		sess.idx = &index{}
		return nil
	case err != nil:
		return &NotStoreError{Path: sess.s.path, Err: fmt.Errorf("index: %w", err)}
	}
	x, err := decodeIndex(b)
	if err != nil {
		return &NotStoreError{Path: sess.s.path, Err: err}
	}
	sess.idx = x
	return nil
}

func (sess *session) saveIndex() error {
	return sess.kv.Put(indexKey, encodeIndex(sess.idx))
}

// cleanJournal deletes the run keys that writers which died left without
// a summary. While this process holds the file no other writer is at work,
// so every id in the journal is such a leftover.
func (sess *session) cleanJournal() error {
	if len(sess.idx.journal) == 0 {
		return nil
	}
	for _, id := range sess.idx.journal {
		if _, ok := sess.idx.find(id); ok {
			continue
		}
		if err := sess.kv.Delete(runKey(id)); err != nil && !errors.Is(err, skv.ErrNotFound) {
			return err
		}
	}
	sess.idx.journal = nil
	return sess.saveIndex()
}

// errExists reports a run whose id is already in the store.
var errExists = errors.New("a run with this id is already recorded")

// commit writes rec and its summary, in three transactions so that a writer
// killed at any moment leaves either the run committed or nothing that the
// next writer does not clean up: journal the id, write the run, then add
// the summary and drop the id from the journal.
func (sess *session) commit(rec *runRecord) error {
	if _, ok := sess.idx.find(rec.ID); ok {
		return fmt.Errorf("run %s: %w", rec.ID, errExists)
	}
	sess.idx.journal = append(sess.idx.journal, rec.ID)
	if err := sess.saveIndex(); err != nil {
		return err
	}
	if err := sess.kv.Put(runKey(rec.ID), rec); err != nil {
		return err
	}
	sess.idx.insert(rec.summary())
	sess.idx.unjournal(rec.ID)
	return sess.saveIndex()
}

// remove deletes the run at position i of the index, journalled like
// commit.
func (sess *session) remove(i int) error {
	id := sess.idx.runs[i].ID
	sess.idx.runs = append(sess.idx.runs[:i], sess.idx.runs[i+1:]...)
	sess.idx.journal = append(sess.idx.journal, id)
	if err := sess.saveIndex(); err != nil {
		return err
	}
	if err := sess.kv.Delete(runKey(id)); err != nil && !errors.Is(err, skv.ErrNotFound) {
		return err
	}
	sess.idx.unjournal(id)
	return sess.saveIndex()
}

// get reads the run at position i of the index.
func (sess *session) get(i int) (*Run, error) {
	sum := sess.idx.runs[i]
	var rec runRecord
	if err := sess.kv.Get(runKey(sum.ID), &rec); err != nil {
		return nil, storeErr(sess.s.path, fmt.Errorf("run %s: %w", sum.ID, err))
	}
	if err := rec.check(); err != nil {
		return nil, storeErr(sess.s.path, err)
	}
	r := rec.run()
	r.Label = sum.Label // the index holds the current label
	r.Time = sum.Time   // in the local zone, as List gives it
	return r, nil
}
