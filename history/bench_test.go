package history

import (
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/boltdb/bolt"

	"github.com/jsontui/jsontui/scoring/report"
)

// seedStore writes n small runs over a few reference/output pairs, one a
// minute from 2026-01-01, straight into a new store at path, in the
// layout given (1: the first format, with the given journal; 2: chunks).
// It returns their summaries.
func seedStore(t testing.TB, path string, n, layout int, journal ...string) []Summary {
	t.Helper()
	os.MkdirAll(filepath.Dir(path), 0o700)
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	runs := make([]Summary, 0, n)
	const batch = 20000
	for start := 0; start == 0 || start < n; start += batch {
		err := db.Update(func(tx *bolt.Tx) error {
			b, err := tx.CreateBucketIfNotExists([]byte(skvBucket))
			if err != nil {
				return err
			}
			if layout == 2 {
				b.FillPercent = fillPercent // as commit does
			}
			for i := start; i < min(n, start+batch); i++ {
				p := strconv.Itoa(i % 7)
				at := base.Add(time.Duration(i) * time.Minute)
				rec, err := newRecord(&Run{
					ID: newID(at), Time: at, Label: fmt.Sprint("try ", i%50), Tags: []string{"tuning"},
					Source:    SourceTUI,
					Reference: NewFile("/data/case"+p+"/reference.json", []byte(p)),
					Output:    NewFile("/data/case"+p+"/output.json", []byte(strconv.Itoa(i/10))),
					Weights:   NewFile("/data/case"+p+"/weights.json", []byte(strconv.Itoa(i))),
					Score:     float64(i%1000) / 1000, HasScore: i%13 != 0, Metric: "jsondiff",
				})
				if err != nil {
					return err
				}
				v, err := gobValue(rec)
				if err != nil {
					return err
				}
				if err := b.Put([]byte(runKey(rec.ID)), v); err != nil {
					return err
				}
				s := rec.summary()
				s.Time = s.Time.Local()
				if layout == 2 {
					s.sum, s.hasSum = crc32.Checksum(v, castagnoli), true
				}
				runs = append(runs, s)
			}
			if start+batch < n {
				return nil
			}
			if layout == 2 {
				return putIndex(b, runs)
			}
			v, err := gobValue(encodeOldIndex(&oldIndex{runs: runs, journal: journal}))
			if err != nil {
				return err
			}
			return b.Put([]byte(indexKey), v)
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return runs
}

func TestList10000Fast(t *testing.T) {
	s := tempStore(t)
	seedStore(t, s.Path(), 10000, 2)
	start := time.Now()
	runs, err := s.List(ListOptions{})
	d := time.Since(start)
	if err != nil || len(runs) != 10000 {
		t.Fatalf("%d runs, %v", len(runs), err)
	}
	if d > 100*time.Millisecond && !raceEnabled {
		t.Errorf("listing 10,000 runs took %v", d)
	}
	t.Logf("list of 10,000 runs: %v", d)
}

// BenchmarkList times listing a store of 10,000 and 100,000 small runs:
// every page checked, the index read and matched against the records.
func BenchmarkList(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("short")
			}
			s := tempStore(b)
			seedStore(b, s.Path(), n, 2)
			for b.Loop() {
				runs, err := s.List(ListOptions{})
				if err != nil || len(runs) != n {
					b.Fatal(len(runs), err)
				}
			}
		})
	}
}

// BenchmarkRecord times recording a small run (the pizza case's 15 nodes)
// into a new store and into stores of 10,000 and 100,000 runs: the cost
// must not grow with the store. Each run differs from the one before (its
// score), so each is added.
func BenchmarkRecord(b *testing.B) {
	benchmarkRecord(b, func(i int) float64 { return float64(i%1000) / 1000 })
}

// BenchmarkRecordSeenAgain is BenchmarkRecord with the same run every
// time: each is counted as the pair's latest run seen again, which must
// cost no more than adding it, whatever the store's size.
func BenchmarkRecordSeenAgain(b *testing.B) {
	benchmarkRecord(b, func(int) float64 { return 0.9 })
}

func benchmarkRecord(b *testing.B, score func(i int) float64) {
	for _, n := range []int{0, 10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("short")
			}
			s := tempStore(b)
			if n > 0 {
				seedStore(b, s.Path(), n, 2)
			}
			nodes := pizzaNodes(b)
			dir := b.TempDir()
			i := 0
			for b.Loop() {
				if _, err := s.Record(testRun(dir, score(i)), seqOf(nodes)); err != nil {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

func BenchmarkRecord1M(b *testing.B) {
	s := tempStore(b)
	var ids []string
	for b.Loop() {
		id, err := s.Record(testRun(b.TempDir(), 0.9), genNodes(1_000_000, 1))
		if err != nil {
			b.Fatal(err)
		}
		ids = append(ids, id)
	}
	b.StopTimer()
	run, index := storedBytes(b, s.Path(), ids[0])
	b.ReportMetric(float64(run), "bytes/run")
	b.ReportMetric(float64(index)/float64(len(ids)), "index-bytes/run")
}

// storedBytes returns the size of a run's value in the store and of the
// index.
func storedBytes(t testing.TB, path, id string) (run, index int) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.View(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte("kv"))
		run = len(b.Get([]byte(runKey(id))))
		b.ForEach(func(k, v []byte) error {
			if isChunkKey(k) {
				index += len(v)
			}
			return nil
		})
		return nil
	})
	return run, index
}

func TestBytesPerRun(t *testing.T) {
	s := tempStore(t)
	id, err := s.Record(testRun(t.TempDir(), 0.876), seqOf(pizzaNodes(t)))
	if err != nil {
		t.Fatal(err)
	}
	r, _ := s.Get(id)
	run, index := storedBytes(t, s.Path(), id)
	t.Logf("pizza (15 nodes): run record %d bytes (figures %d), index %d bytes", run, len(r.figures), index)
	if run > 2048 {
		t.Errorf("pizza run takes %d bytes", run)
	}
}

// BenchmarkEncodeFigures1M times encoding the figures of a 1M-node run
// alone (no store), from nodes prepared beforehand.
func BenchmarkEncodeFigures1M(b *testing.B) {
	var nodes []report.Node
	for n := range genNodes(1_000_000, 1) {
		nodes = append(nodes, *n)
	}
	seq := func(yield func(*report.Node) bool) {
		for i := range nodes {
			if !yield(&nodes[i]) {
				return
			}
		}
	}
	var size int
	for b.Loop() {
		size = len(encodeFigures(seq))
	}
	b.ReportMetric(float64(size)/float64(len(nodes)), "bytes/node")
}
