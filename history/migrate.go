package history

import (
	bolt "go.etcd.io/bbolt"
)

// migrate moves an index of the first format, as readAll read it, to
// chunks; it reports whether it did.
func (sess *session) migrate() (bool, error) {
	v := sess.view
	if v.layout != 1 {
		return false, nil
	}
	return true, sess.migrateFrom(&oldIndex{runs: v.runs, journal: v.journal})
}

// prepareCommit readies the store for opCommit: it moves an index of the
// first format to chunks (reading it once: later commits read a chunk),
// then imports pending runs.
func (sess *session) prepareCommit() error {
	v, err := sess.get(indexKey)
	if err != nil {
		return err
	}
	if v != nil {
		var raw []byte
		err := ungob(v, &raw)
		var old *oldIndex
		if err == nil {
			old, err = decodeOldIndex(raw)
		}
		if err != nil {
			return &DamagedError{Path: sess.s.path, Problems: []string{"the index: " + err.Error()}}
		}
		if old != nil {
			if err := sess.migrateFrom(old); err != nil {
				return err
			}
		}
	}
	sess.importPending()
	return nil
}

// migrateFrom writes the chunks of the index x in place of its one value,
// in one transaction, and deletes the records its journal names that it
// lacks: runs whose writer died before it committed their summaries.
func (sess *session) migrateFrom(x *oldIndex) error {
	return sess.update(func(b *bolt.Bucket) error {
		for _, id := range x.journal {
			if _, ok := findID(x.runs, id); !ok {
				if err := b.Delete([]byte(runKey(id))); err != nil {
					return err
				}
			}
		}
		return putIndex(b, x.runs)
	})
}
