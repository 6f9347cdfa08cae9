package history

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"syscall"
	"time"

	bolt "go.etcd.io/bbolt"
	berrors "go.etcd.io/bbolt/errors"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/report"
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
	// Warn, when set, is told what an operation noticed without failing:
	// a pending run that cannot be imported, which is then renamed so
	// that it is reported once. Without Warn such a file is left as it
	// is. Set it before use.
	Warn func(error)

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

// opKind says what an operation does, and so what it checks.
type opKind int

const (
	// opRead reads the whole index, and checks every page of the file
	// and the index against the runs it names.
	opRead opKind = iota
	// opWrite is opRead, then a change: on a damaged store it fails.
	opWrite
	// opCommit adds runs: it checks the pages on the paths to what it
	// reads and writes, so that its cost does not grow with the store.
	opCommit
	// opCheck is opRead without the import of pending runs or the move
	// to the chunked index: it changes nothing.
	opCheck
)

// session is the store opened for one operation.
type session struct {
	s    *Store
	kind opKind
	db   *bolt.DB
	file *os.File // our own handle, to map the file
	raw  *rawFile
	kv   bucketRef
	// hasKV is false until the store's bucket exists.
	hasKV bool
	// readOnly is set when a read opened the file read-only, as it could
	// not be opened for writing (a read-only file or file system): the
	// read then changes nothing (no import, no move of the index).
	readOnly bool
	// view is the store as readAll read it (opRead, opWrite, opCheck).
	view *view
}

// errNoStore reports that a read found neither a store file nor pending
// runs: an empty history.
var errNoStore = errors.New("no store file")

// do runs fn on an open session: it opens the store (creating the file for
// opCommit; otherwise errNoStore when there is neither a file nor a
// pending run), retrying while another process holds it; reads and checks
// what kind needs; moves an index of the first format to chunks; imports
// pending runs; calls fn and closes the store.
//
// A damaged store gives a *DamagedError. For opRead, fn still runs, on
// what could be read (see view), and do returns the damage after it.
func (s *Store) do(kind opKind, fn func(*session) error) (err error) {
	s.mu.Lock()
	defer s.mu.Unlock()

	create, err := s.creates(kind)
	if err != nil {
		return err
	}

	// bolt trusts the file: what the checks below miss may make it
	// panic or fault. That is damage too.
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			err = &DamagedError{Path: s.path, Problems: []string{fmt.Sprintf("bolt failed reading it: %v", r)}}
		}
	}()

	db, readOnly, err := s.openDB(create, kind == opRead || kind == opCheck)
	if err != nil {
		return err
	}
	sess := &session{s: s, kind: kind, db: db, readOnly: readOnly}
	defer func() {
		sess.unmap()
		if sess.file != nil {
			sess.file.Close()
		}
		if r := recover(); r != nil {
			// bolt may have panicked holding a lock Close needs.
			go db.Close()
			panic(r)
		}
		db.Close() // after a commit, a close error loses nothing
	}()
	if sess.file, err = os.Open(s.path); err != nil {
		return storeErr(s.path, err)
	}
	if err := sess.load(); err != nil {
		return err
	}
	if kind == opCommit {
		if err := sess.prepareCommit(); err != nil {
			return err
		}
		return fn(sess)
	}
	sess.readAll()
	damaged := sess.view.damage()
	if damaged != nil && kind == opWrite {
		return damaged
	}
	if readOnly && kind == opRead {
		sess.warnUnimported()
	}
	if damaged == nil && kind != opCheck && !readOnly {
		changed, err := sess.migrate()
		if err != nil {
			return err
		}
		if sess.importPending() || changed {
			sess.readAll()
			damaged = sess.view.damage()
		}
	}
	if err := fn(sess); err != nil {
		return err
	}
	if damaged != nil {
		return damaged
	}
	return nil
}

// creates reports whether an operation of kind may create the store file
// (making its folder when it does not exist): only a record, or pending
// runs to import, create it; otherwise a missing store is errNoStore.
func (s *Store) creates(kind opKind) (bool, error) {
	if err := checkStoreFile(s.path); err != nil {
		return false, err
	}
	create := kind == opCommit
	if _, statErr := os.Stat(s.path); errors.Is(statErr, fs.ErrNotExist) {
		if kind != opCommit && (kind == opCheck || len(s.pendingFiles()) == 0) {
			return false, errNoStore
		}
		create = true
		if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
			return false, err
		}
	}
	return create, nil
}

// openDB opens the store with bolt, for its lock and for writing, retrying
// with exponential backoff while another process holds the file (bolt
// gives up after 50 ms). It first checks the pages bolt.Open reads, which
// it trusts; and it makes sure that the file it holds is still the one at
// the store's path (a repair replaces it). Unless create is set, a file
// removed while it waited is no store (errNoStore): bolt.Open would
// create it again. With readOK, a file that cannot be opened for writing
// (a read-only file, or file system) is opened read-only, under bolt's
// shared lock, and readOnly is set.
func (s *Store) openDB(create, readOK bool) (db *bolt.DB, readOnly bool, err error) {
	wait := s.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	start := time.Now()
	pause := 5 * time.Millisecond
	for {
		if err := checkFile(s.path); err != nil {
			return nil, false, s.fileError(err)
		}
		before, statErr := os.Stat(s.path)
		if !create && errors.Is(statErr, fs.ErrNotExist) {
			return nil, false, errNoStore
		}
		readOnly = false
		db, err := openBolt(s.path, &bolt.Options{Timeout: 50 * time.Millisecond})
		if err != nil && readOK && statErr == nil && cannotWrite(err) {
			readOnly = true
			db, err = openBolt(s.path, &bolt.Options{Timeout: 50 * time.Millisecond, ReadOnly: true})
		}
		if err == nil {
			db.AllocSize = allocSize
			after, statErr := os.Stat(s.path)
			if statErr == nil && (before == nil || os.SameFile(before, after)) {
				return db, readOnly, nil
			}
			db.Close() // replaced while we waited for it: open the new one
			continue
		}
		switch {
		case errors.Is(err, berrors.ErrTimeout):
			waited := time.Since(start)
			if waited >= wait {
				return nil, false, storeErr(s.path, fmt.Errorf("%w (waited %v)", ErrBusy, waited.Round(time.Millisecond)))
			}
			// Jitter keeps two waiting processes from retrying in step.
			d := pause/2 + rand.N(pause)
			time.Sleep(min(d, wait-waited))
			pause = min(2*pause, 500*time.Millisecond)
		case notBolt(err):
			return nil, false, &NotStoreError{Path: s.path, Err: err}
		default:
			return nil, false, storeErr(s.path, err)
		}
	}
}

