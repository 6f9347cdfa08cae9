package dataset

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

// Lowest returns the n scored cases with the lowest scores, lowest first,
// reference order on a tie. Missing and invalid cases, which score 0
// whatever their documents, are not among them (unscoredLine counts
// them).
func Lowest(cases []CaseFigures, n int) []CaseFigures {
	if n <= 0 {
		return nil
	}
	if n > maxLowestKept {
		return lowestSorted(cases, n)
	}
	// The n lowest so far, by score then reference order: a case goes
	// after those that score no more, and only when it scores less than
	// the last when there are n already (the list is short; few cases
	// enter it once it is full).
	keep := make([]int32, 0, n)
	for i := range cases {
		c := &cases[i]
		if !c.HasScore || c.Status != CaseScored || len(keep) == n && !(c.Score < cases[keep[n-1]].Score) {
			continue
		}
		at := len(keep)
		for at > 0 && cases[keep[at-1]].Score > c.Score {
			at--
		}
		if len(keep) < n {
			keep = append(keep, 0)
		}
		copy(keep[at+1:], keep[at:len(keep)-1])
		keep[at] = int32(i)
	}
	out := make([]CaseFigures, len(keep))
	for k, i := range keep {
		out[k] = cases[i]
	}
	return out
}

// maxLowestKept is the longest list of lowest cases Lowest keeps while
// it reads the cases; past it, it sorts them all.
const maxLowestKept = 256

// lowestSorted is Lowest by a stable sort of the scored cases.
func lowestSorted(cases []CaseFigures, n int) []CaseFigures {
	var have []CaseFigures
	for _, c := range cases {
		if c.HasScore && c.Status == CaseScored {
			have = append(have, c)
		}
	}
	slices.SortStableFunc(have, func(a, b CaseFigures) int { return cmp.Compare(a.Score, b.Score) })
	return have[:min(n, len(have))]
}

// unscoredLine counts the missing and invalid cases, which the lowest
// cases leave out: "" when there are none.
func unscoredLine(st *Stats) string {
	if st.Missing+st.Invalid == 0 {
		return ""
	}
	var parts []string
	if st.Missing > 0 {
		parts = append(parts, fmt.Sprintf("%d missing (no output)", st.Missing))
	}
	if st.Invalid > 0 {
		parts = append(parts, fmt.Sprintf("%d invalid (not valid JSON)", st.Invalid))
	}
	return fmt.Sprintf("not listed: %s, each scoring 0; their ids are in --format json", strings.Join(parts, " and "))
}

// WorstLabel is what a list of cases shows as a case's costliest leaf:
// its path, "(no output)" for a missing case and "(invalid)" for an
// invalid one (whose every node is missing, so that no leaf says
// anything), "" for a case that loses nothing.
func WorstLabel(c *CaseFigures) string {
	switch {
	case c.Status == CaseMissing:
		return "(no output)"
	case c.Status == CaseInvalid:
		return "(invalid)"
	case c.Worst != nil:
		return c.Worst.Path
	}
	return ""
}
