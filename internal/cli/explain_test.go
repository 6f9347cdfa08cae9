package cli

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/tui/pair"
	"github.com/jsontui/jsontui/tui/ports"
)

// paneLines returns the explorer's detail pane as it shows on the pizza
// case under metric, at w×h cells after keys: its lines, ANSI stripped
// and right-trimmed, from the node's path on.
func paneLines(t *testing.T, metric string, w, h int, keys ...string) []string {
	t.Helper()
	a := historyApp(filepath.Join(t.TempDir(), "history.db"))
	opts, err := a.exploreInputs(ports.Options{Metric: metric, Theme: "dark"}, pizza+"reference.json", pizza+"output.json", pizza+"weights.json")
	if err != nil {
		t.Fatal(err)
	}
	var m tea.Model = pair.New(opts)
	m, _ = m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	for _, k := range keys {
		key := tea.KeyPressMsg{Code: []rune(k)[0], Text: k}
		if k == "tab" {
			key = tea.KeyPressMsg{Code: tea.KeyTab}
		}
		m, _ = m.Update(key)
	}
	screen := strings.Split(ansi.Strip(m.View().Content), "\n")
	// Below the tree the pane follows its rule; beside it, it stands
	// right of " │ " from the header's line down.
	for i, l := range screen {
		if strings.HasPrefix(l, "── detail ") {
			var out []string
			for _, p := range screen[i+1 : len(screen)-1] {
				out = append(out, strings.TrimRight(p, " "))
			}
			return out
		}
	}
	col := -1
	var out []string
	for _, l := range screen[:len(screen)-1] {
		if col < 0 {
			if k := strings.Index(l, " │ ."); k >= 0 && strings.HasPrefix(l, "key ") {
				col = ansi.StringWidth(l[:k]) + 3
			} else {
				continue
			}
		}
		out = append(out, strings.TrimRight(ansi.Cut(l, col, w), " "))
	}
	if col < 0 {
		t.Fatalf("no detail pane on the screen:\n%s", strings.Join(screen, "\n"))
	}
	return out
}

// TestScoreExplainMatchesPane: `score --explain PATH` prints the lines
// the explorer's detail pane shows for that node: its path and head, then
// the calculation, in one block.
func TestScoreExplainMatchesPane(t *testing.T) {
	cases := []struct {
		metric, path string
		w, h         int
		keys         []string
	}{
		// .fixed_menus[1].pizza is the 12th row once all is expanded.
		{"jsondiff", ".fixed_menus[1].pizza", 80, 24, []string{"e", "G", "k", "k", "tab"}},
		{"jsondiff", ".fixed_menus[1].pizza", 160, 45, []string{"e", "G", "k", "k"}},
		{"jsondiff", ".", 160, 45, nil},
		{"jsondiff", ".fixed_menus[1]", 160, 45, []string{"G"}},
		{"lynxius", ".margherita", 160, 45, []string{"j"}},
		{"uipath", ".", 160, 45, nil},
		{"galtea", ".margherita", 160, 45, []string{"j"}},
	}
	for _, c := range cases {
		t.Run(c.metric+c.path, func(t *testing.T) {
			code, stdout, stderr := runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json",
				"--metric", c.metric, "--explain", c.path)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			got := strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")
			pane := paneLines(t, c.metric, c.w, c.h, c.keys...)
			if len(got) < 3 || len(pane) < 2 || got[0] != c.path || got[0] != pane[0] || got[1] != pane[1] {
				t.Fatalf("--explain prints\n%s\nthe pane shows\n%s", stdout, strings.Join(pane, "\n"))
			}
			calc := got[2:]
			found := false
			for i := 2; i+len(calc) <= len(pane); i++ {
				if slices.Equal(pane[i:i+len(calc)], calc) {
					found = true
					break
				}
			}
			if !found && wider(calc, pane) {
				// The pane wraps a line past its width: the same words,
				// then, from where the calculation starts.
				found = sameWords(calc, pane[2:])
			}
			if !found {
				t.Errorf("--explain's calculation\n%s\nis not a block of the pane\n%s", strings.Join(calc, "\n"), strings.Join(pane, "\n"))
			}
		})
	}
}

