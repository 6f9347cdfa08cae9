package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const pizza = "../../testdata/cases/pizza/"

// runCLI runs jsontui in-process with args and stdin, returning its exit
// code and outputs. The history goes to a temporary store.
func runCLI(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return runWithHistory(t, filepath.Join(t.TempDir(), "history.db"), stdin, args...)
}

// runWithHistory runs jsontui with JSONTUI_HISTORY set to store.
func runWithHistory(t *testing.T, store, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	env := map[string]string{"JSONTUI_HISTORY": store}
	a := &app{
		stdin: strings.NewReader(stdin), stdout: &out, stderr: &errb,
		getenv: func(k string) string { return env[k] },
	}
	code = a.run(args)
	return code, out.String(), errb.String()
}

func TestScoreJSONMatchesExpected(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json", "--format", "json", "--no-history")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got, want struct {
		Score   float64 `json:"score"`
		Metric  string  `json:"metric"`
		Weights string  `json:"weights"`
		Nodes   []map[string]any
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout)
	}
	exp, err := os.ReadFile(pizza + "expected.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(exp, &want); err != nil {
		t.Fatal(err)
	}
	if math.Abs(got.Score-want.Score) > 1e-9 || got.Metric != "jsondiff" || got.Weights != pizza+"weights.json" {
		t.Errorf("score %v metric %q weights %q", got.Score, got.Metric, got.Weights)
	}
	if len(got.Nodes) != len(want.Nodes) {
		t.Fatalf("%d nodes, want %d", len(got.Nodes), len(want.Nodes))
	}
	for i, w := range want.Nodes {
		g := got.Nodes[i]
		for k, wv := range w {
			switch wv := wv.(type) {
			case float64:
				if gv, ok := g[k].(float64); !ok || math.Abs(gv-wv) > 1e-9 {
					t.Errorf("%v %s: %v, want %v", w["path"], k, g[k], wv)
				}
			default:
				if g[k] != wv {
					t.Errorf("%v %s: %v, want %v", w["path"], k, g[k], wv)
				}
			}
		}
	}
}

