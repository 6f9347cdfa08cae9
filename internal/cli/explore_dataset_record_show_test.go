package cli

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/ports"
)

// The dataset explorer's runs after the opening against `score`'s of the
// same files: `history show` prints the same.

// TestDatasetRecorderStdin: a dataset read from standard input, which
// cannot be read again, has its saves recorded, the input named "-"
// with the SHA-256 of what was read, as `score` records it.
func TestDatasetRecorderStdin(t *testing.T) {
	dir, data, weights := smallCopy(t)
	content, err := os.ReadFile(data)
	if err != nil {
		t.Fatal(err)
	}
	spec := dataset.Spec{Ref: "-", Stdin: strings.NewReader(string(content))}
	o := openDatasetRecorderWith(t, spec, weights, metricFlags{name: scoring.DefaultMetric}, filepath.Join(dir, "history.db"), false)
	saved := tuned(t, o.res.Scored, map[string]float64{".total": 0.5})
	if err := os.WriteFile(weights, saved, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := o.r.Record(context.Background(), explorerRun(o, ports.RunSaved, ports.Files{SavePath: weights, Weights: weights}, saved)); err != nil {
		t.Fatal(err)
	}
	got := newestRun(t, o.store)
	sum := sha256.Sum256(content)
	if got.Label != "explorer saved" || got.Reference.Path != "-" || got.Reference.SHA256 != hex.EncodeToString(sum[:]) || got.Output != got.Reference {
		t.Errorf("run %+v", got)
	}
	code, _, stderr := runWithHistory(t, o.store.Path(), string(content), "score", "-", weights, "--dataset")
	if code != 0 {
		t.Fatalf("score: exit %d: %s", code, stderr)
	}
	ids := historyIDs(t, o.store.Path())
	if a, b := showRun(t, o.store.Path(), ids[1]), showRun(t, o.store.Path(), ids[2]); a != b {
		t.Errorf("history show of the saved run:\n%s\nof score's:\n%s", a, b)
	}
}

// TestDatasetRecorderShowsAsScore: a save's run records the dataset the
// explorer read, under the weights in force, as `score DATA --weights
// SAVED` records the same files: `history show` of the run and of each of
// its cases print the same, and every figure agrees to 1e-9, for a
// weight tuned, a rules file and a metric that is one number; the data
// file changed on disk after the opening, the run is of what was read,
// named by its hash then.
func TestDatasetRecorderShowsAsScore(t *testing.T) {
	for _, c := range []struct {
		name   string
		metric string
		rules  string
		tune   map[string]float64
	}{
		{"tuned", "jsondiff", "", map[string]float64{".vendor": 0.25, ".items[].qty": 0}},
		{"rules", "jsondiff", `{".vendor": "levenshtein", ".total": {"abs_tol": 0.5}}`, map[string]float64{".items[].price": 1}},
		{"one number", "edit-distance", "", nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir, data, weights := smallCopy(t)
			store := filepath.Join(dir, "history.db")
			m := metricFlags{name: c.metric}
			var rulesArgs []string
			if c.rules != "" {
				m.rules = filepath.Join(dir, "rules.json")
				if err := os.WriteFile(m.rules, []byte(c.rules), 0o644); err != nil {
					t.Fatal(err)
				}
				rulesArgs = []string{"--rules", m.rules}
			}
			o := openDatasetRecorderWith(t, dataset.Spec{Ref: data}, weights, m, store, false)
			saved := tuned(t, o.res.Scored, c.tune)
			if err := os.WriteFile(weights, saved, 0o644); err != nil {
				t.Fatal(err)
			}
			run := explorerRun(o, ports.RunSaved, ports.Files{SavePath: weights, Weights: weights, Rules: m.rules}, saved)
			// The file changes on disk before the run is recorded, and
			// comes back after.
			content, err := os.ReadFile(data)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(data, []byte(strings.Replace(string(content), "Acme GmbH", "Acme AG", -1)), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := o.r.Record(context.Background(), run); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(data, content, 0o644); err != nil {
				t.Fatal(err)
			}
			args := append([]string{"score", data, weights, "--metric", c.metric}, rulesArgs...)
			if code, _, stderr := runWithHistory(t, store, "", args...); code != 0 {
				t.Fatalf("score: exit %d: %s", code, stderr)
			}
			ids := historyIDs(t, store) // the opening, the save, score's
			if len(ids) != 3 {
				t.Fatalf("runs %v", ids)
			}
			if a, b := showRun(t, store, ids[1]), showRun(t, store, ids[2]); a != b {
				t.Errorf("history show of the saved run:\n%s\nof score's:\n%s", a, b)
			}
			checkSameDatasetRuns(t, store, ids[1], ids[2])
		})
	}
}

// checkSameDatasetRuns fails t unless the dataset runs idA and idB of store
// name the same files and hold the same figures, each case's included,
// and history show prints each case of both alike.
func checkSameDatasetRuns(t *testing.T, store, idA, idB string) {
	t.Helper()
	got, err := history.Open(store).Get(idA)
	if err != nil {
		t.Fatal(err)
	}
	want, err := history.Open(store).Get(idB)
	if err != nil {
		t.Fatal(err)
	}
	if got.Reference != want.Reference || got.Weights != want.Weights || got.Rules != want.Rules {
		t.Errorf("files %+v %+v %+v, want %+v %+v %+v", got.Reference, got.Weights, got.Rules, want.Reference, want.Weights, want.Rules)
	}
	gf, err := got.DatasetFigures()
	if err != nil {
		t.Fatal(err)
	}
	wf, err := want.DatasetFigures()
	if err != nil {
		t.Fatal(err)
	}
	if d := sameFigures(gf, wf); d != "" {
		t.Errorf("figures differ: %s", d)
	}
	for _, cf := range wf.Cases {
		a := showCase(t, store, idA, cf.ID)
		if b := showCase(t, store, idB, cf.ID); a != b {
			t.Errorf("history show --case %s of the saved run:\n%s\nof score's:\n%s", cf.ID, a, b)
		}
		if d := sameCaseFigures(t, got, want, cf.ID); d != "" {
			t.Errorf("case %s: %s", cf.ID, d)
		}
	}
}

// historyIDs returns the ids of the runs in store, oldest first.
func historyIDs(t *testing.T, store string) []string {
	t.Helper()
	code, stdout, stderr := runWithHistory(t, store, "", "history", "--format", "json")
	var list struct {
		Runs []struct {
			ID   string   `json:"id"`
			Tags []string `json:"tags"`
		} `json:"runs"`
	}
	if code != 0 || json.Unmarshal([]byte(stdout), &list) != nil {
		t.Fatalf("history: exit %d: %s%s", code, stdout, stderr)
	}
	var ids []string
	for i := len(list.Runs) - 1; i >= 0; i-- {
		ids = append(ids, list.Runs[i].ID)
	}
	return ids
}

// showRun returns what `history show ID` prints after the run's line:
// what `score` printed, or would print, for the run.
func showRun(t *testing.T, store, id string) string {
	t.Helper()
	code, out, stderr := runWithHistory(t, store, "", "history", "show", id)
	_, rest, _ := strings.Cut(out, "\n")
	if code != 0 {
		t.Fatalf("history show %s: exit %d: %s", id, code, stderr)
	}
	return rest
}

// showCase returns what `history show ID --case CASE` prints after the
// run's line.
func showCase(t *testing.T, store, id, caseID string) string {
	t.Helper()
	code, out, stderr := runWithHistory(t, store, "", "history", "show", id, "--case", caseID)
	if code != 0 {
		t.Fatalf("history show %s --case %s: exit %d: %s", id, caseID, code, stderr)
	}
	_, rest, _ := strings.Cut(out, "\n")
	return rest
}

// sameCaseFigures reports how case id differs between two runs (its
// row, its documents, every node's figures to 1e-9), "" when it does not.
func sameCaseFigures(t *testing.T, a, b *history.Run, id string) string {
	t.Helper()
	ca, err := a.Case(id)
	if err != nil {
		t.Fatal(err)
	}
	cb, err := b.Case(id)
	if err != nil {
		t.Fatal(err)
	}
	near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9 || math.IsNaN(x) && math.IsNaN(y) }
	ra, rb := ca.Report, cb.Report
	if ca.Status != cb.Status || !near(ca.Score, cb.Score) || strings.Join(ca.Warnings, "\n") != strings.Join(cb.Warnings, "\n") ||
		ra.Reference != rb.Reference || ra.Output != rb.Output || ra.Explanation != rb.Explanation || fmt.Sprint(ra.Extra) != fmt.Sprint(rb.Extra) {
		return fmt.Sprintf("%+v %+v, want %+v %+v", ca.CaseFigures, ra, cb.CaseFigures, rb)
	}
	type node struct {
		path, status             string
		score, w, f, share, loss float64
	}
	nodes := func(r *report.Report) []node {
		var out []node
		if r.Nodes == nil {
			return nil
		}
		for n := range r.Nodes {
			out = append(out, node{strings.Clone(n.Path), n.Status, n.Score, n.Weight, n.Factor, n.Share, n.Loss})
		}
		return out
	}
	na, nb := nodes(ra), nodes(rb)
	if len(na) != len(nb) {
		return fmt.Sprintf("%d nodes, want %d", len(na), len(nb))
	}
	for i := range na {
		x, y := na[i], nb[i]
		if x.path != y.path || x.status != y.status || !near(x.score, y.score) || !near(x.w, y.w) || !near(x.f, y.f) ||
			!near(x.share, y.share) || !near(x.loss, y.loss) {
			return fmt.Sprintf("node %+v, want %+v", x, y)
		}
	}
	return ""
}
