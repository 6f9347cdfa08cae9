package dataset

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// genRecords writes a generated one-file dataset of n cases in dir.
func genRecords(t testing.TB, dir string, n int, seed uint64) string {
	t.Helper()
	p := filepath.Join(dir, "data.jsonl")
	var b bytes.Buffer
	if _, err := gen.WriteRecords(&b, gen.DatasetOptions{Cases: n, Seed: seed}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// writeForms writes the cases of a one-file dataset as two files of
// records (ref.jsonl, out.jsonl) and as two directories (refs, outs):
// the same cases, each form as a user would have them (an output
// directory holds the model's text as it came).
func writeForms(t *testing.T, records, dir string) (refFile, outFile, refDir, outDir string) {
	t.Helper()
	refFile, outFile = filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	refDir, outDir = filepath.Join(dir, "refs"), filepath.Join(dir, "outs")
	for _, d := range []string{refDir, outDir} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	data := mustRead(t, records)
	var refs, outs bytes.Buffer
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var rec map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			t.Fatal(err)
		}
		var id string
		json.Unmarshal(rec["id"], &id)
		line, _ := json.Marshal(map[string]json.RawMessage{"id": rec["id"], "expected": rec["expected"]})
		refs.Write(append(line, '\n'))
		writeTestFile(t, filepath.Join(refDir, id+".json"), rec["expected"])
		out, ok := rec["output"]
		if !ok {
			continue
		}
		line, _ = json.Marshal(map[string]json.RawMessage{"id": rec["id"], "output": out})
		outs.Write(append(line, '\n'))
		file := []byte(out)
		var text string
		if json.Unmarshal(out, &text) == nil {
			// Model text: the file holds it as it came, when it holds JSON.
			if d, err := jsondoc.ParseLenient("x", []byte(text), nil); err == nil && d.Kind(0).IsContainer() {
				file = []byte(text)
			}
		}
		writeTestFile(t, filepath.Join(outDir, id+".json"), file)
	}
	writeTestFile(t, refFile, refs.Bytes())
	writeTestFile(t, outFile, outs.Bytes())
	return refFile, outFile, refDir, outDir
}

func writeTestFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func scoreSpec(t testing.TB, spec Spec, cfg Config) *Result {
	t.Helper()
	src, err := Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := Score(context.Background(), src, cfg)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestFormsAgree scores the same cases in the three forms (docs/datasets.md): the
// figures are the same, but for the case ids of the directories (their
// paths).
func TestFormsAgree(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 400, 7)
	refFile, outFile, refDir, outDir := writeForms(t, records, dir)
	w, err := scoring.ParseWeights("w.json", []byte(`{"items": {"__items": 0.5, "unit_price": 0.8}, "notes": 0}`))
	if err != nil {
		t.Fatal(err)
	}
	pass := 0.8
	cfg := Config{Weights: w, Pass: &pass}
	one := scoreSpec(t, Spec{Ref: records}, cfg)
	two := scoreSpec(t, Spec{Ref: refFile, Out: outFile}, cfg)
	dirs := scoreSpec(t, Spec{Ref: refDir, Out: outDir}, cfg)
	if one.Pairing != PairRecord || two.Pairing != PairID || dirs.Pairing != PairPath {
		t.Fatalf("pairings %s %s %s", one.Pairing, two.Pairing, dirs.Pairing)
	}
	if one.Figures.Stats.Missing == 0 || len(one.Figures.Paths) < 20 {
		t.Fatalf("the generated dataset should have missing cases and many paths: %+v", one.Figures.Stats)
	}
	sameFigures(t, "two files", one.Figures, two.Figures, true)
	sameFigures(t, "directories", one.Figures, dirs.Figures, false)
}

// sameFigures compares two runs' figures: counts exactly, figures to
// 1e-12 (the forms cut their batches at other places, which may change a
// sum's last bit), ids too when ids.
func sameFigures(t *testing.T, what string, a, b *Figures, ids bool) {
	t.Helper()
	if !near12(a.Score, b.Score) || !sameStats(a.Stats, b.Stats) {
		t.Errorf("%s: score %v stats %+v, want %v %+v", what, b.Score, b.Stats, a.Score, a.Stats)
	}
	if len(a.Paths) != len(b.Paths) {
		t.Fatalf("%s: %d paths, want %d", what, len(b.Paths), len(a.Paths))
	}
	for i := range a.Paths {
		if !samePath(a.Paths[i], b.Paths[i]) {
			t.Errorf("%s: path %+v, want %+v", what, b.Paths[i], a.Paths[i])
		}
	}
	if len(a.Cases) != len(b.Cases) {
		t.Fatalf("%s: %d cases, want %d", what, len(b.Cases), len(a.Cases))
	}
	for i := range a.Cases {
		x, y := a.Cases[i], b.Cases[i]
		if ids && x.ID != y.ID || x.Status != y.Status || !near12(x.Score, y.Score) || (x.Worst == nil) != (y.Worst == nil) ||
			x.Worst != nil && (x.Worst.Path != y.Worst.Path || !near12(x.Worst.Loss, y.Worst.Loss)) {
			t.Errorf("%s: case %d %+v, want %+v", what, i, y, x)
		}
	}
}

func samePath(a, b PathFigures) bool {
	return a.Path == b.Path && a.Kind == b.Kind && a.Cases == b.Cases && a.Nodes == b.Nodes && near12(a.Score, b.Score) &&
		a.HasScore == b.HasScore && a.Weight == b.Weight && near12(a.Loss, b.Loss) && a.StatusCounts() == b.StatusCounts() &&
		a.LeafCounts() == b.LeafCounts() && near12(a.Precision, b.Precision) && near12(a.Recall, b.Recall) && near12(a.F1, b.F1)
}

func sameStats(a, b Stats) bool {
	return a.Cases == b.Cases && a.Scored == b.Scored && a.Ignored == b.Ignored && a.Missing == b.Missing &&
		a.Invalid == b.Invalid && a.Extra == b.Extra && a.N == b.N && near12(a.Mean, b.Mean) && a.Median == b.Median &&
		a.P10 == b.P10 && a.P90 == b.P90 && a.Min == b.Min && a.Max == b.Max && near12(a.Std, b.Std) &&
		near12(a.CI95[0], b.CI95[0]) && near12(a.CI95[1], b.CI95[1]) && a.Perfect == b.Perfect && a.Pass == b.Pass
}
