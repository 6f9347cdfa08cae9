package dataset

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// scoreLines returns the case lines Score writes for spec under cfg.
func scoreLines(t *testing.T, spec Spec, cfg Config) ([]byte, Pairing) {
	t.Helper()
	src, err := Open(spec)
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var out []byte
	cfg.Lines = true
	cfg.Cases = func(c *Case) error { out = append(out, c.Line...); return nil }
	if _, err := Score(context.Background(), src, cfg); err != nil {
		t.Fatal(err)
	}
	return out, src.Pairing()
}

// fileRecords returns the records of a JSON Lines file without blank
// lines, placed as a RecordReader places them.
func fileRecords(t *testing.T, name string) []Record {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var recs []Record
	for i, line := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		recs = append(recs, Record{Data: line, N: i + 1, Line: i + 1, Col: 1})
	}
	return recs
}

func smallConfig(t *testing.T) Config {
	t.Helper()
	data, err := os.ReadFile("../../testdata/cases/dataset-small/weights.json")
	if err != nil {
		t.Fatal(err)
	}
	w, err := scoring.ParseWeights("weights.json", data)
	if err != nil {
		t.Fatal(err)
	}
	return Config{Weights: w}
}

// TestCaseScorerOneFile: CaseScorer writes, record by record, the lines
// Score writes for one file of records, with weights and groups.
func TestCaseScorerOneFile(t *testing.T) {
	name := "../../testdata/cases/dataset-small/data.jsonl"
	spec := Spec{Ref: name, GroupBy: ".category"}
	want, _ := scoreLines(t, spec, smallConfig(t))
	s, err := NewCaseScorer(spec, PairRecord, smallConfig(t))
	if err != nil {
		t.Fatal(err)
	}
	var got []byte
	lacking, first := 0, 0
	for _, rec := range fileRecords(t, name) {
		var info CaseInfo
		if got, info, err = s.Case(context.Background(), got, rec, Record{}); err != nil {
			t.Fatal(err)
		}
		if info.Fields != (Fields{Reference: ".expected", Output: ".output", ID: ".id"}) && info.LacksOutput == 0 {
			t.Errorf("record %d: fields %+v", rec.N, info.Fields)
		}
		if info.LacksOutput > 0 {
			lacking++
			first = cmp.Or(first, info.LacksOutput)
		}
	}
	if !bytes.Equal(got, want) {
		t.Errorf("lines differ:\n got %s\nwant %s", got, want)
	}
	wn, err := s.LackingOutput(lacking, 6, first)
	if err != nil || wn == nil || wn.Message != "1 of 6 records have no output field (.output, .actual_output, .response, .predicted, .prediction), the first at ../../testdata/cases/dataset-small/data.jsonl:5: their cases are missing" {
		t.Errorf("LackingOutput: %v, %v", wn, err)
	}
	if _, err := s.LackingOutput(6, 6, 1); err == nil || !strings.Contains(err.Error(), "no record has an output field") {
		t.Errorf("LackingOutput of all: %v", err)
	}
}

