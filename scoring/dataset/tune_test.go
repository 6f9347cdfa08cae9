package dataset

import (
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// smallScored returns the dataset-small example held for re-weighting,
// under its weights file.
func smallScored(t *testing.T) *Scored {
	t.Helper()
	w, err := scoring.ParseWeights("weights.json", mustRead(t, "../../testdata/cases/dataset-small/weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	src, err := Open(Spec{Ref: "../../testdata/cases/dataset-small/data.jsonl"})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	pass := 0.9
	res, err := Score(context.Background(), src, Config{Weights: w, Keep: true, Pass: &pass})
	if err != nil {
		t.Fatal(err)
	}
	return res.Scored
}

// TestPathLosses: what .paid costs each case of dataset-small is its
// share, 1/3.8, in the three cases that get it wrong (a type, an output
// that is prose, no output), and nothing in the others; a weight of 0
// takes it away.
func TestPathLosses(t *testing.T) {
	d := smallScored(t)
	got, err := d.PathLosses(".paid", nil)
	if err != nil {
		t.Fatal(err)
	}
	s := 1 / 3.8
	want := []float64{0, 0, s, s, s, 0}
	for k := range want {
		if math.Abs(got[k]-want[k]) > 1e-12 {
			t.Fatalf("losses at .paid %v, want %v", got, want)
		}
	}
	// Their sum over the cases with a score is the path's loss.
	if sum, loss := got[2]+got[3]+got[4], d.Paths()[d.PathIndex(".paid")].Loss; math.Abs(sum/6-loss) > 1e-12 {
		t.Errorf("Σ/6 = %v, the path's loss %v", sum/6, loss)
	}
	// Below an array: .items[].price's losses add up to its loss too.
	got, _ = d.PathLosses(".items[].price", got)
	sum := 0.0
	for _, v := range got {
		sum += v
	}
	if loss := d.Paths()[d.PathIndex(".items[].price")].Loss; math.Abs(sum/6-loss) > 1e-12 {
		t.Errorf(".items[].price: Σ/6 = %v, the path's loss %v", sum/6, loss)
	}
	if err := d.SetWeight(".paid", 0); err != nil {
		t.Fatal(err)
	}
	got, _ = d.PathLosses(".paid", got)
	if slices.ContainsFunc(got, func(v float64) bool { return v != 0 }) {
		t.Errorf("weight 0: losses %v", got)
	}
	if _, err := d.PathLosses(".nope", nil); err == nil || err.Error() != "no case has the path .nope" {
		t.Errorf("unknown path: %v", err)
	}
}

// TestTuneWeights: several weights set at once are one re-weight with
// the figures of setting them one by one; the file's weights, the
// changed paths and the weights a file would set are read back; a saved
// file becomes the file ResetWeights returns to.
func TestTuneWeights(t *testing.T) {
	a, b := smallScored(t), smallScored(t)
	if !a.TakesWeights() || !a.Weighs(".vendor") || a.Weighs(".") || a.Weighs(".items[]") || a.Weighs(".currency") {
		t.Error("which paths weigh")
	}
	if w, ok := a.FileWeight(".items[].price"); !ok || w != 0.5 {
		t.Errorf("file weight of .items[].price: %v %v", w, ok)
	}
	if err := a.SetWeights([]PathWeight{{".vendor", 0.25}, {".items[].price", 1}}); err != nil {
		t.Fatal(err)
	}
	b.SetWeight(".vendor", 0.25)
	b.SetWeight(".items[].price", 1)
	closeFigures(t, "SetWeights", a.Figures(), b.Figures())
	want := []PathWeight{{".vendor", 0.25}, {".items[].price", 1}}
	if got := a.ChangedPaths(); !slices.Equal(got, want) {
		t.Errorf("changed paths %v, want %v", got, want)
	}
	if err := a.SetWeights([]PathWeight{{".vendor", 0.5}, {".total", 2}}); err == nil || err.Error() != ".total: weight 2 is outside [0, 1]" {
		t.Errorf("a bad weight: %v", err)
	}
	if w, _ := a.Weight(".vendor"); w != 0.25 {
		t.Errorf("a refused SetWeights changed .vendor to %v", w)
	}
	file, err := scoring.ParseWeights("w.json", []byte(`{"vendor": 0.5, "items": {"price": 0}}`))
	if err != nil {
		t.Fatal(err)
	}
	ws, err := a.WeightsOf(file)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]float64{}
	for _, pw := range ws {
		got[pw.Path] = pw.Weight
	}
	if got[".vendor"] != 0.5 || got[".items[].price"] != 0 || got[".note"] != 1 || got[".items"] != 1 || len(ws) != 8 {
		t.Errorf("weights of the file: %v", ws)
	}
	saved, err := a.MarshalWeights()
	if err != nil {
		t.Fatal(err)
	}
	sw, err := scoring.ParseWeights("weights.json", saved)
	if err != nil {
		t.Fatal(err)
	}
	a.UseWeightsFile(sw)
	if a.Changed() {
		t.Error("changed after the save")
	}
	if w, _ := a.FileWeight(".vendor"); w != 0.25 {
		t.Errorf("file weight after the save %v", w)
	}
	a.SetWeight(".vendor", 1)
	a.ResetWeights()
	if w, _ := a.Weight(".vendor"); w != 0.25 {
		t.Errorf("reset to the saved file: %v", w)
	}
}

// TestHistogramAndScores: the case scores of dataset-small by bin.
func TestHistogramAndScores(t *testing.T) {
	d := smallScored(t)
	if got, want := d.Histogram(10), []int{2, 0, 0, 0, 0, 1, 0, 0, 1, 2}; !slices.Equal(got, want) {
		t.Errorf("histogram %v, want %v", got, want)
	}
	sc := d.Scores(nil)
	if len(sc) != 6 || sc[0] != 1 || sc[3] != 0 || sc[4] != 0 {
		t.Errorf("scores %v", sc)
	}
	if got := d.Histogram(0); !slices.Equal(got, []int{6}) {
		t.Errorf("one bin: %v", got)
	}
}

// TestExplainPath: a path's figures explained with their numbers.
func TestExplainPath(t *testing.T) {
	d := smallScored(t)
	lines := func(path string) string {
		var b strings.Builder
		for _, l := range d.ExplainPath(path, 80) {
			b.WriteString(l.String())
			b.WriteByte('\n')
		}
		return b.String()
	}
	want := `number · 7 nodes in 5 of the 6 cases
weight 0.5 (the weights file's)
it applies to this key in every case

score 0.57143 = Σ node scores / nodes with a score = 4 / 7
loss 0.01404 = Σ case losses here / cases with a score = 0.08421 / 6
3.1% of what the dataset loses (0.44685): the score would be 0.56718 without it

nodes: match 4 · missing 3
TP 4 · FD 0 · FA 0 · FN 3 · TN 0
the leaves at or below it; found (TP) from score 1 up
precision = TP / (TP + FD + FA) = 4 / 4 = 1.00000
recall = TP / (TP + FN) = 4 / 7 = 0.57143
F1 = 2·P·R / (P + R) = 2·1·0.57143 / 1.57143 = 0.72727
`
	if got := lines(".items[].price"); got != want {
		t.Errorf("explain .items[].price:\n%s\nwant:\n%s", got, want)
	}
	root := lines(".")
	for _, w := range []string{
		"score 0.55315 = Σ case scores / cases with a score = 3.3189 / 6",
		"the dataset's score; 1 missing and 0 invalid cases score 0 and count",
		"95% CI 0.07139 … 1.00000 (t, n − 1 = 5: 0.07139 … 1.03491, cut to the scores' range 0 … 1)",
		"loss 0.44685 = 1 − 0.55315: what the dataset's score loses",
		"f 1.31579 = n / Σw = 5 / 3.8",
		"items                0.8  0.41667  0.12281",
		"currency               0      n/a        0",
	} {
		if !strings.Contains(root, w+"\n") {
			t.Errorf("explain .: no line %q in\n%s", w, root)
		}
	}
	d.SetWeight(".vendor", 0.5)
	if got := lines(".vendor"); !strings.Contains(got, "weight 0.5 (changed: the weights file's 1)\n") {
		t.Errorf("a changed weight:\n%s", got)
	}
	if got := lines(".items[]"); !strings.Contains(got, "array elements weigh alike") || !strings.Contains(got, "f 1.2 = n / Σw = 3 / 2.5\n") {
		t.Errorf(".items[]:\n%s", got)
	}
	if got := lines(".items"); !strings.Contains(got, "f 1: its elements weigh alike\n") {
		t.Errorf(".items:\n%s", got)
	}
	if got := lines(".x"); got != "no case has the path .x\n" {
		t.Errorf("unknown path: %q", got)
	}
	if f, ok := d.Figures().Factor(d.PathIndex(".vendor")); ok {
		t.Errorf("a leaf has f %v", f)
	}
	if got := d.PathLabel(d.PathIndex(".items[].price")); got != "price" {
		t.Errorf("label %q", got)
	}
}

// TestProgress: Spec.Progress reports the bytes of the file of records
// the cases done were read from, up to its size (Source.Size).
func TestProgress(t *testing.T) {
	var last int64
	calls := 0
	src, err := Open(Spec{Ref: "../../testdata/cases/dataset-small/data.jsonl", Progress: func(n int64) { last, calls = n, calls+1 }})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	files, size := src.Size()
	if files != 0 || size == 0 {
		t.Fatalf("size %d files, %d bytes", files, size)
	}
	if _, err := Score(context.Background(), src, Config{}); err != nil {
		t.Fatal(err)
	}
	if last != size || calls == 0 {
		t.Errorf("progress %d bytes in %d calls, the file has %d", last, calls, size)
	}
}

// TestProgressPairedByID: two files paired by id report their progress
// and score (the outputs' records are read again at their offsets).
func TestProgressPairedByID(t *testing.T) {
	dir := t.TempDir()
	ref, out := dir+"/ref.jsonl", dir+"/out.jsonl"
	os.WriteFile(ref, []byte(`{"id": "a", "expected": {"x": 1}}`+"\n"+`{"id": "b", "expected": {"x": 2}}`+"\n"), 0o600)
	os.WriteFile(out, []byte(`{"id": "b", "output": {"x": 2}}`+"\n"+`{"id": "a", "output": {"x": 3}}`+"\n"), 0o600)
	var last int64
	src, err := Open(Spec{Ref: ref, Out: out, Progress: func(n int64) { last = n }})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := Score(context.Background(), src, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if src.Pairing() != PairID || res.Figures.Stats.Scored != 2 || last == 0 {
		t.Errorf("pairing %s, %d scored, %d bytes read", src.Pairing(), res.Figures.Stats.Scored, last)
	}
}

// TestResolveWeights: a weights file resolved on a dataset's paths gives
// what WeightsOf does, and the entries that apply to no path of any case,
// as a pair's tree reports them.
func TestResolveWeights(t *testing.T) {
	d := smallScored(t)
	file, err := scoring.ParseWeights("kept.json", []byte(`{"vendor": 0.5, "po_number": 1, "items": {"price": 0, "discount": 0.5}}`))
	if err != nil {
		t.Fatal(err)
	}
	ws, ignored, n, err := d.ResolveWeights(file)
	if err != nil {
		t.Fatal(err)
	}
	want, err := d.WeightsOf(file)
	if err != nil || !slices.Equal(ws, want) {
		t.Errorf("resolved %v, WeightsOf %v (%v)", ws, want, err)
	}
	var paths []string
	for _, w := range ignored {
		paths = append(paths, w.Path)
	}
	if n != 2 || strings.Join(paths, " ") != ".po_number .items.discount" {
		t.Errorf("ignored %d: %q", n, paths)
	}
	if _, _, n, err := d.ResolveWeights(nil); err != nil || n != 0 {
		t.Errorf("no file: %d ignored, %v", n, err)
	}
}
