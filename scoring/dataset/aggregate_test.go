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

// TestAggregateBadLines checks that a line that is not a case line, or
// that no score could have written, is an error naming its shard, line
// and column; so is a shard that an unfinished run wrote.
func TestAggregateBadLines(t *testing.T) {
	const head = `{"id": "a", "status": "scored", "score": 1, "file": "d.jsonl", "record": 1, "paths": [`
	for _, c := range []struct{ in, want string }{
		{"{\"id\": \"a\"\n", "s.jsonl:1:11: unexpected end of JSON input"},
		{"\n[1]\n", "s.jsonl:2:1: a case line is an object, as score --format jsonl writes them"},
		{`{"id": 1, "status": "scored"}` + "\n", `s.jsonl:1:1: a case line has a string "id" and "status", as score --format jsonl writes them`},
		{`{"id": "a", "status": "great"}` + "\n", `s.jsonl:1:23: unknown case status "great"`},
		{`{"id": "a", "status": "scored", "score": 1}` + "\n", `s.jsonl:1:1: a case line has its "file" and "record", as score --format jsonl writes them`},
		{`{"id": "a", "status": "scored", "score": 1, "file": "d.jsonl", "record": 0}` + "\n", `s.jsonl:1:74: "record" is a record number (1 and up)`},
		{`{"id": "a", "status": "scored", "score": 2.5, "file": "d.jsonl", "record": 1, "paths": [], "nodes": []}` + "\n",
			`s.jsonl:1:42: the case score 2.5 is outside [0, 1]: no score writes it`},
		{`{"id": "a", "status": "missing", "score": 0.5, "file": "d.jsonl", "record": 1, "paths": [], "nodes": []}` + "\n",
			`s.jsonl:1:43: a missing case scores 0`},
		{`{"id": "a", "status": "scored", "score": 1, "file": "d.jsonl", "record": 1, "nodes": []}` + "\n",
			`s.jsonl:1:1: a case line has its "paths", as score --format jsonl writes them`},
		{head + `[0,null,4,1,1,0,1,[1],[1],16,0]], "nodes": []}` + "\n",
			`s.jsonl:1:87: the first "paths" entry is the root's: [-1,null,...]`},
		{head + `[-1,null,4,1,1,0,1,[1],[-1],16,0]], "nodes": []}` + "\n",
			`s.jsonl:1:111: a count below 0, or not a whole number: no score writes it`},
		{head + `[-1,null,4,1,1.5,0,1,[1],[1],16,0]], "nodes": []}` + "\n",
			`s.jsonl:1:100: a score sum outside [0, 1] over 1 scores: no score writes it`},
		{head + `[-1,null,4,2,1,0,1,[1],[1],16,0]], "nodes": []}` + "\n",
			`s.jsonl:1:98: 2 scores among 1 nodes: no score writes it`},
		{head + `[-1,null,4,1,1,0,1,[1],[1],16,0],[0,"x",3,1,1,0,1,[1],[1],8,1],[0,"x",3,1,1,0,1,[1],[1],8,1]], "nodes": []}` + "\n",
			`s.jsonl:1:150: the path of this entry has an entry before it`},
		{head + `[-1,null,4,1,1,0,1,[1],[1],16,0],[5,"x",3,1,1,0,1,[1],[1],8,1]], "nodes": []}` + "\n",
			`s.jsonl:1:121: a path's parent is an entry before it`},
		{`{"unfinished": true, "error": "data.jsonl:7:3: invalid character"}` + "\n",
			`s.jsonl:1:1: the run that wrote this shard stopped on an error: data.jsonl:7:3: invalid character; score the shard again`},
		{head + `[-1,null,4,1,1,0,1,[1],[1],16,0]], "nodes": []}`,
			`s.jsonl: its last line is cut short (it has no line end): the run that wrote it did not finish; score the shard again`},
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