// splitSmall writes dataset-small as two files: the references, and the
// outputs in reverse order with one more output no reference has; ids
// says whether the records keep their ids.
func splitSmall(t *testing.T, ids bool) (ref, out string) {
	t.Helper()
	dir := t.TempDir()
	var refs, outs []string
	for _, rec := range fileRecords(t, "../../testdata/cases/dataset-small/data.jsonl") {
		var r map[string]json.RawMessage
		if err := json.Unmarshal(rec.Data, &r); err != nil {
			t.Fatal(err)
		}
		id := ""
		if ids {
			id = `"id": ` + string(r["id"]) + ", "
		}
		refs = append(refs, "{"+id+`"category": `+string(r["category"])+`, "expected": `+string(r["expected"])+"}")
		if o, ok := r["output"]; ok {
			outs = append(outs, "{"+id+`"output": `+string(o)+"}")
		}
	}
	if ids {
		for i, j := 0, len(outs)-1; i < j; i, j = i+1, j-1 {
			outs[i], outs[j] = outs[j], outs[i]
		}
	}
	outs = append(outs, `{"id": "stray", "output": {"total": 1}}`, `{"id": "stray2", "output": {"total": 2}}`)
	ref, out = filepath.Join(dir, "ref.jsonl"), filepath.Join(dir, "out.jsonl")
	if err := os.WriteFile(ref, []byte(strings.Join(refs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(out, []byte(strings.Join(outs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return ref, out
}

// TestCaseScorerTwoFiles: paired by id (outputs in another order, one
// with no reference) and by line, CaseScorer writes Score's lines.
func TestCaseScorerTwoFiles(t *testing.T) {
	for _, ids := range []bool{true, false} {
		ref, out := splitSmall(t, ids)
		spec := Spec{Ref: ref, Out: out, GroupBy: ".category"}
		want, pairing := scoreLines(t, spec, smallConfig(t))
		if (pairing == PairID) != ids {
			t.Fatalf("ids %v: pairing %s", ids, pairing)
		}
		s, err := NewCaseScorer(spec, pairing, smallConfig(t))
		if err != nil {
			t.Fatal(err)
		}
		refs, outs := fileRecords(t, ref), fileRecords(t, out)
		byID := map[string]Record{}
		for _, o := range outs {
			var v struct{ ID string }
			if err := json.Unmarshal(o.Data, &v); err != nil {
				t.Fatal(err)
			}
			byID[v.ID] = o
		}
		var got []byte
		for i, rec := range refs {
			var o Record
			if ids {
				var v struct{ ID string }
				if err := json.Unmarshal(rec.Data, &v); err != nil {
					t.Fatal(err)
				}
				o = byID[v.ID]
				delete(byID, v.ID)
			} else if i < len(outs) {
				o = outs[i]
			}
			if got, _, err = s.Case(context.Background(), got, rec, o); err != nil {
				t.Fatal(err)
			}
		}
		extras := outs[min(len(refs), len(outs)):] // by line: the outputs past the references
		if ids {
			extras = outs[len(outs)-2:] // "stray", "stray2"
		}
		for _, o := range extras {
			if got, err = s.Extra(context.Background(), got, o); err != nil {
				t.Fatal(err)
			}
		}
		if !bytes.Equal(got, want) {
			t.Errorf("ids %v: lines differ:\n got %s\nwant %s", ids, got, want)
		}
	}
}

// TestCaseScorerErrors: a pairing that does not fit the files, and a
// reference without an id when pairing by id, are errors that say so.
func TestCaseScorerErrors(t *testing.T) {
	if _, err := NewCaseScorer(Spec{Ref: "a.jsonl"}, PairID, Config{}); err == nil ||
		!strings.Contains(err.Error(), `pairing "id" does not fit`) {
		t.Errorf("got %v", err)
	}
	s, err := NewCaseScorer(Spec{Ref: "r.jsonl", Out: "o.jsonl"}, PairID, Config{})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = s.Case(context.Background(), nil, Record{Data: []byte(`{"expected": 1}`), N: 3, Line: 3, Col: 1},
		Record{Data: []byte(`{"output": 1}`), N: 1, Line: 1, Col: 1})
	if err == nil || !strings.HasPrefix(err.Error(), "r.jsonl:3:1: the record has no id") {
		t.Errorf("got %v", err)
	}
}

// TestCaseScorerIDs: ids are found as pairing by id finds them.
func TestCaseScorerIDs(t *testing.T) {
	s, err := NewCaseScorer(Spec{Ref: "r.jsonl", Out: "o.jsonl"}, PairID, Config{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		data string
		id   string
		ok   bool
	}{{`{"id": "a", "output": 1}`, "a", true}, {`{"id": 7}`, "7", true}, {`{"output": 1}`, "", false}, {`{"id": `, "", false}} {
		if id, ok := s.OutputID([]byte(c.data)); id != c.id || ok != c.ok {
			t.Errorf("OutputID(%s) = %q, %v", c.data, id, ok)
		}
	}
	id, ok, err := s.ReferenceID(Record{Data: []byte(`{"id": "x", "expected": 1}`), N: 1, Line: 1, Col: 1})
	if id != "x" || !ok || err != nil {
		t.Errorf("ReferenceID = %q, %v, %v", id, ok, err)
	}
	_, _, err = s.ReferenceID(Record{Data: []byte(`{"id": [1], "expected": 1}`), N: 2, Line: 2, Col: 1})
	if err == nil || err.Error() != "r.jsonl:2:8: the id .id is an array: an id is a string or a number" {
		t.Errorf("got %v", err)
	}
}