// openBolt is bolt.Open with the store's file mode; tests replace it to
// make a file refuse to be opened for writing, as one on a read-only
// file system does (even for root).
var openBolt = func(path string, opt *bolt.Options) (*bolt.DB, error) {
	return bolt.Open(path, 0o600, opt)
}

// cannotWrite reports whether an error opening a file for writing says
// that it may not be written: its permissions, or a read-only file system.
func cannotWrite(err error) bool {
	return errors.Is(err, fs.ErrPermission) || errors.Is(err, syscall.EROFS)
}

// warnUnimported tells Warn of the pending runs a read-only read leaves
// out: they are imported by the first operation that can write the store.
func (sess *session) warnUnimported() {
	s := sess.s
	if s.Warn == nil {
		return
	}
	files := s.pendingFiles()
	if len(files) == 0 {
		return
	}
	verb := "are"
	if len(files) == 1 {
		verb = "is"
	}
	s.Warn(fmt.Errorf("%s is read-only here: the %s in %s %s not in it yet (the first jsontui that can write the store imports them)",
		escape.Name(s.path), report.Plural(len(files), "pending run"), escape.Name(s.pendingDir()), verb))
}

// notBolt reports whether an error of bolt.Open says the file is not a
// bolt database.
func notBolt(err error) bool {
	return errors.Is(err, berrors.ErrInvalid) || errors.Is(err, berrors.ErrVersionMismatch) ||
		errors.Is(err, berrors.ErrChecksum) || strings.HasPrefix(err.Error(), "file size too small")
}

// fileError turns what the raw reader found wrong with the file into the
// error an operation returns.
func (s *Store) fileError(err error) error {
	var d *damage
	switch {
	case errors.As(err, &d):
		return &DamagedError{Path: s.path, Problems: []string{d.Error()}}
	case errors.Is(err, errNotBolt), errors.Is(err, errForeign):
		return &NotStoreError{Path: s.path, Err: err}
	}
	return storeErr(s.path, err)
}

// load maps the file and finds the store's bucket.
func (sess *session) load() error {
	sess.unmap()
	raw, err := openRaw(sess.file)
	if err != nil {
		return sess.s.fileError(err)
	}
	sess.raw = raw
	sess.kv, sess.hasKV, err = raw.kvBucket()
	if err != nil {
		return sess.s.fileError(err)
	}
	return nil
}

func (sess *session) unmap() {
	if sess.raw != nil {
		sess.raw.close()
		sess.raw = nil
	}
}

// allocSize is how far ahead of its pages bolt grows the file once it
// holds more than that (bolt's default, 16 MB, would make a store of one
// dataset run half empty).
const allocSize = 1 << 20

// fillPercent is how full bolt fills a page it splits: runs come in time
// order, so a page split is rarely written again (bolt's default, half,
// suits random inserts).
const fillPercent = 0.9

// update runs fn in a bolt write transaction on the store's bucket, then
// maps the file again as the transaction left it.
func (sess *session) update(fn func(b *bolt.Bucket) error) error {
	err := sess.db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(skvBucket))
		if err != nil {
			return err
		}
		b.FillPercent = fillPercent
		return fn(b)
	})
	if err != nil {
		return storeErr(sess.s.path, err)
	}
	return sess.load()
}

// damagedAt reports damage the checked reader found on the way to a key.
func (sess *session) damagedAt(err error) error {
	var d *damage
	if errors.As(err, &d) {
		return &DamagedError{Path: sess.s.path, Problems: []string{d.Error()}}
	}
	return storeErr(sess.s.path, err)
}

// get returns the value of key, read through the checked reader; nil when
// there is none.
func (sess *session) get(key string) ([]byte, error) {
	if !sess.hasKV {
		return nil, nil
	}
	v, err := sess.raw.get(sess.kv, []byte(key))
	if err != nil {
		return nil, sess.damagedAt(err)
	}
	return v, nil
}

// gobValue encodes v as the store's values are encoded (skv's encoding:
// gob).
func gobValue(v any) ([]byte, error) { return gobValueSized(v, 0) }

// gobValueSized is gobValue with room for size bytes from the start: a
// large value whose size is known near enough is not copied over and
// over as its buffer grows.
func gobValueSized(v any, size int) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, size))
	if err := gob.NewEncoder(buf).Encode(v); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// ungob decodes a value of the store into v.
func ungob(b []byte, v any) error {
	return gob.NewDecoder(bytes.NewReader(b)).Decode(v)
}
