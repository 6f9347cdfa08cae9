package history

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// seenRun is a run of the pair under dir at time at, with weights w.
func seenRun(dir string, at time.Time, weights string) *Run {
	r := testRun(dir, 0.875)
	r.Time = at
	r.WeightsJSON = json.RawMessage(weights)
	return r
}

// listOne lists the store and checks it holds n runs.
func listOne(t *testing.T, s *Store, n int) []Summary {
	t.Helper()
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != n {
		t.Fatalf("list: %d runs, want %d: %v", len(runs), n, err)
	}
	return runs
}

// soundStore checks the whole store, pointers included.
func soundStore(t *testing.T, s *Store) {
	t.Helper()
	rep, err := s.Check()
	if err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	checkNoOrphans(t, s)
}

// TestSeenAgain: two identical runs of a pair make one row seen twice; a
// changed weight makes a new row; a run identical to an older run of the
// pair, not to its latest, is a new row too.
func TestSeenAgain(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	a := `{"beer":0.25}`
	id1, err := s.Record(seenRun(dir, t0, a), seqOf(pizzaNodes(t)))
	if err != nil {
		t.Fatal(err)
	}
	id2, err := s.Record(seenRun(dir, t0.Add(time.Minute), a), seqOf(pizzaNodes(t)))
	if err != nil || id2 != id1 {
		t.Fatalf("the same run again: id %s, want %s (%v)", id2, id1, err)
	}
	runs := listOne(t, s, 1)
	if r := runs[0]; r.ID != id1 || r.Count != 2 || !r.Time.Equal(t0) || !r.LastSeen.Equal(t0.Add(time.Minute)) {
		t.Fatalf("seen twice: %+v", r)
	}
	got, err := s.Get(id1)
	if err != nil || got.Count != 2 || !got.LastSeen.Equal(t0.Add(time.Minute)) || got.NodeCount != 15 {
		t.Fatalf("get: %+v, %v", got, err)
	}

	// One weight changed: a new row, seen once.
	id3, err := s.Record(seenRun(dir, t0.Add(2*time.Minute), `{"beer":0.5}`), nil)
	if err != nil || id3 == id1 {
		t.Fatalf("changed weight: id %s (%v)", id3, err)
	}
	runs = listOne(t, s, 2)
	if runs[0].ID != id3 || runs[0].Count != 1 || !runs[0].LastSeen.Equal(runs[0].Time) || runs[1].Count != 2 {
		t.Fatalf("after a changed weight: %+v", runs)
	}
	// Back to the first weights: the pair's latest run is id3, so this is
	// a new row, not the first run seen a third time.
	id4, err := s.Record(seenRun(dir, t0.Add(3*time.Minute), a), nil)
	if err != nil || id4 == id1 || id4 == id3 {
		t.Fatalf("weights of an older run: id %s (%v)", id4, err)
	}
	listOne(t, s, 3)

	// Each part of what makes a run the same makes a new row when it
	// differs; and a run of another pair never counts for this one.
	minute := time.Duration(10)
	for _, change := range []struct {
		name string
		fn   func(r *Run)
	}{
		{"label", func(r *Run) { r.Label = "other" }},
		{"tags", func(r *Run) { r.Tags = []string{"baseline"} }},
		{"source", func(r *Run) { r.Source = SourceTUI }},
		{"output's content", func(r *Run) { r.Output = NewFile(r.Output.Path, []byte(`{"a":3}`)) }},
		{"weights file", func(r *Run) { r.Weights = File{} }},
		{"metric", func(r *Run) { r.Metric = "lynxius" }},
		{"options", func(r *Run) { r.Options = []string{"abs-tol=0.02"} }},
		{"rules", func(r *Run) { r.RulesJSON = json.RawMessage(`{".beer": "exact"}`) }},
		{"score", func(r *Run) { r.Score = 0.5 }},
		{"other pair", func(r *Run) { r.Reference = NewFile(filepath.Join(t.TempDir(), "ref.json"), []byte(`{"a":1}`)) }},
	} {
		minute++
		if _, err := s.Record(seenRun(dir, t0.Add(minute*time.Minute), a), nil); err != nil { // the pair's latest
			t.Fatal(err)
		}
		n := len(mustList(t, s))
		minute++
		r := seenRun(dir, t0.Add(minute*time.Minute), a)
		change.fn(r)
		id, err := s.Record(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		if runs := mustList(t, s); len(runs) != n+1 || runs[0].ID != id || runs[0].Count != 1 {
			t.Fatalf("%s changed: %d runs (was %d), newest %+v", change.name, len(runs), n, runs[0])
		}
	}
	soundStore(t, s)
}

func mustList(t *testing.T, s *Store) []Summary {
	t.Helper()
	runs, err := s.List(ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return runs
}

// TestSeenAgainStandardInput: a run of standard input is of the pair of
// its content, as Delta has it: the same content is seen again, another
// is a new row.
func TestSeenAgainStandardInput(t *testing.T) {
	s := tempStore(t)
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	dir := t.TempDir()
	run := func(at time.Time, out string) string {
		r := seenRun(dir, at, `{}`)
		r.Reference = NewFile("/cases/ref.json", []byte(`{"a":1}`))
		r.Output = NewFile("-", []byte(out))
		id, err := s.Record(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	a := run(t0, `{"a":2}`)
	if b := run(t0.Add(time.Second), `{"a":2}`); b != a {
		t.Fatalf("same standard input: %s, want %s", b, a)
	}
	if c := run(t0.Add(2*time.Second), `{"a":3}`); c == a {
		t.Fatal("other standard input seen as the same")
	}
	runs := listOne(t, s, 2)
	if runs[1].Count != 2 || runs[0].Count != 1 {
		t.Fatalf("%+v", runs)
	}
	soundStore(t, s)
}

// TestSeenAgainRemove: removing a pair's latest run points its pointer at
// the run before, which an identical run then counts for; removing the
// pair's last run removes the pointer.
func TestSeenAgainRemove(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	id1, _ := s.Record(seenRun(dir, t0, `{"beer":0.25}`), nil)
	id2, _ := s.Record(seenRun(dir, t0.Add(time.Minute), `{"beer":0.5}`), nil)
	if _, err := s.Remove(id2); err != nil {
		t.Fatal(err)
	}
	soundStore(t, s)
	if id, err := s.Record(seenRun(dir, t0.Add(2*time.Minute), `{"beer":0.25}`), nil); err != nil || id != id1 {
		t.Fatalf("after the latest was removed: %s, want %s (%v)", id, id1, err)
	}
	if r := listOne(t, s, 1)[0]; r.Count != 2 {
		t.Fatalf("%+v", r)
	}
	if _, err := s.Remove(id1); err != nil {
		t.Fatal(err)
	}
	soundStore(t, s)
	_, keys := rawStore(t, s.Path())
	for k := range keys {
		if isPairKey([]byte(k)) {
			t.Fatalf("pointer %q left after the pair's last run was removed", k)
		}
	}
	if id, err := s.Record(seenRun(dir, t0.Add(3*time.Minute), `{"beer":0.25}`), nil); err != nil || id == id1 {
		t.Fatalf("a new run: %s (%v)", id, err)
	}
	soundStore(t, s)
}

// TestSeenAgainPending: a pending run identical to its pair's latest is
// counted when imported, once: an import cut short after the count, its
// file left, does not count it again.
func TestSeenAgainPending(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	id1, _ := s.Record(seenRun(dir, t0, `{}`), nil)
	rec, err := newRecord(seenRun(dir, t0.Add(time.Minute), `{}`))
	if err != nil {
		t.Fatal(err)
	}
	path, err := s.writePending(rec)
	if err != nil {
		t.Fatal(err)
	}
	saved, _ := os.ReadFile(path)
	if r := listOne(t, s, 1)[0]; r.ID != id1 || r.Count != 2 || !r.LastSeen.Equal(t0.Add(time.Minute)) {
		t.Fatalf("imported: %+v", r)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("pending file left: %v", err)
	}
	os.WriteFile(path, saved, 0o600) // as an import killed before it removed the file
	if r := listOne(t, s, 1)[0]; r.Count != 2 {
		t.Fatalf("imported twice: %+v", r)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("pending file left: %v", err)
	}
	soundStore(t, s)
}

// TestSeenAgainRepair: a repair keeps each run's sightings and writes the
// pairs' pointers again, so that the next identical run still counts.
func TestSeenAgainRepair(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	var id string
	for i := range 3 {
		id, _ = s.Record(seenRun(dir, t0.Add(time.Duration(i)*time.Minute), `{}`), nil)
	}
	other, _ := s.Record(seenRun(t.TempDir(), t0.Add(time.Hour), `{}`), nil)
	// Damage: the record of the other pair's run goes.
	db, err := bolt.Open(s.Path(), 0o600, &bolt.Options{Timeout: time.Second})
	if err != nil {
		t.Fatal(err)
	}
	db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte(skvBucket)).Delete([]byte(runKey(other))) })
	db.Close()
	rep, err := s.Repair()
	if err != nil || rep.Kept == "" || len(rep.Lost) != 1 {
		t.Fatalf("repair: %+v, %v", rep, err)
	}
	if r := listOne(t, s, 1)[0]; r.ID != id || r.Count != 3 || !r.LastSeen.Equal(t0.Add(2*time.Minute)) {
		t.Fatalf("after the repair: %+v", r)
	}
	soundStore(t, s)
	if got, err := s.Record(seenRun(dir, t0.Add(2*time.Hour), `{}`), nil); err != nil || got != id {
		t.Fatalf("after the repair, the same run: %s (%v)", got, err)
	}
	if r := listOne(t, s, 1)[0]; r.Count != 4 {
		t.Fatalf("%+v", r)
	}
}

// TestPointerChecked: a check finds a pointer that does not name its
// pair's latest run, and one whose bytes changed; recording refuses a
// damaged pointer.
func TestPointerChecked(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	id1, _ := s.Record(seenRun(dir, t0, `{"beer":0.25}`), nil)
	s.Record(seenRun(dir, t0.Add(time.Minute), `{"beer":0.5}`), nil)
	sum := listOne(t, s, 2)[1]
	key := pairPtrKey(pairKey(&sum))
	put := func(v []byte) {
		t.Helper()
		db, err := bolt.Open(s.Path(), 0o600, &bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if err := db.Update(func(tx *bolt.Tx) error { return tx.Bucket([]byte(skvBucket)).Put(key, v) }); err != nil {
			t.Fatal(err)
		}
	}
	put(encodePointer(key, pairPointer{id: id1}))
	rep, err := s.Check()
	if err != nil || len(rep.Problems) != 1 || !strings.Contains(rep.Problems[0], "1 pair's pointer does not point to the latest run of its pair: "+string(key[len(pairPrefix):])) {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	bad := encodePointer(key, pairPointer{id: id1})
	bad[len(bad)-1] ^= 1
	put(bad)
	var de *DamagedError
	if _, err := s.List(ListOptions{}); !errors.As(err, &de) || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Fatalf("list: %v", err)
	}
	if _, err := s.Record(seenRun(dir, t0.Add(2*time.Minute), `{}`), nil); !errors.As(err, &de) {
		t.Fatalf("record over a damaged pointer: %v", err)
	}
}

// TestBestSameConfig: the best run is the best of the runs of the same
// metric, options and rules; runs recorded before the index kept options
// are of no known config.
func TestBestSameConfig(t *testing.T) {
	s := tempStore(t)
	dir := t.TempDir()
	t0 := time.Date(2026, 5, 1, 9, 0, 0, 0, time.Local)
	rec := func(i int, metric string, options []string, score float64) string {
		r := seenRun(dir, t0.Add(time.Duration(i)*time.Minute), `{}`)
		r.Metric, r.Options, r.Score = metric, options, score
		id, err := s.Record(r, nil)
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	plain := rec(0, "jsondiff", nil, 0.8)
	tol := rec(1, "jsondiff", []string{"abs-tol=0.01"}, 0.95)
	lyn := rec(2, "lynxius", nil, 0.99)
	plain2 := rec(3, "jsondiff", nil, 0.85)
	ref, out := filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	for _, c := range []struct {
		cfg  Config
		want string
	}{
		{Config{Metric: "jsondiff"}, plain2},
		{Config{Metric: "jsondiff", Options: []string{"abs-tol=0.01"}}, tol},
		{Config{Metric: "lynxius"}, lyn},
		{Config{Metric: "jsondiff", Rules: "ab12"}, ""},
		{Config{Metric: "uipath"}, ""},
	} {
		best, ok, err := s.Best(ref, out, c.cfg)
		if err != nil || ok != (c.want != "") || (ok && best.ID != c.want) {
			t.Errorf("best of %+v: %s %v %v, want %q", c.cfg, best.ID, ok, err, c.want)
		}
	}
	_ = plain
	// Rules: the same rules written two ways are one config.
	r := seenRun(dir, t0.Add(time.Hour), `{}`)
	r.RulesJSON = json.RawMessage(`{".beer": "exact", ".margherita": {"abs_tol": 0.5}}`)
	r.Score, r.Options = 0.7, nil
	ruled, err := s.Record(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	same := RulesSum([]byte(`{".margherita":{"abs_tol":0.5},".beer":"exact"}`))
	if best, ok, err := s.Best(ref, out, Config{Metric: "jsondiff", Rules: same}); err != nil || !ok || best.ID != ruled {
		t.Errorf("best with rules: %s %v %v", best.ID, ok, err)
	}
	if best, _, _ := s.Best(ref, out, Config{Metric: "jsondiff"}); best.ID != plain2 {
		t.Errorf("best without rules: %s", best.ID)
	}
	// A summary of format 2 has no options: it is no run's config.
	old := Summary{Metric: "jsondiff", HasScore: true, Score: 1}
	if old.SameConfig(Config{Metric: "jsondiff"}) {
		t.Fatal("a run of no known options is of the default config")
	}
	if _, ok := BestOf([]Summary{old}, Config{Metric: "jsondiff"}); ok {
		t.Fatal("best of a run of no known options")
	}
}

func TestRulesSum(t *testing.T) {
	a := RulesSum([]byte(`{".beer": "exact", ".price": {"abs_tol": 0.01}}`))
	b := RulesSum([]byte("{\n  \".price\": {\"abs_tol\": 0.01},\n  \".beer\": \"exact\"\n}\n"))
	c := RulesSum([]byte(`{".beer": "exact", ".price": {"abs_tol": 0.010}}`))
	d := RulesSum([]byte(`{".beer": "exact", ".price": {"abs_tol": 0.02}}`))
	if a != b || a != c || len(a) != 64 || a == d {
		t.Errorf("sums %s %s %s %s", a, b, c, d)
	}
	if RulesSum(nil) != "" || RulesSum([]byte(" \n")) != "" {
		t.Error("no rules have a sum")
	}
	if RulesSum([]byte("not json")) == RulesSum([]byte("not json!")) {
		t.Error("text that is not JSON")
	}
}
