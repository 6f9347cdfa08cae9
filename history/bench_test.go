package history

import (
	"bytes"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

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

// TestList10000Work holds List on a store of 10,000 runs to the work it
// must do (its speed is BenchmarkList's): it reads every page of the index
// and every branch page, once each, and no leaf that holds only run
// records, whose keys the branches name; it writes nothing; and it
// allocates a few times per chunk of the index, not per run.
func TestList10000Work(t *testing.T) {
	const n = 10000
	s := tempStore(t)
	seedStore(t, s.Path(), n, 2)
	before := fileState(t, s.Path())
	var runs []Summary
	read := 0
	err := s.do(opRead, func(sess *session) error {
		runs, read = list(sess.view.runs, ListOptions{}), sess.raw.read
		return nil
	})
	if err != nil || len(runs) != n {
		t.Fatalf("%d runs, %v", len(runs), err)
	}
	want, records := pagesToList(t, s.Path())
	if read != want {
		t.Errorf("List read %d pages; the index and branch pages are %d (the leaves of records, not to be read, %d)", read, want, records)
	}
	if read*5 > want+records {
		t.Errorf("List read %d of %d pages: more than a fifth", read, want+records)
	}
	allocs := testing.AllocsPerRun(2, func() {
		if runs, err := s.List(ListOptions{}); err != nil || len(runs) != n {
			t.Fatalf("%d runs, %v", len(runs), err)
		}
	})
	t.Logf("List of %d runs: %d of %d pages read, %.0f allocations", n, read, want+records, allocs)
	if chunks := (n + chunkRuns - 1) / chunkRuns; allocs > float64(20*chunks+200) {
		t.Errorf("List of %d runs: %.0f allocations, want at most %d (a few per chunk of the index)", n, allocs, 20*chunks+200)
	}
	if after := fileState(t, s.Path()); after != before {
		t.Errorf("List changed the store file: %+v, then %+v", before, after)
	}
}

// pagesToList returns the pages a read of the store at path must read
// (every page in use but the leaves of run records, overflow pages
// included, and first those on the path to the store's bucket) and the
// pages of those leaves.
func pagesToList(t testing.TB, path string) (want, records int) {
	t.Helper()
	r := openRawTest(t, path)
	// Opening the store reads the pages on the path to its bucket first.
	if _, found, err := r.kvBucket(); err != nil || !found {
		t.Fatalf("the store's bucket: %v (found %v)", err, found)
	}
	want = r.read
	for id := uint64(2); id < r.meta.pgid; id++ {
		if r.free.has(id) {
			continue
		}
		if id == r.meta.freelist {
			id += uint64(native.Uint32(r.bytesAt(int64(id)*int64(r.pageSize)+12, 4)))
			continue
		}
		n, err := r.page(id)
		if err != nil {
			t.Fatal(err)
		}
		if !n.branch && n.count > 0 && bytes.HasPrefix(n.key(0), []byte(runPrefix)) {
			records += int(n.pages)
		} else {
			want += int(n.pages)
		}
		id += n.pages - 1
	}
	return want, records
}

// fileState is what tells whether a file was written: its size, time and
// checksum.
type fileInfo struct {
	size int64
	mod  time.Time
	sum  uint32
}

func fileState(t testing.TB, path string) fileInfo {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fileInfo{size: st.Size(), mod: st.ModTime(), sum: crc32.ChecksumIEEE(b)}
}

// BenchmarkList times listing a store of 10,000 and 100,000 small runs:
// the index and branch pages read and checked, the index matched against
// the records (TestList10000Work holds it to that work). It reports the
// pages read per list.
func BenchmarkList(b *testing.B) {
	for _, n := range []int{10_000, 100_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 10_000 && testing.Short() {
				b.Skip("short")
			}
			s := tempStore(b)
			seedStore(b, s.Path(), n, 2)
			b.ReportAllocs()
			pages := 0
			for b.Loop() {
				var runs []Summary
				err := s.do(opRead, func(sess *session) error {
					runs, pages = list(sess.view.runs, ListOptions{}), sess.raw.read
					return nil
				})
				if err != nil || len(runs) != n {
					b.Fatal(len(runs), err)
				}
			}
			b.ReportMetric(float64(pages), "pages/op")
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
