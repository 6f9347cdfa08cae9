package cli

import (
	"encoding/json"
	"iter"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// copyPizza copies the pizza case into a new folder and returns it.
func copyPizza(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	for _, name := range []string{"reference.json", "output.json", "weights.json"} {
		data, err := os.ReadFile(pizza + name)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

type listedRun struct {
	ID       string   `json:"id"`
	Label    string   `json:"label"`
	Count    int      `json:"count"`
	Options  []string `json:"options"`
	Time     string   `json:"time"`
	LastSeen string   `json:"last_seen"`
}

func listRuns(t *testing.T, store string, args ...string) []listedRun {
	t.Helper()
	code, out, errOut := runWithHistory(t, store, "", append([]string{"history", "--format", "json"}, args...)...)
	var list struct {
		Runs []listedRun `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &list); err != nil || code != 0 {
		t.Fatalf("history --format json: exit %d, %v, %s\n%s", code, err, errOut, out)
	}
	return list.Runs
}

// TestHistorySeenAgain: two identical `score` runs make one row, seen
// twice; a changed weight makes a new row; the list shows the count and
// when it was last seen.
func TestHistorySeenAgain(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	dir := copyPizza(t)
	ref, out, w := filepath.Join(dir, "reference.json"), filepath.Join(dir, "output.json"), filepath.Join(dir, "weights.json")
	score := func(args ...string) {
		t.Helper()
		if code, _, errOut := runWithHistory(t, store, "", append([]string{"score", ref, out, w, "-q"}, args...)...); code != 0 || errOut != "" {
			t.Fatalf("score: exit %d, %q", code, errOut)
		}
	}
	score()
	score()
	runs := listRuns(t, store)
	if len(runs) != 1 || runs[0].Count != 2 || runs[0].LastSeen <= runs[0].Time || runs[0].Options == nil || len(runs[0].Options) != 0 {
		t.Fatalf("two identical runs: %+v", runs)
	}
	first := runs[0].ID
	_, text, _ := runWithHistory(t, store, "", "history")
	if !regexp.MustCompile(`(?m)^ID +TIME +SEEN +LABEL +SCORE +Δ +CONFIG +SOURCE +FILES$`).MatchString(text) ||
		!regexp.MustCompile(`(?m)^`+first[:10]+` +\S+ \S+ +×2 last \d\d:\d\d +0\.876013 +jsondiff +score +`).MatchString(text) {
		t.Fatalf("history:\n%s", text)
	}

	// A weight changed: a new row.
	data, _ := os.ReadFile(w)
	os.WriteFile(w, []byte(strings.Replace(string(data), `"beer": 0.25`, `"beer": 0.5`, 1)), 0o644)
	score()
	runs = listRuns(t, store)
	if len(runs) != 2 || runs[0].ID == first || runs[0].Count != 1 || runs[1].Count != 2 {
		t.Fatalf("after a changed weight: %+v", runs)
	}
	// So do the options, and a label.
	score("--abs-tol", "0.5")
	score("--label", "tuned")
	if runs = listRuns(t, store); len(runs) != 4 || strings.Join(runs[1].Options, " ") != "abs-tol=0.5" || runs[0].Label != "tuned" {
		t.Fatalf("options, label: %+v", runs)
	}
	score("--label", "tuned")
	if runs = listRuns(t, store); len(runs) != 4 || runs[0].Count != 2 {
		t.Fatalf("the labelled run again: %+v", runs)
	}
	_, show, _ := runWithHistory(t, store, "", "history", "show", runs[0].ID)
	if !regexp.MustCompile(`"tuned"  seen 2 times, last \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\n`).MatchString(show) {
		t.Errorf("history show of a run seen twice:\n%s", show)
	}
}

// TestHistoryPairNoMatch: --pair that matches nothing says so, and what
// there is instead.
func TestHistoryPairNoMatch(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	run := func(args ...string) string {
		t.Helper()
		code, out, errOut := runWithHistory(t, store, "", args...)
		if code != 0 || errOut != "" {
			t.Fatalf("%v: exit %d, %q", args, code, errOut)
		}
		return out
	}
	rel := func(p string) string { return relPath(p) }
	ref, out := pizza+"reference.json", pizza+"output.json"
	absRef, _ := filepath.Abs(ref)
	absOut, _ := filepath.Abs(out)
	if got, want := run("history", "--pair", ref, "x.json"), "No runs of "+rel(absRef)+" ↔ x.json in "+store+".\n"+
		"No runs are recorded yet: run 'jsontui score REF OUT' or the explorer to record one.\n"; got != want {
		t.Errorf("empty store:\n got %q\nwant %q", got, want)
	}
	run("score", ref, out, "-q")
	run("score", ref, out, pizza+"weights.json", "-q")
	run("score", out, ref, "-q")
	want := "No runs of " + rel(absRef) + " ↔ x.json in " + store + ".\n" +
		"3 runs are of other pairs; 'jsontui history' lists them.\n" +
		"Runs with one of these files:\n" +
		"  " + rel(absRef) + " ↔ " + rel(absOut) + "  (2 runs)\n"
	if got := run("history", "--pair", ref, "x.json"); got != want {
		t.Errorf("--pair with no run:\n got %q\nwant %q", got, want)
	}
	if got := run("history", "--pair", "a.json", "b.json"); !strings.HasSuffix(got, "3 runs are of other pairs; 'jsontui history' lists them.\n") {
		t.Errorf("--pair of unknown files: %q", got)
	}
	if got := run("history", "--pair", "a.json", "b.json", "--format", "json"); got != "{\n  \"runs\": []\n}\n" {
		t.Errorf("--pair --format json: %q", got)
	}
}

// TestHistoryShowValues: `history show` prints the values of the files
// when they are as the run read them, and says why not when they are not.
func TestHistoryShowValues(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	dir := copyPizza(t)
	ref, out := filepath.Join(dir, "reference.json"), filepath.Join(dir, "output.json")
	if code, _, errOut := runWithHistory(t, store, "", "score", ref, out, filepath.Join(dir, "weights.json"), "-q", "--lists", "best"); code != 0 {
		t.Fatal(errOut)
	}
	id := listRuns(t, store)[0].ID
	show := func(args ...string) string {
		t.Helper()
		code, got, errOut := runWithHistory(t, store, "", append([]string{"history", "show", id}, args...)...)
		if code != 0 || errOut != "" {
			t.Fatalf("show: exit %d, %q", code, errOut)
		}
		return got
	}
	got := show()
	for _, want := range []string{
		"node                reference    output       weight         f     score      loss  status\n",
		"├─ margherita       19.0         39.0              1            0.655172  0.113058  partial\n",
		"      ├─ pizza      \"pepperoni\"  \"peppers\"       0.5            0.666667  0.010929  partial\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("history show: no %q in\n%s", want, got)
		}
	}
	var shown struct {
		Nodes []struct {
			Path      string          `json:"path"`
			Reference json.RawMessage `json:"reference"`
			Output    json.RawMessage `json:"output"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(show("--format", "json")), &shown); err != nil || len(shown.Nodes) != 15 ||
		shown.Nodes[12].Path != ".fixed_menus[1].pizza" || string(shown.Nodes[12].Reference) != `"pepperoni"` || string(shown.Nodes[12].Output) != `"peppers"` {
		t.Errorf("history show --format json: %v %+v", err, shown.Nodes)
	}
	if md := show("--format", "markdown"); !strings.Contains(md, "| `.margherita` | `19.0` | `39.0` |") {
		t.Errorf("history show --format markdown:\n%s", md)
	}

	// The output changed since: no values, and why.
	os.WriteFile(out, []byte(`{"margherita": 1}`), 0o644)
	got = show()
	name := relPath(out)
	if !strings.Contains(got, "(reference and output values not shown: "+name+" changed since the run)\n") ||
		!strings.Contains(got, "node                weight         f     score      loss  status\n") ||
		!strings.Contains(got, "├─ margherita            1            0.655172  0.113058  partial\n") {
		t.Errorf("history show after the output changed:\n%s", got)
	}
	os.Remove(out)
	if got = show(); !strings.Contains(got, "(reference and output values not shown: "+name+" is gone)\n") {
		t.Errorf("history show after the output went:\n%s", got)
	}
	if md := show("--format", "markdown"); !strings.HasPrefix(md, "> (reference and output values not shown: "+name+" is gone)\n\n### jsondiff") {
		t.Errorf("markdown:\n%s", md)
	}

	// Standard input is not kept.
	data, _ := os.ReadFile(pizza + "output.json")
	if code, _, errOut := runWithHistory(t, store, string(data), "score", ref, "-", "-q"); code != 0 {
		t.Fatal(errOut)
	}
	id = listRuns(t, store)[0].ID
	if got = show(); !strings.Contains(got, "(reference and output values not shown: the output was standard input, which the history does not keep)\n") {
		t.Errorf("history show of standard input:\n%s", got)
	}
}

// TestHistoryDiffPairs: diffing runs of two pairs warns first.
func TestHistoryDiffPairs(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	ref, out := pizza+"reference.json", pizza+"output.json"
	for _, args := range [][]string{{ref, out}, {ref, out, pizza + "weights.json"}, {out, ref}} {
		if code, _, errOut := runWithHistory(t, store, "", append([]string{"score", "-q"}, args...)...); code != 0 {
			t.Fatal(errOut)
		}
	}
	runs := listRuns(t, store)
	code, _, errOut := runWithHistory(t, store, "", "history", "diff", runs[2].ID, runs[1].ID)
	if code != 0 || errOut != "" {
		t.Errorf("same pair: exit %d, %q", code, errOut)
	}
	code, got, errOut := runWithHistory(t, store, "", "history", "diff", runs[1].ID, runs[0].ID)
	want := "jsontui: warning: the runs are of two pairs (" + relPath(abs(t, ref)) + " ↔ " + relPath(abs(t, out)) + " and " +
		relPath(abs(t, out)) + " ↔ " + relPath(abs(t, ref)) + "): their scores do not compare path by path\n"
	if code != 0 || errOut != want || !strings.Contains(got, "total  0.876013 → ") {
		t.Errorf("two pairs: exit %d\n got %q\nwant %q\n%s", code, errOut, want, got)
	}
	if code, _, errOut := runWithHistory(t, store, "", "history", "diff", runs[1].ID, runs[0].ID, "--format", "json"); code != 0 || errOut != want {
		t.Errorf("two pairs, json: exit %d, %q", code, errOut)
	}
}

func abs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// TestFillValues: values go to the nodes of the same path, in order,
// until the paths part.
func TestFillValues(t *testing.T) {
	seq := func(paths ...string) iter.Seq[*report.Node] {
		return func(yield func(*report.Node) bool) {
			for _, p := range paths {
				if !yield(&report.Node{Path: p, Reference: json.RawMessage(`"r` + p + `"`), Output: json.RawMessage(`"o` + p + `"`)}) {
					return
				}
			}
		}
	}
	stored := func(paths ...string) iter.Seq[*report.Node] {
		return func(yield func(*report.Node) bool) {
			for _, p := range paths {
				if !yield(&report.Node{Path: p}) {
					return
				}
			}
		}
	}
	var got []string
	for n := range fillValues(stored(".", ".a", ".b", ".c"), seq(".", ".a", ".x", ".c")) {
		got = append(got, n.Path+"="+string(n.Reference)+","+string(n.Output))
	}
	if want := `.="r.","o." .a="r.a","o.a" .b=, .c=,`; strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
}
