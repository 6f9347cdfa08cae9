package dataset

import (
	"testing"

	"github.com/jsontui/jsontui/scoring"
)

// TestMatchThresholds checks that --match-threshold 0 is refused, and
// that a rules file's threshold for a path counts its leaves as found
// (TP) from that score up, where --match-threshold (1) counts them as
// wrong (FD).
func TestMatchThresholds(t *testing.T) {
	dir := files(t, map[string]string{"d.jsonl": `{"expected": {"name": "Margherita", "code": "AB"}, "output": {"name": "Margarita", "code": "AC"}}` + "\n"})
	zero := 0.0
	_, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{MatchThreshold: &zero})
	if want := "match-threshold 0 is outside (0, 1]: at 0 every wrong value would count as found"; err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
	rs, err := scoring.ParseRules("rules.json", []byte(`{".name": {"threshold": 0.8}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		rules          *scoring.RuleSet
		nameTP, nameFD int
	}{{nil, 0, 1}, {rs, 1, 0}} {
		res, err := run(t, dir, Spec{Ref: "d.jsonl"}, Config{Rules: c.rules})
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range res.Figures.Paths {
			switch p.Path {
			case ".name":
				// Levenshtein: 2 edits over 10 characters = 0.8, at the threshold.
				if p.Score != 0.8 || p.LeafCounts()[0] != c.nameTP || p.LeafCounts()[1] != c.nameFD {
					t.Errorf("rules %v: .name score %v, TP %d, FD %d; want 0.8, %d, %d", c.rules != nil, p.Score, p.LeafCounts()[0], p.LeafCounts()[1], c.nameTP, c.nameFD)
				}
			case ".code":
				if p.LeafCounts()[0] != 0 || p.LeafCounts()[1] != 1 {
					t.Errorf(".code: TP %d, FD %d; want 0, 1 (--match-threshold 1 holds there)", p.LeafCounts()[0], p.LeafCounts()[1])
				}
			}
		}
	}
}
