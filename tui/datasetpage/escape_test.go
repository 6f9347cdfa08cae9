package datasetpage

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// hostileData holds case ids, keys and values with OSC 0/2/52, CSI, DCS
// and C1 sequences, grouped by values that hold OSC 52 and C1 CSI; its
// file name holds an OSC 2.
const hostileData = `{"id": "a\u001b]0;T0\u0007", "cat": "g\u001b]52;c;aGk=\u0007", "expected": {"k\u001b]52;c;aGk=\u0007": "v\u001b[2J", "n": 1}, "output": {"k\u001b]52;c;aGk=\u0007": "x\u009b2J\u001bP1$q\u001b\\", "n": 2}}
{"id": "b\u009d2;T2\u009c", "cat": "h\u009b2J", "expected": {"k\u001b]52;c;aGk=\u0007": "v", "n": 1}, "output": "not json \u001b]2;E\u0007"}
`

// sgrOnly matches the colour sequences the explorer writes.
var sgrOnly = regexp.MustCompile("\x1b\\[[0-9;:]*m")

// TestHostileStringsNeverReachTheTerminal opens a dataset whose ids,
// keys, values and file name hold terminal sequences, and checks every
// screen and window title on the way (the tree, the cases, an opened
// case, a failed record, the groups) for a sequence other than a colour, a control
// character or a C1 control; and that they show as escapes.
func TestHostileStringsNeverReachTheTerminal(t *testing.T) {
	ref := filepath.Join(t.TempDir(), "d\x1b]2;F\x07.jsonl")
	if err := os.WriteFile(ref, []byte(hostileData), 0o644); err != nil {
		t.Fatal(err)
	}
	spec := dataset.Spec{Ref: ref, GroupBy: ".cat"}
	src, err := dataset.Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { src.Close() })
	res, err := dataset.Score(context.Background(), src, dataset.Config{Keep: true})
	if err != nil {
		t.Fatal(err)
	}
	opts := ports.DatasetOptions{Files: ports.Files{Reference: ref, Output: ref}, Loaded: res, Metric: "jsondiff", Theme: "dark",
		Metrics: ports.ChoicesOf(scoring.Metrics()), RescoreDataset: ports.RescoreDataset(spec, dataset.Config{}), GroupBy: ".cat"}
	d := newDSDriver(t, opts, 120, 20)
	check := func(where string, shows ...string) {
		t.Helper()
		v := d.m.View()
		for _, s := range []string{v.Content, v.WindowTitle} {
			rest := sgrOnly.ReplaceAllString(s, "")
			if i := strings.IndexFunc(rest, func(r rune) bool { return r < 0x20 && r != '\n' || r >= 0x7f && r <= 0x9f }); i >= 0 {
				t.Errorf("%s: a control character reaches the terminal at %d: %q", where, i, rest)
			}
		}
		for _, want := range shows {
			if !strings.Contains(d.Screen()+"\n"+v.WindowTitle, want) {
				t.Errorf("%s: %q not shown:\n%s\ntitle %q", where, want, d.Screen(), v.WindowTitle)
			}
		}
	}
	check("the tree", `d\x1b]2;F\a.jsonl · no weights file`, `k\x1b]52;c;aGk=\a`, `jsontui — dataset `+filepath.Dir(ref)+`/d\x1b]2;F\a.jsonl`)
	d.Keys("c")
	check("the cases", `a\x1b]0;T0\a`, `b\u009d2;T2\u009c`)
	d.Keys("enter") // the worst first: the invalid output
	check("an invalid case", `"not json \u001b]2;E\u0007"`, `case b\u009d2;T2\u009c`)
	if got := d.m.View().WindowTitle; !strings.HasPrefix(got, "jsontui — case ") || !strings.Contains(got, `\x1b]`) {
		t.Errorf("title %q", got)
	}
	d.Keys("esc", "j", "enter")
	check("a case", `"x\u009b2J\u001bP1$q\u001b\\"`, `k\x1b]52;c;aGk=\a`)
	d.Keys("esc", "b")
	check("the groups", "Groups by .cat", `g\x1b]52;c;aGk=\a`, `h\u009b2J`)
}
