package dataset

import "strings"

// A folder run's case ids are file paths (`inv-001.json`); a file of
// records' are its ids (`inv-001`): two runs of the same cases in the two
// forms share no id. StemMatch finds that, and WithoutExt pairs them.

// StemMatch returns how many of a's case ids equal one of b's once the
// .json extension is taken off the ids that have it; 0 when they pair as
// they are.
func StemMatch(a, b *Figures) int {
	ids := make(map[string]bool, len(b.Cases))
	for _, c := range b.Cases {
		ids[c.ID] = true
	}
	for _, c := range a.Cases {
		if ids[c.ID] {
			return 0 // some pair already
		}
	}
	stems := make(map[string]bool, len(b.Cases))
	for _, c := range b.Cases {
		stems[strings.TrimSuffix(c.ID, ".json")] = true
	}
	n := 0
	for _, c := range a.Cases {
		if stems[strings.TrimSuffix(c.ID, ".json")] {
			n++
		}
	}
	return n
}

// WithoutExt returns a copy of f whose case ids have no .json extension,
// to pair a folder run's cases with a file of records' (its Cases are
// copied; the rest is shared).
func WithoutExt(f *Figures) *Figures {
	out := *f
	out.Cases = make([]CaseFigures, len(f.Cases))
	for i, c := range f.Cases {
		c.ID = strings.TrimSuffix(c.ID, ".json")
		out.Cases[i] = c
	}
	return &out
}
