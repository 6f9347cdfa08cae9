package dataset

import (
	"bytes"
	"context"
	"fmt"
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
	all := strings.SplitAfter(lines.String(), "\n")
	return all[:len(all)-1]
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
	if !strings.Contains(plain[0], `, "metric": "jsondiff", "settings": "`) || !strings.Contains(withTol[0], `, "metric": "jsondiff", "options": ["abs-tol=0.01"], "settings": "`) {
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
}

// TestAggregateDuplicateCase checks that a case in two lines (a shard
// given twice, shards that overlap) is an error naming both, where it
// would count twice: known by its id, or without one by its file and
// record. Cases without ids of different files are different cases.
func TestAggregateDuplicateCase(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 30, 3)
	lines := strings.Join(caseLines(t, Spec{Ref: records}, Config{}), "")
	_, err := Aggregate(context.Background(), []Shard{{"a.jsonl", strings.NewReader(lines)}, {"b.jsonl", strings.NewReader(lines)}}, AggregateConfig{})
	if want := `b.jsonl:1: duplicate case id "inv-000001": also at a.jsonl:1; aggregate each case once`; err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
	noIDs := files(t, map[string]string{"d.jsonl": "{\"expected\": 1, \"output\": 1}\n{\"expected\": 2, \"output\": 1}\n",
		"e.jsonl": "{\"expected\": 3, \"output\": 3}\n"})
	anon := strings.Join(caseLines(t, Spec{Ref: noIDs + "/d.jsonl"}, Config{}), "")
	other := strings.Join(caseLines(t, Spec{Ref: noIDs + "/e.jsonl"}, Config{}), "")
	_, err = Aggregate(context.Background(), []Shard{{"a.jsonl", strings.NewReader(anon)}, {"b.jsonl", strings.NewReader(anon)}}, AggregateConfig{})
	if want := fmt.Sprintf(`b.jsonl:1: case #1 (%q record 1) is also at a.jsonl:1; aggregate each case once`, noIDs+"/d.jsonl"); err == nil || err.Error() != want {
		t.Errorf("#N cases twice: %v, want %s", err, want)
	}
	figs, err := Aggregate(context.Background(), []Shard{{"a.jsonl", strings.NewReader(anon)}, {"b.jsonl", strings.NewReader(other)}}, AggregateConfig{})
	if err != nil || figs.Stats.Cases != 3 {
		t.Errorf("#N cases of two files: %v", err)
	}
}

// TestAggregateOtherSettings checks that shards scored under other
// weights, match threshold or --group-by are refused with the first line
// that differs.
func TestAggregateOtherSettings(t *testing.T) {
	dir := t.TempDir()
	records := genRecords(t, dir, 20, 3)
	w, err := scoring.ParseWeights("w.json", []byte(`{"total": 0.25}`))
	if err != nil {
		t.Fatal(err)
	}
	half := 0.5
	base := caseLines(t, Spec{Ref: records}, Config{})
	for name, other := range map[string][]string{
		"weights":         caseLines(t, Spec{Ref: records}, Config{Weights: w}),
		"match threshold": caseLines(t, Spec{Ref: records}, Config{MatchThreshold: &half}),
		"group-by":        caseLines(t, Spec{Ref: records, GroupBy: ".category"}, Config{}),
	} {
		shards := []Shard{{"a.jsonl", strings.NewReader(strings.Join(base[:10], ""))}, {"b.jsonl", strings.NewReader(strings.Join(other[10:], ""))}}
		_, err := Aggregate(context.Background(), shards, AggregateConfig{})
		if err == nil || !strings.HasPrefix(err.Error(), "b.jsonl:1:1: the case was scored under other settings (") ||
			!strings.Contains(err.Error(), ") than the first case (a.jsonl:1: ") {
			t.Errorf("%s: %v", name, err)
		}
	}
}
