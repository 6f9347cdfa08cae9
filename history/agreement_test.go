package history

import (
	"math"
	"reflect"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// TestDatasetRunAgreement: a run's agreement with people's labels is
// kept with its figures (an undefined figure, NaN, included); a run
// without one reads without one.
func TestDatasetRunAgreement(t *testing.T) {
	spec, cfg, weights := datasetConfig(t)
	_, p := recordDataset(t, spec, cfg, weights)
	s := tempStore(t)
	plain, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	want := &dataset.Agreement{Kind: "grade", Source: "labels.jsonl", Labels: 6, Unpaired: []string{"x-1"},
		Figures: []dataset.AgreementFigure{
			{Name: "kendall_tau_b", Value: 0.9285714285714286, CI95: [2]float64{0.67, 1}},
			{Name: "spearman", Value: 0.97, CI95: [2]float64{0.7, 1}},
			{Name: "pearson", Value: math.NaN(), CI95: [2]float64{math.NaN(), math.NaN()}},
		}}
	run, err := s.Get(plain)
	if err != nil {
		t.Fatal(err)
	}
	figs, err := run.DatasetFigures()
	if err != nil || figs.Agreement != nil {
		t.Fatalf("a run without labels: agreement %+v, %v", figs.Agreement, err)
	}
	_, p = recordDatasetWith(t, spec, cfg, want)
	id, err := s.Commit(p)
	if err != nil {
		t.Fatal(err)
	}
	run, err = s.Get(id)
	if err != nil {
		t.Fatal(err)
	}
	figs, err = run.DatasetFigures()
	if err != nil {
		t.Fatal(err)
	}
	got := figs.Agreement
	if got == nil || got.Kind != want.Kind || got.Source != want.Source || got.Labels != 6 || !reflect.DeepEqual(got.Unpaired, want.Unpaired) || len(got.Figures) != 3 {
		t.Fatalf("agreement %+v, want %+v", got, want)
	}
	for k, f := range got.Figures {
		w := want.Figures[k]
		if f.Name != w.Name || math.Float64bits(f.Value) != math.Float64bits(w.Value) || math.Float64bits(f.CI95[1]) != math.Float64bits(w.CI95[1]) {
			t.Errorf("figure %d: %+v, want %+v", k, f, w)
		}
	}
}

// recordDatasetWith is recordDataset with the agreement a in the
// figures recorded.
func recordDatasetWith(t *testing.T, spec dataset.Spec, cfg dataset.Config, a *dataset.Agreement) (*dataset.Result, *Prepared) {
	t.Helper()
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	rec := NewDatasetRecorder()
	cfg.NewEncoder = rec.Encoder
	cfg.Cases = rec.Add
	res, err := dataset.Score(t.Context(), src, cfg)
	if err != nil {
		rec.Close()
		t.Fatal(err)
	}
	res.Figures.Agreement = a
	run := &Run{Source: SourceScore, Label: "labelled", Reference: NewFile(spec.Ref, nil), Output: NewFile(spec.Ref, nil)}
	p, err := rec.Prepare(run, DatasetSpec{Pairing: res.Pairing, Fields: res.Fields, GroupBy: spec.GroupBy, MatchThreshold: 1}, res.Figures)
	if err != nil {
		t.Fatal(err)
	}
	return res, p
}
