package cli

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeFiles writes name→content files in a temporary directory and
// returns its path.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		writeFile(t, dir, name, content)
	}
	return dir
}

// writeFile writes content to the file name in dir and returns its path.
func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestScoreMetricLynxiusPizza(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json",
		"--metric", "lynxius", "--quiet", "--no-history")
	if code != 0 || stderr != "" || stdout != "0.8760128132654985\n" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestScoreMetrics(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"items-ref.json": `{"items":["apple","banana","grape"]}`,
		"items-out.json": `{"items":["apple","banana","orange"]}`,
		"ab-ref.json":    `{"a":1,"b":2}`,
		"ab-out.json":    `{"a":1,"b":3}`,
		"si-ref.json":    `{"answer": "Sí", "n": 30}`,
		"si-out.json":    "Here you are:\n```json\n{\"answer\": \"SI\", \"n\": \"30\"}\n```",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	cases := []struct {
		args  []string
		score float64
	}{
		{[]string{p("items-ref.json"), p("items-out.json"), "--metric", "uipath"}, 2.5 / 3},
		{[]string{p("ab-ref.json"), p("ab-out.json"), "--metric", "edit-distance"}, 12.0 / 13},
		{[]string{p("ab-ref.json"), p("ab-out.json"), "--metric", "exact"}, 0},
		{[]string{p("si-ref.json"), p("si-out.json"), "--metric", "galtea"}, 0.5},
		{[]string{p("si-ref.json"), p("si-out.json"), "--metric", "galtea", "--strict-fields"}, 0.5},
		{[]string{p("ab-ref.json"), p("ab-out.json"), "--abs-tol", "1"}, 1},
	}
	for _, c := range cases {
		args := append([]string{"score", "--format", "json", "--no-history"}, c.args...)
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 0 {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, stderr)
			continue
		}
		var rep struct {
			Score    float64  `json:"score"`
			Metric   string   `json:"metric"`
			Distance *float64 `json:"distance"`
			Options  []string `json:"options"`
			Nodes    []any    `json:"nodes"`
		}
		if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
			t.Fatalf("%v: %v\n%s", c.args, err, stdout)
		}
		if math.Abs(rep.Score-c.score) > 1e-12 {
			t.Errorf("%v: score %v, want %v", c.args, rep.Score, c.score)
		}
		if rep.Metric == "edit-distance" && (rep.Distance == nil || math.Abs(*rep.Distance-1.0/13) > 1e-12 || len(rep.Nodes) != 0) {
			t.Errorf("edit-distance: distance %v, %d nodes", rep.Distance, len(rep.Nodes))
		}
		if strings.Contains(strings.Join(c.args, " "), "--abs-tol") && (len(rep.Options) != 1 || rep.Options[0] != "abs-tol=1") {
			t.Errorf("options %q", rep.Options)
		}
	}
}

func TestScoreMetricUsageErrors(t *testing.T) {
	ref, out := pizza+"reference.json", pizza+"output.json"
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--metric", "bertscore"},
			`jsontui: unknown --metric "bertscore": use jsondiff, lynxius, uipath, galtea, exact, edit-distance, em, f1, bleu, rouge-1, rouge-2, rouge-l` + "\n"},
		{[]string{"--metric", "lynxius", "--lists", "best"}, "jsontui: --metric lynxius does not take --lists (it takes none)\n"},
		{[]string{"--lists", "sorted"}, `--lists "sorted": use index, best, key=FIELD, or PATH=MODE for the arrays at a schema path`},
		{[]string{"--abs-tol", "-2"}, `--abs-tol "-2": want a number ≥ 0`},
		{[]string{"--strings", "soundex"}, `--strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{[]string{"--metric", "uipath", "--target", ".nope"}, "jsontui: --target .nope: " + ref + " has no value there\n"},
		{[]string{"--metric", "galtea", "--target", ".a"}, "jsontui: --metric galtea does not take --target (it takes --strict-fields)\n"},
	}
	for _, c := range cases {
		args := append([]string{"score", ref, out, "--no-history"}, c.args...)
		code, stdout, stderr := runCLI(t, "", args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, stdout, stderr, c.want)
		}
	}
}

func TestScoreHelpDocumentsMetricFlags(t *testing.T) {
	_, stdout, _ := runCLI(t, "", "score", "--help")
	for _, want := range []string{"--metric NAME", "lynxius, uipath, galtea", "--abs-tol X", "--rel-tol X", "--normalize LIST",
		"--strings NAME", "jaro-winkler", "--lists MODE", "key=FIELD", "--extra-keys MODE", "--target PATH", "--strict-fields"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("score --help lacks %q", want)
		}
	}
}

func TestScoreMetricRecordsOptionsInHistory(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	code, _, stderr := runWithHistory(t, store, "", "score", pizza+"reference.json", pizza+"output.json",
		"--normalize", "case,accents", "--lists", "best", "--quiet")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	_, stdout, _ := runWithHistory(t, store, "", "history", "--format", "json")
	var list struct {
		Runs []struct {
			ID string `json:"id"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &list); err != nil || len(list.Runs) != 1 {
		t.Fatalf("history: %v %s", err, stdout)
	}
	code, stdout, stderr = runWithHistory(t, store, "", "history", "show", list.Runs[0].ID, "--format", "json")
	if code != 0 || !strings.Contains(stdout, `"options": ["normalize=case,accents", "lists=best"]`) {
		t.Errorf("exit %d, history show %s %s", code, stdout, stderr)
	}
}

