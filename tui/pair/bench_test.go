package pair

import (
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// generated scores a generated pair of about mb megabytes, once per size
// per test binary.
var generated = struct {
	sync.Mutex
	trees map[int]*scoring.Tree
}{trees: map[int]*scoring.Tree{}}

func generatedTree(b *testing.B, mb int) *scoring.Tree {
	generated.Lock()
	defer generated.Unlock()
	if t, ok := generated.trees[mb]; ok {
		return t
	}
	refSrc, outSrc := gen.Pair(mb<<20, 1)
	ref, out := scoringtest.Docs(b, refSrc, outSrc)
	t := scoringtest.Build(b, ref, out, nil, scoring.Options{})
	generated.trees[mb] = t
	return t
}

// benchModel opens the explorer on t in a w×h terminal.
func benchModel(t *scoring.Tree, w, h int) *Model {
	m := New(ports.Options{Files: ports.Files{Reference: "ref.json", Output: "out.json"}, Loaded: &ports.Loaded{Tree: t}, Theme: "dark"})
	m.Update(tea.WindowSizeMsg{Width: w, Height: h})
	m.View()
	return m
}

// BenchmarkFrame60Rows measures a frame of a 60-row tree (with header,
// detail pane and status line, 160 columns) after moving the cursor, on
// the tree of a generated 200 MB pair (20 MB with -short), all expanded.
func BenchmarkFrame60Rows(b *testing.B) {
	mb := 200
	if testing.Short() {
		mb = 20
	}
	t := generatedTree(b, mb)
	m := benchModel(t, 160, 64)
	m.Update(tuitest.KeyMsg("e"))
	if m.tree.Page() != 60 {
		b.Fatalf("the view shows %d rows, not 60", m.tree.Page())
	}
	b.ReportMetric(float64(t.Len()), "nodes")
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		m.Update(tuitest.KeyMsg("j"))
		_ = m.View()
		times = append(times, time.Since(start))
	}
	tuitest.ReportMedian(b, times)
}

// BenchmarkEditRepaint measures a weight edit (+ then −, alternately)
// through to the repainted frame, on the tree of a generated pair of over
// 1.5 million nodes: the key of every record (one slot of ~100,000 nodes,
// updated by the engine's slot update), and a top-level key (a path
// update).
func BenchmarkEditRepaint(b *testing.B) {
	t := generatedTree(b, 21)
	if t.Len() < 1_500_000 {
		b.Fatalf("the tree has %d nodes, fewer than 1.5 million", t.Len())
	}
	for _, c := range []struct{ name, path string }{
		{"record-key", ".records[0].price"},
		{"top-level-key", ".version"},
	} {
		b.Run(c.name, func(b *testing.B) {
			m := benchModel(t, 160, 45)
			id := findPath(b, t, c.path)
			m.tree.SelectNode(id)
			b.ReportMetric(float64(t.Len()), "nodes")
			times := make([]time.Duration, 0, b.N)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				k := "-"
				if i%2 == 1 {
					k = "+"
				}
				start := time.Now()
				m.Update(tuitest.KeyMsg(k))
				_ = m.View()
				times = append(times, time.Since(start))
			}
			b.StopTimer()
			if i := b.N; i > 0 && !m.sess.CanUndo() {
				b.Fatal("no edit was made")
			}
			tuitest.ReportMedian(b, times)
		})
	}
}

// findPath returns the node at a path made of keys and indexes, such as
// .records[0].price.
func findPath(b *testing.B, t *scoring.Tree, path string) scoring.NodeID {
	id := scoring.NodeID(0)
	for _, step := range strings.FieldsFunc(path, func(r rune) bool { return r == '.' || r == '[' }) {
		step = strings.TrimSuffix(step, "]")
		if strings.HasSuffix(path, step+"]") || strings.Contains(path, "["+step+"]") {
			step = "[" + step + "]"
		}
		first, n := t.Children(id)
		found := false
		for c := first; c < first+scoring.NodeID(n); c++ {
			if t.Label(c) == step {
				id, found = c, true
				break
			}
		}
		if !found {
			b.Fatalf("no node %s (at %s)", path, step)
		}
	}
	return id
}

// BenchmarkFailingView measures the failing-only view's key (f: finding
// the nodes that lose points, then the rows) and the jump to the
// costliest leaf (W), on the trees of generated pairs of 1, 20 and 200 MB
// (1 and 20 with -short), all expanded.
func BenchmarkFailingView(b *testing.B) {
	sizes := []int{1, 20, 200}
	if testing.Short() {
		sizes = sizes[:2]
	}
	for _, mb := range sizes {
		t := generatedTree(b, mb)
		m := benchModel(t, 160, 45)
		m.Update(tuitest.KeyMsg("e"))
		for _, k := range []string{"F", "W"} {
			b.Run(fmt.Sprintf("%dMB/%s", mb, k), func(b *testing.B) {
				b.ReportMetric(float64(t.Len()), "nodes")
				b.ReportAllocs()
				for b.Loop() {
					m.Update(tuitest.KeyMsg(k))
					_ = m.View()
				}
			})
		}
		if m.tree.Outline().Filter() != nil {
			m.Update(tuitest.KeyMsg("F"))
		}
	}
}
