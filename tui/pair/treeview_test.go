package pair

import (
	"strings"
	"testing"
)

// TestFailingSurvivesPairing checks that the failing-only view (F) and
// the children's order (o) stay on when p scores the tree again under
// another pairing: the status line still counts the nodes hidden, and
// .line_items stays selected.
func TestFailingSurvivesPairing(t *testing.T) {
	d := newDriver(t, invoiceCase(t), 160, 45)
	d.keys(toLineItems...)
	d.keys("F", "o")
	if d.m.tree.Outline().Filter() == nil {
		t.Fatal("F did not turn the failing-only view on")
	}
	order := d.m.tree.Outline().Order()
	before := d.m.badge()
	d.keys("F", "F") // off and on again: the cursor's path stays
	path := d.selectedPath()
	d.keys("p")
	if d.m.tree.Outline().Filter() == nil {
		t.Fatalf("p turned the failing-only view off:\n%s", d.screen())
	}
	if got := d.m.tree.Outline().Order(); got != order {
		t.Errorf("p reset the order to %v, was %v", got, order)
	}
	if got := d.selectedPath(); got != path {
		t.Errorf("selected %s after p, was %s", got, path)
	}
	if got := d.m.badge(); !strings.HasPrefix(got, "failing only: ") || before == "" {
		t.Errorf("badge %q (before p %q)", got, before)
	}
}
