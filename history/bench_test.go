package history

import (
	"fmt"
	"github.com/jsontui/jsontui/scoring/report"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/boltdb/bolt"
	"github.com/rapidloop/skv"
)

// seedIndex writes an index of n runs over a few reference/output pairs
// straight into a new store: List reads nothing else.
func seedIndex(t testing.TB, s *Store, n int) {
	t.Helper()
	x := &index{}
	base := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := 0; i < n; i++ {
		p := strconv.Itoa(i % 7)
		at := base.Add(time.Duration(i) * time.Minute)
		x.runs = append(x.runs, Summary{
			ID: newID(at), Time: at, Label: fmt.Sprint("try ", i%50), Tags: []string{"tuning"},
			Source:    SourceTUI,
			Reference: NewFile("/data/case"+p+"/reference.json", []byte(p)),
			Output:    NewFile("/data/case"+p+"/output.json", []byte(strconv.Itoa(i/10))),
			Weights:   NewFile("/data/case"+p+"/weights.json", []byte(strconv.Itoa(i))),
			Score:     float64(i%1000) / 1000, HasScore: i%13 != 0, Metric: "jsondiff",
		})
	}
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	kv, err := skv.Open(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer kv.Close()
	if err := kv.Put(indexKey, encodeIndex(x)); err != nil {
		t.Fatal(err)
	}
}

func TestList10000Fast(t *testing.T) {
	s := tempStore(t)
	seedIndex(t, s, 10000)
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

func BenchmarkList10000(b *testing.B) {
	s := tempStore(b)
	seedIndex(b, s, 10000)
	b.ResetTimer()
	for b.Loop() {
		runs, err := s.List(ListOptions{})
		if err != nil || len(runs) != 10000 {
			b.Fatal(len(runs), err)
		}
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
		run, index = len(b.Get([]byte(runKey(id)))), len(b.Get([]byte(indexKey)))
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
