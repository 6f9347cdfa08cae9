package history

import (
	"bytes"
	"encoding/json"
	"iter"
	"slices"
	"strconv"

	"github.com/jsontui/jsontui/scoring/report"
)

// DiffResult is what changed from run A to run B.
type DiffResult struct {
	// A and B are the ids of the runs compared.
	A string `json:"a"`
	B string `json:"b"`
	// Score is the change of the total (Path ".").
	Score ScoreChange `json:"score"`
	// Changed lists the paths present in both runs whose score changed
	// (or that have a score in one run only), in B's document order.
	Changed []ScoreChange `json:"changed"`
	// OnlyA and OnlyB list the paths present in one run only, in that
	// run's document order.
	OnlyA []ScoreChange `json:"only_a"`
	OnlyB []ScoreChange `json:"only_b"`
	// Weights lists the weights that changed, by weights path.
	Weights []WeightChange `json:"weights"`
}

// ScoreChange is a path's score in run A (Old) and run B (New).
type ScoreChange struct {
	Path string
	// Old and New are meaningless when !HasOld and !HasNew.
	Old, New       float64
	HasOld, HasNew bool
}

// Delta returns New − Old; ok is false unless both have a score.
func (c ScoreChange) Delta() (delta float64, ok bool) {
	if !c.HasOld || !c.HasNew {
		return 0, false
	}
	return c.New - c.Old, true
}

// MarshalJSON encodes c as {"path", "old", "new", "delta"}, with null for
// a missing score or delta.
func (c ScoreChange) MarshalJSON() ([]byte, error) {
	var j struct {
		Path  string   `json:"path"`
		Old   *float64 `json:"old"`
		New   *float64 `json:"new"`
		Delta *float64 `json:"delta"`
	}
	j.Path = c.Path
	if c.HasOld {
		j.Old = &c.Old
	}
	if c.HasNew {
		j.New = &c.New
	}
	if d, ok := c.Delta(); ok {
		j.Delta = &d
	}
	return json.Marshal(j)
}

// WeightChange is a weights entry that differs between two runs: its path
// in the weights document (jq style, loopbacks included, e.g.
// ".fixed_menus.__fixed_menus") and its JSON value in each, nil where the
// document has no such entry (the weight is then 1.0).
type WeightChange struct {
	Path string          `json:"path"`
	Old  json.RawMessage `json:"old"`
	New  json.RawMessage `json:"new"`
}

// Diff compares run a with run b: their totals, the per-path scores and
// their weights.
func Diff(a, b *Run) DiffResult {
	d := DiffResult{
		A:     a.ID,
		B:     b.ID,
		Score: ScoreChange{Path: ".", Old: a.Score, HasOld: a.HasScore, New: b.Score, HasNew: b.HasScore},
	}
	d.Changed, d.OnlyA, d.OnlyB = diffNodes(a.Nodes(), b.Nodes())
	d.Weights = diffWeights(a.WeightsJSON, b.WeightsJSON)
	return d
}

type pathScore struct {
	score float64
	has   bool
	order int // position in its run
}

func sameScore(a, b pathScore) bool {
	return a.has == b.has && (!a.has || a.score == b.score)
}

// diffNodes walks both runs in step while their paths agree (the common
// case: the same documents), and matches the nodes met out of step by path.
func diffNodes(a, b iter.Seq[*report.Node]) (changed, onlyA, onlyB []ScoreChange) {
	type ordered struct {
		ScoreChange
		order int
	}
	var found []ordered
	add := func(path string, sa, sb pathScore) {
		if !sameScore(sa, sb) {
			found = append(found, ordered{ScoreChange{Path: path, Old: sa.score, HasOld: sa.has, New: sb.score, HasNew: sb.has}, sb.order})
		}
	}

	nextA, stopA := iter.Pull(a)
	defer stopA()
	restA := map[string]pathScore{}
	restB := map[string]pathScore{}
	var pathsB []string // the paths of restB, in order
	ia, ib := 0, 0
	for nb := range b {
		sb := pathScore{nb.Score, nb.HasScore, ib}
		ib++
		na, ok := nextA()
		if ok {
			sa := pathScore{na.Score, na.HasScore, ia}
			ia++
			if na.Path == nb.Path {
				add(nb.Path, sa, sb)
				continue
			}
			restA[na.Path] = sa
		}
		restB[nb.Path] = sb
		pathsB = append(pathsB, nb.Path)
	}
	for na, ok := nextA(); ok; na, ok = nextA() {
		restA[na.Path] = pathScore{na.Score, na.HasScore, ia}
		ia++
	}

	for _, p := range pathsB {
		sb := restB[p]
		if sa, ok := restA[p]; ok {
			add(p, sa, sb)
			delete(restA, p)
		} else {
			onlyB = append(onlyB, ScoreChange{Path: p, New: sb.score, HasNew: sb.has})
		}
	}
	slices.SortStableFunc(found, func(x, y ordered) int { return x.order - y.order })
	for _, c := range found {
		changed = append(changed, c.ScoreChange)
	}
	var rest []ordered
	for p, sa := range restA {
		rest = append(rest, ordered{ScoreChange{Path: p, Old: sa.score, HasOld: sa.has}, sa.order})
	}
	slices.SortFunc(rest, func(x, y ordered) int { return x.order - y.order })
	for _, c := range rest {
		onlyA = append(onlyA, c.ScoreChange)
	}
	return changed, onlyA, onlyB
}

