package dataset

import (
	"context"
	"math"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// near12 reports whether a and b agree to 1e-12 (or are both NaN).
func near12(a, b float64) bool {
	return math.Abs(a-b) <= 1e-12 || math.IsNaN(a) && math.IsNaN(b)
}

// closeFigures compares the figures of a re-weighted dataset with those
// of the dataset scored afresh under the same weights, to 1e-12.
func closeFigures(t *testing.T, what string, got, want *Figures) {
	t.Helper()
	if !near12(got.Score, want.Score) {
		t.Errorf("%s: score %v, want %v", what, got.Score, want.Score)
	}
	g, w := got.Stats, want.Stats
	if g.Cases != w.Cases || g.Scored != w.Scored || g.Ignored != w.Ignored || g.Missing != w.Missing || g.N != w.N {
		t.Errorf("%s: stats %+v, want %+v", what, g, w)
	}
	for _, c := range [][2]float64{{g.Mean, w.Mean}, {g.Median, w.Median}, {g.P10, w.P10}, {g.P90, w.P90}, {g.Std, w.Std},
		{g.CI95[0], w.CI95[0]}, {g.CI95[1], w.CI95[1]}, {g.Min, w.Min}, {g.Max, w.Max}, {g.Perfect, w.Perfect}, {g.Pass, w.Pass}} {
		if !near12(c[0], c[1]) {
			t.Errorf("%s: stats %+v, want %+v", what, g, w)
			break
		}
	}
	if len(got.Paths) != len(want.Paths) {
		t.Fatalf("%s: %d paths, want %d", what, len(got.Paths), len(want.Paths))
	}
	for i := range want.Paths {
		a, b := got.Paths[i], want.Paths[i]
		if a.Path != b.Path || a.Nodes != b.Nodes || a.Cases != b.Cases || a.Weight != b.Weight || !near12(a.Score, b.Score) ||
			a.HasScore != b.HasScore || !near12(a.Loss, b.Loss) || a.StatusCounts() != b.StatusCounts() || a.LeafCounts() != b.LeafCounts() {
			t.Errorf("%s: path %+v, want %+v", what, a, b)
		}
	}
	if len(got.Cases) != len(want.Cases) {
		t.Fatalf("%s: %d cases, want %d", what, len(got.Cases), len(want.Cases))
	}
	for i := range want.Cases {
		a, b := got.Cases[i], want.Cases[i]
		if a.ID != b.ID || a.Status != b.Status || !near12(a.Score, b.Score) || (a.Worst == nil) != (b.Worst == nil) ||
			a.Worst != nil && (a.Worst.Path != b.Worst.Path || !near12(a.Worst.Loss, b.Worst.Loss)) {
			t.Errorf("%s: case %+v (worst %+v), want %+v (worst %+v)", what, a, a.Worst, b, b.Worst)
		}
	}
	if len(got.Groups) != len(want.Groups) {
		t.Fatalf("%s: %d groups, want %d", what, len(got.Groups), len(want.Groups))
	}
	for i := range want.Groups {
		a, b := got.Groups[i], want.Groups[i]
		if a.Group != b.Group || a.Cases != b.Cases || !near12(a.Mean, b.Mean) || !near12(a.Median, b.Median) || !near12(a.Pass, b.Pass) {
			t.Errorf("%s: group %+v, want %+v", what, a, b)
		}
	}
}

func mustWeights(t *testing.T, src string) *scoring.Weights {
	t.Helper()
	w, err := scoring.ParseWeights("w.json", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return w
}

// TestReweight sets weights on a dataset held in memory and checks every
// figure against the dataset scored afresh under the changed weights
// file, for the two metrics that take weights.
func TestReweight(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 300, 11)
	base := `{"items": {"__items": 0.5, "unit_price": 0.8}, "notes": 0}`
	steps := []struct {
		path    string
		w       float64
		weights string
	}{
		{".vendor", 0.3, `{"vendor": 0.3, "items": {"__items": 0.5, "unit_price": 0.8}, "notes": 0}`},
		{".items[].unit_price", 0, `{"vendor": 0.3, "items": {"__items": 0.5, "unit_price": 0}, "notes": 0}`},
		{".items", 1, `{"vendor": 0.3, "items": {"__items": 1, "unit_price": 0}, "notes": 0}`},
		{".vendor.address.city", 0.25, `{"vendor": {"__vendor": 0.3, "address": {"city": 0.25}}, "items": {"__items": 1, "unit_price": 0}, "notes": 0}`},
		{".notes", 1, `{"vendor": {"__vendor": 0.3, "address": {"city": 0.25}}, "items": {"__items": 1, "unit_price": 0}}`},
	}
	for _, metric := range []string{"jsondiff", "lynxius"} {
		t.Run(metric, func(t *testing.T) {
			m, err := scoring.LookupMetric(metric)
			if err != nil {
				t.Fatal(err)
			}
			pass := 0.7
			kept := scoreSpec(t, Spec{Ref: records, GroupBy: ".category"}, Config{Metric: m, Weights: mustWeights(t, base), Pass: &pass, Keep: true})
			d := kept.Scored
			closeFigures(t, "as scored", d.Figures(), kept.Figures)
			for _, s := range steps {
				if err := d.SetWeight(s.path, s.w); err != nil {
					t.Fatalf("SetWeight(%s): %v", s.path, err)
				}
				want := scoreSpec(t, Spec{Ref: records, GroupBy: ".category"}, Config{Metric: m, Weights: mustWeights(t, s.weights), Pass: &pass})
				closeFigures(t, s.path, d.Figures(), want.Figures)
				for k := range 5 {
					if got := d.Case(k); got.Worst == nil != (want.Figures.Cases[k].Worst == nil) {
						t.Errorf("case %d worst %+v", k, got.Worst)
					}
				}
			}
			d.ResetWeights()
			closeFigures(t, "reset", d.Figures(), kept.Figures)
		})
	}
}

// TestSetWeightRefuses checks the paths and weights SetWeight refuses.
func TestSetWeightRefuses(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 20, 3)
	d := scoreSpec(t, Spec{Ref: records}, Config{Keep: true}).Scored
	for _, c := range []struct {
		path string
		w    float64
		want string
	}{
		{".vendor", 1.5, "weight 1.5 is outside [0, 1]"},
		{".nope", 0.5, "no case has the path .nope"},
		{".", 0.5, ". has no weight of its own: only object keys of the references weigh"},
		{".items[]", 0.5, ".items[] has no weight of its own: only object keys of the references weigh"},
	} {
		if err := d.SetWeight(c.path, c.w); err == nil || err.Error() != c.want {
			t.Errorf("SetWeight(%s, %v): %v, want %q", c.path, c.w, err, c.want)
		}
	}
	m, _ := scoring.LookupMetric("uipath")
	u := scoreSpec(t, Spec{Ref: records}, Config{Metric: m, Keep: true}).Scored
	if err := u.SetWeight(".vendor", 0.5); err != ErrFixedWeights {
		t.Errorf("uipath SetWeight: %v, want ErrFixedWeights", err)
	}
}

