package scoring

import (
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// score builds the tree for ref and out (and weights, if not "").
func score(t *testing.T, ref, out, weights string) *Tree {
	t.Helper()
	rd, err := jsondoc.Parse("ref.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	od, err := jsondoc.Parse("out.json", []byte(out), nil)
	if err != nil {
		t.Fatal(err)
	}
	var w *Weights
	if weights != "" {
		if w, err = ParseWeights("w.json", []byte(weights)); err != nil {
			t.Fatal(err)
		}
	}
	tree, err := Build(rd, od, w, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return tree
}

// find returns the node at path.
func find(t *testing.T, tree *Tree, path string) NodeID {
	t.Helper()
	for i := 0; i < tree.Len(); i++ {
		if tree.Path(NodeID(i)) == path {
			return NodeID(i)
		}
	}
	t.Fatalf("no node %s", path)
	return NoNode
}

const null = -1.0 // a want of "no score"

// TestAggregate checks the aggregation of containers' scores, the empty
// containers' included, node by node.
func TestAggregate(t *testing.T) {
	cases := []struct {
		name, ref, out, weights string
		total                   float64
		nodes                   map[string]string // path -> "status score"
	}{
		{"zero vs zero", `0`, `0`, "", 1, nil},
		{"zero vs minus zero", `0`, `-0.0`, "", 1, nil},
		{"numbers", `19.0`, `39`, "", 1 - 20.0/58, nil},
		{"one vs one point oh", `1`, `1.0`, "", 1, nil},
		{"opposite signs", `5`, `-5`, "", 0, map[string]string{".": "mismatch 0"}},
		{"huge magnitudes", `1.7976931348623157e308`, `-1.7976931348623157e308`, "", 0, nil},
		{"huge same sign", `1.7976931348623157e308`, `8.988465674311579e307`, "", 1 - 0.5/1.5, nil},
		{"tiny", `5e-324`, `1e-323`, "", 1 - 1.0/3, nil},
		{"bool vs number", `{"a": true}`, `{"a": 1}`, "", 0, map[string]string{".a": "type 0"}},
		{"bool vs bool", `[true, false]`, `[true, true]`, "", 0.5, map[string]string{".[1]": "mismatch 0"}},
		{"null vs null", `null`, `null`, "", 1, map[string]string{".": "match 1"}},
		{"missing vs null", `{"a": 1, "b": null}`, `{"a": null}`, "", 0,
			map[string]string{".a": "type 0", ".b": "missing 0"}},
		{"empty arrays", `[]`, `[]`, "", 1, map[string]string{".": "match 1"}},
		{"empty objects", `{}`, `{}`, "", 1, nil},
		{"empty ref object vs any object", `{"o": {}}`, `{"o": {"x": 1}}`, "", 1,
			map[string]string{".o": "match 1", ".o.x": "extra n/a"}},
		{"empty ref array vs elements", `[]`, `[1, 2]`, "", 0,
			map[string]string{".": "mismatch 0", ".[0]": "extra 0", ".[1]": "extra 0"}},
		{"empty ref container missing", `{"o": {}, "a": []}`, `{}`, "", 0,
			map[string]string{".o": "missing 0", ".a": "missing 0"}},
		{"empty ref container type", `{"a": []}`, `{"a": "x"}`, "", 0, map[string]string{".a": "type 0"}},
		{"extra keys shown, not scored", `{"a": 1}`, `{"a": 1, "b": 2}`, "", 1,
			map[string]string{".b": "extra n/a"}},
		{"missing element", `[1, 2]`, `[1]`, "", 0.5, map[string]string{".[1]": "missing 0"}},
		{"extra element", `[1]`, `[1, 2]`, "", 0.5, map[string]string{".[1]": "extra 0"}},
		{"all-zero weights", `{"a": 1, "b": 2}`, `{"a": 1, "b": 3}`, `{"a": 0, "b": 0}`, null,
			map[string]string{".": "ignored n/a", ".b": "partial 0.8"}},
		{"zero weight takes no part", `{"a": 1, "b": 2}`, `{"a": 0, "b": 2}`, `{"a": 0}`, 1,
			map[string]string{".a": "mismatch 0"}},
		{"ignored container takes no part", `{"o": {"x": 1}, "y": 1}`, `{"o": {"x": 2}, "y": 0}`, `{"o": {"x": 0}}`, 0,
			map[string]string{".o": "ignored n/a", ".o.x": "partial " + fig(1-1.0/3)}},
		{"missing container", `{"a": {"x": 1, "y": [1, 2]}}`, `{}`, "", 0,
			map[string]string{".a": "missing 0", ".a.x": "missing 0", ".a.y[1]": "missing 0"}},
		{"container vs scalar", `{"a": [1, 2]}`, `{"a": 5}`, "", 0,
			map[string]string{".a": "type 0", ".a[0]": "missing 0"}},
		{"NFC vs NFD", `"caf\u00e9"`, `"cafe\u0301"`, "", 1, nil},
		{"emoji", `"👍🏽"`, `"👍"`, "", 0.5, nil},
		{"empty strings", `["", ""]`, `["", "a"]`, "", 0.5, map[string]string{".[1]": "mismatch 0"}},
		{"string partial", `"pepperoni"`, `"peppers"`, "", 1 - 3.0/9, nil},
		{"weighted mean", `{"a": 1, "b": 1}`, `{"a": 1, "b": 0}`, `{"a": 1, "b": 0.25}`, 0.8, nil},
		{"nested arrays", `[[1, 2], [3]]`, `[[1, 2], []]`, "", 0.5, map[string]string{".[1][0]": "missing 0"}},
		{"key needing quotes", `{"unit price": 1}`, `{"unit price": 1}`, "", 1, map[string]string{`.["unit price"]`: "match 1"}},
		{"keys in other order", `{"a": 1, "b": "x", "c": 3}`, `{"c": 3, "b": "x", "a": 1, "d": 0}`, "", 1,
			map[string]string{".d": "extra n/a"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := score(t, c.ref, c.out, c.weights)
			got, ok := tree.Total()
			if c.total == null {
				if ok {
					t.Errorf("total %v, want none", got)
				}
			} else if !ok || math.Abs(got-c.total) > 1e-12 {
				t.Errorf("total %v (%v), want %v", got, ok, c.total)
			}
			for path, want := range c.nodes {
				id := find(t, tree, path)
				s, ok := tree.Score(id)
				if g := tree.Status(id).String() + " " + scoreString(s, ok); g != want {
					t.Errorf("%s: %s, want %s", path, g, want)
				}
			}
			checkInvariants(t, tree)
		})
	}
}

func fig(v float64) string { return scoreString(v, true) }

func scoreString(v float64, ok bool) string {
	if !ok {
		return "n/a"
	}
	return strings.TrimRight(strings.TrimRight(strconvFloat(v), "0"), ".")
}

// checkInvariants asserts what holds of every tree (checkTreeFigures:
// scores in [0, 1] or none, the loss of a container is the sum of its
// children's) and that the root's loss is 1 − total.
func checkInvariants(t *testing.T, tree *Tree) {
	t.Helper()
	checkTreeFigures(t, tree)
	if s, ok := tree.Total(); ok && math.Abs(tree.Loss(0)-(1-s)) > 1e-15 {
		t.Errorf("root loss %v, total %v", tree.Loss(0), s)
	}
}

func strconvFloat(v float64) string { return strconv.FormatFloat(v, 'f', 6, 64) }
