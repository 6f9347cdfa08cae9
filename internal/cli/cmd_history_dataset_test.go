package cli

import (
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
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// Two models' answers to ten cases whose reference holds ten true
// booleans: a case scores the share of them the answer gets right, in
// tenths. Model B gains 0.3, 0.1, 0.2, 0, 0.1, −0.1, 0.2, 0.3, 0, 0.1 on
// them; model A alone has c11, model B alone c12.
var (
	modelA = []int{5, 6, 7, 8, 9, 4, 3, 6, 7, 8}
	modelB = []int{8, 7, 9, 8, 10, 3, 5, 9, 7, 9}
)

// writeModel writes the dataset of a model's answers (tenths right per
// case) as one file of records, with the extra case named extra.
func writeModel(t *testing.T, dir, name string, right []int, extra string) string {
	t.Helper()
	obj := func(k int) string {
		var parts []string
		for j := range 10 {
			parts = append(parts, fmt.Sprintf(`"k%d": %v`, j, j < k))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	var b strings.Builder
	for i, k := range right {
		fmt.Fprintf(&b, `{"id": "c%02d", "expected": %s, "output": %s}`+"\n", i+1, obj(10), obj(k))
	}
	fmt.Fprintf(&b, `{"id": %q, "expected": %s, "output": %s}`+"\n", extra, obj(10), obj(5))
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// lastRun returns the id of the newest run of the store.
func lastRun(t *testing.T, store string) string {
	t.Helper()
	code, out, errOut := runWithHistory(t, store, "", "history", "--format", "json", "--limit", "1")
	var list struct {
		Runs []struct {
			ID    string `json:"id"`
			Cases *int   `json:"cases"`
		} `json:"runs"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &list) != nil || len(list.Runs) != 1 {
		t.Fatalf("history: %d %s %s", code, out, errOut)
	}
	return list.Runs[0].ID
}

func TestHistoryDatasetRun(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	a := writeModel(t, dir, "model-a.jsonl", modelA, "c11")
	code, scored, errOut := runWithHistory(t, store, "", "score", a, "--label", "model A")
	if code != 0 {
		t.Fatalf("score: %d %s", code, errOut)
	}
	id := lastRun(t, store)
	code, out, _ := runWithHistory(t, store, "", "history")
	if code != 0 || !strings.Contains(out, "model A") || !strings.Contains(out, "dataset 11 cases: "+a) {
		t.Errorf("history:\n%s", out)
	}
	code, out, _ = runWithHistory(t, store, "", "history", "--format", "json")
	if code != 0 || !strings.Contains(out, `"cases": 11`) {
		t.Errorf("history --format json:\n%s", out)
	}

	// show prints what score printed, after the run's line.
	code, out, errOut = runWithHistory(t, store, "", "history", "show", id[:12])
	head, rest, _ := strings.Cut(out, "\n")
	if code != 0 || !strings.HasPrefix(head, "run "+id) || !strings.Contains(head, `"model A"`) || rest != scored {
		t.Errorf("show: %d %s\n%s\nwant after the run's line:\n%s", code, errOut, out, scored)
	}
	// The JSON of the run is the JSON of score: every figure as it was.
	_, want, _ := runCLI(t, "", "score", a, "--format", "json", "--no-history")
	code, out, _ = runWithHistory(t, store, "", "history", "show", id, "--format", "json")
	if code != 0 || out != want {
		t.Errorf("show --format json:\n%s\nwant:\n%s", out, want)
	}
	_, want, _ = runCLI(t, "", "score", a, "--format", "markdown", "--no-history")
	if code, out, _ = runWithHistory(t, store, "", "history", "show", id, "--format", "markdown"); code != 0 || out != want {
		t.Errorf("show --format markdown:\n%s\nwant:\n%s", out, want)
	}

	// One case, as score --case prints it: the values come from the file
	// while it is as the run read it.
	_, want, _ = runCLI(t, "", "score", a, "--case", "c03", "--no-history")
	code, out, errOut = runWithHistory(t, store, "", "history", "show", id, "--case", "c03")
	head, rest, _ = strings.Cut(out, "\n")
	if code != 0 || head != strings.SplitN(runHeadOf(t, store, id), "\n", 2)[0]+"  case c03" || rest != want {
		t.Errorf("show --case: %d %s\n%s\nwant after the run's line:\n%s", code, errOut, out, want)
	}
	_, want, _ = runCLI(t, "", "score", a, "--case", "c03", "--no-history", "--format", "json")
	if code, out, _ = runWithHistory(t, store, "", "history", "show", id, "--case", "c03", "--format", "json"); code != 0 || out != want {
		t.Errorf("show --case --format json:\n%s\nwant:\n%s", out, want)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"history", "show", id, "--case", "c99"}, "run " + id + " has no case \"c99\""},
		{[]string{"history", "show", id, "--case", ""}, "run " + id + " has no case \"\""},
	} {
		if code, _, errOut := runWithHistory(t, store, "", c.args...); code != 2 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: %d %q, want exit 2 and %q", c.args, code, errOut, c.want)
		}
	}
	// Changed since the run: the figures, without the values, and why.
	os.WriteFile(a, append(must(os.ReadFile(a)), '\n'), 0o644)
	code, out, _ = runWithHistory(t, store, "", "history", "show", id, "--case", "c03")
	if code != 0 || !strings.Contains(out, "(reference and output values not shown: "+a+" changed since the run)") ||
		strings.Contains(out, "true") {
		t.Errorf("show --case of a changed dataset:\n%s", out)
	}

	// --no-history and --case record nothing.
	for _, args := range [][]string{{"score", a, "--no-history"}, {"score", a, "--case", "c01"}} {
		if code, _, errOut := runWithHistory(t, store, "", args...); code != 0 {
			t.Fatalf("%v: %d %s", args, code, errOut)
		}
		if got := lastRun(t, store); got != id {
			t.Errorf("%v recorded run %s", args, got)
		}
	}
}

// runHeadOf returns the first line history show prints of a run.
func runHeadOf(t *testing.T, store, id string) string {
	t.Helper()
	_, out, _ := runWithHistory(t, store, "", "history", "show", id)
	return out
}

func must(b []byte, err error) []byte {
	if err != nil {
		panic(err)
	}
	return b
}

// datasetDiffJSON is what `history diff --format json` prints of two
// dataset runs, as far as the tests read it.
type datasetDiffJSON struct {
	A, B struct {
		ID    string  `json:"id"`
		Score float64 `json:"score"`
	}
	Cases struct {
		Paired, Improved, Regressed, Unchanged int
		OnlyA                                  []string `json:"only_a"`
		OnlyB                                  []string `json:"only_b"`
	}
	Delta struct {
		Mean  float64    `json:"mean"`
		CI95  [2]float64 `json:"ci95"`
		PT    float64    `json:"p_t"`
		PSign float64    `json:"p_sign"`
	}
	Regressed, Improved []struct {
		ID          string
		A, B, Delta float64
	}
	Paths []struct {
		Path        string
		A, B, Delta float64
		LossA       float64 `json:"loss_a"`
		LossB       float64 `json:"loss_b"`
	}
	Weights      []json.RawMessage
	Verdict      string
	Disagreement *string
}

// checkDiffFigures fails t unless the statistics of d are those worked by
// hand for the runs of model-a.jsonl and model-b.jsonl.
func checkDiffFigures(t *testing.T, d *datasetDiffJSON) {
	t.Helper()
	// By hand: Σd = 1.2, mean 0.12; Σd² = 0.30, Σ(d − mean)² = 0.156,
	// std = √(0.156/9), se = std/√10, t = 0.12/se = 2.882307 (df 9);
	// CI 0.12 ± t(0.975, 9)·se, t(0.975, 9) = 2.262157 (published).
	// Sign test: 7 improved against 1: 2·(1 + 8)/2⁸.
	se := math.Sqrt(0.156/9) / math.Sqrt(10)
	for _, c := range []struct {
		what      string
		got, want float64
		tol       float64
	}{
		{"mean", d.Delta.Mean, 0.12, 1e-12},
		{"CI low", d.Delta.CI95[0], 0.12 - 2.262157*se, 1e-7},
		{"CI high", d.Delta.CI95[1], 0.12 + 2.262157*se, 1e-7},
		{"p_t", d.Delta.PT, dataset.TTestP(0.12/se, 9), 1e-9},
		{"p_sign", d.Delta.PSign, 18.0 / 256, 1e-15},
		// The dataset scores: A (0.5+...+0.8 + 0.5)/11, B likewise.
		{"score A", d.A.Score, (6.3 + 0.5) / 11, 1e-12},
		{"score B", d.B.Score, (7.5 + 0.5) / 11, 1e-12},
	} {
		if math.Abs(c.got-c.want) > c.tol {
			t.Errorf("%s = %.12g, want %.12g", c.what, c.got, c.want)
		}
	}
}

func TestHistoryDatasetDiff(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	var ids [2]string
	for i, m := range []struct {
		name  string
		right []int
		extra string
	}{{"model-a.jsonl", modelA, "c11"}, {"model-b.jsonl", modelB, "c12"}} {
		p := writeModel(t, dir, m.name, m.right, m.extra)
		if code, _, errOut := runWithHistory(t, store, "", "score", p); code != 0 {
			t.Fatalf("score %s: %s", m.name, errOut)
		}
		ids[i] = lastRun(t, store)
	}
	code, out, errOut := runWithHistory(t, store, "", "history", "diff", ids[0], ids[1], "--format", "json")
	if code != 0 {
		t.Fatalf("diff: %d %s", code, errOut)
	}
	var d datasetDiffJSON
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("diff JSON: %v\n%s", err, out)
	}
	checkDiffFigures(t, &d)
	if d.A.ID != ids[0] || d.B.ID != ids[1] || d.Cases.Paired != 10 || d.Cases.Improved != 7 || d.Cases.Regressed != 1 || d.Cases.Unchanged != 2 ||
		strings.Join(d.Cases.OnlyA, ",") != "c11" || strings.Join(d.Cases.OnlyB, ",") != "c12" {
		t.Errorf("cases: %+v, runs %+v %+v", d.Cases, d.A, d.B)
	}
	if len(d.Regressed) != 1 || d.Regressed[0].ID != "c06" || math.Abs(d.Regressed[0].Delta+0.1) > 1e-12 ||
		len(d.Improved) != 7 || d.Improved[0].ID != "c01" || d.Improved[1].ID != "c08" {
		t.Errorf("regressed %+v, improved %+v", d.Regressed, d.Improved)
	}
	if len(d.Paths) != 11 || d.Paths[0].Path != "." || d.Paths[0].LossA <= d.Paths[0].LossB || d.Weights == nil || len(d.Weights) != 0 {
		t.Errorf("paths %+v, weights %s", d.Paths, d.Weights)
	}
	want := "B is better by +0.120 (95% CI +0.026 … +0.214, t-test p = 0.018, sign test p = 0.07; 7 cases improved, 1 regressed)."
	if d.Verdict != want {
		t.Errorf("verdict %q, want %q", d.Verdict, want)
	}
	// The t-test finds a difference the sign test (7 vs 1) does not: one
	// line says why.
	wantWhy := "The tests disagree: the mean moved up (t-test p = 0.018), but about as many cases improved as regressed (7 vs 1, sign test p = 0.07): a few large changes carry it (the largest +0.300, case c01)."
	if d.Disagreement == nil || *d.Disagreement != wantWhy {
		t.Errorf("disagreement %v, want %q", d.Disagreement, wantWhy)
	}
	// The text says it first.
	code, out, _ = runWithHistory(t, store, "", "history", "diff", ids[0][:12], ids[1][:12])
	if code != 0 || !strings.HasPrefix(out, want+"\n"+wantWhy+"\n") {
		t.Errorf("diff text:\n%s", out)
	}
	for _, s := range []string{"A  " + ids[0], "B  " + ids[1], "cases      10 paired: 7 improved, 1 regressed, 2 unchanged · 1 only in A · 1 only in B",
		"sign test  7 improved vs 1 regressed · p = 0.07031", "most regressed (1 of 1)\n  case    A    B     Δ\n  c06   0.4  0.3  -0.1\n", "only in A (1): c11"} {
		if !strings.Contains(out, s) {
			t.Errorf("diff text lacks %q:\n%s", s, out)
		}
	}

	// A pair's run does not compare with a dataset's.
	if code, _, errOut := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json"); code != 0 {
		t.Fatal(errOut)
	}
	pair := lastRun(t, store)
	code, _, errOut = runWithHistory(t, store, "", "history", "diff", ids[0], pair)
	if wantErr := fmt.Sprintf("run %s is of a dataset and run %s of a pair: a dataset's runs compare with each other only", ids[0], pair); code != 2 || !strings.Contains(errOut, wantErr) {
		t.Errorf("diff dataset/pair: %d %s", code, errOut)
	}
	if code, _, errOut = runWithHistory(t, store, "", "history", "show", pair, "--case", "c01"); code != 2 || !strings.Contains(errOut, "is of a pair, not of a dataset") {
		t.Errorf("show --case of a pair: %d %s", code, errOut)
	}
}

func TestHistoryDatasetStdin(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	data := string(must(os.ReadFile(small + "data.jsonl")))
	if code, _, errOut := runWithHistory(t, store, data, "score", "--dataset", "-", "--quiet"); code != 0 {
		t.Fatalf("score -: %s", errOut)
	}
	id := lastRun(t, store)
	code, out, _ := runWithHistory(t, store, "", "history", "show", id, "--case", "inv-002")
	if code != 0 || !strings.Contains(out, "(reference and output values not shown: the dataset was read from standard input, which the history does not keep)") ||
		!strings.Contains(out, "jsondiff 0.") {
		t.Errorf("show --case of standard input:\n%s", out)
	}
	// Standard input is hashed as it is read.
	runs, err := history.Open(store).List(history.ListOptions{})
	sum := sha256.Sum256([]byte(data))
	if err != nil || len(runs) != 1 || runs[0].Reference != (history.File{Path: "-", SHA256: hex.EncodeToString(sum[:])}) ||
		runs[0].Output != runs[0].Reference || runs[0].Cases != 6 {
		t.Errorf("history: %+v, %v", runs, err)
	}
	code, out, _ = runWithHistory(t, store, "", "history", "show", id, "--format", "json")
	if code != 0 || !strings.Contains(out, `"reference": "-"`) {
		t.Errorf("show:\n%s", out)
	}
}

// TestHistoryDatasetPendingAndLost: a dataset's run that the store cannot
// take is kept pending (and imported later), one that can be kept nowhere
// fails the command after its output, as a pair's do.
func TestHistoryDatasetPendingAndLost(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	os.WriteFile(store, []byte(strings.Repeat("not a store ", 1000)), 0o600)
	code, out, errOut := runWithHistory(t, store, "", "score", small+"data.jsonl", "-q")
	if code != 0 || out != "0.4703937463810075\n" || !strings.Contains(errOut, "jsontui: warning: history: run kept in "+filepath.Join(dir, "pending")) {
		t.Fatalf("exit %d, %q, %q", code, out, errOut)
	}
	os.Rename(store, store+".away")
	if id := lastRun(t, store); id == "" {
		t.Fatal("the pending run was not imported")
	}
	code, out, _ = runWithHistory(t, store, "", "history", "show", lastRun(t, store), "--case", "inv-002", "--format", "json")
	if code != 0 || !strings.Contains(out, `"score": 0.7623624782860452`) {
		t.Errorf("the imported run's case: %d\n%s", code, out)
	}

	dir = t.TempDir()
	store = filepath.Join(dir, "history.db")
	os.WriteFile(store, []byte(strings.Repeat("not a store ", 1000)), 0o600)
	os.WriteFile(filepath.Join(dir, "pending"), []byte("a file where the pending folder goes"), 0o600)
	code, out, errOut = runWithHistory(t, store, "", "score", small+"data.jsonl", "-q")
	if code != 2 || out != "0.4703937463810075\n" || !strings.Contains(errOut, "the run was not recorded") {
		t.Errorf("exit %d, %q, %q", code, out, errOut)
	}
}

// TestDatasetHistoryOneFile: the history pane of a dataset in one file of
// records lists the other model's runs (another file of the same number
// of reference cases) beside its own, without a: a file of records holds
// its references, so the runs of other files cannot be found by the
// reference's path. A dataset of other cases is left to a.
func TestDatasetHistoryOneFile(t *testing.T) {
	dir := t.TempDir()
	store := filepath.Join(dir, "history.db")
	a := writeModel(t, dir, "model-a.jsonl", modelA, "c11")
	b := writeModel(t, dir, "model-b.jsonl", modelB, "c12")
	other := writeModel(t, dir, "other.jsonl", modelA[:4], "c05")
	for _, f := range []string{a, b, other} {
		if code, _, errOut := runWithHistory(t, store, "", "score", f, "--quiet", "--label", filepath.Base(f)); code != 0 {
			t.Fatalf("score %s: %d %s", f, code, errOut)
		}
	}
	labels := func(runs []ports.RunSummary) string {
		var out []string
		for _, r := range runs {
			mark := ""
			if r.ThisPair {
				mark = "*"
			}
			out = append(out, r.Label+mark)
		}
		return strings.Join(out, " ")
	}
	h := &datasetHistory{a: historyApp(store), ref: a, cases: func() int { return 11 }}
	for _, c := range []struct {
		all  bool
		want string
	}{{false, "model-b.jsonl model-a.jsonl*"}, {true, "other.jsonl model-b.jsonl model-a.jsonl*"}} {
		runs, err := h.Runs(c.all)
		if err != nil {
			t.Fatal(err)
		}
		if got := labels(runs); got != c.want {
			t.Errorf("all %v: runs %q, want %q", c.all, got, c.want)
		}
	}
	// Before the dataset is scored, its own runs only.
	h.cases = func() int { return 0 }
	if runs, err := h.Runs(false); err != nil || labels(runs) != "model-a.jsonl*" {
		t.Errorf("not scored yet: %q, %v", labels(runs), err)
	}
	// Two files: the runs of the same references file, as before.
	refs := filepath.Join(dir, "refs.jsonl")
	h2 := &datasetHistory{a: historyApp(store), ref: refs, out: b, cases: func() int { return 11 }}
	if runs, err := h2.Runs(false); err != nil || len(runs) != 0 {
		t.Errorf("two files: %q, %v", labels(runs), err)
	}
}
