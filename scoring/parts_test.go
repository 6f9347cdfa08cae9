package scoring

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

func rows(seq func(func(*report.Node) bool)) []string {
	var out []string
	for n := range seq {
		out = append(out, fmt.Sprintf("%s|%d|%s|%s|%s|%v|%v|%v|%v|%v|%v|%v|%s|%s", n.Path, n.Depth, n.Label,
			n.Kind, n.Status, n.Score, n.HasScore, n.Weight, n.Factor, n.HasFactor, n.Share, n.Loss, n.Reference, n.Output))
	}
	return out
}

// TestPartsAreTheWalk checks that the parts of a walk, walked at the same
// time and put one after the other, are the walk itself.
func TestPartsAreTheWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 9))
	ref, out := randomPair(rng, 9000) // wide enough to be split
	for _, weights := range []string{"", `{"meta": {"__meta": 0.5}, "items": {"tags": 0.3}}`} {
		tree := score(t, ref, out, weights)
		rep := tree.Report("jsondiff", nil)
		want := rows(rep.Nodes)
		parts := rep.Parts(2)
		if len(parts) != 2 {
			t.Fatalf("%d parts", len(parts))
		}
		got := make([][]string, len(parts))
		var wg sync.WaitGroup
		for i, p := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				got[i] = rows(p)
			}()
		}
		wg.Wait()
		if len(got[0]) == 0 || len(got[1]) < len(want)/4 {
			t.Errorf("unbalanced parts: %d and %d of %d", len(got[0]), len(got[1]), len(want))
		}
		joined := append(got[0], got[1]...)
		if strings.Join(joined, "\n") != strings.Join(want, "\n") {
			for i := range want {
				if i >= len(joined) || joined[i] != want[i] {
					t.Fatalf("row %d:\n got %v\nwant %s", i, joined[min(i, len(joined)-1)], want[i])
				}
			}
			t.Fatalf("%d rows, want %d", len(joined), len(want))
		}
	}
	// A small tree is one part.
	small := score(t, `{"a": [1, 2]}`, `{"a": [1]}`, "")
	if n := len(small.Report("jsondiff", nil).Parts(2)); n != 1 {
		t.Errorf("small tree in %d parts", n)
	}
}

// TestPartsNested splits at an array two levels down, with siblings after
// it at every level, so the second part starts with a deep stack.
func TestPartsNested(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"head": 1, "outer": {"x": [1, 2], "wide": [`)
	for i := 0; i < 30000; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"k": %d, "s": "v%d"}`, i, i%7)
	}
	b.WriteString(`], "after": {"y": true}}, "tail": [3, "z"]}`)
	ref := b.String()
	out := strings.Replace(ref, `"s": "v3"`, `"s": "w3"`, -1)
	tree := score(t, ref, out, "")
	rep := tree.Report("jsondiff", nil)
	want := rows(rep.Nodes)
	parts := rep.Parts(2)
	if len(parts) != 2 {
		t.Fatalf("%d parts", len(parts))
	}
	joined := append(rows(parts[0]), rows(parts[1])...)
	if strings.Join(joined, "\n") != strings.Join(want, "\n") {
		t.Fatalf("parts differ from the walk (%d rows, want %d)", len(joined), len(want))
	}
}
