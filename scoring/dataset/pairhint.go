package dataset

import (
	"cmp"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring"
)

// DefaultHintSample is how many cases, the first in reference order, the
// command line looks for pairing hints in (Config.HintSample): a pair's
// hints cost up to MaxHintWork each, so a dataset's are sought in a
// bounded sample, not in every case.
const DefaultHintSample = 200

// PairingSuggestion is a --lists pairing that the pairing hints of some
// of a dataset's sampled cases suggest (docs/datasets.md).
type PairingSuggestion struct {
	// At is the pairing suggested: a schema path and its pairing.
	At scoring.ListsAt
	// Cases is how many of the Sampled cases have a hint suggesting it.
	Cases, Sampled int
}

// hintTally counts the sampled cases' suggestions.
type hintTally struct {
	sampled int
	count   map[string]int
	at      map[string]scoring.ListsAt
	order   []string // the suggestions as first met
}

// add counts one sampled case's suggestions (each once).
func (h *hintTally) add(hints []scoring.ListsAt) {
	h.sampled++
	if h.count == nil {
		h.count, h.at = map[string]int{}, map[string]scoring.ListsAt{}
	}
	seen := map[string]bool{}
	for _, at := range hints {
		k := at.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		if h.count[k] == 0 {
			h.order = append(h.order, k)
			h.at[k] = at
		}
		h.count[k]++
	}
}

// suggestions returns the tally, the most frequent first (then as first
// met).
func (h *hintTally) suggestions() []PairingSuggestion {
	var out []PairingSuggestion
	for _, k := range h.order {
		out = append(out, PairingSuggestion{At: h.at[k], Cases: h.count[k], Sampled: h.sampled})
	}
	slices.SortStableFunc(out, func(a, b PairingSuggestion) int { return cmp.Compare(b.Cases, a.Cases) })
	return out
}

// suggestions returns what tree t's pairing hints suggest.
func suggestions(t *scoring.Tree) []scoring.ListsAt {
	hs := t.PairingHints()
	if len(hs) == 0 {
		return nil
	}
	out := make([]scoring.ListsAt, len(hs))
	for i, h := range hs {
		// Copies: a key the suggestion pairs by is the case's document's
		// bytes (a batch's buffer, which the next batch's records take).
		l := h.Suggested().Lists
		l.Key = strings.Clone(l.Key)
		out[i] = scoring.ListsAt{Path: strings.Clone(h.SchemaPath), Lists: l}
	}
	return out
}

// isHintNote reports whether a tree's warning is one of its pairing
// hints' notes, which a sampled case leaves to the dataset's hint.
func isHintNote(w scoring.Warning) bool {
	return strings.HasPrefix(w.Message, "pairing hint for ") || strings.HasPrefix(w.Message, "pairing hints: ")
}
