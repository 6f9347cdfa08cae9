package dataset

import (
	"path/filepath"
	"strings"
	"testing"
)

// A record cut short: the object of its output holds one with an "id" of
// another case (and a "name", an id alias too).
const cutRecord = `{"id": "b", "output": {"v": {"id": "a", "name": "Acme"}, "w": [1, `

// TestOutputRecordCutShort checks that an output record that begins as
// JSON and is cut short does not parse (docs/datasets.md): the lenient parse of
// model text never takes an object from inside it for the record, whose
// id would pair it with another case. Paired by id, it is a warning
// naming its line; paired by line, its case is invalid. The first
// output record decides no pairing when it does not parse.
func TestOutputRecordCutShort(t *testing.T) {
	dir := files(t, map[string]string{
		"r.jsonl":      "{\"id\": \"a\", \"expected\": {\"x\": 1}}\n{\"id\": \"b\", \"expected\": {\"x\": 2}}\n",
		"o.jsonl":      "{\"id\": \"a\", \"output\": {\"x\": 1}}\n" + cutRecord + "\n",
		"first.jsonl":  cutRecord + "\n{\"id\": \"b\", \"output\": {\"x\": 2}}\n{\"id\": \"a\", \"output\": {\"x\": 1}}\n",
		"prose.jsonl":  "Sorry, I cannot answer that.\n{\"id\": \"b\", \"output\": {\"x\": 2}}\n{\"id\": \"a\", \"output\": {\"x\": 1}}\n",
		"lr.jsonl":     "{\"expected\": {\"x\": 1}}\n{\"expected\": {\"x\": 2}}\n",
		"lo.jsonl":     "{\"output\": {\"x\": 1}}\n{\"output\": {\"v\": {\"x\": 2}, \"w\": [1, \n",
		"lb.jsonl":     "{\"output\": {\"x\": 1}}\n{\"output\": [{\"x\": 2}, \"w\": 1\n",
		"fenced.jsonl": "{\"id\": \"a\", \"output\": {\"x\": 1}}\nSure! {\"id\": \"b\", \"output\": {\"x\": 2}} it is.\n",
	})
	const cutErr = `: the output record does not parse, so it pairs with no reference: %s: unexpected end of JSON input; ` +
		`it is JSON cut short: no JSON is taken from inside it`
	for _, c := range []struct {
		name, out string
		pairing   Pairing
		score     float64
		statuses  []CaseStatus
		warnings  []string
		errors    []string // the cases' errors
	}{
		{"by id", "o.jsonl", PairID, 0.5, []CaseStatus{CaseScored, CaseMissing},
			[]string{"o.jsonl:2:1" + strings.Replace(cutErr, "%s", "o.jsonl:2:67", 1)}, nil},
		{"first record cut", "first.jsonl", PairID, 1, []CaseStatus{CaseScored, CaseScored},
			[]string{"first.jsonl:1:1" + strings.Replace(cutErr, "%s", "first.jsonl:1:67", 1)}, nil},
		{"first record prose", "prose.jsonl", PairID, 1, []CaseStatus{CaseScored, CaseScored},
			[]string{"prose.jsonl:1:1: the output record does not parse, so it pairs with no reference: prose.jsonl:1:1: invalid character 'S' looking for beginning of value; it holds no code fence, { or [ to take JSON from"}, nil},
		{"model text around a record", "fenced.jsonl", PairID, 1, []CaseStatus{CaseScored, CaseScored}, nil, nil},
		{"by line", "lo.jsonl", PairLine, 0.5, []CaseStatus{CaseScored, CaseInvalid}, nil,
			[]string{"", "lo.jsonl:2:37: unexpected end of JSON input; it is JSON cut short: no JSON is taken from inside it"}},
		{"broken, by line", "lb.jsonl", PairLine, 0.5, []CaseStatus{CaseScored, CaseInvalid}, nil,
			[]string{"", "lb.jsonl:2:26: invalid character ':' after array element; it is broken JSON: no JSON is taken from inside it"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			ref := "r.jsonl"
			if c.pairing == PairLine {
				ref = "lr.jsonl"
			}
			res, err := run(t, dir, Spec{Ref: ref, Out: c.out}, Config{})
			if err != nil {
				t.Fatal(err)
			}
			f := res.Figures
			if res.Pairing != c.pairing || !near9(f.Score, c.score) || len(f.Extra) != 0 {
				t.Errorf("pairing %s, score %v, extra %q; want %s, %v, none", res.Pairing, f.Score, f.Extra, c.pairing, c.score)
			}
			for i, st := range c.statuses {
				if f.Cases[i].Status != st {
					t.Errorf("case %d: %+v, want %s", i, f.Cases[i], st)
				}
				if c.errors != nil {
					if got := strings.ReplaceAll(f.Cases[i].ParseError(), dir+string(filepath.Separator), ""); got != c.errors[i] {
						t.Errorf("case %d: error %q, want %q", i, got, c.errors[i])
					}
				}
			}
			if got := warningsOf(f, dir); got != strings.Join(c.warnings, "\n") {
				t.Errorf("warnings:\n%s\nwant\n%s", got, strings.Join(c.warnings, "\n"))
			}
		})
	}
}
