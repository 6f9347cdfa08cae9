package history

import (
	"bytes"
	"errors"
	"fmt"
	"hash/crc32"
	"sort"

	bolt "go.etcd.io/bbolt"
)

// errExists reports a run whose id is already in the store.
var errExists = errors.New("a run with this id is already recorded")

// errBadRecord reports a run record that does not read, or does not match
// the checksum the index holds for it.
var errBadRecord = errors.New("its record is damaged")

// decodeRecord decodes and checks a run record as stored.
func decodeRecord(v []byte) (*runRecord, error) {
	var rec runRecord
	if err := ungob(v, &rec); err != nil {
		return nil, fmt.Errorf("%w: %v", errBadRecord, err)
	}
	if err := rec.check(); err != nil {
		return nil, err
	}
	return &rec, nil
}

// chunkFor finds, through the checked reader, the chunk whose range holds
// id: its key and runs (a nil key when the index has no chunk yet), and
// whether it is the last chunk.
func (sess *session) chunkFor(id string) (key []byte, runs []Summary, last bool, err error) {
	if !sess.hasKV {
		return nil, nil, true, nil
	}
	k, v, err := sess.raw.floor(sess.kv, chunkKey(id))
	if err != nil {
		return nil, nil, false, sess.damagedAt(err)
	}
	if k == nil || !isChunkKey(k) {
		return nil, nil, true, nil
	}
	key = append([]byte(nil), k...)
	if runs, err = decodeChunk(key, v, nil); err != nil {
		return nil, nil, false, &DamagedError{Path: sess.s.path, Problems: []string{err.Error()}}
	}
	lastKey, _, err := sess.raw.floor(sess.kv, []byte(chunkPrefix+"\xff"))
	if err != nil {
		return nil, nil, false, sess.damagedAt(err)
	}
	return key, runs, string(lastKey) == string(key), nil
}

// head reads the index head through the checked reader.
func (sess *session) head() (indexHead, error) {
	v, err := sess.get(headKey)
	if err != nil || v == nil {
		return indexHead{}, err
	}
	h, err := decodeHead(v)
	if err != nil {
		return h, &DamagedError{Path: sess.s.path, Problems: []string{err.Error()}}
	}
	return h, nil
}

// commit writes rec and its summary in one transaction, and returns the
// id it is kept under. A run identical to the latest run of its pair (as
// the pair's pointer says) is not written: that run is seen again (see
// seenAgain), and its id returned. imported says rec comes from a pending
// file.
//
// It reads, through the checked reader, what is on the paths to the keys
// it reads and writes: the run's key, the pair's pointer, the chunk the
// run goes to (or the chunk of the run seen again), the head; no more,
// whatever the number of runs.
func (sess *session) commit(rec *runRecord, imported bool) (string, error) {
	if v, err := sess.get(runKey(rec.ID)); err != nil {
		return "", err
	} else if v != nil {
		return "", fmt.Errorf("run %s: %w", rec.ID, errExists)
	}
	sum := rec.summary()
	ptrKey := pairPtrKey(pairKey(&sum))
	ptr, hasPtr, err := sess.pointer(ptrKey)
	if err != nil {
		return "", err
	}
	ident := rec.identity()
	if hasPtr && ptr.ident == ident && rec.ID > ptr.id {
		switch seen, err := sess.seenAgain(ptr, rec, &sum, imported); {
		case errors.Is(err, errSeenAlready):
			return "", fmt.Errorf("run %s: %w", rec.ID, errExists)
		case err != nil:
			return "", err
		case seen:
			return ptr.id, nil
		}
	}
	key, runs, last, err := sess.chunkFor(rec.ID)
	if err != nil {
		return "", err
	}
	head, err := sess.head()
	if err != nil {
		return "", err
	}
	if key != nil && head.chunks == 0 {
		return "", &DamagedError{Path: sess.s.path, Problems: []string{"the index head is missing"}}
	}
	stored := *rec
	stored.Pieces = nil // kept beside the record
	value, err := gobValueSized(&stored, stored.size())
	if err != nil {
		return "", err
	}
	sum.sum, sum.hasSum = crc32.Checksum(value, castagnoli), true

	puts := chunkPuts(key, runs, last, sum, &head)
	err = sess.update(func(b *bolt.Bucket) error {
		if err := b.Put([]byte(runKey(rec.ID)), value); err != nil {
			return err
		}
		for i, p := range rec.Pieces {
			if err := b.Put([]byte(pieceKey(rec.ID, i)), p); err != nil {
				return err
			}
		}
		for k, runs := range puts {
			if err := b.Put([]byte(k), encodeChunk([]byte(k), runs)); err != nil {
				return err
			}
		}
		if !hasPtr || rec.ID > ptr.id {
			if err := b.Put(ptrKey, encodePointer(ptrKey, pairPointer{id: rec.ID, ident: ident})); err != nil {
				return err
			}
		}
		if err := putMarker(b); err != nil {
			return err
		}
		return b.Put([]byte(headKey), encodeHead(head))
	})
	if err != nil {
		return "", err
	}
	return rec.ID, nil
}

// chunkPuts returns the chunks to write for a new run's summary sum: the
// first chunk when there is none (key nil), a new last chunk when the
// run comes after a full last one, else the chunk key holds (runs) with
// sum in, split in two when it grows past twice chunkRuns. It counts the
// run and the new chunks in head.
func chunkPuts(key []byte, runs []Summary, last bool, sum Summary, head *indexHead) map[string][]Summary {
	puts := map[string][]Summary{}
	switch {
	case key == nil:
		puts[string(chunkKey(""))] = []Summary{sum}
		head.chunks++
	case last && len(runs) >= chunkRuns && sum.ID > runs[len(runs)-1].ID:
		puts[string(chunkKey(sum.ID))] = []Summary{sum}
		head.chunks++
	default:
		runs = insertSummary(runs, sum)
		if len(runs) > 2*chunkRuns {
			half := len(runs) / 2
			puts[string(chunkKey(runs[half].ID))] = runs[half:]
			runs = runs[:half]
			head.chunks++
		}
		puts[string(key)] = runs
	}
	head.runs++
	return puts
}

