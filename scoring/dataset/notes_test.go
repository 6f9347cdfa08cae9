package dataset

import (
	"strings"
	"testing"
)

// TestCaseNotes checks that a case keeps its repairs, parse error and
// label apart, and only when it has one: a plain case's Notes are nil.
func TestCaseNotes(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"id": "plain", "expected": {"a": 1}, "output": {"a": 1}}
{"id": "bad", "expected": {"a": 1}, "output": "{\"a\": "}
{"id": "fenced", "expected": {"a": 1}, "output": "Here:\n` + "```json" + `\n{\"a\": 1}\n` + "```" + `", "gold": "yes"}
`})
	res, err := run(t, dir, Spec{Ref: "d.jsonl", LabelField: ".gold"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	cs := res.Figures.Cases
	if len(cs) != 3 {
		t.Fatalf("%d cases", len(cs))
	}
	if cs[0].Notes != nil || cs[0].Repairs() != nil || cs[0].ParseError() != "" || cs[0].Label() != "" || cs[0].LabelLine() != 0 || cs[0].LabelInOutput() {
		t.Errorf("plain case: notes %+v", cs[0].Notes)
	}
	if cs[1].Status != CaseInvalid || !strings.Contains(cs[1].ParseError(), "d.jsonl:2:") || cs[1].Repairs() != nil {
		t.Errorf("invalid case: %s, error %q, repairs %q", cs[1].Status, cs[1].ParseError(), cs[1].Repairs())
	}
	if len(cs[2].Repairs()) == 0 || cs[2].ParseError() != "" || cs[2].Label() != `"yes"` || cs[2].LabelLine() != 3 || cs[2].LabelInOutput() {
		t.Errorf("fenced case: repairs %q, error %q, label %q line %d", cs[2].Repairs(), cs[2].ParseError(), cs[2].Label(), cs[2].LabelLine())
	}
	var zero CaseFigures
	if zero.Repairs() != nil || zero.ParseError() != "" || zero.Label() != "" {
		t.Error("a zero CaseFigures has notes")
	}
}
