package scoring

import (
	"errors"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

const pizzaRef = `{"margherita": 19.0, "pepperoni": 21.0, "beer": 6.0,
 "fixed_menus": [{"menu_name": "baby", "pizza": "margerita", "drink": "Coca-Cola", "price": 24.0},
                 {"menu_name": "adult", "pizza": "pepperoni", "drink": "beer", "price": 27.0}]}`

func buildWith(t *testing.T, ref, weights string) (*Tree, error) {
	t.Helper()
	rd, err := jsondoc.Parse("ref.json", []byte(ref), nil)
	if err != nil {
		t.Fatal(err)
	}
	w, err := ParseWeights("weights.json", []byte(weights))
	if err != nil {
		return nil, err
	}
	return Build(rd, rd, w, Options{})
}

func TestWeightsErrors(t *testing.T) {
	cases := []struct{ weights, want string }{
		{`{"beer": 1.5}`, "weights.json:1:10: .beer: weight 1.5 is outside [0, 1]"},
		{`{"beer": -0.1}`, "weights.json:1:10: .beer: weight -0.1 is outside [0, 1]"},
		{"{\n  \"fixed_menus\": {\"pizza\": \"high\"}\n}", `weights.json:2:28: .fixed_menus.pizza: a weight must be a number in [0, 1] or an object of weights, not a string ("high")`},
		{`{"beer": null}`, "weights.json:1:10: .beer: a weight must be a number in [0, 1] or an object of weights, not null"},
		{`{"beer": [1]}`, "weights.json:1:10: .beer: a weight must be a number in [0, 1] or an object of weights, not an array ([1])"},
		{`[1]`, "weights.json:1:1: .: the weights file must hold an object of weights, not an array"},
		{`{"beer": {"__beer": 0.5}}`, "weights.json:1:10: .beer: an object of weights is given for .beer, whose reference value is a number; give it a number"},
		{`{"beer": 1,}`, "weights.json:1:12: invalid character '}' looking for beginning of object key string"},
	}
	for _, c := range cases {
		_, err := buildWith(t, pizzaRef, c.weights)
		if err == nil || err.Error() != c.want {
			t.Errorf("weights %s:\n got %v\nwant %s", c.weights, err, c.want)
		}
	}
	_, err := buildWith(t, pizzaRef, `{"beer": 2}`)
	var we *WeightsError
	if !errors.As(err, &we) || we.Path != ".beer" || we.Line != 1 {
		t.Errorf("error %#v", err)
	}
}

func TestWeightsWarnings(t *testing.T) {
	tree, err := buildWith(t, pizzaRef, `{
  "beer": 0.25,
  "peperoni": 1,
  "__beer": 0.5,
  "fixed_menus": {
    "__fixed_menus": 0.8,
    "__drink": 0.5,
    "piza": 0.5,
    "wine": 1
  }
}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range tree.Warnings() {
		got = append(got, w.Path+": "+w.Message)
	}
	want := []string{
		`.peperoni: weights.json:3:3: the reference has no key "peperoni" at the top level; the entry is ignored; did you mean "pepperoni"?`,
		`.__beer: weights.json:4:3: "__beer" looks like a loopback, but the root has no weight of its own; it is ignored`,
		`.fixed_menus.__drink: weights.json:7:5: loopback "__drink" names another key; the loopback for .fixed_menus is "__fixed_menus"; it is ignored`,
		`.fixed_menus.piza: weights.json:8:5: the reference has no key "piza" below .fixed_menus; the entry is ignored; did you mean "pizza"?`,
		`.fixed_menus.wine: weights.json:9:5: the reference has no key "wine" below .fixed_menus; the entry is ignored`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("warnings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if w := tree.Weight(find(t, tree, ".fixed_menus")); w != 0.8 {
		t.Errorf("loopback weight %v", w)
	}
}

func TestLoopbackThatIsAKey(t *testing.T) {
	// The reference has a key literally named "__a" inside a: the entry is
	// that key's weight, not a's loopback.
	tree, err := buildWith(t, `{"a": {"__a": 1, "b": 2}}`, `{"a": {"__a": 0.5}}`)
	if err != nil {
		t.Fatal(err)
	}
	if w := tree.Weight(find(t, tree, ".a")); w != 1 {
		t.Errorf(".a weight %v, want 1", w)
	}
	if w := tree.Weight(find(t, tree, ".a.__a")); w != 0.5 {
		t.Errorf(".a.__a weight %v, want 0.5", w)
	}
	if len(tree.Warnings()) != 0 {
		t.Errorf("warnings %v", tree.Warnings())
	}
}

func TestArrayWeights(t *testing.T) {
	ref := `{"list": [{"x": 1, "y": 1}, {"x": 1, "y": 1}], "nums": [1, 2], "deep": [[{"z": 1}]]}`
	out := `{"list": [{"x": 1, "y": 0}, {"x": 1, "y": 0}], "nums": [1, 0], "deep": [[{"z": 0}]]}`
	tree := score(t, ref, out, `{"list": {"y": 0}, "nums": 0.5, "deep": {"__deep": 0, "z": 1}}`)
	for path, want := range map[string]float64{".list[1].y": 0, ".list[0].x": 1, ".nums": 0.5, ".deep": 0, ".deep[0][0].z": 1, ".list": 1} {
		if w := tree.Weight(find(t, tree, path)); w != want {
			t.Errorf("%s weight %v, want %v", path, w, want)
		}
	}
	// list scores 1 (y weighs 0), nums 0.5 with weight 0.5, deep takes no part.
	if got := must(tree.Total()); got != (1+0.5*0.5)/1.5 {
		t.Errorf("total %v", got)
	}
}

func TestMarshalWeightsKeepsShape(t *testing.T) {
	src := `{
    "margherita": 1.0,
    "beer": 0.25,
    "typo": 0.5,
    "fixed_menus": {
        "__fixed_menus": 0.8,
        "menu_name": 0.0,
        "pizza": 0.50
    }
}`
	tree := score(t, pizzaRef, pizzaRef, src)
	if got := string(tree.MarshalWeights()); got != src+"\n" {
		t.Errorf("unchanged weights rewritten:\n%s", got)
	}
	slot := func(path string) int {
		for i := range tree.Slots() {
			if tree.SchemaPath(i) == path {
				return i
			}
		}
		t.Fatalf("no slot %s", path)
		return -1
	}
	tree.SetSlotWeight(slot(".fixed_menus[].drink"), 0.3)
	tree.SetSlotWeight(slot(".beer"), 0.5)
	tree.SetSlotWeight(slot(".pepperoni"), 0)
	want := `{
    "margherita": 1.0,
    "beer": 0.5,
    "typo": 0.5,
    "fixed_menus": {
        "__fixed_menus": 0.8,
        "menu_name": 0.0,
        "pizza": 0.50,
        "drink": 0.3
    },
    "pepperoni": 0.0
}
`
	if got := string(tree.MarshalWeights()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// A number entry that gets a weighted key below becomes an object with
	// the loopback.
	tree = score(t, pizzaRef, pizzaRef, `{"fixed_menus": 0.8}`)
	tree.SetSlotWeight(slot(".fixed_menus[].price"), 0.1)
	want = "{\n  \"fixed_menus\": {\n    \"__fixed_menus\": 0.8,\n    \"price\": 0.1\n  }\n}\n"
	if got := string(tree.MarshalWeights()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	// No file: only what differs from 1.
	tree = score(t, pizzaRef, pizzaRef, "")
	tree.SetSlotWeight(slot(".fixed_menus"), 0.5)
	want = "{\n  \"fixed_menus\": 0.5\n}\n"
	if got := string(tree.MarshalWeights()); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

func TestInitWeights(t *testing.T) {
	tree := score(t, `{"a": 1, "o": {"b": [{"c": 1}], "d": [1, 2]}, "e": {}}`, `{}`, "")
	want := `{
  "a": 1.0,
  "o": {
    "__o": 1.0,
    "b": {
      "__b": 1.0,
      "c": 1.0
    },
    "d": 1.0
  },
  "e": 1.0
}
`
	if got := string(tree.InitWeights()); got != want {
		t.Errorf("got:\n%s", got)
	}
	// The generated file scores like no file at all.
	a := score(t, pizzaRef, `{"beer": 5}`, "")
	b := score(t, pizzaRef, `{"beer": 5}`, string(a.InitWeights()))
	if must(a.Total()) != must(b.Total()) {
		t.Errorf("init weights change the score")
	}
}

// TestAppendWeights checks that every node's weight, appended in one
// pass, is what Weight gives it, with a weights file, a weight set on one
// node and leaf-count weights.
func TestAppendWeights(t *testing.T) {
	ref := parseDoc(t, `{"a": 1, "b": {"c": "x", "d": [1, 2]}, "e": null}`)
	out := parseDoc(t, `{"a": 2, "b": {"c": "y", "d": [1]}, "f": true}`)
	w, err := ParseWeights("w.json", []byte(`{"a": 0.25, "b": {"__b": 0.5, "c": 0}}`))
	if err != nil {
		t.Fatal(err)
	}
	for _, opt := range []Options{{}, {LeafWeights: true}} {
		tree, err := Build(ref, out, w, opt)
		if err != nil {
			t.Fatal(err)
		}
		tree.SetWeight(1, 0.75)
		got := tree.AppendWeights([]float64{-1})
		if len(got) != tree.Len()+1 || got[0] != -1 {
			t.Fatalf("AppendWeights gave %d weights for %d nodes after one", len(got), tree.Len())
		}
		distinct := map[float64]bool{}
		for i := range tree.Len() {
			want := tree.Weight(NodeID(i))
			if got[i+1] != want {
				t.Errorf("%+v: node %d (%s): AppendWeights %v, Weight %v", opt, i, tree.Path(NodeID(i)), got[i+1], want)
			}
			distinct[want] = true
		}
		if len(distinct) < 3 {
			t.Errorf("%+v: weights %v: the tree tests little", opt, distinct)
		}
	}
}
