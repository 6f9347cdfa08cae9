package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestExplorerRescoreIsScore: what the dataset explorer scores the
// dataset again with, once another metric, its options or rules are
// chosen (m, C, p), gives the figures `jsontui score DATA --metric X
// ...` prints, every one of them (the JSON sections byte for byte).
func TestExplorerRescoreIsScore(t *testing.T) {
	rules := filepath.Join(t.TempDir(), "rules.json")
	if err := os.WriteFile(rules, []byte(`{".vendor": "exact", ".items[].price": {"abs_tol": 0.5}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		metric string
		flags  []string
		rules  string
	}{
		{metric: "lynxius"},
		{metric: "uipath"},
		{metric: "galtea"},
		{metric: "f1"},
		{metric: "jsondiff", flags: []string{"--lists", ".items=key=sku", "--abs-tol", "0.5"}},
		{metric: "jsondiff", rules: rules},
	} {
		t.Run(tc.metric+strings.Join(tc.flags, ""), func(t *testing.T) {
			args := []string{"score", "--format", "json", small + "data.jsonl", small + "weights.json", "--pass", "0.9",
				"--group-by", ".category", "--match-threshold", "0.8", "--metric", tc.metric}
			args = append(args, tc.flags...)
			if tc.rules != "" {
				args = append(args, "--rules", tc.rules)
			}
			code, stdout, stderr := runCLI(t, "", args...)
			if code != 0 {
				t.Fatalf("score: exit %d: %s", code, stderr)
			}
			// The explorer opened on the dataset as it is by default,
			// then the metric, options and rules chosen.
			a := &app{getenv: func(string) string { return "" }}
			d := &datasetFlags{groupBy: ".category", pass: 0.9, passSet: true, threshold: 0.8, thresholdSet: true}
			cfg, _, _, err := a.datasetConfig(&dataset.Spec{Ref: small + "data.jsonl"}, d, &metricFlags{name: scoring.DefaultMetric}, small+"weights.json")
			if err != nil {
				t.Fatal(err)
			}
			var opts scoring.MetricOptions
			for i := 0; i+1 < len(tc.flags); i += 2 {
				if err := opts.Set(strings.TrimPrefix(tc.flags[i], "--"), tc.flags[i+1]); err != nil {
					t.Fatal(err)
				}
			}
			req := ports.DatasetRescoreRequest{Metric: tc.metric, Options: opts, Weights: cfg.Weights}
			if tc.rules != "" {
				if req.Rules, _, err = a.readRules(tc.rules, nil); err != nil {
					t.Fatal(err)
				}
			}
			res, err := datasetRescorer(dataset.Spec{Ref: small + "data.jsonl"}, d, cfg)(context.Background(), req, nil)
			if err != nil {
				t.Fatal(err)
			}
			if res.Scored == nil {
				t.Fatal("not held for re-weighting")
			}
			var b bytes.Buffer
			h := dataset.HeaderOf(res, small+"weights.json")
			h.Rules = tc.rules
			if err := dataset.WriteJSON(&b, h, res.Figures); err != nil {
				t.Fatal(err)
			}
			var got, want map[string]json.RawMessage
			if err := json.Unmarshal(b.Bytes(), &got); err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal([]byte(stdout), &want); err != nil {
				t.Fatal(err)
			}
			for _, k := range []string{"metric", "score", "stats", "paths", "groups", "cases", "extra", "warnings"} {
				if string(got[k]) != string(want[k]) {
					t.Errorf("%s:\n%s\nscore prints\n%s", k, got[k], want[k])
				}
			}
		})
	}
}