// TestScoreLangChainOutputs runs exact and edit-distance on the outputs
// issue 10 lists, which they read as LangChain's evaluators do: a
// truncated output is scored (it used to be refused with exit 2), prose
// and a ```JSON fence are refused as LangChain raises on them (they used
// to be scored), a numbered answer reads as its number. The expected
// figures come from LangChain's code (see scoring's TestLangChainMetrics).
func TestScoreLangChainOutputs(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"ref.json":      `{"a": 1, "b": [1, 2, 3]}`,
		"truncated.txt": `{"a": 1, "b": [1, 2`,
		"prose.txt":     "Here is the answer: {\"a\": 1, \"b\": [1, 2, 3]} hope it helps",
		"JSON.md":       "```JSON\n{\"a\": 1, \"b\": [1, 2, 3]}\n```",
		"numbered.txt":  "1. {\"a\": 1, \"b\": [1, 2, 3]}",
		"fenced.md":     "Sure:\n```json\n{\"a\": 1, \"b\": [1, 2, 3]}\n```",
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		out, metric    string
		code           int
		stdout, stderr string
	}{
		{"truncated.txt", "exact", 0, "0\n", "jsontui: " + p("truncated.txt") + ": LangChain's parse_json_markdown: parse_partial_json closed 2 open brackets with ]}\n"},
		{"truncated.txt", "edit-distance", 0, "0.8947368421052632\n", "jsontui: " + p("truncated.txt") + ": LangChain's parse_json_markdown: parse_partial_json closed 2 open brackets with ]}\n"},
		{"fenced.md", "exact", 0, "1\n", "jsontui: " + p("fenced.md") + ": LangChain's parse_json_markdown: the text as a whole is not JSON (Expecting value: line 1 column 1 (char 0)): took what follows the ```json on line 2\n" +
			"jsontui: " + p("fenced.md") + ": LangChain's parse_json_markdown: stripped white space and backticks: 1 character before the JSON, 4 characters after it\n"},
		{"numbered.txt", "exact", 0, "0\n", "jsontui: " + p("numbered.txt") + ": LangChain's parse_json_markdown: parse_partial_json dropped 26 characters from the end (from 1:2)\n"},
		{"numbered.txt", "edit-distance", 0, "0.052631578947368474\n", "jsontui: " + p("numbered.txt") + ": LangChain's parse_json_markdown: parse_partial_json dropped 26 characters from the end (from 1:2)\n"},
		{"prose.txt", "exact", 2, "", "jsontui: " + p("prose.txt") + ":1:1: the metric exact follows LangChain's JsonEqualityEvaluator, which raises on this output " +
			"(json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score\n"},
		{"JSON.md", "edit-distance", 2, "", "jsontui: " + p("JSON.md") + ":1:4: the metric edit-distance follows LangChain's JsonEditDistanceEvaluator, which raises on this output " +
			"(json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)): no score\n"},
	} {
		code, stdout, stderr := runCLI(t, "", "score", p("ref.json"), p(c.out), "--metric", c.metric, "--quiet", "--no-history")
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("%s --metric %s: exit %d, stdout %q, stderr %q\nwant %d, %q, %q", c.out, c.metric, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
	// jsondiff still reads the output as docs/scoring.md says: the prose's object.
	code, stdout, _ := runCLI(t, "", "score", p("ref.json"), p("prose.txt"), "--quiet", "--no-history")
	if code != 0 || stdout != "1\n" {
		t.Errorf("jsondiff on prose: exit %d, %q", code, stdout)
	}
}
