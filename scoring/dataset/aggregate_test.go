package dataset

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestAggregateShards scores a dataset whole, prints its case lines, cuts
// them into shards of every size and aggregates them: the figures equal
// the whole's to 1e-12, and the case lines given back (CaseLines) are the
// whole's, byte for byte, in order.
func TestAggregateShards(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 500, 5)
	pass := 0.75
	for _, metric := range []string{"jsondiff", "lynxius", "uipath", "galtea", "exact"} {
		t.Run(metric, func(t *testing.T) {
			m, err := scoring.LookupMetric(metric)
			if err != nil {
				t.Fatal(err)
			}
			var lines bytes.Buffer
			cfg := Config{Metric: m, Pass: &pass, Lines: true, Cases: func(c *Case) error {
				lines.Write(c.Line)
				return nil
			}}
			whole := scoreSpec(t, Spec{Ref: records, GroupBy: ".category"}, cfg)
			all := strings.SplitAfter(lines.String(), "\n")
			for _, n := range []int{1, 3, 7} {
				var shards []Shard
				per := (len(all) + n - 1) / n
				for i := 0; i < len(all); i += per {
					shards = append(shards, Shard{Name: "shard.jsonl", R: strings.NewReader(strings.Join(all[i:min(i+per, len(all))], ""))})
				}
				var back bytes.Buffer
				figs, err := Aggregate(context.Background(), shards, AggregateConfig{Metric: metric, Pass: &pass, Workers: 4,
					CaseLines: func(line []byte) error {
						back.Write(line)
						back.WriteByte('\n')
						return nil
					}})
				if err != nil {
					t.Fatal(err)
				}
				closeFigures(t, metric, figs, whole.Figures)
				if back.String() != lines.String() {
					t.Errorf("%d shards: the case lines given back differ from the whole's", n)
				}
				if len(figs.Paths) == 0 != !scoring.HasTree(m) {
					t.Errorf("%s: %d paths", metric, len(figs.Paths))
				}
			}
		})
	}
}

// TestAggregateBadLines checks that a line that is not a case line is an
// error naming its shard, line and column.
func TestAggregateBadLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"{\"id\": \"a\"\n", "s.jsonl:1:11: unexpected end of JSON input"},
		{"\n[1]\n", "s.jsonl:2:1: a case line is an object, as score --format jsonl writes them"},
		{`{"id": 1, "status": "scored"}`, `s.jsonl:1:1: a case line has a string "id" and "status", as score --format jsonl writes them`},
		{`{"id": "a", "status": "great"}`, `s.jsonl:1:23: unknown case status "great"`},
		{`{"id": "a", "status": "scored", "score": 1}`, `s.jsonl:1:1: a case line has its "nodes", as score --format jsonl writes them`},
		{`{"id": "a", "status": "scored", "score": 1, "nodes": [{"path": ".x", "kind": "object", "status": "match"}]}`,
			`s.jsonl:1:55: the first node is the root ".", not ".x"`},
		{`{"id": "a", "status": "scored", "score": 1, "nodes": [{"path": ".", "kind": "thing", "status": "match"}]}`,
			`s.jsonl:1:55: unknown node kind "thing"`},
		{`{"id": "a", "status": "scored", "score": 1, "nodes": [{"path": ".", "kind": "object", "status": "match"}, {"path": "x", "kind": "null", "status": "match"}]}`,
			`s.jsonl:1:107: node x follows no node it is below`},
		{"", "the shards hold no case"},
	} {
		_, err := Aggregate(context.Background(), []Shard{{Name: "s.jsonl", R: strings.NewReader(c.in)}}, AggregateConfig{})
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %s", c.in, err, c.want)
		}
	}
}

// TestAggregateCaseLinesError: an error of CaseLines stops Aggregate with
// it, and no line after the one it refused is given.
func TestAggregateCaseLinesError(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 300, 5)
	var lines bytes.Buffer
	scoreSpec(t, Spec{Ref: records}, Config{Lines: true, Cases: func(c *Case) error {
		lines.Write(c.Line)
		return nil
	}})
	full := errors.New("the disk is full")
	given := 0
	_, err := Aggregate(context.Background(), []Shard{{Name: "s.jsonl", R: strings.NewReader(lines.String())}}, AggregateConfig{Workers: 4,
		CaseLines: func([]byte) error {
			if given++; given == 100 {
				return full
			}
			return nil
		}})
	if !errors.Is(err, full) || given != 100 {
		t.Errorf("Aggregate: %v after %d lines, want the disk full at the 100th", err, given)
	}
}