// TestScoreExplainPizza pins the explanation of the partial pizza of docs/scoring.md.
func TestScoreExplainPizza(t *testing.T) {
	code, stdout, stderr := runCLI(t, "", "score", pizza+"reference.json", pizza+"output.json", pizza+"weights.json",
		"--explain", ".fixed_menus[1].pizza")
	want := `.fixed_menus[1].pizza
string · ~ partial · score 0.66667
diff  pepper[-oni-]{+s+}
      3 edits: 1 substitution, 2 deletions
score = 1 − lev(r, o) / max(len r, len o)
      = 1 − 3 / 9 = 0.66667
`
	if code != 0 || stdout != want || stderr != "" {
		t.Errorf("exit %d, stderr %q, stdout\n%s", code, stderr, stdout)
	}
}

// TestScoreExplainErrors: a path the tree lacks names the nearest one;
// every mistake exits 2 and records nothing.
func TestScoreExplainErrors(t *testing.T) {
	store := filepath.Join(t.TempDir(), "history.db")
	args := func(extra ...string) []string {
		return append([]string{"score", pizza + "reference.json", pizza + "output.json", pizza + "weights.json"}, extra...)
	}
	cases := []struct {
		args []string
		want string
	}{
		{args("--explain", ".fixed_menus[1].piza"),
			`jsontui: --explain: no node at .fixed_menus[1].piza: .fixed_menus[1] has no key "piza"; did you mean .fixed_menus[1].pizza?` + "\n"},
		{args("--explain", ".Beer"), `jsontui: --explain: no node at .Beer: the root has no key "Beer"; did you mean .beer?` + "\n"},
		{args("--explain", ".dessert"),
			`jsontui: --explain: no node at .dessert: the root has no key "dessert"; its keys: margherita, pepperoni, beer, fixed_menus` + "\n"},
		{args("--explain", ".fixed_menus[2].pizza"), "jsontui: --explain: no node at .fixed_menus[2].pizza: .fixed_menus has 2 elements, [0] to [1]\n"},
		{args("--explain", ".beer.size"), "jsontui: --explain: no node at .beer.size: .beer is a number, not an object\n"},
		{args("--explain", "fixed_menus"), "jsontui: --explain fixed_menus: a path starts with '.' (the root), as .items[0].name\n"},
		{args("--explain", ".", "--format", "json"), "jsontui: --explain prints text: drop --format json\n"},
		{args("--explain", ".", "--quiet"), "jsontui: --explain prints a node's calculation: drop --quiet\n"},
		{args("--explain", ".", "--metric", "exact"),
			"jsontui: warning: " + pizza + "weights.json: the metric exact does not use weights; the weights file plays no part\n" +
				"jsontui: --explain .: --metric exact is one number, with no per-node breakdown (jsontui score says how it is computed)\n"},
	}
	for _, c := range cases {
		code, stdout, stderr := runWithHistory(t, store, "", c.args...)
		if code != 2 || stdout != "" || stderr != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr\n%q\nwant\n%q", c.args[4:], code, stdout, stderr, c.want)
		}
	}
	code, stdout, _ := runWithHistory(t, store, "", args("--explain", ".")...)
	if code != 0 || !strings.HasPrefix(stdout, ".\nobject · ~ partial · score 0.87601\n") {
		t.Fatalf("--explain .: exit %d\n%s", code, stdout)
	}
	code, stdout, _ = runWithHistory(t, store, "", "history", "--format", "json")
	if code != 0 || strings.Contains(stdout, `"id"`) {
		t.Errorf("--explain recorded a run: exit %d\n%s", code, stdout)
	}
}

// wider reports whether a line of lines is wider than every line of
// pane: the pane wrapped it.
func wider(lines, pane []string) bool {
	most := 0
	for _, p := range pane {
		most = max(most, ansi.StringWidth(p))
	}
	for _, l := range lines {
		if ansi.StringWidth(l) > most {
			return true
		}
	}
	return false
}

// sameWords reports whether pane holds, from one of its lines on, the
// words of lines in order, and nothing else in between.
func sameWords(lines, pane []string) bool {
	want := strings.Fields(strings.Join(lines, " "))
	for start := range pane {
		var words []string
		for j := start; j < len(pane) && len(words) < len(want); j++ {
			words = append(words, strings.Fields(pane[j])...)
		}
		if slices.Equal(words, want) {
			return true
		}
	}
	return false
}
