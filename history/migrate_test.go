package history

import (
	"errors"
	"testing"
	"time"
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
			if err := ungobKey(t, s.Path(), indexKey, &marker); err != nil || string(marker) != "JTI\x03" {
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
