package pathtree

import (
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/jsontui/jsontui/themes"
)

// TestStatusBar checks that each status takes its share of the cells
// (largest remainders), one at least for a status that has nodes.
func TestStatusBar(t *testing.T) {
	s := themes.MustNew(themes.Mono)
	for _, c := range []struct {
		counts [7]int
		w      int
		want   string
	}{
		{[7]int{5, 0, 5}, 10, "✓✓✓✓✓✗✗✗✗✗"},
		{[7]int{6, 2, 2}, 10, "✓✓✓✓✓✓~~✗✗"},
		{[7]int{7, 1, 0, 0, 0, 0, 1}, 5, "✓✓✓~·"},
		{[7]int{2, 1}, 4, "✓✓✓~"},
		{[7]int{}, 3, "   "},
		// A large share no longer takes the cell a small status needs:
		// 97/1/2 in 10 was 9 ✓ and 1 ~, with no ✗.
		{[7]int{97, 1, 2}, 10, "✓✓✓✓✓✓✓✓~✗"},
		{[7]int{1, 1, 98}, 10, "✓~✗✗✗✗✗✗✗✗"},
		{[7]int{995, 1, 1, 1, 1, 1}, 6, "✓~✗∅+≠"},
		{[7]int{90, 5, 5}, 10, "✓✓✓✓✓✓✓✓~✗"},
		{[7]int{0, 0, 1}, 4, "✗✗✗✗"},
		// Fewer cells than statuses with nodes: the largest keep theirs.
		{[7]int{97, 1, 2}, 2, "✓✗"},
		{[7]int{3, 3, 3}, 2, "✓~"},
		{[7]int{5, 5}, 1, "✓"},
	} {
		if got := ansi.Strip(statusBar(s, c.counts, c.w)); got != c.want {
			t.Errorf("statusBar(%v, %d) = %q, want %q", c.counts, c.w, got, c.want)
		}
	}
}

// TestLayoutPathColsDrop checks the order in which the figures give way
// on a narrow screen: f first, loss and score never.
func TestLayoutPathColsDrop(t *testing.T) {
	wide := layoutPathCols(200, 20, false)
	if wide.w[colF] == 0 || wide.w[colRun] != 0 || wide.w[colDelta] != 0 {
		t.Fatalf("wide, no comparison: %v", wide.w)
	}
	narrow := layoutPathCols(wide.figures()+minPathKey-1, 20, false)
	if narrow.w[colF] != 0 || narrow.w[colPrec] == 0 {
		t.Errorf("one cell short: f should give way first, %v", narrow.w)
	}
	tiny := layoutPathCols(30, 20, true)
	if tiny.w[colScore] == 0 || tiny.w[colLoss] == 0 || tiny.w[colWeight] != 0 || tiny.label != minPathKey {
		t.Errorf("30 cells: %v, key %d", tiny.w, tiny.label)
	}
}