// TestCaseTreeAndWeights checks that a case read again scores what the
// dataset says under the weights in force, and that the weights in force
// written out score the dataset afresh as it was re-weighted.
func TestCaseTreeAndWeights(t *testing.T) {
	for _, form := range []string{"records", "files", "dirs"} {
		t.Run(form, func(t *testing.T) {
			dir := t.TempDir()
			records := genRecords(t, dir, 120, 13)
			spec := Spec{Ref: records}
			if form != "records" {
				refFile, outFile, refDir, outDir := writeForms(t, records, dir)
				spec = Spec{Ref: refFile, Out: outFile}
				if form == "dirs" {
					spec = Spec{Ref: refDir, Out: outDir}
				}
			}
			base := `{"items": {"__items": 0.5}, "notes": 0}`
			src, err := Open(spec)
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			res, err := Score(context.Background(), src, Config{Weights: mustWeights(t, base), Keep: true})
			if err != nil {
				t.Fatal(err)
			}
			d := res.Scored
			if err := d.SetWeight(".items[].unit_price", 0.25); err != nil {
				t.Fatal(err)
			}
			if err := d.SetWeight(".vendor", 0); err != nil {
				t.Fatal(err)
			}
			for _, k := range []int{0, 7, 55, 119} {
				c, err := d.CaseTree(context.Background(), k)
				if err != nil {
					t.Fatal(err)
				}
				want := d.Case(k)
				if c.ID != want.ID || c.Status != want.Status || c.Result.HasScore != want.HasScore || !near12(c.Result.Score, want.Score) {
					t.Errorf("case %d: %s %s %v, want %s %s %v", k, c.ID, c.Status, c.Result.Score, want.ID, want.Status, want.Score)
				}
			}
			src2, err := d.MarshalWeights()
			if err != nil {
				t.Fatal(err)
			}
			again := scoreSpec(t, spec, Config{Weights: mustWeights(t, string(src2))})
			closeFigures(t, "weights written out", d.Figures(), again.Figures)
		})
	}
}
