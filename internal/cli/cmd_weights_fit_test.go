package cli

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const calib = "../../testdata/calibration/"

// TestWeightsFit: the worked example: the fit raises the held-out
// agreement, reports every change, and writes the start file's shape,
// the same bytes each time.
func TestWeightsFit(t *testing.T) {
	dir := t.TempDir()
	var files [2][]byte
	for k := range files {
		out := filepath.Join(dir, fmt.Sprintf("fitted-%d.json", k))
		code, stdout, errs := runCLI(t, "", "weights", "fit", calib+"data.jsonl", calib+"weights.json", "--labels", calib+"labels.jsonl", "-o", out)
		if code != 0 || stdout != "" {
			t.Fatalf("exit %d, stdout %q: %s", code, stdout, errs)
		}
		for _, want := range []string{
			"jsontui: fitted 9 weights to 160 grades (" + calib + "labels.jsonl): objective pairwise, 5 folds\n",
			"  fitted (160 cases)  0.1825",
			"  held out (5 folds)  0.1825",
			"weights changed (",
			"  .note ",
		} {
			if !strings.Contains(errs, want) {
				t.Errorf("report lacks %q:\n%s", want, errs)
			}
		}
		var err error
		if files[k], err = os.ReadFile(out); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatalf("two fits differ:\n%s\n%s", files[0], files[1])
	}
	got := string(files[0])
	keys := []string{`"vendor"`, `"date"`, `"currency"`, `"total"`, `"items"`, `"__items"`, `"sku"`, `"qty"`, `"price"`, `"note"`}
	at := -1
	for _, k := range keys {
		i := strings.Index(got, k)
		if i <= at {
			t.Fatalf("key %s out of the start file's order:\n%s", k, got)
		}
		at = i
	}
	if !strings.Contains(got, `"note": 0.0`) || !strings.Contains(got, `"__items": 1.0`) {
		t.Errorf("fitted file:\n%s", got)
	}
	// The fitted weights agree better, as score measures it.
	code, stdout, errs := runCLI(t, "", "score", calib+"data.jsonl", filepath.Join(dir, "fitted-0.json"), "--labels", calib+"labels.jsonl")
	if code != 0 || !strings.Contains(stdout, "agreement with 160 grades") || strings.Contains(stdout, "Kendall's tau-b 0.1825") {
		t.Errorf("score under the fitted weights: exit %d %s\n%s", code, errs, stdout)
	}
}

// TestWeightsFitNoImprovement: labels of pure noise: no improvement,
// nothing written, exit 1.
func TestWeightsFitNoImprovement(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(3, 3))
	var b strings.Builder
	for i := 1; i <= 160; i++ {
		fmt.Fprintf(&b, `{"id": "inv-%03d", "label": %.2f}`+"\n", i, rng.Float64())
	}
	labels := filepath.Join(dir, "noise.jsonl")
	if err := os.WriteFile(labels, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fitted.json")
	code, stdout, errs := runCLI(t, "", "weights", "fit", calib+"data.jsonl", calib+"weights.json", "--labels", labels, "-o", out)
	if code != 1 || stdout != "" || !strings.Contains(errs, "jsontui: no improvement: the held-out gain ") || !strings.Contains(errs, "is below --min-gain 0.01; nothing written") {
		t.Fatalf("exit %d, stdout %q:\n%s", code, stdout, errs)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a file was written: %v", err)
	}
}

// TestWeightsFitBadInput: no labels, too few, a metric without weights,
// a bad objective: exit 2.
func TestWeightsFitBadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{calib + "data.jsonl"}, "weights fit needs people's labels: --labels FILE or --label-field PATH"},
		{[]string{small + "data.jsonl", "--labels", labelsSmall + "labels.jsonl"}, "too few labelled cases to fit and to hold out"},
		{[]string{calib + "data.jsonl", "--labels", calib + "labels.jsonl", "--metric", "exact"}, "--metric exact takes no weights"},
		{[]string{calib + "data.jsonl", "--labels", calib + "labels.jsonl", "--objective", "hinge"}, `--objective "hinge": it is pairwise`},
		{[]string{calib + "data.jsonl", "--labels", calib + "labels.jsonl", "--folds", "1"}, "--folds 1: it is 2 or more"},
		{[]string{pizza + "reference.json", "--labels", calib + "labels.jsonl"}, "weights fit takes a dataset"},
	} {
		code, _, errs := runCLI(t, "", append([]string{"weights", "fit"}, c.args...)...)
		if code != 2 || !strings.Contains(errs, c.want) {
			t.Errorf("%v: exit %d, %s; want %q", c.args, code, errs, c.want)
		}
	}
}
