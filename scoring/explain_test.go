package scoring_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/scoringtest"
)

// marked writes an explanation as text, each span that is not plain text
// marked with its role: "= ⟨score:0.66667⟩".
func marked(lines []scoring.Line) string {
	var b strings.Builder
	for _, l := range lines {
		for _, s := range l {
			if s.Role == scoring.RoleText {
				b.WriteString(s.Text)
			} else {
				fmt.Fprintf(&b, "⟨%s:%s⟩", s.Role, s.Text)
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// scenario is a pair scored by a metric with options.
type scenario struct {
	metric        string
	opts          []string
	ref, out, wts string
}

// tree scores the scenario as `jsontui score` does.
func (sc scenario) tree(t *testing.T) *scoring.Tree {
	t.Helper()
	ref, out := scoringtest.Docs(t, sc.ref, sc.out)
	mo, err := scoring.ParseMetricOptions(sc.opts)
	if err != nil {
		t.Fatal(err)
	}
	res, err := scoring.RunNamed(sc.metric, &scoring.Input{Ref: ref, Out: out, Weights: scoringtest.Weights(t, "w.json", sc.wts), Opt: mo})
	if err != nil {
		t.Fatal(err)
	}
	return res.Tree
}

// explainAt explains the node at path.
func explainAt(t *testing.T, tree *scoring.Tree, path string, opt scoring.ExplainOptions) []scoring.Line {
	t.Helper()
	id, err := tree.Locate(path)
	if err != nil {
		t.Fatal(err)
	}
	return tree.Explain(id, opt)
}

// TestExplainPizza: the worked example of docs/scoring.md, node by node.
func TestExplainPizza(t *testing.T) {
	ref, out, w := scoringtest.Case(t, "pizza")
	tree := scoringtest.Build(t, ref, out, w, scoring.Options{})
	cases := []struct{ path, want string }{
		{".", `S = Σ s·w·f / n,  f = n / Σw = 4 / 3.05 = 1.31148
  = (0.65517·1·1.31148 + 1.00000·1·1.31148 + 1.00000·0.25·1.31148 + 0.95833·0.8·1.31148) / 4
  = ⟨score:0.87601⟩

⟨note:child                score     w    w/Σw     loss⟩
margherita         0.65517     1 0.32787  0.11306
pepperoni                1     1 0.32787        0
beer                     1  0.25 0.08197        0
fixed_menus        0.95833   0.8  0.2623  0.01093
`},
		{".margherita", `score = 1 − |r − o| / (|r| + |o|)
      = 1 − |19.0 − 39.0| / (|19.0| + |39.0|)
      = 1 − 20 / 58 = ⟨score:0.65517⟩
`},
		{".pepperoni", "score = 1 (equal numbers)\n"},
		{".fixed_menus", `S = mean over positions = Σ s / n
⟨score:0.95833⟩ = (1.00000 + 0.91667) / 2

⟨note:child                score     w    w/Σw     loss⟩
[0]                      1     1     0.5        0
[1]                0.91667     1     0.5  0.01093
`},
		{".fixed_menus[1].pizza", `diff  pepper⟨deleted:[-oni-]⟩⟨inserted:{+s+}⟩
      ⟨note:3 edits: 1 substitution, 2 deletions⟩
score = 1 − lev(r, o) / max(len r, len o)
      = 1 − 3 / 9 = ⟨score:0.66667⟩
`},
		{".fixed_menus[1].menu_name", "score = 1 (equal strings)\n"},
	}
	for _, c := range cases {
		if got := marked(explainAt(t, tree, c.path, scoring.ExplainOptions{})); got != c.want {
			t.Errorf("%s:\n%s\nwant\n%s", c.path, got, c.want)
		}
	}
	// The score span carries the score itself, for its band.
	for _, l := range explainAt(t, tree, ".", scoring.ExplainOptions{}) {
		for _, s := range l {
			if s.Role == scoring.RoleScore && s.Value != 0.8760128132654985 {
				t.Errorf("the total's span holds %v", s.Value)
			}
		}
	}
}

// explainCase is the explanation want of the node at path of sc's tree.
type explainCase struct {
	sc         scenario
	path, want string
}

// TestExplainByMetric: each metric explains by its own rules, with the
// options in force.
func TestExplainByMetric(t *testing.T) {
	var cases []explainCase
	for _, c := range [][]explainCase{
		jsondiffExplainCases(),
		lynxiusExplainCases(),
		uipathExplainCases(),
		uipathTargetExplainCases(),
		galteaExplainCases(),
	} {
		cases = append(cases, c...)
	}
	trees := map[string]*scoring.Tree{}
	for _, c := range cases {
		key := fmt.Sprint(c.sc)
		if trees[key] == nil {
			trees[key] = c.sc.tree(t)
		}
		if got := marked(explainAt(t, trees[key], c.path, scoring.ExplainOptions{})); got != c.want {
			t.Errorf("%s %v %s:\n%s\nwant\n%s", c.sc.metric, c.sc.opts, c.path, got, c.want)
		}
	}
}

// jsondiffExplainCases are the explanations of jsondiff with tolerances
// and normalization, and with other comparators.
func jsondiffExplainCases() []explainCase {
	tolerances := scenario{metric: "jsondiff", opts: []string{"abs-tol=0.2", "rel-tol=0.05", "normalize=case,accents"},
		ref: `{"a": 1.5, "b": 100, "c": 10, "s": "Café", "l": [1, 2], "m": {"x": null}, "t": true, "e": [1]}`,
		out: `{"a": 1.6, "b": 101, "c": 12, "s": "cafe", "l": [2, 1], "m": 3, "t": false, "z": 1, "e": [1, 2]}`}
	comparator := scenario{metric: "jsondiff", opts: []string{"strings=jaro-winkler", "lists=best", "extra-keys=penalize"},
		ref: `{"s": "kitten", "l": [1, 2, 3]}`, out: `{"s": "sitting", "l": [3, 2, 1], "z": 1}`}
	return []explainCase{
		{tolerances, ".a", "score = 1: |r − o| = 0.1 ≤ abs-tol 0.2\n"},
		{tolerances, ".b", "score = 1: |r − o| = 1 ≤ rel-tol 0.05 · max(|r|, |o|) = 5.05\n"},
		{tolerances, ".c", `⟨note:|r − o| = 2: outside the tolerance⟩
score = 1 − |r − o| / (|r| + |o|)
      = 1 − |10 − 12| / (|10| + |12|)
      = 1 − 2 / 22 = ⟨score:0.90909⟩
`},
		{tolerances, ".s", `normalize=case,accents: "Café" → "cafe", "cafe" → "cafe"
score = 1 (equal strings after normalization)
`},
		{tolerances, ".m", `the output has a number here: every node below is compared with nothing
S = Σ s·w·f / n,  f = n / Σw = 1 / 1 = 1
  = (0.00000·1·1) / 1
  = ⟨score:0.00000⟩

⟨note:child                score     w    w/Σw     loss⟩
x                        0     1       1  0.12500
`},
		{tolerances, ".m.x", "the output has no value here: ⟨bad:0 (missing)⟩\n"},
		{tolerances, ".t", "score = ⟨score:0.00000⟩ (the booleans differ)\n"},
		{tolerances, ".z", `only the output has this key: it is shown but takes no part
(weight 0, share 0); the score does not change
`},
		{tolerances, ".e[1]", `the output has this element past the reference's end:
it scores 0 and counts in the array's mean
`},
		{comparator, ".s", `score = jaro-winkler(r, o) = ⟨score:0.74603⟩
⟨note:strings=jaro-winkler: the Jaro–Winkler similarity (prefix scale 0.1)⟩
`},
		{comparator, ".l", `S = mean over positions = Σ s / n
⟨score:1.00000⟩ = (1.00000 + 1.00000 + 1.00000) / 3
⟨note:elements paired with lists=best, not by position⟩

⟨note:child                score     w    w/Σw     loss⟩
[0]                      1     1 0.33333        0
[1]                      1     1 0.33333        0
[2]                      1     1 0.33333        0
`},
		{comparator, ".z", `only the output has this key: with extra-keys=penalize it costs like
a missing one: weight 1, score ⟨bad:0⟩
`},
	}
}

// lynxiusExplainCases are the explanations of lynxius, nulls and unions
// of keys included.
func lynxiusExplainCases() []explainCase {
	lynxius := scenario{metric: "lynxius",
		ref: `{"a": {"x": null, "y": 1}, "l": [], "k": [1, 2, 3], "b": true, "n": 0, "s": "abc", "c": {"q": 1}}`,
		out: `{"a": {"z": null, "w": 2}, "l": [1], "k": [1, 2], "b": 1, "n": 0, "s": "abd", "c": [1]}`,
		wts: `{"a": {"x": 0, "y": 0}}`}
	return []explainCase{
		{lynxius, ".a", `S = Σ s·w·f / n,  f = n / Σw = 4 / 2 = 2
  = (1.00000·0·2 + 0.00000·0·2 + 1.00000·1·2 + 0.00000·1·2) / 4
  = ⟨score:0.50000⟩
⟨note:the keys of both sides take part; a key one side lacks counts as null there⟩

⟨note:child                score     w    w/Σw     loss⟩
x                        1     0       0        0
y                        0     0       0        0
z                        1     1     0.5        0
w                        0     1     0.5  0.07143
`},
		{lynxius, ".a.x", `the output has no value here: absent counts as null, and null vs null: ⟨good:1⟩
`},
		{lynxius, ".a.y", `the output has no value here: absent counts as null: ⟨bad:0⟩
`},
		{lynxius, ".a.z", `only the output has this key: lynxius compares the union of both sides'
keys, the reference's side counting as null (o1.get(key)): score ⟨score:1.00000⟩,
weight 1 (the weights file's at this place, 1 without an entry)
`},
		{lynxius, ".a.w", `only the output has this key: lynxius compares the union of both sides'
keys, the reference's side counting as null (o1.get(key)): score ⟨score:0.00000⟩,
weight 1 (the weights file's at this place, 1 without an entry)
`},
		{lynxius, ".l", `one list is empty and the other is not: lynxius fails here
(ZeroDivisionError); jsontui scores it ⟨bad:0⟩
`},
		{lynxius, ".k", `S = mean over positions = Σ s / n
⟨score:1.00000⟩ = (1.00000 + 1.00000) / 2
⟨note:lynxius averages over zip(r, o): the shorter list's length; the elements past it take no part⟩

⟨note:child                score     w    w/Σw     loss⟩
[0]                      1     1     0.5        0
[1]                      1     1     0.5        0
[2]                    n/a     1       0        0
`},
		{lynxius, ".k[1]", `score = 1 (equal numbers; 0 and 0 score 1)
`},
		{lynxius, ".b", `⟨note:booleans count as numbers, true 1 and false 0 (Python's bool is an int)⟩
score = 1 (equal numbers; 0 and 0 score 1)
`},
		{lynxius, ".n", `score = 1 (equal numbers; 0 and 0 score 1)
`},
		{lynxius, ".s", `diff  ab⟨deleted:[-c-]⟩⟨inserted:{+d+}⟩
      ⟨note:1 edit: 1 substitution⟩
score = 1 − lev(r, o) / max(len r, len o)
      = 1 − 1 / 3 = ⟨score:0.66667⟩
⟨note:lynxius: code points as written, no normalization⟩
`},
		{lynxius, ".c", `the reference has an object, the output an array: ⟨bad:0⟩
(lynxius scores a container against anything else 0, whatever is below)
`},
	}
}

// uipathExplainCases are the explanations of uipath over its leaves.
func uipathExplainCases() []explainCase {
	uipath := scenario{metric: "uipath",
		ref: `{"a": 4, "b": "xy", "c": {"d": true, "e": null}, "z": 0, "f": [], "g": {"h": 1}}`,
		out: `{"a": 5, "b": "xz", "c": {"d": true}, "z": 1, "f": [], "g": 2, "extra": 1}`}
	return []explainCase{
		{uipath, ".", `score = matched leaves / leaves = Σ leaf scores / leaves
      = 2.25 / 6 = ⟨score:0.37500⟩
⟨note:a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored⟩

⟨note:child                score     w    w/Σw     loss⟩
a                  0.750000.166… 0.16667  0.04167
b                  0.500000.166… 0.16667  0.08333
c                  0.500000.333… 0.33333  0.16667
z                        00.166… 0.16667  0.16667
f                        1     0       0        0
g                        00.166… 0.16667  0.16667
extra                  n/a     0       0        0
`},
		{uipath, ".a", `a leaf: it counts 1 in the leaves of every node above it
score = max(0, min(1, 1 − |e − a| / |e|))
      = max(0, min(1, 1 − |4 − 5| / |4|))
      = max(0, min(1, 1 − 0.25)) = ⟨score:0.75000⟩
⟨note:relative to the expected value e, not to both (no tolerance)⟩
`},
		{uipath, ".b", `a leaf: it counts 1 in the leaves of every node above it
diff  x⟨deleted:[-y-]⟩⟨inserted:{+z+}⟩
      ⟨note:1 edit: 1 substitution⟩
score = 1 − lev(r, o) / max(len r, len o)
      = 1 − 1 / 2 = ⟨score:0.50000⟩
⟨note:uipath: code points as written, no normalization⟩
`},
		{uipath, ".c", `score = matched leaves / leaves = Σ leaf scores / leaves
      = 1 / 2 = ⟨score:0.50000⟩
⟨note:a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored⟩

⟨note:child                score     w    w/Σw     loss⟩
d                        1   0.5     0.5        0
e                        0   0.5     0.5  0.16667
`},
		{uipath, ".c.d", `a leaf: it counts 1 in the leaves of every node above it
score = ⟨score:1.00000⟩ (booleans: equal or not)
`},
		{uipath, ".c.e", `a leaf: it counts 1 in the leaves of every node above it
the output has no value here: ⟨bad:0⟩
`},
		{uipath, ".z", `a leaf: it counts 1 in the leaves of every node above it
the expected value is 0: score 1 if the actual one is 0 too, else 0 = ⟨score:0.00000⟩
`},
		{uipath, ".f", `no leaf below: it takes no part
⟨note:a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored⟩
`},
		{uipath, ".g", `score = matched leaves / leaves = Σ leaf scores / leaves
      = 0 / 1 = ⟨score:0.00000⟩
⟨note:the output has a number here: every leaf below scores 0⟩

⟨note:child                score     w    w/Σw     loss⟩
h                        0     1       1  0.16667
`},
		{uipath, ".extra", `only the output has this value: uipath ignores it (it walks the reference)
`},
	}
}

// uipathTargetExplainCases are the explanations of uipath with target paths.
func uipathTargetExplainCases() []explainCase {
	uipathTarget := scenario{metric: "uipath", opts: []string{"target=.a"},
		ref: `{"a": 4, "b": 5, "c": {"d": 1}}`, out: `{"a": 5, "b": 5, "c": {"d": 2}}`}
	return []explainCase{
		{uipathTarget, ".", `score = matched leaves / leaves = Σ leaf scores / leaves
      = 0.75 / 1 = ⟨score:0.75000⟩
⟨note:a leaf scores in [0, 1]; output keys and elements the reference lacks are ignored⟩

⟨note:child                score     w    w/Σw     loss⟩
a                  0.75000     1       1  0.25000
b                        1     0       0        0
c                      n/a     0       0        0
`},
		{uipathTarget, ".a", `a leaf: it counts 1 in the leaves of every node above it
score = max(0, min(1, 1 − |e − a| / |e|))
      = max(0, min(1, 1 − |4 − 5| / |4|))
      = max(0, min(1, 1 − 0.25)) = ⟨score:0.75000⟩
⟨note:relative to the expected value e, not to both (no tolerance)⟩
`},
		{uipathTarget, ".b", "outside the target paths: it takes no part (weight 0)\n"},
		{uipathTarget, ".c", "outside the target paths: it takes no part (weight 0)\n"},
		{uipathTarget, ".c.d", "outside the target paths: it takes no part (weight 0)\n"},
	}
}

// galteaExplainCases are the explanations of galtea, with and without strict-fields.
func galteaExplainCases() []explainCase {
	galtea := scenario{metric: "galtea",
		ref: `{"name": "Sí", "age": 30, "tags": ["a"], "x": 1}`, out: `{"name": "SI", "age": "30", "tags": ["A"], "y": 2}`}
	galteaStrict := scenario{metric: "galtea", opts: []string{"strict-fields"}, ref: `{"name": "Sí"}`, out: `{"name": "no", "y": 2}`}
	return []explainCase{
		{galtea, ".", `score = 1 − non-matching fields / fields
      = 1 − 2 / 4 = ⟨score:0.50000⟩
⟨note:fields: the reference's top-level keys; a field matches when the output's value equals the reference's after accent stripping and case folding⟩

⟨note:child                score     w    w/Σw     loss⟩
name                     1     1    0.25        0
age                      0     1    0.25  0.25000
tags                     1     1    0.25        0
x                        0     1    0.25  0.25000
y                      n/a     0       0        0
`},
		{galtea, ".name", `a match when equal after accent stripping and case folding:
  "Sí" → "si"
  "SI" → "si"
equal: ⟨good:a match (1)⟩
⟨note:one field of 4: it stands for 0.25 of the score⟩
`},
		{galtea, ".age", `the reference has a number, the output a string:
values are compared strictly (30 ≠ "30"): ⟨bad:no match (0)⟩
⟨note:one field of 4: it stands for 0.25 of the score⟩
`},
		{galtea, ".tags", `compared whole: deep-equal, strings normalized, arrays in order:
  ⟨good:a match (1)⟩
⟨note:one field of 4: it stands for 0.25 of the score⟩
`},
		{galtea, ".x", `the output lacks this field: ⟨bad:no match (0)⟩
`},
		{galtea, ".y", `only the output has this field: galtea does not count it
`},
		{galteaStrict, ".", `score = 1 − non-matching fields / fields
      = 1 − 2 / 2 = ⟨score:0.00000⟩
⟨note:fields: the union of both sides' top-level keys (strict-fields); a field matches when the output's value equals the reference's after accent stripping and case folding⟩

⟨note:child                score     w    w/Σw     loss⟩
name                     0     1     0.5  0.50000
y                        0     1     0.5  0.50000
`},
		{galteaStrict, ".name", `a match when equal after accent stripping and case folding:
  "Sí" → "si"
  "no" → "no"
they differ: ⟨bad:no match (0)⟩
⟨note:one field of 2: it stands for 0.5 of the score⟩
`},
		{galteaStrict, ".y", `only the output has this field: with strict-fields it counts, and never matches: ⟨bad:no match (0)⟩
`},
	}
}

// TestEveryTreeMetricHasExplainer: a metric that builds a tree says how it
// explains it (Options.Explainer, named as the metric): without, the tree
// would be explained by its score alone.
func TestEveryTreeMetricHasExplainer(t *testing.T) {
	ref, out, w := scoringtest.Case(t, "pizza")
	trees := 0
	for _, m := range scoring.Metrics() {
		res, err := scoring.Run(m, &scoring.Input{Ref: ref, Out: out, Weights: w})
		if err != nil {
			t.Fatalf("%s on the pizza: %v", m.Name(), err)
		}
		if res.Tree == nil {
			continue
		}
		trees++
		ex := res.Tree.Options().Explainer
		if ex == nil || ex.Name() != m.Name() {
			t.Errorf("metric %s builds a tree whose options carry the explainer %v: set its options' Explainer", m.Name(), ex)
		}
	}
	if trees < 4 {
		t.Errorf("%d metrics build a tree; jsondiff, lynxius, uipath and galtea do", trees)
	}
}

// TestExplainWithoutExplainer: options without an explainer are explained by
// jsondiff's when they are jsondiff's, else by the score alone.
func TestExplainWithoutExplainer(t *testing.T) {
	ref, out := scoringtest.Docs(t, `{"a": 1, "b": {"c": 2}}`, `{"a": 3, "b": {"c": 2}}`)
	plain := scoringtest.Build(t, ref, out, nil, scoring.Options{})
	if got, want := marked(explainAt(t, plain, ".a", scoring.ExplainOptions{})), `score = 1 − |r − o| / (|r| + |o|)
      = 1 − |1 − 3| / (|1| + |3|)
      = 1 − 2 / 4 = ⟨score:0.50000⟩
`; got != want {
		t.Errorf("jsondiff's options:\n%s\nwant\n%s", got, want)
	}
	own := scoringtest.Build(t, ref, out, nil, scoring.Options{KeyUnion: true, AbsentAsNull: true})
	if got, want := marked(explainAt(t, own, ".a", scoring.ExplainOptions{Metric: "mine"})), "score ⟨score:0.50000⟩ (by mine's own rule)\n"; got != want {
		t.Errorf("another metric's options:\n%s\nwant\n%s", got, want)
	}
	if got, want := marked(explainAt(t, own, ".", scoring.ExplainOptions{})), `score ⟨score:0.75000⟩ (by the metric's own rule)

⟨note:child                score     w    w/Σw     loss⟩
a                  0.50000     1     0.5  0.25000
b                        1     1     0.5        0
`; got != want {
		t.Errorf("another metric's root:\n%s\nwant\n%s", got, want)
	}
}

// TestExplainLongSums: a sum writes 8 terms and counts the rest; the
// children table lists 12 children, in the order given, and counts the
// rest; its key column fits the width; the note follows the root's
// calculation only.
func TestExplainLongSums(t *testing.T) {
	var ref, out []string
	for i := range 14 {
		ref = append(ref, fmt.Sprintf(`"k%02d": %d`, i, i+1))
		out = append(out, fmt.Sprintf(`"k%02d": %d`, i, 1))
	}
	tree := scoringtest.Pair(t, "{"+strings.Join(ref, ", ")+"}", "{"+strings.Join(out, ", ")+"}", "")
	reversed := func(id scoring.NodeID) []scoring.NodeID {
		first, n := tree.Children(id)
		var kids []scoring.NodeID
		for c := first + scoring.NodeID(n) - 1; c >= first; c-- {
			kids = append(kids, c)
		}
		return kids
	}
	got := marked(tree.Explain(0, scoring.ExplainOptions{Width: 50, Children: reversed, Note: "how it went"}))
	want := `S = Σ s·w·f / n,  f = n / Σw = 14 / 14 = 1
  = (1.00000·1·1 + 0.66667·1·1 + 0.50000·1·1 + 0.40000·1·1 + 0.33333·1·1 + 0.28571·1·1 + 0.25000·1·1 + 0.22222·1·1 + … (6 more)) / 14
  = ⟨score:0.33118⟩

⟨note:child        score     w    w/Σw     loss⟩
k13        0.13333     1 0.07143  0.06190
k12        0.14286     1 0.07143  0.06122
k11        0.15385     1 0.07143  0.06044
k10        0.16667     1 0.07143  0.05952
k09        0.18182     1 0.07143  0.05844
k08        0.20000     1 0.07143  0.05714
k07        0.22222     1 0.07143  0.05556
k06        0.25000     1 0.07143  0.05357
k05        0.28571     1 0.07143  0.05102
k04        0.33333     1 0.07143  0.04762
k03        0.40000     1 0.07143  0.04286
k02        0.50000     1 0.07143  0.03571
⟨aside:… 2 more⟩

⟨note:how it went⟩
`
	if got != want {
		t.Errorf("root:\n%s\nwant\n%s", got, want)
	}
	// In the tree's order by default, the same counts.
	lines := tree.Explain(0, scoring.ExplainOptions{})
	if first := lines[5].String(); !strings.HasPrefix(first, "k00               ") {
		t.Errorf("the first child in the tree's order: %q", first)
	}
	if last := lines[len(lines)-1]; last.String() != "… 2 more" || last[0].Role != scoring.RoleAside {
		t.Errorf("the last line: %q", last.String())
	}
	if got := marked(explainAt(t, tree, ".k01", scoring.ExplainOptions{Note: "how it went"})); strings.Contains(got, "how it went") {
		t.Errorf("the note below a child:\n%s", got)
	}
}

// TestExplainStringsTooLong: strings too long to align for a diff still
// get their formula, and say why there is no diff.
func TestExplainStringsTooLong(t *testing.T) {
	a, b := strings.Repeat("abcdefghij", 300), strings.Repeat("abcdefghik", 300)
	tree := scoringtest.Pair(t, `{"s": "`+a+`"}`, `{"s": "`+b+`"}`, "")
	got := marked(explainAt(t, tree, ".s", scoring.ExplainOptions{}))
	if want := "score = 1 − lev(r, o) / max(len) = ⟨score:0.90000⟩\n⟨aside:(too long for a character diff: 3000 characters)⟩\n"; got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestExplainLongStrings: a string pair far past the diff's limit, under
// --normalize, is explained without writing it out whole: the strings are
// cut after 200 characters, with their length, and every line stays
// short.
func TestExplainLongStrings(t *testing.T) {
	a, b := strings.Repeat("Abcdefghij", 30_000), strings.Repeat("Abcdefghik", 30_000)
	sc := scenario{metric: "jsondiff", ref: `{"s": "` + a + `"}`, out: `{"s": "` + b + `"}`, opts: []string{"normalize=case"}}
	lines := explainAt(t, sc.tree(t), ".s", scoring.ExplainOptions{})
	got := marked(lines)
	for _, l := range strings.Split(got, "\n") {
		if len(l) > 2000 {
			t.Fatalf("a line of %d bytes: %.80s…", len(l), l)
		}
	}
	want := `"` + strings.Repeat("abcdefghij", 20) + `"… (300000 characters)`
	if !strings.Contains(got, want) || !strings.Contains(got, "(too long for a character diff: 300000 characters)") {
		t.Errorf("got\n%.600s", got)
	}
}

// TestLocate: a path the tree lacks says where it leaves the tree, and
// what is there.
func TestLocate(t *testing.T) {
	ref, out, w := scoringtest.Case(t, "pizza")
	tree := scoringtest.Build(t, ref, out, w, scoring.Options{})
	for _, c := range []struct{ path, want string }{
		{".fixed_menus[1].pizza", ""},
		{".", ""},
		{".fixed_menus[1].piza", `no node at .fixed_menus[1].piza: .fixed_menus[1] has no key "piza"; did you mean .fixed_menus[1].pizza?`},
		{".PEPPERONI", `no node at .PEPPERONI: the root has no key "PEPPERONI"; did you mean .pepperoni?`},
		{".dessert", `no node at .dessert: the root has no key "dessert"; its keys: margherita, pepperoni, beer, fixed_menus`},
		{".fixed_menus[7]", `no node at .fixed_menus[7]: .fixed_menus has 2 elements, [0] to [1]`},
		{".fixed_menus.pizza", `no node at .fixed_menus.pizza: .fixed_menus is an array, not an object`},
		{".beer[0]", `no node at .beer[0]: .beer is a number, not an array`},
		{".beer..x", `.beer..x: unexpected '.' at offset 6`},
	} {
		id, err := tree.Locate(c.path)
		switch {
		case c.want == "" && (err != nil || tree.Path(id) != c.path):
			t.Errorf("%s: %s, %v", c.path, tree.Path(id), err)
		case c.want != "" && (err == nil || err.Error() != c.want):
			t.Errorf("%s: %v\nwant %s", c.path, err, c.want)
		}
	}
}
