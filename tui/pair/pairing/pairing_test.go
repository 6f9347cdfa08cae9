package pairing

import (
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
	"github.com/jsontui/jsontui/tui/common"
)

// TestChooseAndNext: p on a node inside an array finds the array's
// choices, and each press goes on to the next, back to the first.
func TestChooseAndNext(t *testing.T) {
	tr := scoringtest.Pair(t, `{"id": 7, "items": [{"sku": "a", "n": 1}, {"sku": "b", "n": 2}]}`,
		`{"id": 7, "items": [{"sku": "b", "n": 2}, {"sku": "a", "n": 1}]}`, "")
	c := common.New("dark")
	id, ok := tr.Find(".id")
	if !ok {
		t.Fatal("no .id")
	}
	if cmd, st := Choose(c, tr, id); cmd != nil || st.Text != "p changes how an array's elements pair: select an array, or a node inside one" {
		t.Errorf("outside an array: %v, %q", cmd != nil, st.Text)
	}
	n, _ := tr.Find(".items[0].n")
	cmd, st := Choose(c, tr, n)
	if cmd == nil || st.Text != "pairing .items…" {
		t.Fatalf("inside an array: %v, %q", cmd != nil, st.Text)
	}
	msg := cmd().(ChoicesMsg)
	user := scoring.MetricOptions{}
	var got []string
	for range len(msg.choices) + 1 {
		var ch *Change
		if user, ch, ok = Next(msg, user); !ok {
			t.Fatal("no choices")
		}
		if ch.Path != ".items" || ch.Array != ".items" {
			t.Errorf("change %+v", ch)
		}
		got = append(got, ch.From.String()+"→"+ch.To.String())
	}
	if want := []string{"index→best", "best→key=sku", "key=sku→key=n", "key=n→index", "index→best"}; len(got) != len(want) {
		t.Fatalf("presses %v, want %v", got, want)
	} else {
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("press %d: %s, want %s", i, got[i], want[i])
			}
		}
	}
}
