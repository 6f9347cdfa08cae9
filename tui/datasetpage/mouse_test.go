package datasetpage

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

// TestMouseClicksReachThePanes checks that a left click selects the
// tree's row and the case under it (the page hands the click to the
// pane, which knows its rows), and that a right click does nothing.
func TestMouseClicksReachThePanes(t *testing.T) {
	d := newDSDriver(t, smallDataset(t, "dark"), 120, 24)
	top := d.m.hdr.Height()
	click := func(b tea.MouseButton, x, y int) {
		d.Send(tea.MouseClickMsg{Button: b, X: x, Y: top + y})
	}
	// The tree: the column heads, then ".", then its children.
	click(tea.MouseLeft, 2, 2)
	if got, want := d.m.tree.SelectedPath(), d.m.ds.Paths[d.m.tree.Outline().Row(1).Index].Path; got != want {
		t.Errorf("a click on the tree's second row selected %s, want %s", got, want)
	}
	click(tea.MouseRight, 2, 1)
	if d.m.tree.SelectedPath() == "." {
		t.Errorf("a right click moved the tree's cursor")
	}
	// The cases pane: the title, the column heads, then the cases.
	d.Keys("c")
	click(tea.MouseLeft, 2, 4)
	k, ok := d.m.cases.Selected()
	if cs := d.m.order.Cases(); !ok || k != cs[2] {
		t.Errorf("a click on the third case selected %d, want %d", k, cs[2])
	}
}