// change applies fn to the summaries of the chunk holding id and writes
// the chunk back (deleting it when fn leaves it empty, but for the first)
// with the head, and more when not nil, in one transaction.
func (sess *session) change(id string, fn func(runs []Summary) ([]Summary, error), more func(b *bolt.Bucket) error) error {
	key, runs, _, err := sess.chunkFor(id)
	if err != nil {
		return err
	}
	if key == nil {
		return fmt.Errorf("%w: %q", ErrNotFound, id)
	}
	head, err := sess.head()
	if err != nil {
		return err
	}
	n := len(runs)
	if runs, err = fn(runs); err != nil {
		return err
	}
	head.runs -= uint64(n - len(runs))
	drop := len(runs) == 0 && string(key) != chunkPrefix
	if drop {
		head.chunks--
	}
	return sess.update(func(b *bolt.Bucket) error {
		if more != nil {
			if err := more(b); err != nil {
				return err
			}
		}
		var err error
		if drop {
			err = b.Delete(key)
		} else {
			err = b.Put(key, encodeChunk(key, runs))
		}
		if err != nil {
			return err
		}
		if err := putMarker(b); err != nil {
			return err
		}
		return b.Put([]byte(headKey), encodeHead(head))
	})
}

// findID returns the position of id in runs (sorted by id).
func findID(runs []Summary, id string) (int, bool) {
	i := sort.Search(len(runs), func(i int) bool { return runs[i].ID >= id })
	return i, i < len(runs) && runs[i].ID == id
}

// find is findID with an error wrapping ErrNotFound for an unknown id.
func find(runs []Summary, id string) (int, error) {
	if i, ok := findID(runs, id); ok {
		return i, nil
	}
	return -1, fmt.Errorf("%w: %q", ErrNotFound, id)
}

// remove deletes the run of sum and its summary, and points its pair's
// pointer, when it names the run, to the pair's latest other run in all
// (the whole index, sorted by id), or deletes it when there is none.
func (sess *session) remove(all []Summary, sum Summary) error {
	id := sum.ID
	ptrKey, ptr, delPtr, err := sess.pointerAfterRemove(all, sum)
	if err != nil {
		return err
	}
	return sess.change(id, func(runs []Summary) ([]Summary, error) {
		i, err := find(runs, id)
		if err != nil {
			return nil, err
		}
		return append(runs[:i], runs[i+1:]...), nil
	}, func(b *bolt.Bucket) error {
		if err := b.Delete([]byte(runKey(id))); err != nil {
			return err
		}
		if err := deletePieces(b, id); err != nil {
			return err
		}
		switch {
		case ptr != nil:
			return b.Put(ptrKey, ptr)
		case delPtr:
			return b.Delete(ptrKey)
		}
		return nil
	})
}

// deletePieces deletes the pieces of run id's payload, if any: all the
// keys below its record's, whatever its record says (it may not read).
func deletePieces(b *bolt.Bucket, id string) error {
	prefix := []byte(runKey(id) + "/")
	c := b.Cursor()
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Seek(prefix) {
		if err := b.Delete(bytes.Clone(k)); err != nil {
			return err
		}
	}
	return nil
}

// setLabel sets the label of run id in its summary.
func (sess *session) setLabel(id, label string) error {
	return sess.change(id, func(runs []Summary) ([]Summary, error) {
		i, err := find(runs, id)
		if err != nil {
			return nil, err
		}
		runs[i].Label = label
		return runs, nil
	}, nil)
}

// run reads the run of summary sum: through the checked reader, or from
// what a salvage found; its record must match the checksum the index
// holds for it, and a dataset run's pieces the checksums its record holds.
// Its label, time, count and last sighting are the index's.
func (sess *session) run(sum Summary) (*Run, error) {
	rec, err := sess.record(sum)
	if err != nil {
		return nil, err
	}
	r := rec.run()
	if rec.ds != nil {
		if r.payload, err = sess.payload(rec); err != nil {
			return nil, err
		}
	}
	r.Label = sum.Label // the index holds the current label
	r.Time = sum.Time   // in the local zone, as List gives it
	r.Count, r.LastSeen = max(1, sum.Count), sum.LastSeen
	if r.LastSeen.IsZero() {
		r.LastSeen = r.Time
	}
	return r, nil
}

// record reads and checks the record of the run of summary sum, as run
// does.
func (sess *session) record(sum Summary) (*runRecord, error) {
	v, err := sess.get(runKey(sum.ID))
	if err != nil || v == nil {
		if rv, ok := sess.view.records[sum.ID]; ok {
			v, err = rv, nil
		}
	}
	if err != nil {
		return nil, err
	}
	damaged := func(what error) error {
		return &DamagedError{Path: sess.s.path, Problems: []string{fmt.Sprintf("run %s: %v", sum.ID, what)}}
	}
	if v == nil {
		return nil, damaged(errors.New("its record is missing"))
	}
	if sum.hasSum && crc32.Checksum(v, castagnoli) != sum.sum {
		return nil, damaged(errors.New("its record does not match the index's checksum"))
	}
	rec, err := decodeRecord(v)
	if err != nil {
		return nil, damaged(err)
	}
	if rec.ID != sum.ID {
		return nil, damaged(fmt.Errorf("its record is of run %s", rec.ID))
	}
	return rec, nil
}
