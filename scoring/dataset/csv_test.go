package dataset

import (
	"path/filepath"
	"testing"
)

// TestCSVInput checks CSV and TSV files of records: the header names the
// fields, a quoted cell may span lines (the case's line is its row's
// first), a cell of JSON text is the output's model text and the
// reference's JSON, an empty cell is a field the record lacks, and the
// figures equal the same records' as JSON Lines; errors name the line.
func TestCSVInput(t *testing.T) {
	dir := files(t, map[string]string{
		"d.csv": "id,expected,output\n" +
			"a,\"{\"\"x\"\": 1, \"\"y\"\": \"\"hi\"\"}\",\"Sure:\n```json\n{\"\"x\"\": 1, \"\"y\"\": \"\"ho\"\"}\n```\"\n" +
			"b,\"{\"\"x\"\": 2}\",\"{\"\"x\"\": 2\"\n" +
			"c,\"{\"\"x\"\": 3}\",\n",
		"d.jsonl": `{"id": "a", "expected": {"x": 1, "y": "hi"}, "output": "Sure:\n` + "```json" + `\n{\"x\": 1, \"y\": \"ho\"}\n` + "```" + `"}` + "\n" +
			`{"id": "b", "expected": {"x": 2}, "output": "{\"x\": 2"}` + "\n" +
			`{"id": "c", "expected": {"x": 3}}` + "\n",
		"r.csv":   "id,expected\na,\"{\"\"x\"\": 1}\"\nb,\"{\"\"x\"\": 2}\"\n",
		"o.tsv":   "id\toutput\nb\t{\"x\": 2}\na\t{\"x\": 1}\n",
		"bad.csv": "id,expected\na,1,2\n",
	})
	got, err := run(t, dir, Spec{Ref: "d.csv"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	want, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	sameFigures(t, "csv", want.Figures, got.Figures, true)
	if st := got.Figures.Stats; st.Scored != 1 || st.Invalid != 1 || st.Missing != 1 {
		t.Errorf("stats %+v", st)
	}
	wantW := "1 of 3 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at d.csv:7: their cases are missing"
	if w := warningsOf(got.Figures, dir); w != wantW {
		t.Errorf("warnings %q\nwant %q", w, wantW)
	}
	two, err := run(t, dir, Spec{Ref: "r.csv", Out: "o.tsv"}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if two.Pairing != PairID || two.Figures.Score != 1 {
		t.Errorf("csv by tsv: pairing %s, score %v; want id, 1", two.Pairing, two.Figures.Score)
	}
	_, err = run(t, dir, Spec{Ref: "bad.csv"}, Config{})
	if wantE := filepath.Join(dir, "bad.csv") + ":2:1: a row of 3 cells, where the header names 2 fields"; err == nil || err.Error() != wantE {
		t.Errorf("bad row: %v\nwant %s", err, wantE)
	}
	if !IsDatasetPath("x.CSV") || !IsDatasetPath("x.tsv") {
		t.Error("a .csv or .tsv file selects dataset mode")
	}
}
