package cli

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"github.com/jsontui/jsontui/history"
	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestExploreMetricUsageErrors checks that the explorer refuses a bad
// metric, option or schema with exit 2 and `score`'s messages, before it
// asks for a terminal.
func TestExploreMetricUsageErrors(t *testing.T) {
	ref, out := pizza+"reference.json", pizza+"output.json"
	dir := writeFiles(t, map[string]string{"bad-schema.json": "{\"type\": \"object\",\n  \"required\": [}",
		"refs-out.json": `{"$ref": "file:///etc/hostname"}`})
	badSchema := filepath.Join(dir, "bad-schema.json")
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"--metric", "nope"},
			`jsontui: unknown --metric "nope": use jsondiff, lynxius, uipath, galtea, exact, edit-distance, em, f1, bleu, rouge-1, rouge-2, rouge-l` + "\n"},
		{[]string{"--metric", "lynxius", "--lists", "best"}, "jsontui: --metric lynxius does not take --lists (it takes none)\n"},
		{[]string{"--abs-tol", "-2"}, `--abs-tol "-2": want a number ≥ 0`},
		{[]string{"--strings", "soundex"}, `--strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{[]string{"--metric", "galtea", "--target", ".a"}, "jsontui: --metric galtea does not take --target (it takes --strict-fields)\n"},
		{[]string{"--schema", filepath.Join(dir, "missing.json")}, "jsontui: --schema " + filepath.Join(dir, "missing.json") + ": no such file or directory\n"},
		{[]string{"--schema", badSchema}, "jsontui: --schema " + badSchema + ":2:16: "},
		{[]string{"--schema", filepath.Join(dir, "refs-out.json")}, "/etc/hostname is outside " + dir + ", the schema's folder: pass --schema-allow-file-refs to let the schema read it"},
	}
	for _, c := range cases {
		for _, args := range [][]string{append([]string{ref, out}, c.args...), append([]string{"demo"}, c.args...)} {
			code, stdout, stderr := runCLI(t, "", args...)
			if code != 2 || stdout != "" || !strings.Contains(stderr, c.want) {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", args, code, stdout, stderr, c.want)
			}
		}
	}
	// Good flags get as far as asking for a terminal.
	code, _, stderr := runCLI(t, "", ref, out, "--metric", "lynxius")
	if code != 2 || !strings.Contains(stderr, "the explorer needs a terminal") {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	// --schema-allow-file-refs lets the schema read the file outside (not
	// JSON here: the error is then about its content, not its place).
	code, _, stderr = runCLI(t, "", ref, out, "--schema", filepath.Join(dir, "refs-out.json"), "--schema-allow-file-refs")
	if code != 2 || strings.Contains(stderr, "is outside") {
		t.Errorf("--schema-allow-file-refs: exit %d, stderr %q", code, stderr)
	}
}

// TestExploreHelpDocumentsMetricFlags checks the explorer's --help lists
// the metric flags and --schema.
func TestExploreHelpDocumentsMetricFlags(t *testing.T) {
	for _, cmd := range [][]string{{"--help"}, {"demo", "--help"}} {
		_, stdout, _ := runCLI(t, "", cmd...)
		for _, want := range []string{"--metric NAME", "--abs-tol X", "--lists MODE", "--target PATH", "--strict-fields", "--schema FILE"} {
			if !strings.Contains(stdout, want) {
				t.Errorf("%v lacks %q", cmd, want)
			}
		}
	}
}

// TestExploreOpensWithMetric checks that the explorer's inputs are scored
// with --metric and its options, as `score` scores them, and that the
// other metrics are offered.
func TestExploreOpensWithMetric(t *testing.T) {
	a := historyApp(filepath.Join(t.TempDir(), "history.db"))
	var opt scoring.MetricOptions
	if err := opt.Set(scoring.OptAbsTol, "0.01"); err != nil {
		t.Fatal(err)
	}
	opts, err := a.exploreInputs(ports.Options{Metric: "jsondiff", MetricOptions: opt}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil || strings.Join(opts.Loaded.Result.Options, " ") != "abs-tol=0.01" {
		t.Fatalf("jsondiff --abs-tol 0.01: %v, %+v", err, opts.Loaded)
	}
	opts, err = a.exploreInputs(ports.Options{Metric: "lynxius"}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	l := opts.Loaded
	if l == nil || l.Result == nil || l.Tree == nil || l.Held != nil || !l.Tree.Options().KeyUnion {
		t.Fatalf("loaded %+v", l)
	}
	opts, err = a.exploreInputs(ports.Options{Metric: "uipath"}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil || opts.Loaded.Held == nil || !opts.Loaded.Tree.Options().FixedWeights {
		t.Fatalf("uipath: %v, loaded %+v", err, opts.Loaded)
	}
	opts, err = a.exploreInputs(ports.Options{Metric: "edit-distance"}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil || !opts.Loaded.OneNumber() || opts.Loaded.Tree == nil || opts.Loaded.Result.Extra["distance"] == 0 {
		t.Fatalf("edit-distance: %v, loaded %+v", err, opts.Loaded)
	}
	_, err = a.exploreInputs(ports.Options{Metric: "uipath", MetricOptions: scoring.MetricOptions{Targets: []string{".nope"}}},
		pizza+"reference.json", pizza+"output.json", "")
	if code := exitCode(err); code != 2 || !strings.Contains(flagText(err), "--target .nope: "+pizza+"reference.json has no value there") {
		t.Errorf("a bad --target: exit %d, %v", code, err)
	}
}

func exitCode(err error) int {
	if ee, ok := err.(*exitError); ok {
		return ee.code
	}
	return -1
}

// TestExplorerRecordsMetricAndOptions runs the explorer under jsondiff
// with --abs-tol: the opening is recorded with the metric and its
// options; switching to edit-distance and quitting records the state at
// quit, one number with its distance and explanation.
func TestExplorerRecordsMetricAndOptions(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	a := historyApp(store)
	var opt scoring.MetricOptions
	if err := opt.Set(scoring.OptAbsTol, "0.01"); err != nil {
		t.Fatal(err)
	}
	base := ports.Options{Theme: "dark", Metric: "jsondiff", MetricOptions: opt, NoMouse: true,
		Metrics: ports.ChoicesOf(scoring.Metrics()), Rescore: ports.RunMetric}
	opts, err := a.exploreInputs(base, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	st := history.Open(store)
	thisPair := history.ListOptions{Reference: pizza + "reference.json", Output: pizza + "output.json"}
	tm := teatest.NewTestModel(t, pair.New(opts), teatest.WithInitialTermSize(120, 40))
	wait := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(20*time.Millisecond))
	}
	press := func(keys ...string) {
		for _, k := range keys {
			tm.Send(tea.KeyPressMsg{Code: []rune(k)[0], Text: k})
		}
	}
	wait("[abs-tol=0.01]")
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if runs, err := st.List(thisPair); err == nil && len(runs) == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the opening was not recorded")
		}
	}
	// The chooser opens on jsondiff; edit-distance is the sixth.
	press("m", "j", "j", "j", "j", "j")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("one number")
	press("q")
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))

	runs, err := st.List(thisPair)
	if err != nil || len(runs) != 2 {
		t.Fatalf("%d runs, want the opening and the quit: %v", len(runs), err)
	}
	opened, err := st.Get(runs[1].ID)
	if err != nil {
		t.Fatal(err)
	}
	if opened.Metric != "jsondiff" || strings.Join(opened.Options, " ") != "abs-tol=0.01" || opened.NodeCount != 15 {
		t.Errorf("opening: metric %q, options %q, %d nodes", opened.Metric, opened.Options, opened.NodeCount)
	}
	quit, err := st.Get(runs[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if quit.Metric != "edit-distance" || len(quit.Options) != 0 || quit.Label != "explorer quit" || quit.NodeCount != 0 ||
		quit.Extra["distance"] == 0 || !strings.Contains(quit.Explanation, "Damerau–Levenshtein") || !strings.Contains(string(quit.WeightsJSON), `"beer"`) {
		t.Errorf("quit run %+v", quit)
	}
}