// diffWeights compares two weights documents entry by entry: every value
// that is not an object is an entry, at its jq-style path, a loopback
// "__key" standing for the key's own path (so `"a": 0.5` and
// `"a": {"__a": 0.5}` are the same weight). An entry one document lacks
// weighs 1.0, so a 1.0 written out is no change. Entries come in a's
// order, then those only b has in b's order. A document that does not
// parse is one entry at ".".
func diffWeights(a, b []byte) []WeightChange {
	ea, okA := flattenWeights(a)
	eb, okB := flattenWeights(b)
	if !okA || !okB {
		if bytes.Equal(bytes.TrimSpace(a), bytes.TrimSpace(b)) {
			return nil
		}
		return []WeightChange{{Path: ".", Old: nilIfEmpty(a), New: nilIfEmpty(b)}}
	}
	inB := make(map[string]json.RawMessage, len(eb))
	for _, e := range eb {
		inB[e.path] = e.value
	}
	one := json.RawMessage("1")
	var out []WeightChange
	seen := make(map[string]bool, len(ea))
	for _, e := range ea {
		seen[e.path] = true
		v, ok := inB[e.path]
		switch {
		case ok && sameValue(e.value, v):
		case !ok && sameValue(e.value, one):
		default:
			out = append(out, WeightChange{Path: e.path, Old: e.value, New: v})
		}
	}
	for _, e := range eb {
		if !seen[e.path] && !sameValue(e.value, one) {
			out = append(out, WeightChange{Path: e.path, New: e.value})
		}
	}
	return out
}

func nilIfEmpty(b []byte) json.RawMessage {
	if len(bytes.TrimSpace(b)) == 0 {
		return nil
	}
	return json.RawMessage(b)
}

// sameValue compares two JSON values: numbers by value (1 and 1.0 are
// equal), anything else by its compact text.
func sameValue(a, b json.RawMessage) bool {
	fa, errA := strconv.ParseFloat(string(a), 64)
	fb, errB := strconv.ParseFloat(string(b), 64)
	if errA == nil && errB == nil {
		return fa == fb
	}
	var ca, cb bytes.Buffer
	if json.Compact(&ca, a) != nil || json.Compact(&cb, b) != nil {
		return bytes.Equal(a, b)
	}
	return bytes.Equal(ca.Bytes(), cb.Bytes())
}

// weightEntry is one value of a weights document that is not an object.
type weightEntry struct {
	path  string
	value json.RawMessage
}

// flattenWeights lists the entries of a weights document in document
// order; nil or empty data has none. ok is false when data does not parse.
func flattenWeights(data []byte) (entries []weightEntry, ok bool) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, true
	}
	var walk func(path, key string, v json.RawMessage) bool
	walk = func(path, key string, v json.RawMessage) bool {
		v = bytes.TrimSpace(v)
		if len(v) == 0 || v[0] != '{' {
			entries = append(entries, weightEntry{path, v})
			return true
		}
		dec := json.NewDecoder(bytes.NewReader(v))
		dec.Token() // {
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return false
			}
			k, _ := t.(string)
			var child json.RawMessage
			if err := dec.Decode(&child); err != nil {
				return false
			}
			childPath := appendKey(path, k)
			if key != "" && k == "__"+key {
				childPath = path // the loopback: the key's own weight
			}
			if !walk(childPath, k, child) {
				return false
			}
		}
		return true
	}
	if !json.Valid(data) {
		return nil, false
	}
	if !walk("", "", data) {
		return nil, false
	}
	if len(entries) == 1 && entries[0].path == "" {
		entries[0].path = "."
	}
	return entries, true
}

// appendKey returns the jq-style path of key below path ("" is the root):
// ".key" for an identifier, `["a key"]` otherwise.
func appendKey(path, key string) string {
	if isIdent(key) {
		return path + "." + key
	}
	var q bytes.Buffer
	enc := json.NewEncoder(&q)
	enc.SetEscapeHTML(false)
	enc.Encode(key) // a string always encodes
	if path == "" {
		path = "."
	}
	return path + "[" + string(bytes.TrimSpace(q.Bytes())) + "]"
}

func isIdent(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || i > 0 && '0' <= c && c <= '9') {
			return false
		}
	}
	return s != ""
}
