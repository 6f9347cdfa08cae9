package cli

import (
	"strings"
	"testing"
)

// TestDatasetSelection checks --top and --only-losses on a dataset (the
// costliest leaf paths, the paths with a loss) and with --case (the
// case's nodes, as a pair's), and that a flag that does not apply is an
// error naming it.
func TestDatasetSelection(t *testing.T) {
	data, weights := small+"data.jsonl", small+"weights.json"
	code, stdout, stderr := runCLI(t, "", "score", data, weights, "--top", "3", "--no-history")
	want := "the 3 costliest leaf paths, largest loss first\n" +
		"path     weight     score      loss  nodes  match  part  mism  miss  extra  type  ign  prec  recall        f1\n" +
		".paid         1       0.5  0.131579      6      3                 2            1       0.75     0.6  0.666667\n" +
		".vendor       1   0.60303  0.104466      6      2     2           2                     0.5     0.5       0.5\n" +
		".total        1  0.665605  0.087999      6      3     1           2                    0.75     0.6  0.666667\n"
	if code != 0 || !strings.Contains(stdout, want) {
		t.Errorf("--top 3: exit %d, %s\nstdout:\n%s\nwant it to hold:\n%s", code, stderr, stdout, want)
	}
	code, stdout, _ = runCLI(t, "", "score", data, weights, "--only-losses", "--no-history", "--format", "json")
	if code != 0 || strings.Contains(stdout, `"path": ".note"`) || !strings.Contains(stdout, `"path": ".paid"`) {
		t.Errorf("--only-losses: exit %d; the weight-0 .note (no loss) listed, or .paid not:\n%s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "", "score", data, "--top", "2", "--case", "inv-003", "--no-history")
	wantCase := "node   reference  output    weight  f  score  loss  status\n.paid  true       \"yes\"          1         0   0.2  type\n.note  null       \"thanks\"       1         0   0.2  type\n"
	if code != 0 || !strings.HasSuffix(stdout, wantCase) {
		t.Errorf("--top with --case: exit %d\n%s\nwant it to end in:\n%s", code, stdout, wantCase)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--top", "2", "--format", "jsonl"}, "jsontui: --top selects the per-path figures, which --format jsonl does not print (it prints every case's nodes): drop --top\n"},
		{[]string{"--only-losses", "--metric", "exact"}, "jsontui: --only-losses: --metric exact is one number, with no per-path figures to select from\n"},
		{[]string{"--top", "0"}, "jsontui: --top 0: N must be at least 1\n"},
		{[]string{"--case", "inv-003", "--pass", "0.5"}, "jsontui: --pass figures a dataset's cases; --case prints one case: drop --pass\n"},
		{[]string{"--case", "inv-003", "--group-by", ".category"}, "jsontui: --group-by groups a dataset's cases; --case prints one case: drop --group-by\n"},
		{[]string{"--case", "inv-003", "--match-threshold", "0.5"}, "jsontui: --match-threshold counts a dataset's found leaves; --case prints one case: drop --match-threshold\n"},
	} {
		code, _, stderr := runCLI(t, "", append([]string{"score", data, "--no-history"}, c.args...)...)
		if code != 2 || stderr != c.want {
			t.Errorf("%v: exit %d, stderr %q\nwant 2, %q", c.args, code, stderr, c.want)
		}
	}
}
