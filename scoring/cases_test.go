package scoring

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/internal/examples"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

type expectedNode struct {
	Path      string          `json:"path"`
	Kind      string          `json:"kind"`
	Status    string          `json:"status"`
	Score     *float64        `json:"score"`
	Weight    float64         `json:"weight"`
	Share     float64         `json:"share"`
	Factor    *float64        `json:"factor"`
	Loss      float64         `json:"loss"`
	Reference json.RawMessage `json:"reference"`
	Output    json.RawMessage `json:"output"`
}

type expectedReport struct {
	Score  *float64       `json:"score"`
	Metric string         `json:"metric"`
	Nodes  []expectedNode `json:"nodes"`
}

func mustRead(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// buildCase scores the example in dir.
func buildCase(t *testing.T, dir string) *Tree {
	t.Helper()
	ref, err := jsondoc.Parse("reference.json", mustRead(t, filepath.Join(dir, "reference.json")), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := jsondoc.ParseLenient("output.json", mustRead(t, filepath.Join(dir, "output.json")), nil)
	if err != nil {
		t.Fatal(err)
	}
	var w *Weights
	if src, err := os.ReadFile(filepath.Join(dir, "weights.json")); err == nil {
		if w, err = ParseWeights("weights.json", src); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := Build(ref, out, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9 }

func sameJSON(a, b json.RawMessage) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return bytes.Equal(xa, ya)
}

// TestCases checks every figure of every node of the worked examples
// against their expected.json, to 1e-9.
func TestCases(t *testing.T) {
	for _, dir := range examples.Dirs(t, "reference.json", "expected.json") {
		t.Run(dir, func(t *testing.T) {
			var want expectedReport
			if err := json.Unmarshal(mustRead(t, filepath.Join(dir, "expected.json")), &want); err != nil {
				t.Fatal(err)
			}
			tree := buildCase(t, dir)
			r := tree.Report("jsondiff", nil)
			if want.Score == nil {
				if r.HasScore {
					t.Errorf("score %v, want null", r.Score)
				}
			} else if !r.HasScore || !near(r.Score, *want.Score) {
				t.Errorf("score %v, want %v", r.Score, *want.Score)
			}
			var got []report.Node
			for n := range r.Nodes {
				c := *n
				c.Path, c.Label = strings.Clone(n.Path), strings.Clone(n.Label)
				got = append(got, c)
			}
			if len(got) != len(want.Nodes) {
				t.Fatalf("%d nodes, want %d", len(got), len(want.Nodes))
			}
			for i, w := range want.Nodes {
				g := got[i]
				if g.Path != w.Path || g.Kind != w.Kind || g.Status != w.Status {
					t.Errorf("node %d: %s %s %s, want %s %s %s", i, g.Path, g.Kind, g.Status, w.Path, w.Kind, w.Status)
				}
				if (w.Score == nil) == g.HasScore || w.Score != nil && !near(g.Score, *w.Score) {
					t.Errorf("%s: score %v (%v), want %v", w.Path, g.Score, g.HasScore, w.Score)
				}
				if (w.Factor != nil) != g.HasFactor || w.Factor != nil && !near(g.Factor, *w.Factor) {
					t.Errorf("%s: factor %v (%v), want %v", w.Path, g.Factor, g.HasFactor, w.Factor)
				}
				if !near(g.Weight, w.Weight) || !near(g.Share, w.Share) || !near(g.Loss, w.Loss) {
					t.Errorf("%s: weight/share/loss %v/%v/%v, want %v/%v/%v", w.Path, g.Weight, g.Share, g.Loss, w.Weight, w.Share, w.Loss)
				}
				if !sameJSON(g.Reference, w.Reference) || !sameJSON(g.Output, w.Output) {
					t.Errorf("%s: values %s/%s, want %s/%s", w.Path, g.Reference, g.Output, w.Reference, w.Output)
				}
			}
		})
	}
}
