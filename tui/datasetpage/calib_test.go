package datasetpage

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/calibrate"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// labelsDir holds the labels of dataset-small.
const labelsDir = "../../testdata/cases/labels-small"

// labelled returns dataset-small's options with the labels of file.
func labelled(t *testing.T, file string) ports.DatasetOptions {
	t.Helper()
	opts := smallDataset(t, "dark")
	opts.Labels = func(cases []dataset.CaseFigures) (*calibrate.Paired, error) {
		f, err := os.Open(filepath.Join(labelsDir, file))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		l, err := calibrate.ReadLabels(file, f)
		if err != nil {
			return nil, err
		}
		return l.Pair(cases), nil
	}
	return opts
}

// line returns the screen's line that starts with prefix, trimmed.
func line(t *testing.T, screen, prefix string) string {
	t.Helper()
	for _, l := range strings.Split(screen, "\n") {
		if strings.HasPrefix(l, prefix) {
			return strings.TrimRight(l, " ")
		}
	}
	t.Fatalf("no line starts with %q:\n%s", prefix, screen)
	return ""
}

// TestAgreementLiveAndProposal opens dataset-small with its verdicts
// (inv-001, inv-003, inv-006 pass): the AUC is 7/9 (inv-006 at 0.84211
// scores below the failed inv-002 at 0.95048). With .vendor at 0, A
// proposes .items 0.8 → 0, which lifts inv-006 to 1 and the AUC to 8/9;
// y takes it as a weight edit, the header follows, u undoes it.
func TestAgreementLiveAndProposal(t *testing.T) {
	d := newDSDriver(t, labelled(t, "verdicts.jsonl"), 120, 24)
	const head = "agreement AUC 0.77778 with 6 labelled cases  Δ opening ±0 · A proposes the weight change that raises it most"
	if got := line(t, d.Screen(), "agreement"); got != head {
		t.Errorf("header:\n got %q\nwant %q", got, head)
	}
	d.Keys("j", "x") // .vendor 1 → 0: inv-002 rises to 0.99773, no rank changes
	if got, want := d.statusText(), "weight of .vendor 1 → 0 · score 0.55315 → 0.53534"; got != want {
		t.Errorf("x: status %q, want %q", got, want)
	}
	d.Keys("A")
	want := "weight of .items 0.8 → 0: AUC 0.77778 → 0.88889 (+0.11111)?"
	if got := line(t, d.Screen(), "weight of"); !strings.HasPrefix(got, want) || !strings.HasSuffix(got, "y/enter take · n/esc leave") {
		t.Errorf("proposal: %q, want %q", got, want)
	}
	d.Keys("n")
	if got := d.statusText(); got != "left the weights as they are" {
		t.Errorf("n: status %q", got)
	}
	d.Keys("A", "y")
	if got, want := d.statusText(), "weight of .items 0.8 → 0 · score 0.53534 → 0.58280 · AUC 0.77778 → 0.88889"; got != want {
		t.Errorf("taken: status %q, want %q", got, want)
	}
	if got := line(t, d.Screen(), "agreement"); !strings.HasPrefix(got, "agreement AUC 0.88889 with 6 labelled cases  Δ opening +0.11111") {
		t.Errorf("header after: %q", got)
	}
	d.Keys("u")
	if got := line(t, d.Screen(), "agreement"); got != head {
		t.Errorf("header after undo: %q", got)
	}
	d.Keys("A", "y") // again, for the orders below
	// Score high, label low first: the failed inv-002 at 0.99682; label
	// high, score low first: the passed inv-003 at 0.5.
	d.Keys("c", "o", "o", "o")
	if got := line(t, d.Screen(), "Cases"); !strings.HasPrefix(got, "Cases  6 · score high, label low first") {
		t.Errorf("order: %q", got)
	}
	if got := line(t, d.Screen(), "inv-"); !strings.HasPrefix(got, "inv-002  scored   0.99682") {
		t.Errorf("first overrated: %q", got)
	}
	d.Keys("o")
	if got := line(t, d.Screen(), "inv-"); !strings.HasPrefix(got, "inv-003  scored   0.50000") {
		t.Errorf("first underrated: %q", got)
	}
}

// TestAgreementWithoutLabels checks that A says how to give labels, and
// that no agreement line nor disagreement order shows.
func TestAgreementWithoutLabels(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 24)
	if strings.Contains(d.Screen(), "agreement") {
		t.Errorf("an agreement line without labels:\n%s", d.Screen())
	}
	d.Keys("A")
	if got := d.statusText(); !strings.HasPrefix(got, "no labels: open the dataset with --labels FILE") {
		t.Errorf("status %q", got)
	}
	d.Keys("c", "o", "o", "o")
	if got := line(t, d.Screen(), "Cases"); !strings.HasPrefix(got, "Cases  6 · lowest score first") {
		t.Errorf("orders cycle through a disagreement without labels: %q", got)
	}
}
