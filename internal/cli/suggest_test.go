package cli

import (
	"strings"
	"testing"
)

// TestTypos checks the "did you mean" of a misspelt subcommand (not a
// file), a misspelt history verb, an unknown flag, and the --group-by and
// --id-field paths no record has.
func TestTypos(t *testing.T) {
	dir := t.TempDir()
	ref := writeFile(t, dir, "ref.json", `{"a": 1}`)
	data := small + "data.jsonl"
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"scor", ref, ref}, 2, "jsontui: unknown command scor for \"jsontui\" (and no file has that name); did you mean 'jsontui score'?\n"},
		{[]string{"histroy"}, 2, "jsontui: unknown command histroy for \"jsontui\" (and no file has that name); did you mean 'jsontui history'?\n"},
		{[]string{"history", "lst"}, 2, "jsontui: unknown command lst for \"jsontui history\"; did you mean 'jsontui history list'?\n"},
		{[]string{"history", "shwo", "model-a"}, 2, "jsontui: unknown command shwo for \"jsontui history\"; did you mean 'jsontui history show'?\n"},
		{[]string{"history", "dif", "a", "b"}, 2, "jsontui: unknown command dif for \"jsontui history\"; did you mean 'jsontui history diff'?\n"},
		{[]string{"history", "model-a", "model-b"}, 2, "jsontui: unexpected argument \"model-a\"; did you mean 'jsontui history show model-a'?\n"},
		{[]string{"score", ref, ref, "--onyl-losses"}, 2, "jsontui: unknown flag: --onyl-losses; did you mean --only-losses?\n"},
		{[]string{"score", ref, ref, "--tpo", "3"}, 2, "jsontui: unknown flag: --tpo; did you mean --top?\n"},
		{[]string{"score", ref, ref, "--bogus"}, 2, "jsontui: unknown flag: --bogus\n"},
	} {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != c.code || stderr != c.want {
			t.Errorf("%v: exit %d, %q\nwant %d, %q", c.args, code, stderr, c.code, c.want)
		}
	}
	_, _, stderr := runCLI(t, "", "score", data, "--group-by", ".categry", "--id-field", ".idd", "--no-history")
	for _, want := range []string{
		"jsontui: warning: --group-by .categry: no record has this field (on either side): every case is in the group of the cases without a value; did you mean .category?\n",
		"jsontui: warning: --id-field .idd: no record has this field: the cases are named by their record numbers (#1, #2, ...); did you mean .id?\n",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
}
