package history

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

func tempStore(t testing.TB) *Store {
	t.Helper()
	return Open(filepath.Join(t.TempDir(), "jsontui", "history.db"))
}

func TestRecordGetRoundTrip(t *testing.T) {
	s := tempStore(t)
	if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 0 {
		t.Fatalf("empty store: %v, %v", runs, err)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("List created the store file: %v", err)
	}

	nodes := pizzaNodes(t)
	run := testRun(t.TempDir(), 0.8760128132654985)
	before := *run
	id, err := s.Record(run, seqOf(nodes))
	if err != nil {
		t.Fatal(err)
	}
	if !validID(id) || run.ID != "" || !reflect.DeepEqual(*run, before) {
		t.Fatalf("id %q; Record modified the run: %+v", id, run)
	}

	got, err := s.Get(id[:12])
	if err != nil {
		t.Fatal(err)
	}
	if got.ID != id || got.Version != Version || got.NodeCount != len(nodes) || time.Since(got.Time) > time.Minute {
		t.Fatalf("got id %s version %d count %d time %v", got.ID, got.Version, got.NodeCount, got.Time)
	}
	want := *run
	want.ID, want.Time, want.Version, want.NodeCount, want.figures = got.ID, got.Time, got.Version, got.NodeCount, got.figures
	want.Count, want.LastSeen = 1, got.Time
	if !reflect.DeepEqual(*got, want) {
		t.Fatalf("run:\n got %+v\nwant %+v", *got, want)
	}
	sameNodes(t, collect(got.Nodes()), stripValues(nodes))
	rep := got.Report()
	if rep.Score != run.Score || rep.Reference != run.Reference.Path || rep.Weights != run.Weights.Path {
		t.Fatalf("report %+v", rep)
	}
	sameNodes(t, collect(rep.Nodes), stripValues(nodes))

	// A run without figures, score or weights.
	id2, err := s.Record(&Run{Source: SourceTUI, Reference: run.Reference, Output: run.Output, Metric: "exact"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got2, err := s.Get(strings.ToUpper(id2))
	if err != nil {
		t.Fatal(err)
	}
	if got2.HasScore || got2.NodeCount != 0 || got2.WeightsJSON != nil || len(collect(got2.Nodes())) != 0 {
		t.Fatalf("run 2: %+v", got2)
	}
	if id2 <= id {
		t.Fatalf("ids out of order: %s then %s", id, id2)
	}
}

func TestIDsAndPrefixes(t *testing.T) {
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	var prev string
	for i := 0; i < 1000; i++ {
		id := newID(base.Add(time.Duration(i) * time.Nanosecond))
		if !validID(id) || id <= prev {
			t.Fatalf("id %d: %q after %q", i, id, prev)
		}
		prev = id
	}

	s := tempStore(t)
	at := func(d time.Duration) string {
		id, err := s.Record(&Run{Time: base.Add(d), Source: SourceScore, Label: d.String()}, nil)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	a, b, c := at(0), at(time.Nanosecond), at(time.Hour)
	// a and b share their time part but for its last character.
	common := a[:idTimeLen-1]
	if !strings.HasPrefix(b, common) || strings.HasPrefix(c, common) {
		t.Fatalf("ids %s %s %s", a, b, c)
	}

	if r, err := s.Get(c[:idTimeLen-1]); err != nil || r.ID != c {
		t.Errorf("unique prefix: %v, %v", r, err)
	}
	_, err := s.Get(common)
	var amb *AmbiguousError
	if !errors.As(err, &amb) || !reflect.DeepEqual(amb.Candidates, []string{a, b}) ||
		!strings.Contains(err.Error(), a) || !strings.Contains(err.Error(), b) {
		t.Errorf("ambiguous prefix: %v", err)
	}
	if _, err := s.Get("zzzz"); !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), `"zzzz"`) {
		t.Errorf("unknown id: %v", err)
	}
	if _, err := s.Get(" "); err == nil {
		t.Error("empty id: no error")
	}
	// Crockford: O reads as 0, I and L as 1, case does not matter.
	if r, err := s.Get(strings.NewReplacer("0", "O", "1", "l").Replace(strings.ToUpper(a))); err != nil || r.ID != a {
		t.Errorf("look-alike letters: %v, %v", r, err)
	}
	if _, err := s.Record(&Run{ID: a}, nil); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("duplicate id: %v", err)
	}
	if _, err := s.Record(&Run{ID: "not-an-id"}, nil); err == nil {
		t.Error("bad id accepted")
	}
	if _, err := Open(filepath.Join(t.TempDir(), "none.db")).Get("abc"); !errors.Is(err, ErrNotFound) {
		t.Errorf("missing store: %v", err)
	}
}

