package dataset

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// caseLines scores the dataset of spec under cfg and returns its
// --format jsonl lines.
func caseLines(t *testing.T, spec Spec, cfg Config) []string {
	t.Helper()
	var lines bytes.Buffer
	cfg.Lines = true
	cfg.Cases = func(c *Case) error {
		lines.Write(c.Line)
		return nil
	}
	scoreSpec(t, spec, cfg)
	return strings.SplitAfter(strings.TrimSuffix(lines.String(), "\n"), "\n")
}

// TestAggregateKnowsTheMetric checks that a case line names the metric
// (and its options) that scored it, so that aggregate reports it without
// being told, and refuses shards scored otherwise than each other, or
// than --metric says: their figures do not add up.
func TestAggregateKnowsTheMetric(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 40, 3)
	exact, err := scoring.LookupMetric("exact")
	if err != nil {
		t.Fatal(err)
	}
	var tol scoring.MetricOptions
	if err := tol.Set(scoring.OptAbsTol, "0.01"); err != nil {
		t.Fatal(err)
	}
	plain := caseLines(t, Spec{Ref: records}, Config{})
	withTol := caseLines(t, Spec{Ref: records}, Config{Options: tol})
	ex := caseLines(t, Spec{Ref: records}, Config{Metric: exact})
	if !strings.Contains(plain[0], `, "metric": "jsondiff", "nodes": [`) || !strings.Contains(withTol[0], `, "metric": "jsondiff", "options": ["abs-tol=0.01"], "nodes": [`) {
		t.Fatalf("lines:\n%s%s", plain[0][:200], withTol[0][:200])
	}
	join := func(lines []string) *strings.Reader { return strings.NewReader(strings.Join(lines, "")) }
	figs, err := Aggregate(context.Background(), []Shard{{"a.jsonl", join(ex[:20])}, {"b.jsonl", join(ex[20:])}}, AggregateConfig{})
	if err != nil {
		t.Fatal(err)
	}
	if figs.Metric != "exact" || len(figs.Paths) != 0 {
		t.Errorf("metric %s, %d paths", figs.Metric, len(figs.Paths))
	}
	figs, err = Aggregate(context.Background(), []Shard{{"a.jsonl", join(withTol)}}, AggregateConfig{})
	if err != nil || figs.Metric != "jsondiff" || strings.Join(figs.Options, " ") != "abs-tol=0.01" {
		t.Errorf("metric %s %q, %v", figs.Metric, figs.Options, err)
	}
	for _, c := range []struct {
		name   string
		shards []Shard
		metric string
		want   string
	}{
		{"two metrics", []Shard{{"a.jsonl", join(plain[:20])}, {"b.jsonl", join(ex[20:])}}, "",
			`b.jsonl:1:1: the case was scored by exact, the first case (a.jsonl:1) by jsondiff: aggregate the shards of one run`},
		{"two options", []Shard{{"a.jsonl", join(plain[:20])}, {"b.jsonl", join(withTol[20:])}}, "",
			`b.jsonl:1:1: the case was scored by jsondiff abs-tol=0.01, the first case (a.jsonl:1) by jsondiff: aggregate the shards of one run`},
		{"--metric", []Shard{{"a.jsonl", join(ex)}}, "jsondiff",
			`a.jsonl:1:1: the case was scored by exact, not by metric jsondiff`},
	} {
		_, err := Aggregate(context.Background(), c.shards, AggregateConfig{Metric: c.metric})
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: %v, want %s", c.name, err, c.want)
		}
	}
	// Lines that name no metric (written before they did) are the
	// --metric's.
	var old []string
	for _, l := range ex {
		old = append(old, strings.Replace(l, `, "metric": "exact"`, "", 1))
	}
	figs, err = Aggregate(context.Background(), []Shard{{"a.jsonl", join(old)}}, AggregateConfig{Metric: "exact"})
	if err != nil || figs.Metric != "exact" {
		t.Errorf("old lines: %v, %v", figs, err)
	}
}

// TestAggregateDuplicateCase checks that a case id in two lines (a shard
// given twice, shards that overlap) is an error naming both, where it
// would count twice; the #N names of cases without ids repeat from shard
// to shard and are no error.
func TestAggregateDuplicateCase(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 30, 3)
	lines := strings.Join(caseLines(t, Spec{Ref: records}, Config{}), "")
	_, err := Aggregate(context.Background(), []Shard{{"a.jsonl", strings.NewReader(lines)}, {"b.jsonl", strings.NewReader(lines)}}, AggregateConfig{})
	if want := `b.jsonl:1:1: duplicate case id "inv-000001": also at a.jsonl:1; aggregate each case once`; err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
	noIDs := files(t, map[string]string{"d.jsonl": "{\"expected\": 1, \"output\": 1}\n{\"expected\": 2, \"output\": 1}\n"})
	anon := strings.Join(caseLines(t, Spec{Ref: noIDs + "/d.jsonl"}, Config{}), "")
	figs, err := Aggregate(context.Background(), []Shard{{"a.jsonl", strings.NewReader(anon)}, {"b.jsonl", strings.NewReader(anon)}}, AggregateConfig{})
	if err != nil || figs.Stats.Cases != 4 {
		t.Errorf("#N cases: %v", err)
	}
}
