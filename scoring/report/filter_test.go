package report

import (
	"strings"
	"testing"
	"unsafe"
)

// reused yields nodes as the tree's walk does: one Node, its strings in
// one buffer, both overwritten for the next.
func reused(rows []Node) func(func(*Node) bool) {
	return func(yield func(*Node) bool) {
		var n Node
		buf := make([]byte, 0, 64)
		for _, r := range rows {
			buf = append(buf[:0], r.Path...)
			n = r
			n.Path = unsafeView(buf)
			if !yield(&n) {
				return
			}
		}
	}
}

func TestTop(t *testing.T) {
	rows := []Node{
		{Path: ".", Depth: 0, Loss: 0.5},
		{Path: ".a", Depth: 1, Loss: 0.2},       // a leaf
		{Path: ".b", Depth: 1, Loss: 0.3},       // a container: not listed
		{Path: ".b.c", Depth: 2, Loss: 0.2},     // a leaf, tied with .a
		{Path: ".b.d", Depth: 2, Loss: 0.1},     // a leaf
		{Path: ".e", Depth: 1, Loss: 0},         // no loss: never listed
		{Path: ".f", Depth: 1, Loss: 0.3},       // an empty container: a leaf
		{Path: ".g", Depth: 1, Loss: 0.0000001}, // the last node, a leaf
	}
	r := &Report{Nodes: reused(rows)}
	for _, c := range []struct {
		n    int
		want string
	}{
		{1, ".f"},
		{3, ".f .a .b.c"},
		{10, ".f .a .b.c .b.d .g"},
	} {
		var got []string
		for n := range Top(r, c.n).Nodes {
			got = append(got, n.Path)
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("top %d: %v, want %s", c.n, got, c.want)
		}
	}
	top := Top(r, 2)
	if !top.Flat || top.Selection != "the 2 costliest leaves, largest loss first" || Top(r, 1).Selection != "the costliest leaf" {
		t.Errorf("flat %v, selection %q", top.Flat, top.Selection)
	}
	var only []string
	for n := range OnlyLosses(r).Nodes {
		only = append(only, strings.Clone(n.Path))
	}
	if strings.Join(only, " ") != ". .a .b .b.c .b.d .f .g" {
		t.Errorf("only losses: %v", only)
	}
	if r.Selection != "" || r.Flat {
		t.Error("the selections changed the report they were made of")
	}
}

// unsafeView returns the bytes of b as a string without copying them, as
// the tree's walk hands out paths.
func unsafeView(b []byte) string { return unsafe.String(unsafe.SliceData(b), len(b)) }