func TestScoreText(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json", "--no-history")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"jsondiff 0.876013  " + pizza + "reference.json vs " + pizza + "output.json (weights: " + pizza + "weights.json)",
		".                                                  1  1.311475  0.876013  0.123987  partial",
		"      ├─ pizza      \"pepperoni\"  \"peppers\"       0.5            0.666667  0.010929  partial",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("missing %q in\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "\x1b[") {
		t.Error("colour written to a pipe")
	}
}

func TestScoreQuietAndMin(t *testing.T) {
	args := []string{"score", pizza + "reference.json", pizza + "output.json", pizza + "weights.json", "--no-history", "--quiet"}
	code, stdout, stderr := runCLI(t, "", append(args, "--min", "0.8")...)
	if code != 0 || stdout != "0.8760128132654985\n" || stderr != "" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	code, stdout, stderr = runCLI(t, "", append(args, "--min", "0.9")...)
	if code != 1 || stdout != "0.8760128132654985\n" || stderr != "jsontui: score 0.876013 is below --min 0.9\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func TestScoreStdinAndRepair(t *testing.T) {
	out, err := os.ReadFile(pizza + "output.json")
	if err != nil {
		t.Fatal(err)
	}
	llm := "Here is the menu:\n```json\n" + string(out) + "```\nEnjoy!"
	code, stdout, stderr := runCLI(t, llm, "score", pizza+"reference.json", "-", pizza+"weights.json", "--quiet", "--no-history")
	if code != 0 || stdout != "0.8760128132654985\n" {
		t.Errorf("exit %d, stdout %q", code, stdout)
	}
	if stderr != "jsontui: -: took the JSON from the ```json code fence at line 2\n" {
		t.Errorf("stderr %q", stderr)
	}
	code, stdout, _ = runCLI(t, llm, "score", pizza+"reference.json", "-", "--format", "json", "--no-history")
	if code != 0 || !strings.Contains(stdout, `"repairs": ["took the JSON from the `+"```json"+` code fence at line 2"]`) {
		t.Errorf("exit %d, stdout %s", code, stdout[:200])
	}
}

func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	ref := writeFile(t, dir, "ref.json", "{\n  \"a\": 1,\n  \"b\" }\n")
	good := writeFile(t, dir, "good.json", `{"a": 1}`)
	weights := writeFile(t, dir, "w.json", "{\n  \"a\": 2\n}")
	typo := writeFile(t, dir, "typo.json", `{"aa": 0.5, "a": 1}`)
	other := writeFile(t, dir, "other.json", `{"aa": 0.5}`)
	cases := []struct {
		args []string
		code int
		err  string
	}{
		{[]string{"score", ref, good}, 2, "jsontui: " + ref + ":3:7: invalid character '}' after object key; REF and OUT look swapped (the order is REF, then OUT): " + good + " is strict JSON\n"},
		{[]string{"score", ref, ref}, 2, "jsontui: " + ref + ":3:7: invalid character '}' after object key\n"},
		{[]string{"score", good, filepath.Join(dir, "nope.json")}, 2, "jsontui: " + filepath.Join(dir, "nope.json") + ": no such file or directory\n"},
		{[]string{"score", good, good, weights}, 2, "jsontui: " + weights + ":2:8: .a: weight 2 is outside [0, 1]\n"},
		{[]string{"score", "-", "-"}, 2, "jsontui: only one file argument may be - (standard input)\n"},
		{[]string{"score", good, good, "--format", "yaml"}, 2, "jsontui: unknown --format \"yaml\": use text, json, markdown or html\n"},
		{[]string{"score", good, good, "--min", "2"}, 2, "jsontui: --min 2 is outside [0, 1]\n"},
		{[]string{"score", good}, 2, "jsontui: score takes REF OUT [WEIGHTS], or a dataset (a directory, a .jsonl file, or --dataset): " + good + " is neither\nRun 'jsontui --help' for usage.\n"},
		{[]string{"score", good, good, "--bogus"}, 2, "jsontui: unknown flag: --bogus\n"},
		{[]string{"score", good, good, typo, "--quiet", "--no-history"}, 0,
			"jsontui: warning: .aa: " + typo + ":1:2: the reference has no key \"aa\" at the top level; the entry is ignored; did you mean \"a\"?\n"},
		{[]string{"score", good, good, other, "--quiet", "--no-history"}, 2,
			"jsontui: " + other + ":1:1: .: no entry applies anywhere in " + good + " (none of its keys is the reference's at its place): the weights file looks written for another document\n"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code || stderr != c.err {
			t.Errorf("%v: exit %d, stderr %q\nwant exit %d, %q", c.args, code, stderr, c.code, c.err)
		}
	}
}

func TestExplorerNeedsTerminal(t *testing.T) {
	code, _, stderr := runCLI(t, "", pizza+"reference.json", pizza+"output.json")
	if code != 2 || !strings.Contains(stderr, "the explorer needs a terminal") || !strings.Contains(stderr, "jsontui score") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

func TestWeightsInit(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "weights", "init", pizza+"reference.json")
	want := `{
  "margherita": 1.0,
  "pepperoni": 1.0,
  "beer": 1.0,
  "fixed_menus": {
    "__fixed_menus": 1.0,
    "menu_name": 1.0,
    "pizza": 1.0,
    "drink": 1.0,
    "price": 1.0
  }
}
`
	if code != 0 || stdout != want {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "--version")
	if code != 0 || !strings.HasPrefix(stdout, "jsontui version ") {
		t.Errorf("exit %d, %q", code, stdout)
	}
}

func TestNoArgumentsShowHelp(t *testing.T) {
	code, stdout, _ := runCLI(t, "")
	if code != 0 || !strings.Contains(stdout, "Usage:\n  jsontui REF OUT [WEIGHTS] [flags]") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
}

// TestScoreApproximate scores a string pair past the damerau comparator's
// exact limit: the JSON gives the interval on the leaf and the total, the
// text marks the leaf "≥" and the headline gives the upper end, a warning
// names the path, and --min between the two ends fails saying the exact
// score may pass.
func TestScoreApproximate(t *testing.T) {
	x := []rune(strings.Repeat("the quick brown fox jumps over a lazy dog ", 100))[:4200]
	y := append([]rune(nil), x...)
	for i := 0; i+1 < len(y); i += 10 {
		y[i], y[i+1] = y[i+1], y[i]
	}
	dir := t.TempDir()
	ref, out := filepath.Join(dir, "ref.json"), filepath.Join(dir, "out.json")
	for name, s := range map[string]string{ref: string(x), out: string(y)} {
		if err := os.WriteFile(name, []byte(`{"id": 7, "text": "`+s+`"}`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	args := []string{"score", ref, out, "--no-history", "--strings", "damerau"}
	code, stdout, stderr := runCLI(t, "", append(args, "--format", "json")...)
	var rep struct {
		Score  float64
		Approx struct{ Low, High float64 }
		Nodes  []struct {
			Path   string
			Score  float64
			Approx *struct{ Low, High float64 }
		}
		Warnings []struct{ Path, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 {
		t.Fatalf("exit %d, %v: %s", code, err, stdout)
	}
	if rep.Score != 0.9 || rep.Approx.Low != 0.9 || rep.Approx.High != 0.95 {
		t.Errorf("total %v, approx %+v; want [0.9, 0.95]", rep.Score, rep.Approx)
	}
	for _, n := range rep.Nodes {
		want := n.Path == ".text"
		if (n.Approx != nil) != want || want && (n.Approx.Low != 0.8 || n.Approx.High != 0.9 || n.Score != 0.8) {
			t.Errorf("node %s: score %v, approx %+v", n.Path, n.Score, n.Approx)
		}
	}
	if len(rep.Warnings) != 1 || rep.Warnings[0].Path != ".text" ||
		!strings.HasPrefix(rep.Warnings[0].Message, "approximate score: damerau on a string of 4,200 code points is past its exact limit") {
		t.Errorf("warnings %+v", rep.Warnings)
	}
	if !strings.Contains(stderr, "jsontui: warning: .text: approximate score: damerau") {
		t.Errorf("stderr %q", stderr)
	}

	code, stdout, stderr = runCLI(t, "", append(args, "--min", "0.92")...)
	if code != 1 || !strings.HasPrefix(stdout, "jsondiff 0.9 (approximate: at most 0.95)  ") || !strings.Contains(stdout, " ≥0.8 ") ||
		!strings.HasSuffix(stderr, "jsontui: score 0.9 is below --min 0.92; it is approximate, the exact score lies between 0.9 and 0.95 (see the warnings)\n") {
		t.Errorf("--min 0.92: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
