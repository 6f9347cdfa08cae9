package tree

import (
	"testing"

	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/session"
)

// newTestPane is a pane over a small pair, 80×20.
func newTestPane(t *testing.T) *Pane {
	t.Helper()
	tr := scoringtest.Pair(t, `{"a": {"name": "x"}, "b": "name"}`, `{"a": {"name": "y"}, "b": "name"}`, "")
	p := New(common.New("dark"), session.New(tr, nil, ""), nil, nil)
	p.SetSize(80, 20)
	return p
}

func TestSearchMarksAndSelects(t *testing.T) {
	p := newTestPane(t)
	cmd, st := p.Search("name")
	if st.Text != `searching 4 nodes for "name"…` {
		t.Errorf("status while searching %q", st.Text)
	}
	msg := cmd().(SearchDoneMsg)
	got := p.Update(msg)
	if got == nil {
		t.Fatal("no status for the matches")
	}
	if s := got().(common.StatusMsg).Text; s != `"name": 2 matches · .a.name · n/N next/previous` {
		t.Errorf("status %q", s)
	}
	if p.Matches() == nil || p.Matches().Count != 2 {
		t.Fatalf("matches %+v", p.Matches())
	}
	if path := p.sess.Tree().Path(p.Selected()); path != ".a.name" {
		t.Errorf("selected %s", path)
	}
	cmd, st = p.Search("")
	if cmd != nil || st.Text != "search cleared" || p.Matches() != nil {
		t.Errorf("clearing: cmd %v, status %q, matches %v", cmd != nil, st.Text, p.Matches())
	}
}

// TestSearchDropsStale: a result of an older request, or of another
// pane (the tree shown before a rescore), marks nothing.
func TestSearchDropsStale(t *testing.T) {
	p := newTestPane(t)
	old, _ := p.Search("name")
	stale := old().(SearchDoneMsg)
	newer, _ := p.Search("zzz")
	if cmd := p.Update(stale); cmd != nil || p.Matches() != nil {
		t.Fatalf("an older request's result was taken: %v", p.Matches())
	}
	q := newTestPane(t)
	if cmd := q.Update(newer().(SearchDoneMsg)); cmd != nil || q.Matches() != nil {
		t.Fatal("another pane's result was taken")
	}
	fresh, _ := p.Search("name")
	p.StopSearch()
	if cmd := p.Update(fresh().(SearchDoneMsg)); cmd != nil || p.Matches() != nil {
		t.Fatal("a stopped search's result was taken")
	}
}
