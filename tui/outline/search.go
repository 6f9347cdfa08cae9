package outline

import (
	"bytes"
	"context"
	"strings"
	"unicode/utf8"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Matches is the result of a search: the matching nodes, and the nodes
// with a match below them, as sets to walk with Next and Prev.
type Matches struct {
	Query string
	Count int
	hit   bitset
	below bitset
}

// Has reports whether node id matches.
func (m *Matches) Has(id scoring.NodeID) bool { return m != nil && m.hit != nil && m.hit.has(int(id)) }

// Pred is the predicate to walk the matches with.
func (m *Matches) Pred() Pred {
	return Pred{
		Want: func(id scoring.NodeID) bool { return m.hit.has(int(id)) },
		May:  func(id scoring.NodeID) bool { return m.below.has(int(id)) },
	}
}

// Search finds the nodes whose key or value (either side, as written in
// the JSON) contains query: ignoring case unless the query has capitals.
// It reads only the tree's structure and the documents, never the
// weights, so it may run while the caller edits weights; it returns
// ctx.Err() when canceled.
func Search(ctx context.Context, t *scoring.Tree, query string) (*Matches, error) {
	m := &Matches{Query: query, hit: newBitset(t.Len()), below: newBitset(t.Len())}
	match := matcher(query)
	ref, out := t.Ref(), t.Out()
	value := func(d *jsondoc.Doc, v jsondoc.ID) bool {
		if v == jsondoc.None || d.Kind(v).IsContainer() {
			return false
		}
		return match(d.Raw(v))
	}
	for id := 0; id < t.Len(); id++ {
		if id&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		n := scoring.NodeID(id)
		ok := false
		if !t.IsElement(n) && id != 0 {
			ok = match([]byte(t.Key(n)))
		}
		ok = ok || value(ref, t.RefValue(n)) || value(out, t.OutValue(n))
		if !ok {
			continue
		}
		m.hit.set(id)
		m.Count++
		for p := t.Parent(n); p != scoring.NoNode && !m.below.has(int(p)); p = t.Parent(p) {
			m.below.set(int(p))
		}
	}
	return m, nil
}

// matcher returns a substring test for query, case-insensitive when the
// query is all lower case (smart case).
func matcher(query string) func([]byte) bool {
	if query != strings.ToLower(query) {
		q := []byte(query)
		return func(b []byte) bool { return bytes.Contains(b, q) }
	}
	ascii := true
	for i := 0; i < len(query); i++ {
		if query[i] >= utf8.RuneSelf {
			ascii = false
		}
	}
	if ascii {
		q := []byte(query)
		return func(b []byte) bool { return indexFold(b, q) }
	}
	return func(b []byte) bool { return strings.Contains(strings.ToLower(string(b)), query) }
}

// indexFold reports whether lower-case ASCII q occurs in b, ignoring the
// case of ASCII letters.
func indexFold(b, q []byte) bool {
	if len(q) == 0 {
		return true
	}
	c0 := q[0]
	for i := 0; i+len(q) <= len(b); i++ {
		if lower(b[i]) != c0 {
			continue
		}
		j := 1
		for j < len(q) && lower(b[i+j]) == q[j] {
			j++
		}
		if j == len(q) {
			return true
		}
	}
	return false
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
