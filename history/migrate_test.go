package history

import (
	"errors"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestMigrateFirstFormat: a store of the first format (the whole index
// under one key, with a journal) is read, and moved to chunks by the
// first operation, which deletes what a writer that died left; after it,
// an older jsontui refuses the store rather than take it for empty.
func TestMigrateFirstFormat(t *testing.T) {
	for _, first := range []string{"list", "record"} {
		t.Run(first, func(t *testing.T) {
			s := tempStore(t)
			orphan := newID(time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC))
			want := seedStore(t, s.Path(), 600, 1, orphan)
			rec, err := newRecord(&Run{ID: orphan, Source: SourceScore})
			if err != nil {
				t.Fatal(err)
			}
			putRaw(t, s.Path(), runKey(orphan), rec)
			if _, keys := rawStore(t, s.Path()); !keys[runKey(orphan)] || keys[headKey] {
				t.Fatal("the first format was not seeded")
			}

			n := len(want)
			if first == "record" {
				if _, err := s.Record(testRun(t.TempDir(), 0.5), nil); err != nil {
					t.Fatal(err)
				}
				n++
			}
			runs, err := s.List(ListOptions{})
			if err != nil || len(runs) != n {
				t.Fatalf("list: %d runs, %v", len(runs), err)
			}
			byID := map[string]Summary{}
			for _, r := range runs {
				byID[r.ID] = r
			}
			for _, w := range want {
				r, ok := byID[w.ID]
				if !ok || r.Label != w.Label || r.HasScore != w.HasScore || (w.HasScore && r.Score != w.Score) || r.Weights != w.Weights {
					t.Fatalf("run %s: %+v", w.ID, r)
				}
			}
			checkNoOrphans(t, s)
			got, keys := rawStore(t, s.Path())
			if len(got) != n || keys[runKey(orphan)] {
				t.Fatalf("after the move: %d runs in chunks, orphan kept: %v", len(got), keys[runKey(orphan)])
			}
			var marker []byte
			if err := ungobKey(t, s.Path(), indexKey, &marker); err != nil || string(marker) != "JTI\x04" {
				t.Fatalf("marker %q, %v", marker, err)
			}
			if r, err := s.Get(want[123].ID); err != nil || r.Label != want[123].Label {
				t.Fatalf("get: %+v, %v", r, err)
			}
			if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 || rep.Runs != n {
				t.Fatalf("check: %+v, %v", rep, err)
			}
			if _, err := s.Remove(want[0].ID); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Get(want[0].ID); !errors.Is(err, ErrNotFound) {
				t.Fatalf("removed run: %v", err)
			}
		})
	}
}

// TestChunksOfFormat2 opens a store as jsontui wrote it before the index
// kept options and sightings (chunks of format 2, the marker "JTI" 2, no
// pairs' pointers): it reads and checks sound; the first record marks it
// 3 and rewrites the chunk it goes to in format 3, the older runs in it
// kept as they were (of no known options, seen once); the next identical
// run is seen again.
func TestChunksOfFormat2(t *testing.T) {
	s := tempStore(t)
	seeded := seedStore(t, s.Path(), 40, 2)
	db, err := bolt.Open(s.Path(), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(skvBucket))
		key := chunkKey("")
		v := sealed(chunkMagic, 2, key, func(b []byte) []byte { return appendSummaries(b, seeded, 2) })
		if err := b.Put(key, v); err != nil {
			return err
		}
		marker, err := gobValue([]byte("JTI\x02"))
		if err != nil {
			return err
		}
		return b.Put([]byte(indexKey), marker)
	})
	db.Close()
	if err != nil {
		t.Fatal(err)
	}
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 40 || runs[0].hasConfig || runs[0].Count != 1 || !runs[0].LastSeen.Equal(runs[0].Time) {
		t.Fatalf("list of a store of format 2: %d runs, %v, %+v", len(runs), err, runs[0])
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	dir := t.TempDir()
	at := time.Date(2027, 1, 1, 0, 0, 0, 0, time.Local)
	id, err := s.Record(seenRun(dir, at, `{}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var marker []byte
	if err := ungobKey(t, s.Path(), indexKey, &marker); err != nil || string(marker) != "JTI\x04" {
		t.Fatalf("marker %q, %v", marker, err)
	}
	if again, err := s.Record(seenRun(dir, at.Add(time.Minute), `{}`), nil); err != nil || again != id {
		t.Fatalf("the same run again: %s, want %s (%v)", again, id, err)
	}
	runs = listOne(t, s, 41)
	if runs[0].ID != id || runs[0].Count != 2 || !runs[0].hasConfig || runs[40].hasConfig || runs[40].Label != seeded[0].Label {
		t.Fatalf("after records: %+v\n%+v", runs[0], runs[40])
	}
	if _, ok := BestOf(runs[1:], Config{Metric: "jsondiff"}); ok {
		t.Error("a run of no known options is a best")
	}
	soundStore(t, s)
}