func TestListDeltaPairLimit(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.Local)
	type rec struct {
		pair  string
		score float64
		has   bool
	}
	recs := []rec{{"p", 0.5, true}, {"q", 0.9, true}, {"p", 0.7, true}, {"p", 0, false}, {"q", 0.8, true}, {"p", 0.6, true}}
	ids := make([]string, len(recs))
	for i, r := range recs {
		run := &Run{
			Time:      base.Add(time.Duration(i) * time.Minute),
			Label:     fmt.Sprint("run ", i),
			Source:    SourceTUI,
			Reference: NewFile(filepath.Join(dir, r.pair+"-ref.json"), nil),
			Output:    NewFile(filepath.Join(dir, r.pair+"-out.json"), []byte{byte(i)}),
			Metric:    "jsondiff",
			Score:     r.score, HasScore: r.has,
		}
		var err error
		if ids[i], err = s.Record(run, nil); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.List(ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		id       string
		delta    float64
		hasDelta bool
	}
	var got []row
	for _, r := range all {
		got = append(got, row{r.ID, r.Delta, r.HasDelta})
	}
	sc := func(i int) float64 { return recs[i].score }
	want := []row{
		{ids[5], 0, false}, // previous p has no score
		{ids[4], sc(4) - sc(1), true},
		{ids[3], 0, false},
		{ids[2], sc(2) - sc(0), true},
		{ids[1], 0, false},
		{ids[0], 0, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("list:\n got %v\nwant %v", got, want)
	}

	// The pair filter takes paths as typed, relative ones too.
	wd, _ := os.Getwd()
	rel, _ := filepath.Rel(wd, filepath.Join(dir, "q-ref.json"))
	q, err := s.List(ListOptions{Reference: rel, Output: filepath.Join(dir, "q-out.json"), Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(q) != 1 || q[0].ID != ids[4] || !q[0].HasDelta {
		t.Fatalf("pair q, limit 1: %+v", q)
	}
	if p, _ := s.List(ListOptions{Reference: filepath.Join(dir, "p-ref.json")}); len(p) != 4 {
		t.Fatalf("reference p: %d runs", len(p))
	}

	jsondiff := Config{Metric: "jsondiff"}
	best, ok, err := s.Best(filepath.Join(dir, "p-ref.json"), filepath.Join(dir, "p-out.json"), jsondiff)
	if err != nil || !ok || best.ID != ids[2] {
		t.Fatalf("best p: %+v %v %v", best, ok, err)
	}
	if _, ok, err := s.Best("nope.json", "nope.json", jsondiff); ok || err != nil {
		t.Fatalf("best of nothing: %v %v", ok, err)
	}

	// JSON as `history --format json` prints it.
	checkListJSON(t, all[2:4], dir, sc(2)-sc(0))
}

// checkListJSON fails t unless runs (the runs 3 and 2 of
// TestListDeltaPairLimit, the later first) print as `history --format json`
// prints them: every field named, a delta on the second only.
func checkListJSON(t *testing.T, runs []Summary, dir string, delta float64) {
	t.Helper()
	data, err := json.Marshal(map[string]any{"runs": runs})
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ Runs []map[string]any }
	json.Unmarshal(data, &back)
	keys := func(m map[string]any) string {
		var ks []string
		for k := range m {
			ks = append(ks, k)
		}
		return fmt.Sprint(len(ks), " ", strings.Contains(string(data), `"tags":[]`))
	}
	if keys(back.Runs[0]) != "17 true" || back.Runs[1]["delta"] != delta || back.Runs[0]["delta"] != nil || back.Runs[0]["cases"] != nil || back.Runs[0]["score"] != nil || back.Runs[1]["score"] != 0.7 ||
		back.Runs[1]["label"] != "run 2" || back.Runs[1]["reference"] != filepath.Join(dir, "p-ref.json") {
		t.Fatalf("json: %s", data)
	}
	for _, k := range []string{"id", "time", "label", "tags", "source", "reference", "output", "weights", "score", "metric", "options", "rules", "delta", "other_config", "count", "last_seen", "cases"} {
		if _, ok := back.Runs[0][k]; !ok {
			t.Errorf("json lacks %q: %s", k, data)
		}
	}
}

func TestRemoveAndLabel(t *testing.T) {
	s := tempStore(t)
	var ids []string
	for i := 0; i < 3; i++ {
		id, err := s.Record(testRun(t.TempDir(), float64(i)/4), seqOf(pizzaNodes(t)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := s.SetLabel(ids[1], "good weights"); err != nil {
		t.Fatal(err)
	}
	if r, err := s.Get(ids[1]); err != nil || r.Label != "good weights" {
		t.Fatalf("label: %v %v", r, err)
	}
	sum, err := s.Remove(ids[1])
	if err != nil || sum.ID != ids[1] || sum.Label != "good weights" {
		t.Fatalf("remove: %+v %v", sum, err)
	}
	if _, err := s.Get(ids[1]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("removed run: %v", err)
	}
	if _, err := s.Remove(ids[1]); !errors.Is(err, ErrNotFound) {
		t.Fatalf("removed twice: %v", err)
	}
	if err := s.SetLabel("zz", "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("label of unknown: %v", err)
	}
	runs, _ := s.List(ListOptions{})
	if len(runs) != 2 || runs[0].ID != ids[2] || runs[1].ID != ids[0] {
		t.Fatalf("after remove: %+v", runs)
	}
	checkNoOrphans(t, s)
}

func TestCorruptStore(t *testing.T) {
	s := tempStore(t)
	os.MkdirAll(filepath.Dir(s.Path()), 0o700)
	for _, garbage := range [][]byte{
		[]byte("this is not a database"),
		bytes.Repeat([]byte("garbage!"), 2048),
	} {
		if err := os.WriteFile(s.Path(), garbage, 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := s.List(ListOptions{})
		var ns *NotStoreError
		if !errors.As(err, &ns) || !strings.HasPrefix(err.Error(), s.Path()+": not a jsontui history store (") {
			t.Fatalf("list: %v", err)
		}
		id, err := s.Record(testRun(t.TempDir(), 0.5), seqOf(pizzaNodes(t)))
		var pe *PendingError
		if !errors.As(err, &pe) || !errors.As(err, &ns) || id == "" {
			t.Fatalf("record: %v", err)
		}
		if _, err := os.Stat(pe.Path); err != nil || !strings.Contains(err2str(pe), pe.Path) {
			t.Fatalf("pending file: %v", err)
		}
		if data, _ := os.ReadFile(s.Path()); !bytes.Equal(data, garbage) {
			t.Fatal("the garbage file was changed")
		}
	}
	// A bolt database that is not ours: no index key, but another one.
	os.Remove(s.Path())
	putRaw(t, s.Path(), indexKey, []byte("not an index"))
	if _, err := s.List(ListOptions{}); !refused(err) {
		t.Fatalf("foreign bolt file: %v", err)
	}

	// A store cut short, as by an interrupted copy.
	cut := tempStore(t)
	for i := 0; i < 3; i++ {
		cut.Record(testRun(t.TempDir(), 0.5), genNodes(3000, 1))
	}
	if data, err := os.ReadFile(cut.Path()); err != nil || os.WriteFile(cut.Path(), data[:len(data)/2], 0o600) != nil {
		t.Fatal(err)
	}
	if _, err := cut.List(ListOptions{}); !errors.As(err, new(*DamagedError)) || !strings.Contains(err.Error(), "truncated") {
		t.Fatalf("truncated store: %v", err)
	}

	// Once the file is moved away, the pending runs come in.
	os.Remove(s.Path())
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 2 {
		t.Fatalf("after repair: %d runs, %v", len(runs), err)
	}
	if files := s.pendingFiles(); len(files) != 0 {
		t.Fatalf("pending files left: %v", files)
	}
	r, err := s.Get(runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	sameNodes(t, collect(r.Nodes()), stripValues(pizzaNodes(t)))
}

func err2str(err error) string { return err.Error() }

func TestPendingWhenBusy(t *testing.T) {
	s := tempStore(t)
	s.Wait = 150 * time.Millisecond
	if _, err := s.Record(testRun(t.TempDir(), 0.1), nil); err != nil {
		t.Fatal(err)
	}
	holder, err := bolt.Open(s.Path(), 0o600, nil) // another "process" holds the file
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	id, err := s.Record(testRun(t.TempDir(), 0.2), seqOf(pizzaNodes(t)))
	var pe *PendingError
	if !errors.As(err, &pe) || !errors.Is(err, ErrBusy) {
		t.Fatalf("record while busy: %v", err)
	}
	if d := time.Since(start); d < s.Wait || d > s.Wait+30*time.Second { // it waited, and gave up: not a timing target
		t.Errorf("waited %v", d)
	}
	if want := filepath.Join(filepath.Dir(s.Path()), "pending", "history.db."+id+".json"); pe.Path != want {
		t.Errorf("pending file %s, want %s", pe.Path, want)
	}
	if _, err := s.List(ListOptions{}); !errors.Is(err, ErrBusy) {
		t.Fatalf("list while busy: %v", err)
	}
	// A pending file of another store in the same folder is left alone.
	other := Open(filepath.Join(filepath.Dir(s.Path()), "other.db"))
	other.Wait = s.Wait
	otherHolder, _ := bolt.Open(other.Path(), 0o600, nil)
	if _, err := other.Record(&Run{}, nil); !errors.As(err, &pe) {
		t.Fatalf("other store: %v", err)
	}
	otherHolder.Close()
	holder.Close()

	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 2 || runs[0].ID != id {
		t.Fatalf("after release: %+v, %v", runs, err)
	}
	if r, err := s.Get(id); err != nil || r.NodeCount != 15 || r.Score != 0.2 {
		t.Fatalf("imported run: %+v, %v", r, err)
	}
	if files := s.pendingFiles(); len(files) != 0 {
		t.Fatalf("pending files left: %v", files)
	}
	if files := other.pendingFiles(); len(files) != 1 {
		t.Fatalf("other store's pending files: %v", files)
	}
}

func TestConcurrentGoroutines(t *testing.T) {
	s := tempStore(t)
	s2 := Open(s.Path()) // a second Store on the same file: locks, not the mutex
	s.Wait, s2.Wait = time.Minute, time.Minute
	var wg sync.WaitGroup
	var mu sync.Mutex
	var ids []string
	for g := 0; g < 6; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := []*Store{s, s2}[g%2]
			for i := 0; i < 5; i++ {
				id, err := st.Record(testRun(t.TempDir(), float64(g)/10), genNodes(200, uint64(g)))
				if err != nil {
					t.Error(err)
					return
				}
				mu.Lock()
				ids = append(ids, id)
				mu.Unlock()
				if _, err := st.List(ListOptions{Limit: 3}); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != len(ids) || len(ids) != 30 {
		t.Fatalf("%d runs for %d ids: %v", len(runs), len(ids), err)
	}
	checkNoOrphans(t, s)
}

// TestDamagedPages trashes one page of a store (not a meta page) and checks
// that nothing crashes: each operation works or returns an error.
func TestDamagedPages(t *testing.T) {
	for trial := 0; trial < 40; trial++ {
		s := tempStore(t)
		for i := 0; i < 3; i++ {
			if _, err := s.Record(testRun(t.TempDir(), 0.5), genNodes(3000, 1)); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(s.Path())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(trial), 2))
		pages := len(data) / 4096
		page := 2 + rng.IntN(pages-2)
		for i := page * 4096; i < (page+1)*4096; i++ {
			data[i] = byte(rng.Uint32())
		}
		os.WriteFile(s.Path(), data, 0o600)
		s.Wait = 2 * time.Second // nothing may be left holding the file
		runs, err := s.List(ListOptions{})
		if err != nil && !refused(err) {
			t.Errorf("page %d of %d: list: %v", page, pages, err)
		}
		for _, r := range runs {
			if run, err := s.Get(r.ID); err == nil {
				collect(run.Nodes()) // the checksum held: it decodes
			}
		}
		_, err = s.Record(testRun(t.TempDir(), 0.5), nil)
		if err != nil && !errors.As(err, new(*PendingError)) || errors.Is(err, ErrBusy) {
			t.Errorf("page %d of %d: record: %v", page, pages, err)
		}
	}
}

func TestIndexRoundTrip(t *testing.T) {
	at := time.Unix(0, 1772400000123456789)
	x := &oldIndex{
		journal: []string{newID(at)},
		runs: []Summary{
			{ID: newID(at), Time: at, Label: "a", Tags: []string{"x", "y"}, Source: SourceScore,
				Reference: NewFile("/r.json", nil), Output: NewFile("-", []byte("o")), Weights: NewFile("/w.json", nil),
				Score: 0.25, HasScore: true, Metric: "jsondiff"},
			{ID: newID(at.Add(1)), Time: at.Add(1), Source: SourceTUI, Reference: NewFile("/r.json", nil)},
		},
	}
	// A summary read is seen once, last at its time, unless it says more.
	for i := range x.runs {
		x.runs[i].Count, x.runs[i].LastSeen = 1, x.runs[i].Time
	}
	y, err := decodeOldIndex(encodeOldIndex(x))
	if err != nil || !reflect.DeepEqual(x, y) {
		t.Fatalf("round trip: %v\n got %+v\nwant %+v", err, y, x)
	}
	b := encodeOldIndex(x)
	for n := 0; n < len(b); n++ {
		if _, err := decodeOldIndex(b[:n]); err == nil {
			t.Fatalf("truncated to %d bytes: no error", n)
		}
	}

	// A chunk keeps the checksums of the records, and checks its own;
	// since format 3, the options and rules, and the sightings.
	x.runs[0].sum, x.runs[0].hasSum = 0xdeadbeef, true
	x.runs[0].Options, x.runs[0].Rules, x.runs[0].hasConfig = []string{"abs-tol=0.01", "lists=best"}, "c0ffee", true
	x.runs[0].Count, x.runs[0].LastSeen = 3, at.Add(time.Hour)
	x.runs[1].hasConfig = true
	key := chunkKey("")
	c := encodeChunk(key, x.runs)
	got, err := decodeChunk(key, c, nil)
	if err != nil || !reflect.DeepEqual(got, x.runs) {
		t.Fatalf("chunk round trip: %v\n got %+v\nwant %+v", err, got, x.runs)
	}
	checkChunkRefusesChanges(t, key, chunkKey(x.runs[0].ID), c)
	// A chunk of format 2, as jsontui wrote them before, still reads:
	// with no options (not known) and each run seen once.
	c2 := sealed(chunkMagic, 2, key, func(b []byte) []byte { return appendSummaries(b, x.runs, 2) })
	got, err = decodeChunk(key, c2, nil)
	if err != nil || len(got) != 2 || got[0].hasConfig || got[0].Options != nil || got[0].Count != 1 ||
		!got[0].LastSeen.Equal(at) || got[0].sum != 0xdeadbeef || got[1].hasConfig {
		t.Fatalf("chunk of format 2: %v\n%+v", err, got)
	}
	// Format 3 (before dataset runs) still reads, with the options and
	// sightings.
	c3 := sealed(chunkMagic, 3, key, func(b []byte) []byte { return appendSummaries(b, x.runs, 3) })
	if got, err = decodeChunk(key, c3, nil); err != nil || !reflect.DeepEqual(got, x.runs) {
		t.Fatalf("chunk of format 3: %v\n got %+v\nwant %+v", err, got, x.runs)
	}
	// Since format 4, a dataset run's number of cases; format 3 has no
	// room for it.
	x.runs[1].Cases = 100000
	c4 := encodeChunk(key, x.runs)
	if got, err = decodeChunk(key, c4, nil); err != nil || !reflect.DeepEqual(got, x.runs) || got[1].Cases != 100000 {
		t.Fatalf("chunk of format 4: %v\n got %+v\nwant %+v", err, got, x.runs)
	}
	if got, err = decodeChunk(key, sealed(chunkMagic, 3, key, func(b []byte) []byte { return appendSummaries(b, x.runs, 3) }), nil); err != nil || got[1].Cases != 0 {
		t.Fatalf("a dataset run in format 3: %+v, %v", got, err)
	}
	if _, err := decodeChunk(key, sealed(chunkMagic, 5, key, func(b []byte) []byte { return appendSummaries(b, x.runs, 4) }), nil); err == nil ||
		!strings.Contains(err.Error(), "format 5 is newer than this jsontui reads (4)") {
		t.Fatalf("chunk of format 5: %v", err)
	}
	h := indexHead{runs: 300, chunks: 2}
	if g, err := decodeHead(encodeHead(h)); err != nil || g != h {
		t.Fatalf("head: %+v, %v", g, err)
	}
}

// checkChunkRefusesChanges fails t unless the chunk c stored under key is
// refused with any one byte changed, and refused as is under the other key.
func checkChunkRefusesChanges(t *testing.T, key, other, c []byte) {
	t.Helper()
	for i := range c {
		for _, k := range [][]byte{key, other} {
			d := append([]byte(nil), c...)
			if string(k) == string(key) {
				d[i] ^= 1
			}
			if _, err := decodeChunk(k, d, nil); err == nil {
				t.Fatalf("byte %d changed, key %q: no error", i, k)
			}
		}
	}
}

// refused reports whether err is a store refused as not a store, or as
// damaged.
func refused(err error) bool {
	return errors.As(err, new(*NotStoreError)) || errors.As(err, new(*DamagedError))
}

// putRaw puts a value gob-encoded in the store's bucket of the bolt file
// at path, as the skv of the first stores did.
func putRaw(t testing.TB, path, key string, value any) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	v, err := gobValue(value)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucketIfNotExists([]byte(skvBucket))
		if err != nil {
			return err
		}
		return b.Put([]byte(key), v)
	}); err != nil {
		t.Fatal(err)
	}
}

// TestForeignBoltFile checks that a bolt file holding other keys is not
// taken for a store (nor written to), while one bolt created and left
// empty (a writer died before skv made its bucket) is.
func TestForeignBoltFile(t *testing.T) {
	dir := t.TempDir()
	foreign := filepath.Join(dir, "foreign.db")
	db, err := bolt.Open(foreign, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte("other"))
		if err != nil {
			return err
		}
		return b.Put([]byte("k"), []byte("v"))
	}); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(foreign).List(ListOptions{})
	var ns *NotStoreError
	if !errors.As(err, &ns) || !strings.Contains(err.Error(), "it holds no jsontui history") {
		t.Errorf("List on a foreign bolt file: %v", err)
	}

	empty := filepath.Join(dir, "empty.db")
	db, err = bolt.Open(empty, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	db.Close()
	s := Open(empty)
	if _, err := s.Record(testRun(t.TempDir(), 0.5), genNodes(10, 1)); err != nil {
		t.Fatalf("Record into an empty bolt file: %v", err)
	}
	if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 1 {
		t.Errorf("List: %d runs, %v", len(runs), err)
	}
}

// TestUnimportablePending: a pending file that does not read as a run is
// told to Store.Warn once, by name, and kept aside; without Warn it stays
// where it is, for an operation that can tell.
func TestUnimportablePending(t *testing.T) {
	s := tempStore(t)
	dir := filepath.Join(filepath.Dir(s.Path()), "pending")
	os.MkdirAll(dir, 0o700)
	bad := filepath.Join(dir, "history.db."+newID(time.Now())+".json")
	if err := os.WriteFile(bad, []byte(`{"Version": 1, "ID": "x"`), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Record(testRun(t.TempDir(), 0.5), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(bad); err != nil {
		t.Fatalf("without Warn, the file was moved: %v", err)
	}
	var warned []string
	s.Warn = func(err error) { warned = append(warned, err.Error()) }
	for i := 0; i < 2; i++ {
		if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 1 {
			t.Fatalf("list: %d runs, %v", len(runs), err)
		}
	}
	want := "the pending run " + bad + " cannot be imported: unexpected end of JSON input; it is kept as " + bad + ".unimportable"
	if len(warned) != 1 || warned[0] != want {
		t.Fatalf("warnings %q, want %q", warned, want)
	}
	if _, err := os.Stat(bad + ".unimportable"); err != nil {
		t.Fatal(err)
	}
}

// TestReadDoesNotCreateTheStore: a read waiting for the store while
// another process holds it, whose file is removed meanwhile (its folder
// being cleaned up), finds no store: it does not create the file again.
// Only a record creates the store.
func TestReadDoesNotCreateTheStore(t *testing.T) {
	s := tempStore(t)
	if _, err := s.Record(testRun(t.TempDir(), 0.1), nil); err != nil {
		t.Fatal(err)
	}
	holder, err := bolt.Open(s.Path(), 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	type listed struct {
		runs []Summary
		err  error
	}
	done := make(chan listed, 1)
	go func() {
		runs, err := s.List(ListOptions{})
		done <- listed{runs, err}
	}()
	time.Sleep(150 * time.Millisecond) // the list waits for the holder
	if err := os.Remove(s.Path()); err != nil {
		t.Fatal(err)
	}
	holder.Close()
	got := <-done
	if got.err != nil || len(got.runs) != 0 {
		t.Errorf("list of a store removed while it waited: %d runs, %v; want none", len(got.runs), got.err)
	}
	if _, err := os.Stat(s.Path()); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("the list created the store again: %v", err)
	}
}

// TestListDeltaSameConfig: Δ compares a run with the previous run of its
// pair scored with the same metric, options and rules, whatever ran
// between; a config the pair has not had yet has no Δ and OtherConfig.
func TestListDeltaSameConfig(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	base := time.Date(2026, 3, 1, 12, 0, 0, 0, time.Local)
	type rec struct {
		score   float64
		options []string
		rules   string
	}
	recs := []rec{{0.5, nil, ""}, {0.9, []string{"abs-tol=0.5"}, ""}, {0.6, nil, `{".a": "exact"}`}, {0.75, nil, ""}, {0.8, []string{"abs-tol=0.5"}, ""}}
	ids := make([]string, len(recs))
	for i, r := range recs {
		run := &Run{
			Time: base.Add(time.Duration(i) * time.Minute), Source: SourceScore,
			Reference: NewFile(filepath.Join(dir, "ref.json"), nil),
			Output:    NewFile(filepath.Join(dir, "out.json"), []byte{byte(i)}),
			Metric:    "jsondiff", Options: r.options, Score: r.score, HasScore: true,
		}
		if r.rules != "" {
			run.RulesJSON = []byte(r.rules)
		}
		var err error
		if ids[i], err = s.Record(run, nil); err != nil {
			t.Fatal(err)
		}
	}
	all, err := s.List(ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	type row struct {
		id          string
		delta       float64
		hasDelta    bool
		otherConfig bool
	}
	var got []row
	for _, r := range all {
		got = append(got, row{r.ID, r.Delta, r.HasDelta, r.OtherConfig})
	}
	want := []row{
		{ids[4], recs[4].score - recs[1].score, true, false},
		{ids[3], recs[3].score - recs[0].score, true, false},
		{ids[2], 0, false, true},
		{ids[1], 0, false, true},
		{ids[0], 0, false, false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("list:\n got %v\nwant %v", got, want)
	}
}
