package main

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/jsontui/jsontui/scoring/dataset"
)

// smallLines scores dataset-small's records into their case lines.
func smallLines(t *testing.T) []caseLine {
	t.Helper()
	s := settings{Ref: small + "data.jsonl", Pairing: "record", Metric: "jsondiff", GroupBy: ".category"}
	sc, err := s.scorer()
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(s.Ref)
	if err != nil {
		t.Fatal(err)
	}
	var lines []caseLine
	for i, rec := range bytes.Split(bytes.TrimSuffix(data, []byte("\n")), []byte("\n")) {
		line, info, err := sc.Case(context.Background(), nil, dataset.Record{Data: rec, N: i + 1, Line: i + 1, Col: 1}, dataset.Record{})
		if err != nil {
			t.Fatal(err)
		}
		lines = append(lines, caseLine{Line: line, RefField: info.Fields.Reference, OutField: info.Fields.Output,
			IDField: info.Fields.ID, N: int64(i + 1), Lacks: int64(info.LacksOutput)})
	}
	return lines
}

// resultOf writes an accumulator's result as --format json.
func resultOf(t *testing.T, a *figuresAcc) []byte {
	t.Helper()
	figs, err := a.part.Figures(nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	s := settings{Ref: small + "data.jsonl", Pairing: "record"}
	if err := dataset.WriteJSON(&b, s.header(a.Fields()), figs); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestCombineAnyOrder: the lines added in one accumulator, or in three
// shipped through the coder and merged in another order, give the same
// bytes, fields and counts.
func TestCombineAnyOrder(t *testing.T) {
	fn := &figuresFn{}
	lines := smallLines(t)
	one := fn.CreateAccumulator()
	for _, c := range lines {
		var err error
		if one, err = fn.AddInput(one, c); err != nil {
			t.Fatal(err)
		}
	}
	parts := []*figuresAcc{fn.CreateAccumulator(), fn.CreateAccumulator(), fn.CreateAccumulator()}
	for i := len(lines) - 1; i >= 0; i-- {
		if _, err := fn.AddInput(parts[i%3], lines[i]); err != nil {
			t.Fatal(err)
		}
	}
	for i, p := range parts {
		data, err := encodeAcc(p)
		if err != nil {
			t.Fatal(err)
		}
		if parts[i], err = decodeAcc(data); err != nil {
			t.Fatal(err)
		}
	}
	merged, err := fn.MergeAccumulators(parts[2], parts[0])
	if err != nil {
		t.Fatal(err)
	}
	if merged, err = mergeAccs(merged, parts[1]); err != nil {
		t.Fatal(err)
	}
	if merged.cases != 6 || merged.lacking != 1 || merged.firstLacking != 5 {
		t.Errorf("cases %d, lacking %d from line %d; want 6, 1 from line 5", merged.cases, merged.lacking, merged.firstLacking)
	}
	want := dataset.Fields{Reference: ".expected", Output: ".output", ID: ".id"}
	if merged.Fields() != want || one.Fields() != want {
		t.Errorf("fields %+v and %+v, want %+v", merged.Fields(), one.Fields(), want)
	}
	if got, want := resultOf(t, merged), resultOf(t, one); !bytes.Equal(got, want) {
		t.Errorf("merged result differs:\n%s\nwant\n%s", got, want)
	}
	if _, err := fn.AddInput(merged, lines[0]); err == nil {
		t.Error("a case added twice: no error")
	}
	if _, err := decodeAcc([]byte("{")); err == nil {
		t.Error("a cut accumulator: no error")
	}
}
