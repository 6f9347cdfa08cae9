package history

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/jsontui/jsontui/internal/escape"
)

// RepairReport is what Repair did.
type RepairReport struct {
	// Path is the store file: rebuilt, or left as it was when sound.
	Path string
	// Kept is where the damaged file was kept, as it was; "" when the
	// store was sound and left alone.
	Kept string
	// Runs counts the runs of the store.
	Runs int
	// Problems lists the damage that was found.
	Problems []string
	// Lost lists the runs that could not be kept: named by the index, or
	// found, but whose records do not read.
	Lost []string
	// Scanned says that the file's page map could not be read, so every
	// page was read for runs: runs removed long ago may be back.
	Scanned bool
}

// repairBatch bounds the bytes of records written in one transaction of
// a repair.
const repairBatch = 64 << 20

// Repair rebuilds a damaged store from the run records that read: into a
// new file, with a new index (labels from the old index where it reads,
// else as recorded), which then takes the store's place. The damaged file
// is kept beside it, unchanged, as RepairReport.Kept. A sound store is
// left alone. Pending runs are not imported: the next operation does.
func (s *Store) Repair() (*RepairReport, error) {
	check, err := s.Check()
	var ns *NotStoreError
	switch {
	case errors.As(err, &ns) && !errors.Is(err, errNotFile):
		check = &CheckReport{Problems: []string{ns.Err.Error()}}
	case err != nil:
		return nil, err
	case len(check.Problems) == 0:
		return &RepairReport{Path: s.path, Runs: check.Runs}, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	f, err := s.lockForRepair()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	rep := &RepairReport{Path: s.path, Problems: check.Problems}
	if err := s.rebuild(f, rep); err != nil {
		return nil, err
	}
	return rep, nil
}

// rebuild salvages the file f, writes the new store and puts it in place.
func (s *Store) rebuild(f *os.File, rep *RepairReport) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil { // the file changed under the map
			err = fmt.Errorf("%s: reading the damaged file failed: %v", escape.Name(s.path), r)
		}
	}()
	r, rawErr := openRaw(f)
	if rawErr != nil {
		if r, err = scanFile(f); err != nil {
			return storeErr(s.path, err)
		}
		rep.Scanned = true
	}
	defer r.close()
	sv := salvage(r, rep.Scanned)
	if rep.Scanned && len(sv.summaries) == 0 {
		return &NotStoreError{Path: s.path, Err: errors.New("nothing in it reads as a run: there is nothing to repair")}
	}
	rep.Runs = len(sv.summaries)
	rep.Lost = sv.lost

	dir, base := filepath.Dir(s.path), filepath.Base(s.path)
	// A repair that was interrupted left its new file: no other repair
	// runs while this one holds the lock.
	if stale, _ := filepath.Glob(filepath.Join(dir, base+".repair-*")); len(stale) > 0 {
		for _, name := range stale {
			os.Remove(name)
		}
	}
	tmp, err := os.CreateTemp(dir, base+".repair-*")
	if err != nil {
		return err
	}
	tmp.Close()
	defer os.Remove(tmp.Name()) // fails once it has taken the store's place
	if err := writeStore(tmp.Name(), sv); err != nil {
		return fmt.Errorf("%s: writing the repaired store: %w", escape.Name(tmp.Name()), err)
	}
	if rep.Kept, err = keepFile(f, s.path); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), s.path); err != nil {
		return err
	}
	syncDir(dir)
	return nil
}

// lockForRepair opens the store file and takes its lock, as bolt would,
// retrying for Store.Wait: no other process then uses it until the repair
// is done. It makes sure the file it locked is still the store's.
func (s *Store) lockForRepair() (*os.File, error) {
	wait := s.Wait
	if wait <= 0 {
		wait = DefaultWait
	}
	start := time.Now()
	for {
		f, err := os.Open(s.path)
		if err != nil {
			return nil, storeErr(s.path, err)
		}
		ok, err := lockFile(f)
		if err != nil {
			f.Close()
			return nil, storeErr(s.path, err)
		}
		if ok {
			a, errA := f.Stat()
			b, errB := os.Stat(s.path)
			if errA == nil && errB == nil && os.SameFile(a, b) {
				return f, nil
			}
		}
		f.Close()
		if waited := time.Since(start); waited >= wait {
			return nil, storeErr(s.path, fmt.Errorf("%w (waited %v)", ErrBusy, waited.Round(time.Millisecond)))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// writeStore writes the salvaged runs, their index and their pairs'
// pointers into a new store at path.
func writeStore(path string, sv *salvaged) error {
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		return err
	}
	defer db.Close()
	runs := sv.summaries
	for start := 0; ; {
		end, size := start, 0
		for end < len(runs) && (end == start || size+sv.size(runs[end].ID) <= repairBatch) {
			size += sv.size(runs[end].ID)
			end++
		}
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte(skvBucket))
			if err != nil {
				return err
			}
			b.FillPercent = fillPercent
			for _, s := range runs[start:end] {
				if err := b.Put([]byte(runKey(s.ID)), sv.records[s.ID]); err != nil {
					return err
				}
				for i, p := range sv.pieces[s.ID] {
					if err := b.Put([]byte(pieceKey(s.ID, i)), p); err != nil {
						return err
					}
				}
			}
			if end < len(runs) {
				return nil
			}
			if err := putIndex(b, runs); err != nil {
				return err
			}
			return putPointers(b, runs, func(s Summary) (*runRecord, error) { return decodeRecord(sv.records[s.ID]) })
		})
		if err != nil || end == len(runs) {
			return err
		}
		start = end
	}
}

// size returns the bytes of run id's record and pieces.
func (sv *salvaged) size(id string) int {
	n := len(sv.records[id])
	for _, p := range sv.pieces[id] {
		n += len(p)
	}
	return n
}

// keepFile keeps the damaged file f, at path, under a new name beside it:
// a hard link when the file system makes one, else a copy.
func keepFile(f *os.File, path string) (string, error) {
	stamp := path + ".damaged-" + time.Now().Format("20060102-150405")
	kept := stamp
	for i := 2; ; i++ {
		err := os.Link(path, kept)
		if err == nil {
			return kept, nil
		}
		if !os.IsExist(err) {
			break
		}
		kept = fmt.Sprintf("%s-%d", stamp, i)
	}
	out, err := os.OpenFile(kept, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return "", err
	}
	if _, err := io.Copy(out, io.NewSectionReader(f, 0, 1<<62)); err != nil {
		out.Close()
		os.Remove(kept)
		return "", err
	}
	if err := out.Sync(); err != nil {
		out.Close()
		os.Remove(kept)
		return "", err
	}
	return kept, out.Close()
}

// syncDir makes the renames in dir durable, where the system can.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}
