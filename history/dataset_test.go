package history

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/report"
)

// smallDataset is the worked example of docs/datasets.md (cases/dataset-small).
var smallDataset = filepath.Join("..", "testdata", "cases", "dataset-small")

// datasetConfig is the run of the worked example: its weights, groups by
// .category, --pass 0.9.
func datasetConfig(t testing.TB) (dataset.Spec, dataset.Config, []byte) {
	t.Helper()
	wdata, err := os.ReadFile(filepath.Join(smallDataset, "weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights("weights.json", wdata)
	if err != nil {
		t.Fatal(err)
	}
	pass := 0.9
	spec := dataset.Spec{Ref: filepath.Join(smallDataset, "data.jsonl"), GroupBy: ".category"}
	return spec, dataset.Config{Weights: w, Pass: &pass}, wdata
}

// recordDataset scores the dataset of spec under cfg while a recorder
// records it, and prepares the run.
func recordDataset(t testing.TB, spec dataset.Spec, cfg dataset.Config, weights []byte) (*dataset.Result, *Prepared) {
	t.Helper()
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	rec := NewDatasetRecorder()
	cfg.NewEncoder = rec.Encoder
	cfg.Cases = rec.Add
	res, err := dataset.Score(context.Background(), src, cfg)
	if err != nil {
		rec.Close()
		t.Fatal(err)
	}
	data, err := os.ReadFile(spec.Ref)
	if err != nil {
		t.Fatal(err)
	}
	run := &Run{Source: SourceScore, Label: "model A", Reference: NewFile(spec.Ref, data), Output: NewFile(spec.Ref, data),
		WeightsJSON: weights}
	if weights != nil {
		run.Weights = NewFile("weights.json", weights)
	}
	tau := 1.0
	if cfg.MatchThreshold != nil {
		tau = *cfg.MatchThreshold
	}
	p, err := rec.Prepare(run, DatasetSpec{Pairing: res.Pairing, Fields: res.Fields, GroupBy: spec.GroupBy, MatchThreshold: tau}, res.Figures)
	if err != nil {
		t.Fatal(err)
	}
	return res, p
}

// sameFigures compares two datasets' figures exactly (the store keeps
// every float64 as it was).
// storedSame reads run id of s back, checks that its figures are want,
// and returns the run and its figures.
func storedSame(t *testing.T, s *Store, id string, want *dataset.Figures) (*Run, *dataset.Figures) {
	t.Helper()
	run, err := s.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := run.DatasetFigures()
	if err != nil {
		t.Fatal(err)
	}
	sameFigures(t, figs, want)
	return run, figs
}

func sameFigures(t *testing.T, got, want *dataset.Figures) {
	t.Helper()
	norm := func(f *dataset.Figures) dataset.Figures {
		g := *f
		g.Cases = append([]dataset.CaseFigures(nil), f.Cases...)
		for i := range g.Cases {
			if n := g.Cases[i].Notes; n != nil {
				m := *n
				if len(m.Repairs) == 0 {
					m.Repairs = nil
				}
				g.Cases[i].Notes = &m
				if m.Repairs == nil && m.Error == "" && m.Label == "" && m.LabelLine == 0 && !m.LabelInOutput {
					g.Cases[i].Notes = nil
				}
			}
		}
		return g
	}
	g, w := norm(got), norm(want)
	for _, part := range []struct {
		name       string
		got, wantV any
	}{
		{"metric", g.Metric, w.Metric}, {"options", len(g.Options), len(w.Options)},
		{"score", g.Score, w.Score}, {"stats", g.Stats, w.Stats}, {"paths", g.Paths, w.Paths},
		{"groups", g.Groups, w.Groups}, {"cases", g.Cases, w.Cases}, {"extra", g.Extra, w.Extra},
		{"warnings", g.Warnings, w.Warnings},
	} {
		if !reflect.DeepEqual(part.got, part.wantV) {
			t.Errorf("%s:\n got %+v\nwant %+v", part.name, part.got, part.wantV)
		}
	}
}

func TestDatasetRunRoundTrip(t *testing.T) {
	spec, cfg, weights := datasetConfig(t)
	res, p := recordDataset(t, spec, cfg, weights)
	s := tempStore(t)
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 1 || runs[0].Cases != 6 || runs[0].Score != res.Figures.Score {
		t.Fatalf("list: %+v, %v", runs, err)
	}
	run, figs := storedSame(t, s, id, res.Figures)
	d := run.Dataset
	if d == nil || d.Cases != 6 || d.Pairing != dataset.PairRecord || d.Fields != res.Fields || d.GroupBy != ".category" || d.MatchThreshold != 1 {
		t.Fatalf("dataset run: %+v", d)
	}
	if h := run.DatasetHeader(); h.Pairing != dataset.PairRecord || h.Reference != run.Reference.Path {
		t.Errorf("header %+v", h)
	}
	// The text `score` printed is the text of the run.
	var a, b bytes.Buffer
	dataset.WriteText(&a, run.DatasetHeader(), res.Figures, dataset.TextOptions{GroupBy: ".category"})
	dataset.WriteText(&b, run.DatasetHeader(), figs, dataset.TextOptions{GroupBy: ".category"})
	if a.String() != b.String() {
		t.Errorf("text:\n%s\nwant:\n%s", b.String(), a.String())
	}

	// Each case as it was scored alone.
	for _, c := range res.Figures.Cases {
		got, err := run.Case(c.ID)
		if err != nil {
			t.Fatalf("case %s: %v", c.ID, err)
		}
		if got.Status != c.Status || got.Score != c.Score || got.ParseError() != c.ParseError() {
			t.Errorf("case %s: %+v, want %+v", c.ID, got.CaseFigures, c)
		}
		one := scoreCase(t, spec, cfg, c.ID)
		want := one.Result.Report("jsondiff")
		if got.Report.Score != want.Score || got.Report.HasScore != want.HasScore || got.Report.Reference != one.Reference {
			t.Errorf("case %s: report %+v, want score %v of %s", c.ID, got.Report, want.Score, one.Reference)
		}
		sameCaseNodes(t, c.ID, collect(got.Report.Nodes), collect(want.Nodes))
	}
	if _, err := run.Case("inv-999"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown case: %v", err)
	}
	if m, err := run.Case("inv-005"); err != nil || m.Status != dataset.CaseMissing || !m.HasScore || m.Report.Score != 0 {
		t.Errorf("missing case: %+v, %v", m, err)
	}
}

// scoreCase scores case id of the dataset alone.
func scoreCase(t *testing.T, spec dataset.Spec, cfg dataset.Config, id string) *dataset.OneCase {
	t.Helper()
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	one, err := dataset.ScoreCase(context.Background(), src, cfg, id)
	if err != nil {
		t.Fatal(err)
	}
	return one
}

// sameCaseNodes compares a recorded case's nodes with a fresh scoring's:
// every figure (floats to 1e-12), no values.
func sameCaseNodes(t *testing.T, id string, got, want []report.Node) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("case %s: %d nodes, want %d", id, len(got), len(want))
	}
	near := func(a, b float64) bool { return math.Abs(a-b) <= 1e-12 }
	for i := range want {
		g, w := got[i], want[i]
		if g.Path != w.Path || g.Depth != w.Depth || g.Label != w.Label || g.Kind != w.Kind || g.Status != w.Status ||
			g.HasScore != w.HasScore || g.HasFactor != w.HasFactor || (w.HasScore && !near(g.Score, w.Score)) ||
			(w.HasFactor && !near(g.Factor, w.Factor)) || !near(g.Weight, w.Weight) || !near(g.Share, w.Share) ||
			!near(g.Loss, w.Loss) || g.Reference != nil || g.Output != nil {
			t.Fatalf("case %s, node %d:\n got %+v\nwant %+v", id, i, g, w)
		}
	}
}

