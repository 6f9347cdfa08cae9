package cli

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/tui/ports"
)

// The invoice case under its rules file: the total, the rule of each leaf
// in the JSON, the explanation of one.
func TestScoreWithRules(t *testing.T) {
	args := []string{"score", invoice + "reference.json", invoice + "output.json", "--no-history"}
	code, stdout, _ := runCLI(t, "", append(args, "--quiet")...)
	if code != 0 || stdout != "0.894405385213488\n" {
		t.Errorf("no rules: exit %d, %q", code, stdout)
	}
	withRules := append(args, "--rules", invoice+"rules.json")
	code, stdout, _ = runCLI(t, "", append(withRules, "--quiet")...)
	if code != 0 || stdout != "0.8831086680417708\n" {
		t.Errorf("rules: exit %d, %q", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", append(withRules, "--format", "json")...)
	var got struct {
		Rules string `json:"rules"`
		Nodes []struct {
			Path  string  `json:"path"`
			Score float64 `json:"score"`
			Rule  string  `json:"rule"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil || code != 0 {
		t.Fatalf("exit %d, %v", code, err)
	}
	want := map[string]struct {
		rule  string
		score float64
	}{
		".invoice_number":           {"exact", 0},
		".due_date":                 {"date", 1},
		".vendor.name":              {"normalize=case,accents,space", 1},
		".line_items[0].unit_price": {"abs_tol=0.01", 1},
		".vendor.address.city":      {"", 1},
		".notes":                    {"", 1 - 1.0/50},
	}
	seen := 0
	for _, n := range got.Nodes {
		if w, ok := want[n.Path]; ok {
			seen++
			if n.Rule != w.rule || math.Abs(n.Score-w.score) > 1e-9 {
				t.Errorf("%s: rule %q score %v, want %q %v", n.Path, n.Rule, n.Score, w.rule, w.score)
			}
		}
	}
	if got.Rules != invoice+"rules.json" || seen != len(want) {
		t.Errorf("rules %q, %d of %d nodes seen", got.Rules, seen, len(want))
	}
	code, stdout, _ = runCLI(t, "", append(withRules, "--explain", ".due_date")...)
	if code != 0 || !strings.Contains(stdout, `rule date (`+invoice+`rules.json:5:3): 1 when both are the same calendar date, in any format, else 0
r "2024-05-15" → 2024-05-15 (as YYYY-MM-DD)
o "15.05.2024" → 2024-05-15 (as DD.MM.YYYY)
the same calendar date: score = 1`) {
		t.Errorf("--explain: exit %d\n%s", code, stdout)
	}
}

func TestRulesErrors(t *testing.T) {
	dir := t.TempDir()
	ref, out := invoice+"reference.json", invoice+"output.json"
	typo := writeFile(t, dir, "typo.json", "{\n  \".line_items.unit_price\": {\"abs_tol\": 0.01}\n}\n")
	unknown := writeFile(t, dir, "unknown.json", "{\n  \".invoice_number\": \"exakt\"\n}\n")
	kind := writeFile(t, dir, "kind.json", "{\n  \".total\": \"date\"\n}\n")
	syntax := writeFile(t, dir, "syntax.json", "{\n  \".total\": \"exact\",\n}\n")
	cases := []struct {
		args []string
		err  string
	}{
		{[]string{"score", ref, out, "--rules", typo}, "jsontui: " + typo + ":2:3: .line_items.unit_price: the reference has no such path; did you mean .line_items[].unit_price?\n"},
		{[]string{"score", ref, out, "--rules", unknown}, "jsontui: " + unknown + `:2:22: .invoice_number: unknown rule "exakt"; did you mean "exact"? The rules are exact, levenshtein, damerau, jaro-winkler, token-f1, {"abs_tol": X}, {"rel_tol": X}, date, {"date": "month-first"}, {"normalize": ["case", "accents", "space"]}` + "\n"},
		{[]string{"score", ref, out, "--rules", kind}, "jsontui: " + kind + ":2:13: .total: rule date compares strings, and the reference has a number here\n"},
		{[]string{"score", ref, out, "--rules", syntax}, "jsontui: " + syntax + ":3:1: invalid character '}' looking for beginning of object key string\n"},
		{[]string{"score", ref, out, "--rules", filepath.Join(dir, "nope.json")}, "jsontui: " + filepath.Join(dir, "nope.json") + ": no such file or directory\n"},
		{[]string{"score", ref, "-", "--rules", "-"}, "jsontui: only one file argument may be - (standard input): --rules and a file both are\n"},
		{[]string{"score", ref, out, "--rules", invoice + "rules.json", "--metric", "uipath"}, "jsontui: --metric uipath takes no per-key rules (" + invoice + "rules.json): it reproduces another evaluator's number, which rules would change; rules apply under jsondiff\n"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, "", append(c.args, "--no-history")...)
		stderr = strings.TrimPrefix(stderr, "jsontui: "+out+": took the JSON from the ```json code fence at line 3\n")
		if code != 2 || stderr != c.err {
			t.Errorf("%v: exit %d, stderr %q\nwant exit 2, %q", c.args, code, stderr, c.err)
		}
	}
}

// A score run records the rules file and the rules in force, which read
// back from the store.
func TestScoreRecordsRules(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	rules := invoice + "rules.json"
	code, _, _ := runWithHistory(t, store, "", "score", invoice+"reference.json", invoice+"output.json", "--rules", rules, "-q")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	s := history.Open(store)
	list, err := s.List(history.ListOptions{})
	if err != nil || len(list) != 1 {
		t.Fatalf("%d runs, %v", len(list), err)
	}
	run, err := s.Get(list[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(rules)
	if err != nil {
		t.Fatal(err)
	}
	abs, _ := filepath.Abs(rules)
	if run.Rules != history.NewFile(rules, data) || run.Rules.Path != abs || string(run.RulesJSON) != string(data) {
		t.Errorf("rules %+v, JSON %s", run.Rules, run.RulesJSON)
	}
	if rep := run.Report(); rep.Rules != abs {
		t.Errorf("report rules %q", rep.Rules)
	}
}

// The explorer records the rules in force with each run, and its history
// hands them back for `R` to restore.
func TestExplorerRecordsRules(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	a := historyApp(store)
	ref, out, rules := invoice+"reference.json", invoice+"output.json", invoice+"rules.json"
	opts, err := a.exploreSettings(&exploreFlags{metric: metricFlags{name: "jsondiff", rules: rules}}, []string{ref, out})
	if err != nil {
		t.Fatal(err)
	}
	if opts.Files.Rules != rules || opts.Files.RulesSavePath != rules || opts.Rules == nil || opts.Rules.Len() != 16 {
		t.Fatalf("files %+v, rules %v", opts.Files, opts.Rules)
	}
	if opts, err = a.exploreInputs(opts, ref, out, ""); err != nil {
		t.Fatal(err)
	}
	tree := opts.Loaded.Tree
	if s, _ := tree.Total(); math.Abs(s-0.8831086680417708) > 1e-9 {
		t.Errorf("loaded total %v", s)
	}
	// The rules as the explorer changed them: .invoice_number by
	// levenshtein.
	changed, err := opts.Rules.With(".invoice_number", scoring.Rule{Kind: scoring.RuleLevenshtein}, "")
	if err != nil {
		t.Fatal(err)
	}
	run := ports.Run{Event: ports.RunSaved, Time: time.Now(), Files: opts.Files, Metric: "jsondiff",
		WeightsJSON: tree.MarshalWeights(), RulesJSON: changed.Marshal(),
		Report: func(context.Context) (*report.Report, error) { return tree.Report("jsondiff", nil), nil }}
	if err := opts.Recorder.Record(context.Background(), run); err != nil {
		t.Fatal(err)
	}
	runs, err := opts.History.Runs(false)
	if err != nil || len(runs) != 1 {
		t.Fatalf("%d runs, %v", len(runs), err)
	}
	d, err := opts.History.Run(runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	back, err := scoring.ParseRules("run", d.RulesJSON)
	if err != nil || !back.Equal(changed) {
		t.Errorf("rules read back %s, %v", d.RulesJSON, err)
	}
	if r, _ := back.Rule(".invoice_number"); r.Kind != scoring.RuleLevenshtein {
		t.Errorf(".invoice_number %v", r)
	}
	stored, err := history.Open(store).Get(runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if stored.Rules != history.NewFile(rules, changed.Marshal()) {
		t.Errorf("rules file %+v", stored.Rules)
	}
}

// history diff names the rules that differ between two runs.
func TestHistoryDiffRules(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	dir := t.TempDir()
	other := filepath.Join(dir, "rules.json")
	if err := os.WriteFile(other, []byte(`{".invoice_number": "levenshtein", ".due_date": "date"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"score", invoice + "reference.json", invoice + "output.json", "-q"}
	for _, rules := range []string{invoice + "rules.json", other} {
		if code, _, stderr := runWithHistory(t, store, "", append(args, "--rules", rules)...); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
	}
	list, err := history.Open(store).List(history.ListOptions{})
	if err != nil || len(list) != 2 {
		t.Fatalf("%d runs, %v", len(list), err)
	}
	code, stdout, _ := runWithHistory(t, store, "", "history", "diff", list[1].ID, list[0].ID)
	if code != 0 || !strings.Contains(stdout, "rules changed (15)\n  .invoice_number           exact                         → levenshtein\n  .po_number                exact                         → default\n") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}
