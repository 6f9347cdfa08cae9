package pair

import (
	"reflect"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/jsontui/jsontui/tui/internal/tuitest"
	"github.com/jsontui/jsontui/tui/ports"
)

// TestFailingOnly: f shows the nodes that lose points and their
// ancestors, the status line counts those it hides while it is on, a
// weight edit that ends a loss hides the node, and f again shows all.
func TestFailingOnly(t *testing.T) {
	d := newDriver(t, invoice(t), 120, 35)
	d.goTo(".vendor.address.city")
	d.Keys("F")
	// The cursor was on a node the view hides: it goes to the nearest
	// one shown above it.
	if p := d.selectedPath(); p != ".vendor" {
		t.Errorf("cursor on %s", p)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "failing only: 48 of 81 nodes hidden · failing only: the 33 nodes that lose points or hold some that do · F shows all") {
		t.Errorf("status %q", s)
	}
	d.Keys("e")
	if n := d.m.tree.Outline().Len(); n != 33 {
		t.Errorf("%d rows expanded", n)
	}
	// .vendor.name is all .vendor loses; its weight 0 ends that: both go,
	// and the cursor to the root.
	d.goTo(".vendor.name")
	d.Keys("x")
	if p := d.selectedPath(); p != "." || d.m.tree.Outline().Len() != 31 {
		t.Errorf("after x: on %s, %d rows", p, d.m.tree.Outline().Len())
	}
	if !strings.HasPrefix(d.statusText(), "failing only: 50 of 81 nodes hidden") {
		t.Errorf("status %q", d.statusText())
	}
	// A search whose matches are all hidden says so.
	d.Keys("/", "type:Hamburg", "enter")
	if s := d.statusText(); !strings.Contains(s, `"Hamburg": 1 match, none of them failing: F shows all nodes`) {
		t.Errorf("search: %q", s)
	}
	d.Keys("F")
	if strings.Contains(d.statusText(), "hidden") || d.m.tree.Outline().Len() != 81 {
		t.Errorf("F again: %q, %d rows", d.statusText(), d.m.tree.Outline().Len())
	}
	// An equal pair has nothing to show.
	l := loadPair(t, `{"a": 1}`, `{"a": 1}`, "")
	e := newDriver(t, ports.Options{Files: ports.Files{Reference: "r.json", Output: "o.json"}, Loaded: &l, Metric: "jsondiff", Theme: "dark"}, 80, 24)
	e.Keys("F")
	if s := e.statusText(); !strings.HasPrefix(s, "no node loses points") || e.m.tree.Outline().Filter() != nil {
		t.Errorf("equal pair: %q", s)
	}
}

// TestWorst: W goes to the costliest leaf, from anywhere.
func TestWorst(t *testing.T) {
	d := newDriver(t, invoice(t), 120, 35)
	d.Keys("G", "W")
	if p := d.selectedPath(); p != ".due_date" {
		t.Errorf("W went to %s", p)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "the costliest leaf: .due_date loses 0.06667 of the total") {
		t.Errorf("status %q", s)
	}
	// With the due date's weight at 0, the costliest leaf is the invoice
	// number (0.00417 of the total, against 0.00190 for each field of the
	// dropped line item).
	d.Keys("x", "W")
	if p := d.selectedPath(); p != ".invoice_number" {
		t.Errorf("W went to %s", p)
	}
}

// clipboard runs key k and returns what it copies ("" for nothing).
func clipboard(t *testing.T, d *driver, k string) string {
	t.Helper()
	_, cmd := d.m.Update(tuitest.KeyMsg(k))
	if cmd == nil {
		return ""
	}
	msg := cmd()
	if tuitest.TypeName(msg) != "tea.setClipboardMsg" {
		t.Fatalf("%s sent %T", k, msg)
	}
	return reflect.ValueOf(msg).String()
}

// TestCopyOutput: Y copies the output value, a container indented, a
// scalar as written; y still copies the path.
func TestCopyOutput(t *testing.T) {
	d := newDriver(t, invoice(t), 120, 35)
	d.goTo(".due_date")
	if got := clipboard(t, d, "Y"); got != `"15.05.2024"` {
		t.Errorf("Y copied %q", got)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "copied the output value of .due_date (12 B)") {
		t.Errorf("status %q", s)
	}
	if got := clipboard(t, d, "y"); got != ".due_date" {
		t.Errorf("y copied %q", got)
	}
	d.goTo(".vendor.address")
	want := "{\n  \"street\": \"Hafenstraße 12\",\n  \"city\": \"Hamburg\",\n  \"postal_code\": \"20457\",\n  \"country\": \"DE\"\n}"
	if got := clipboard(t, d, "Y"); got != want {
		t.Errorf("Y copied\n%s\nwant\n%s", got, want)
	}
	d.goTo(".line_items[4].sku")
	if got := clipboard(t, d, "Y"); got != "" {
		t.Errorf("Y copied %q where the output has nothing", got)
	}
	if s := d.statusText(); !strings.HasPrefix(s, "the output has no value at .line_items[4].sku: nothing copied") {
		t.Errorf("status %q", s)
	}
}

// TestDetailScrolls: a detail pane holding more than fits scrolls with
// J/K and the wheel over it (the wheel over the tree still scrolls the
// Tree), says how much is above and below, and starts at the top for a
// new selection.
func TestDetailScrolls(t *testing.T) {
	d := newDriver(t, invoice(t), 160, 35)
	d.Screen() // the pane builds its lines as it draws
	total := d.m.detail.LineCount()
	if total <= d.m.detail.Rows() {
		t.Fatalf("the root's detail has %d lines: it fits", total)
	}
	if !strings.Contains(d.Screen(), "↓ 12 more below · J/K or the wheel scroll") {
		t.Errorf("no more-below line:\n%s", d.Screen())
	}
	d.Keys("J")
	if d.m.detail.Offset() != 3 || !strings.Contains(d.Screen(), "↑ 4 more above") || !strings.Contains(d.Screen(), "↓ 9 more below") {
		t.Errorf("J: at %d\n%s", d.m.detail.Offset(), d.Screen())
	}
	d.Keys("K", "K")
	if d.m.detail.Offset() != 0 || strings.Contains(d.Screen(), "more above") {
		t.Errorf("K: at %d", d.m.detail.Offset())
	}
	x := d.m.tree.Width() + 5
	for range 20 {
		d.Send(tea.MouseWheelMsg{X: x, Y: 10, Button: tea.MouseWheelDown})
	}
	if d.m.detail.Offset() != d.m.detail.MaxOffset() || strings.Contains(d.Screen(), "more below") || d.m.tree.Offset() != 0 {
		t.Errorf("wheel over the pane: at %d of %d, tree at %d", d.m.detail.Offset(), d.m.detail.MaxOffset(), d.m.tree.Offset())
	}
	d.Send(tea.MouseWheelMsg{X: 5, Y: 10, Button: tea.MouseWheelDown})
	if d.m.tree.Offset() != 3 {
		t.Errorf("wheel over the tree: tree at %d", d.m.tree.Offset())
	}
	d.Keys("j")
	d.Screen()
	if d.m.detail.Offset() != 0 {
		t.Errorf("a new selection starts at %d", d.m.detail.Offset())
	}
	d = newDriver(t, invoice(t), 120, 35)
	d.Keys("J")
	if s := d.statusText(); !strings.HasPrefix(s, "the detail pane is hidden: tab shows it") {
		t.Errorf("J with the pane hidden: %q", s)
	}
}
