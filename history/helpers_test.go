package history

import (
	"encoding/json"
	"iter"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

// pizzaNodes returns the 15 nodes of the pizza example (cases/pizza),
// with depths and labels worked out from the paths.
func pizzaNodes(t testing.TB) []report.Node {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "pizza-expected.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Nodes []struct {
			Path, Kind, Status  string
			Score, Factor       *float64
			Weight, Share, Loss float64
			Reference, Output   json.RawMessage
		}
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var nodes []report.Node
	for _, n := range doc.Nodes {
		label, _ := pathLabel(n.Path)
		node := report.Node{
			Path: n.Path, Depth: strings.Count(n.Path, ".") + strings.Count(n.Path, "[") - 1,
			Label: label, Kind: n.Kind, Status: n.Status,
			Weight: n.Weight, Share: n.Share, Loss: n.Loss,
			Reference: n.Reference, Output: n.Output,
		}
		if n.Path == "." {
			node.Depth = 0
		}
		if n.Score != nil {
			node.Score, node.HasScore = *n.Score, true
		}
		if n.Factor != nil {
			node.Factor, node.HasFactor = *n.Factor, true
		}
		nodes = append(nodes, node)
	}
	return nodes
}

// seqOf yields pointers into nodes.
func seqOf(nodes []report.Node) iter.Seq[*report.Node] {
	return func(yield func(*report.Node) bool) {
		for i := range nodes {
			if !yield(&nodes[i]) {
				return
			}
		}
	}
}

// collect copies the nodes of a sequence.
func collect(seq iter.Seq[*report.Node]) []report.Node {
	var out []report.Node
	for n := range seq {
		c := *n
		// A tree's walk lends its path and label until the next node.
		c.Path, c.Label = strings.Clone(n.Path), strings.Clone(n.Label)
		out = append(out, c)
	}
	return out
}

// genNodes yields n nodes of a generated run, the same for the same seed:
// a root object holding an array "records" of objects with 9 fields, most
// matching, some partial, some mismatching, padded with extra keys.
func genNodes(n int, seed uint64) iter.Seq[*report.Node] {
	fields := []struct {
		name, kind string
		weight     float64
	}{
		{"id", "number", 1}, {"name", "string", 1}, {"price", "number", 0.5},
		{"qty", "number", 1}, {"sku", "string", 0}, {"in_stock", "bool", 1},
		{"category", "string", 0.25}, {"note", "string", 1}, {"rating", "number", 1},
	}
	var sumW float64
	for _, f := range fields {
		sumW += f.weight
	}
	return func(yield func(*report.Node) bool) {
		rng := rand.New(rand.NewPCG(seed, 7))
		node := &report.Node{}
		emit := func(nd report.Node) bool {
			*node = nd
			return yield(node)
		}
		if n <= 0 || !emit(report.Node{Path: ".", Depth: 0, Label: ".", Kind: "object", Status: "partial",
			Score: 0.9, HasScore: true, Weight: 1, Factor: 1, HasFactor: true, Share: 1, Loss: 0.1}) {
			return
		}
		if n == 1 {
			return
		}
		recs := (n - 2) / (1 + len(fields))
		if !emit(report.Node{Path: ".records", Depth: 1, Label: "records", Kind: "array", Status: "partial",
			Score: 0.9, HasScore: true, Weight: 1, Factor: 1, HasFactor: true, Share: 1, Loss: 0.1}) {
			return
		}
		recShare := 1 / float64(recs)
		scores := make([]float64, len(fields))
		for i := 0; i < recs; i++ {
			var total float64
			for j, f := range fields {
				switch r := rng.Float64(); {
				case r < 0.8:
					scores[j] = 1
				case r < 0.9:
					scores[j] = rng.Float64()
				default:
					scores[j] = 0
				}
				total += scores[j] * f.weight
			}
			rs := total / sumW
			base := ".records[" + strconv.Itoa(i) + "]"
			if !emit(report.Node{Path: base, Depth: 2, Label: "[" + strconv.Itoa(i) + "]", Kind: "object",
				Status: status(rs), Score: rs, HasScore: true, Weight: 1, Factor: float64(len(fields)) / sumW,
				HasFactor: true, Share: recShare, Loss: recShare * (1 - rs)}) {
				return
			}
			for j, f := range fields {
				share := recShare * f.weight / sumW
				if !emit(report.Node{Path: base + "." + f.name, Depth: 3, Label: f.name, Kind: f.kind,
					Status: status(scores[j]), Score: scores[j], HasScore: true, Weight: f.weight,
					Share: share, Loss: share * (1 - scores[j])}) {
					return
				}
			}
		}
		for i := 2 + recs*(1+len(fields)); i < n; i++ {
			key := "extra_" + strconv.Itoa(i)
			if !emit(report.Node{Path: "." + key, Depth: 1, Label: key, Kind: "string", Status: "extra"}) {
				return
			}
		}
	}
}

func status(s float64) string {
	switch {
	case s == 1:
		return "match"
	case s == 0:
		return "mismatch"
	}
	return "partial"
}

// sameNodes compares nodes as stored: every figure but Reference and
// Output, floats to 1e-9.
func sameNodes(t testing.TB, got, want []report.Node) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("got %d nodes, want %d", len(got), len(want))
	}
	near := func(a, b float64) bool { return a == b || math.Abs(a-b) <= 1e-9 }
	for i := range want {
		g, w := got[i], want[i]
		if g.Path != w.Path || g.Depth != w.Depth || g.Label != w.Label || g.Kind != w.Kind ||
			g.Status != w.Status || g.HasScore != w.HasScore || g.HasFactor != w.HasFactor ||
			(w.HasScore && !near(g.Score, w.Score)) || (w.HasFactor && !near(g.Factor, w.Factor)) ||
			!near(g.Weight, w.Weight) || !near(g.Share, w.Share) || !near(g.Loss, w.Loss) ||
			g.Reference != nil || g.Output != nil {
			t.Fatalf("node %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

// testRun returns a run of the pizza files under dir.
func testRun(dir string, score float64) *Run {
	return &Run{
		Label:       "pizza",
		Tags:        []string{"baseline", "ci"},
		Source:      SourceScore,
		Reference:   NewFile(filepath.Join(dir, "ref.json"), []byte(`{"a":1}`)),
		Output:      NewFile(filepath.Join(dir, "out.json"), []byte(`{"a":2}`)),
		Weights:     NewFile(filepath.Join(dir, "weights.json"), []byte(`{"a":0.5}`)),
		WeightsJSON: json.RawMessage(`{"margherita":1.0,"beer":0.25,"fixed_menus":{"__fixed_menus":0.8,"pizza":0.5}}`),
		Metric:      "jsondiff",
		Options:     []string{"abs-tol=0.01"},
		Score:       score,
		HasScore:    true,
		Repairs:     []string{"fenced block"},
		Warnings:    []report.Warning{{Path: ".beer", Message: "duplicate key"}},
		Extra:       map[string]float64{"distance": 3},
	}
}
