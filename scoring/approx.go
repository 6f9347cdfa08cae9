package scoring

import (
	"slices"

	"github.com/jsontui/jsontui/scoring/report"
)

// approxNote records a leaf scored past its comparator's limit: its score
// is the lower end of an interval that holds the exact score.
type approxNote struct {
	id     NodeID
	high   float64 // the most the exact score can be
	detail string  // what was bounded and why
}

// noteApprox sorts the approximate leaves and warns about them: one
// warning per leaf, naming its path, for the first report.MaxWarnings;
// the others are counted with the warnings left out (every such node
// carries its interval all the same).
func (t *Tree) noteApprox() {
	if len(t.approx) == 0 {
		return
	}
	slices.SortFunc(t.approx, func(a, b approxNote) int { return int(a.id - b.id) })
	for i, a := range t.approx {
		if i == report.MaxWarnings {
			t.approxOmitted = len(t.approx) - i
			break
		}
		t.notes = append(t.notes, Warning{Path: t.Path(a.id), Message: "approximate score: " + a.detail})
	}
}

// Approx reports whether the score of node id is approximate: a string
// pair compared past its comparator's exact limit (textdist.DefaultWork
// word operations for the edit distances). Its score, Score(id), is then
// the least the exact score can be, and high the most. Only leaves are
// approximate; a container's score is exact given its children's.
func (t *Tree) Approx(id NodeID) (high float64, ok bool) {
	i, found := slices.BinarySearchFunc(t.approx, id, func(a approxNote, id NodeID) int { return int(a.id - id) })
	if !found {
		return 0, false
	}
	return t.approx[i].high, true
}

// Approximate reports whether some leaf of the tree has an approximate
// score (see Approx).
func (t *Tree) Approximate() bool { return len(t.approx) > 0 }

// TotalHigh returns the most the total can be given the approximate
// leaves: the total plus, for each, its share of the total times the
// width of its interval. It is the total when no leaf is approximate.
func (t *Tree) TotalHigh() (float64, bool) {
	total, ok := t.Total()
	if !ok {
		return total, false
	}
	for _, a := range t.approx {
		s, scored := t.Score(a.id)
		if !scored {
			continue
		}
		total += t.Share(a.id) * (a.high - s)
	}
	return min(total, 1), true
}
