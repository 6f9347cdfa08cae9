package calibrate

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/jsontui/jsontui/internal/examples"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
)

// smallCases scores the dataset-small example under its weights file.
func smallScored(t *testing.T, spec dataset.Spec) *dataset.Result {
	t.Helper()
	dir := filepath.Join(filepath.Dir(examples.Dirs(t, "labels.jsonl")[0]), "dataset-small")
	raw, err := os.ReadFile(filepath.Join(dir, "weights.json"))
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights("weights.json", raw)
	if err != nil {
		t.Fatal(err)
	}
	spec.Ref = filepath.Join(dir, "data.jsonl")
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	res, err := dataset.Score(context.Background(), src, dataset.Config{Weights: w, Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestLabelsSmall reproduces the labels-small example: the case scores,
// τ-b, Spearman and Pearson of the grades, the AUC of the verdicts, to
// 1e-12.
func TestLabelsSmall(t *testing.T) {
	for _, dir := range examples.Dirs(t, "labels.jsonl", "verdicts.jsonl", "expected.json") {
		t.Run(filepath.Base(filepath.Dir(dir))+"/"+filepath.Base(dir), func(t *testing.T) {
			var want struct {
				CaseScores map[string]float64 `json:"case_scores"`
				Numeric    struct {
					Tau      float64 `json:"kendall_tau_b"`
					Spearman float64 `json:"spearman"`
					Pearson  float64 `json:"pearson"`
				} `json:"numeric_labels"`
				Verdicts struct {
					AUC float64 `json:"auc"`
				} `json:"verdicts"`
			}
			raw, err := os.ReadFile(filepath.Join(dir, "expected.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(raw, &want); err != nil {
				t.Fatal(err)
			}
			res := smallScored(t, dataset.Spec{})
			cases := res.Figures.Cases
			for _, c := range cases {
				near(t, c.ID, c.Score, want.CaseScores[c.ID])
			}
			grades := readLabelsFile(t, filepath.Join(dir, "labels.jsonl"))
			a := grades.Pair(cases).Agree(cases, 1)
			if a.Kind != Grade || a.Labels != 6 || len(a.Unpaired) != 0 {
				t.Fatalf("grades: kind %v, %d labels, unpaired %v", a.Kind, a.Labels, a.Unpaired)
			}
			near(t, "tau-b", a.KendallTauB.Value, want.Numeric.Tau)
			near(t, "spearman", a.Spearman.Value, want.Numeric.Spearman)
			near(t, "pearson", a.Pearson.Value, want.Numeric.Pearson)
			verdicts := readLabelsFile(t, filepath.Join(dir, "verdicts.jsonl"))
			v := verdicts.Pair(cases).Agree(cases, 1)
			if v.Kind != Verdict {
				t.Fatalf("verdicts read as %v", v.Kind)
			}
			near(t, "auc", v.AUC.Value, want.Verdicts.AUC)
		})
	}
}

func readLabelsFile(t *testing.T, name string) *Labels {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := ReadLabels(filepath.Base(name), f)
	if err != nil {
		t.Fatal(err)
	}
	return l
}
