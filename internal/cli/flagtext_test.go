package cli

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/report"
	"github.com/jsontui/jsontui/scoring/setting"
)

// TestFlagText: the engine's messages name settings; the command line
// spells them as its flags, wherever the error is wrapped.
func TestFlagText(t *testing.T) {
	var opts scoring.MetricOptions
	cases := []struct {
		err  error
		want string
	}{
		{opts.Set(scoring.OptStrings, "soundex"), `--strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{fmt.Errorf("cases.jsonl:2:1: %w", setting.New("group-by", ".a[", "bad path")), "cases.jsonl:2:1: --group-by .a[: bad path"},
		{&scoring.ListsError{Option: "key=sku", Message: "no element has the field"}, "--lists key=sku: no element has the field"},
		{errors.New("--strings is not an engine setting"), "--strings is not an engine setting"},
	}
	for _, c := range cases {
		if got := flagText(c.err); got != c.want {
			t.Errorf("flagText(%q) = %q, want %q", c.err, got, c.want)
		}
	}
}

// TestSettingMessagesNameTheFlag runs score with a setting the input does
// not fit: each message, an error or a warning, says what is wrong in the
// engine's words and names the flag to change, spelled as a flag.
func TestSettingMessagesNameTheFlag(t *testing.T) {
	data := small + "data.jsonl"
	lacking := "jsontui: warning: 1 of 6 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at " + data + ":5: their cases are missing\n"
	for _, c := range []struct {
		args   []string
		code   int
		stderr string // the whole of standard error, less what every run of data says
	}{
		{[]string{"--group-by", ".categry"}, 0, "jsontui: warning: --group-by .categry: no record has this field (on either side): every case is in the group of the cases without a value; did you mean .category?\n"},
		{[]string{"--group-by", "categry"}, 2, "jsontui: --group-by categry: a path starts with '.' (the root), as .items[0].name\n"},
		{[]string{"--id-field", ".nope"}, 0, "jsontui: warning: --id-field .nope: no record has this field: the cases are named by their record numbers (#1, #2, ...)\n"},
		{[]string{"--label-field", ".nope"}, 2, "jsontui: --label-field .nope: no record has this field (on either side)\n"},
		{[]string{"--out-field", ".nope"}, 2, "jsontui: " + data + ": no record has an output field (tried .nope); the records have .category (6), .expected (6), .id (6), .output (5): name the output's field with --out-field\n"},
		{[]string{"--ref-field", ".nope"}, 2, "jsontui: " + data + ":1:1: the record has no reference field (tried .nope); it has .category, .expected, .id, .output: name the reference's field with --ref-field\n"},
		{[]string{"--match-threshold", "0"}, 2, "jsontui: --match-threshold 0 is outside (0, 1]: at 0 every wrong value would count as found\n"},
		{[]string{"--match-threshold", "2"}, 2, "jsontui: --match-threshold 2 is outside (0, 1]\n"},
		{[]string{"--pass", "-1"}, 2, "jsontui: --pass -1 is outside [0, 1]\n"},
		{[]string{"--lists", ".nope=key=sku"}, 2, "jsontui: --lists .nope=key=sku: no case's reference has an array at .nope\n"},
		{[]string{"--metric", "exact", "--lists", ".items=index"}, 2, "jsontui: --metric exact does not take --lists (it takes none)\n"},
	} {
		args := append([]string{"score", data, "--quiet", "--no-history"}, c.args...)
		code, _, stderr := runCLI(t, "", args...)
		stderr = strings.Replace(strings.Replace(stderr, lacking, "", 1),
			"jsontui: 1 output(s) were model text: the JSON was taken out of it (each case's repairs are in --format json and jsonl)\n", "", 1)
		if code != c.code || stderr != c.stderr {
			t.Errorf("%q: exit %d, stderr\n%s\nwant exit %d,\n%s", c.args, code, stderr, c.code, c.stderr)
		}
	}
}

// TestPairingHintNamesTheFlag: the engine's pairing hint names its
// setting; score spells it as the flag on standard error and in the
// report, and keeps the setting with the warning.
func TestPairingHintNamesTheFlag(t *testing.T) {
	ws := []report.Warning{{Message: "lists x", Setting: setting.New("lists", "x", "y")}, {Message: "lists z"}}
	report.SpellSettings(ws, flagName)
	if ws[0].Message != "--lists x: y" || ws[1].Message != "lists z" {
		t.Errorf("SpellSettings: %+v", ws)
	}
	code, _, stderr := runCLI(t, "", "score", invoice+"reference.json", invoice+"output.json", "-q", "--no-history")
	if code != 0 || !strings.Contains(stderr, "; --lists .line_items=key=sku raises the total by 0.016606\n") {
		t.Errorf("exit %d, stderr %s", code, stderr)
	}
}
