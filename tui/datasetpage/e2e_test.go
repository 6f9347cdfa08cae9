package datasetpage

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestDatasetEndToEnd runs the dataset explorer as a program: it loads
// dataset-small from testdata in the background, sets .vendor's weight
// to 0.5 (the dataset's score is then exactly the engine's on the edited
// file), opens the lowest case from the cases pane and comes back, saves
// the weights (the file keeps its shape, the entry added) and quits.
func TestDatasetEndToEnd(t *testing.T) {
	wpath, orig := tuitest.WeightsCopy(t, smallDir)

	w, err := scoring.ParseWeights(wpath, []byte(orig))
	if err != nil {
		t.Fatal(err)
	}
	data := filepath.Join(smallDir, "data.jsonl")
	src, err := dataset.Open(dataset.Spec{Ref: data})
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	opts := ports.DatasetOptions{
		Files:   ports.Files{Reference: "data.jsonl", Output: "data.jsonl", Weights: "weights.json", SavePath: wpath},
		Weights: w, Metric: "jsondiff", Theme: "mono",
		Load: func(ctx context.Context, progress func(ports.DatasetProgress)) (*dataset.Result, error) {
			progress(ports.DatasetProgress{})
			return dataset.Score(ctx, src, dataset.Config{Weights: w, Keep: true})
		},
	}
	tm := teatest.NewTestModel(t, New(opts), teatest.WithInitialTermSize(120, 35))
	wait := func(text string) { t.Helper(); tuitest.WaitText(t, tm, text) }
	wait("0.55315")
	// The engine's score of the dataset under the edited file.
	edited, err := scoring.ParseWeights("w.json", []byte(strings.Replace(orig, "{", `{"vendor": 0.5,`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	src2, _ := dataset.Open(dataset.Spec{Ref: data})
	defer src2.Close()
	want, err := dataset.Score(context.Background(), src2, dataset.Config{Weights: edited})
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"j", "w"} {
		tm.Send(tuitest.KeyMsg(k))
	}
	wait("weight of .vendor:")
	tm.Type("0.5")
	tm.Send(tuitest.KeyMsg("enter"))
	wait("score 0.55315 → " + common.Fixed5(want.Figures.Score))
	tm.Send(tuitest.KeyMsg("c"))
	wait("lowest score first")
	tm.Send(tuitest.KeyMsg("enter"))
	wait("case inv-004")
	tm.Send(tuitest.KeyMsg("esc"))
	wait("back from case inv-004")
	tm.Send(tuitest.KeyMsg("ctrl+s"))
	wait("saved")
	tm.Send(tuitest.KeyMsg("q"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(30*time.Second))
	m, ok := tm.FinalModel(t).(*Model)
	if !ok {
		t.Fatal("the final model is not the dataset's")
	}
	if got := m.ds.Stats.Mean; math.Abs(got-want.Figures.Score) > 1e-12 {
		t.Errorf("dataset score %v, the engine's on the edited file %v", got, want.Figures.Score)
	}
	if m.ds.Sess.Dirty() {
		t.Error("unsaved weights at the end")
	}
	checkSavedVendor(t, wpath, orig)
}

// checkSavedVendor checks the weights file saved at wpath after .vendor
// was set to 0.5: the file keeps its shape, the entry added at the end,
// and the backup is the original orig.
func checkSavedVendor(t *testing.T, wpath, orig string) {
	t.Helper()
	wantFile := `{
  "note": 0.0,
  "total": 1.0,
  "items": {
    "__items": 0.8,
    "price": 0.5
  },
  "vendor": 0.5
}
`
	if got := tuitest.ReadFile(t, wpath); got != wantFile {
		t.Errorf("saved weights:\n%s\nwant:\n%s", got, wantFile)
	}
	if bak := tuitest.ReadFile(t, wpath+".bak"); bak != orig {
		t.Errorf("the backup is not the original:\n%s", bak)
	}
}
