package history

import (
	"math/rand/v2"
	"slices"
	"sort"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// TestChunksOutOfOrder records runs whose ids come in no order (clocks of
// two machines, runs imported late), so that chunks grow in the middle and
// split, then removes most of them, so that chunks empty: the index stays
// sound and sorted, its chunks bounded, and every run found.
func TestChunksOutOfOrder(t *testing.T) {
	defer func(n int) { chunkRuns = n }(chunkRuns)
	chunkRuns = 32
	s := tempStore(t)
	rng := rand.New(rand.NewPCG(3, 4))
	// Chunks of runs a minute apart (see seedStore), then runs among
	// those of the first chunk: it grows past twice its size, and splits.
	seeded := seedStore(t, s.Path(), 3*chunkRuns+chunkRuns/2, 2)
	var ids []string
	for _, r := range seeded {
		ids = append(ids, r.ID)
	}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < chunkRuns+chunkRuns/4; i++ {
		run := testRun(t.TempDir(), 0.5)
		run.Time = base.Add(time.Duration(rng.IntN(chunkRuns*60)) * time.Second)
		id, err := s.Record(run, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	sort.Strings(ids)
	sound := func(want []string) {
		t.Helper()
		runs, err := s.List(ListOptions{})
		if err != nil || len(runs) != len(want) {
			t.Fatalf("list: %d runs of %d, %v", len(runs), len(want), err)
		}
		for i, r := range runs { // newest first
			if r.ID != want[len(want)-1-i] {
				t.Fatalf("run %d is %s, want %s", i, r.ID, want[len(want)-1-i])
			}
		}
		if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
			t.Fatalf("check: %+v, %v", rep, err)
		}
		checkNoOrphans(t, s)
		sizes := chunkSizes(t, s.Path())
		for _, n := range sizes {
			if n > 2*chunkRuns {
				t.Fatalf("a chunk of %d runs: %v", n, sizes)
			}
		}
		if len(sizes) < len(want)/(2*chunkRuns) {
			t.Fatalf("%d runs in %d chunks", len(want), len(sizes))
		}
	}
	sound(ids)
	split := chunkSizes(t, s.Path())
	if len(split) < 5 { // the four seeded, and one more
		t.Fatalf("no chunk split: %v", split)
	}
	// The runs of the third chunk, and a few around them: chunks empty.
	gone := map[string]bool{}
	for _, r := range seeded[2*chunkRuns-3 : 3*chunkRuns+3] {
		if _, err := s.Remove(r.ID); err != nil {
			t.Fatal(err)
		}
		gone[r.ID] = true
	}
	ids = slices.DeleteFunc(ids, func(id string) bool { return gone[id] })
	if emptied := chunkSizes(t, s.Path()); len(emptied) >= len(split) {
		t.Fatalf("no chunk emptied: %v, then %v", split, emptied)
	}
	sound(ids)
	if err := s.SetLabel(ids[3], "relabelled"); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Get(ids[3]); err != nil || r.Label != "relabelled" {
		t.Fatalf("get: %+v, %v", r, err)
	}
}

// chunkSizes returns the number of runs of each chunk of the store at path.
func chunkSizes(t testing.TB, path string) []int {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: 10 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var sizes []int
	db.View(func(tx *bolt.Tx) error {
		return tx.Bucket([]byte(skvBucket)).ForEach(func(k, v []byte) error {
			if isChunkKey(k) {
				runs, err := decodeChunk(k, v, nil)
				if err != nil {
					t.Fatal(err)
				}
				sizes = append(sizes, len(runs))
			}
			return nil
		})
	})
	return sizes
}