// genDataset writes a generated dataset of n cases.
func genDataset(t testing.TB, n int) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "data.jsonl")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := gen.WriteRecords(f, gen.DatasetOptions{Cases: n, Seed: 3}); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestDatasetRunSegmentsAndPieces(t *testing.T) {
	defer func(n int) { pieceSize = n }(pieceSize)
	pieceSize = 4096
	spec := dataset.Spec{Ref: genDataset(t, 5000)}
	res, p := recordDataset(t, spec, dataset.Config{}, nil)
	if n := len(p.rec.ds.Segments); n != 3 { // 2048 cases a segment
		t.Errorf("%d segments", n)
	}
	if n := len(p.rec.ds.Pieces); n < 50 {
		t.Errorf("%d pieces of %d bytes", n, pieceSize)
	}
	s := tempStore(t)
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	run, _ := storedSame(t, s, id, res.Figures)
	// The last case of a segment, the first of the next, the last one.
	for _, k := range []int{2047, 2048, 4999} {
		c := res.Figures.Cases[k]
		got, err := run.Case(c.ID)
		if err != nil {
			t.Fatal(err)
		}
		one := scoreCase(t, spec, dataset.Config{}, c.ID)
		sameCaseNodes(t, c.ID, collect(got.Report.Nodes), collect(one.Result.Report("jsondiff").Nodes))
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
	// Removing the run removes its pieces: the store is sound and empty.
	if _, err := s.Remove(id); err != nil {
		t.Fatal(err)
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 || rep.Runs != 0 {
		t.Fatalf("check after remove: %+v, %v", rep, err)
	}
}

// putValue changes the store's value of key with bolt, as damage would
// (nil deletes it).
func putValue(t *testing.T, path, key string, value []byte) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	err = db.Update(func(tx *bolt.Tx) error {
		b := tx.Bucket([]byte(skvBucket))
		if value == nil {
			return b.Delete([]byte(key))
		}
		return b.Put([]byte(key), value)
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestDatasetRunDamage(t *testing.T) {
	defer func(n int) { pieceSize = n }(pieceSize)
	pieceSize = 512
	spec, cfg, weights := datasetConfig(t)
	for _, c := range []struct {
		name, want string
		damage     func(path, id string) // nil: a piece of a run the index does not name
	}{
		{"changed", "run %s: piece 1 of its cases: it does not match its checksum", func(path, id string) {
			putValue(t, path, pieceKey(id, 1), bytes.Repeat([]byte{'x'}, 512))
		}},
		{"cut", "run %s: piece 1 of its cases: it holds 100 bytes, not 512", func(path, id string) {
			putValue(t, path, pieceKey(id, 1), bytes.Repeat([]byte{'x'}, 100))
		}},
		{"missing", "run %s: piece 1 of its cases: it is missing", func(path, id string) {
			putValue(t, path, pieceKey(id, 1), nil)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := tempStore(t)
			pair, err := s.Record(testRun(t.TempDir(), 0.5), seqOf(pizzaNodes(t)))
			if err != nil {
				t.Fatal(err)
			}
			_, p := recordDataset(t, spec, cfg, weights)
			id, err := s.Commit(p)
			if err != nil {
				t.Fatal(err)
			}
			c.damage(s.Path(), id)
			want := fmt.Sprintf(c.want, id)
			// Listing reads no piece; reading the run finds the damage.
			if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 2 {
				t.Fatalf("list: %d runs, %v", len(runs), err)
			}
			var de *DamagedError
			if _, err := s.Get(id); !errors.As(err, &de) || !strings.Contains(err.Error(), want) {
				t.Fatalf("get: %v, want %q", err, want)
			}
			rep, err := s.Check()
			if err != nil || len(rep.Problems) == 0 || rep.Recoverable != 1 {
				t.Fatalf("check: %+v, %v", rep, err)
			}
			fixed, err := s.Repair()
			if err != nil || len(fixed.Lost) != 1 || fixed.Lost[0] != id || fixed.Runs != 1 {
				t.Fatalf("repair: %+v, %v", fixed, err)
			}
			if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 1 || runs[0].ID != pair {
				t.Fatalf("after the repair: %+v, %v", runs, err)
			}
			if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
				t.Fatalf("check after the repair: %+v, %v", rep, err)
			}
		})
	}
	// A piece of no run of the index is damage; a repair drops it.
	s := tempStore(t)
	if _, err := s.Record(testRun(t.TempDir(), 0.5), seqOf(pizzaNodes(t))); err != nil {
		t.Fatal(err)
	}
	stray := newID(time.Now())
	putValue(t, s.Path(), pieceKey(stray, 0), []byte("stray"))
	want := "pieces of cases are kept for 1 run that the index does not name: " + stray
	if _, err := s.List(ListOptions{}); err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("list: %v, want %q", err, want)
	}
	if fixed, err := s.Repair(); err != nil || fixed.Runs != 1 {
		t.Fatalf("repair: %+v, %v", fixed, err)
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check after the repair: %+v, %v", rep, err)
	}
}

func TestDatasetRunPending(t *testing.T) {
	defer func(n int) { pieceSize = n }(pieceSize)
	pieceSize = 512
	spec, cfg, weights := datasetConfig(t)
	res, p := recordDataset(t, spec, cfg, weights)
	s := tempStore(t)
	s.Wait = 100 * time.Millisecond
	if _, err := s.Record(testRun(t.TempDir(), 0.5), nil); err != nil {
		t.Fatal(err)
	}
	holder, err := bolt.Open(s.Path(), 0o600, nil) // another process holds the store
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.Commit(p)
	var pe *PendingError
	if !errors.As(err, &pe) {
		holder.Close()
		t.Fatalf("commit while busy: %v", err)
	}
	holder.Close()
	storedSame(t, s, id, res.Figures) // imports the pending run first
	if _, err := os.Stat(pe.Path); !os.IsNotExist(err) {
		t.Errorf("the pending file is still there: %v", err)
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check: %+v, %v", rep, err)
	}
}

func TestDatasetRunSeenAgain(t *testing.T) {
	spec, cfg, weights := datasetConfig(t)
	s := tempStore(t)
	_, p := recordDataset(t, spec, cfg, weights)
	first, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	_, p = recordDataset(t, spec, cfg, weights)
	if again, err := s.Commit(p); err != nil || again != first {
		t.Fatalf("the same run again: %s, want %s (%v)", again, first, err)
	}
	// Grouped otherwise: the same score, another run.
	spec.GroupBy = ".id"
	_, p = recordDataset(t, spec, cfg, weights)
	other, err := s.Commit(p)
	if err != nil || other == first {
		t.Fatalf("grouped by id: %s (%v)", other, err)
	}
	runs, err := s.List(ListOptions{})
	if err != nil || len(runs) != 2 || runs[1].Count != 2 || runs[0].Count != 1 {
		t.Fatalf("list: %+v, %v", runs, err)
	}
}

// TestCaseLayout: a case's layout keeps every node's figures across
// blocks (a case larger than a block), its Extra figures, Explanation and
// documents' names; each case decodes on its own.
func TestCaseLayout(t *testing.T) {
	var e CaseEncoder
	big := collect(genNodes(3*blockNodes+5, 9))
	rep := &report.Report{Nodes: seqOf(big), Reference: "data.jsonl:7", Output: "out.jsonl:9",
		Extra: map[string]float64{"precision": 0.5, "recall": 0.25}, Explanation: "2 of 4 tokens"}
	b := e.Encode(nil, rep)
	small := pizzaNodes(t)
	b2 := e.Encode(nil, &report.Report{Nodes: seqOf(small)})
	none := e.Encode(nil, nil)
	for _, c := range []struct {
		layout []byte
		want   []report.Node
		ref    string
		extra  map[string]float64
		expl   string
	}{
		{b, big, "data.jsonl:7", rep.Extra, rep.Explanation},
		{b2, stripValues(small), "", nil, ""},
		{none, nil, "", nil, ""},
	} {
		cl, err := readCaseLayout(c.layout)
		if err != nil {
			t.Fatal(err)
		}
		if cl.nodes != len(c.want) || cl.reference != c.ref || !reflect.DeepEqual(cl.extra, c.extra) || cl.explanation != c.expl {
			t.Fatalf("layout: %d nodes, %q, %v, %q", cl.nodes, cl.reference, cl.extra, cl.explanation)
		}
		if len(c.want) > 0 {
			sameNodes(t, collect(caseNodes(cl, "run", "case")), c.want)
		}
	}
	// A layout cut short does not read.
	for _, n := range []int{0, 1, 3} {
		if _, err := readCaseLayout(b[:n]); err == nil {
			t.Errorf("a layout cut to %d bytes read", n)
		}
	}
}

// TestDatasetRunRepairKeeps: a repair of a store whose index is damaged
// keeps a dataset run whole, its pieces with it.
func TestDatasetRunRepairKeeps(t *testing.T) {
	defer func(n int) { pieceSize = n }(pieceSize)
	pieceSize = 512
	spec, cfg, weights := datasetConfig(t)
	res, p := recordDataset(t, spec, cfg, weights)
	s := tempStore(t)
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	putValue(t, s.Path(), headKey, nil)
	if _, err := s.List(ListOptions{}); err == nil {
		t.Fatal("a store without its index head listed without an error")
	}
	fixed, err := s.Repair()
	if err != nil || fixed.Runs != 1 || len(fixed.Lost) != 0 {
		t.Fatalf("repair: %+v, %v", fixed, err)
	}
	storedSame(t, s, id, res.Figures)
	if runs, err := s.List(ListOptions{}); err != nil || len(runs) != 1 || runs[0].Cases != 6 {
		t.Fatalf("list after the repair: %+v, %v", runs, err)
	}
	if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 {
		t.Fatalf("check after the repair: %+v, %v", rep, err)
	}
}
