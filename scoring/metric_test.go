package scoring

import (
	"slices"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/textsim"
)

func TestRegistry(t *testing.T) {
	want := []string{"jsondiff", "lynxius", "uipath", "galtea", "exact", "edit-distance",
		"em", "f1", "bleu", "rouge-1", "rouge-2", "rouge-l"}
	if got := MetricNames(); !slices.Equal(got, want) {
		t.Fatalf("metrics %q", got)
	}
	for _, m := range Metrics() {
		if m.About() == "" {
			t.Errorf("%s: no About", m.Name())
		}
		for _, o := range m.Takes() {
			if o != TakesWeights && o != TakesRules && !slices.Contains(OptionNames, o) {
				t.Errorf("%s takes unknown option %q", m.Name(), o)
			}
		}
		if got, err := LookupMetric(m.Name()); err != nil || got.Name() != m.Name() {
			t.Errorf("LookupMetric(%s): %v", m.Name(), err)
		}
	}
	_, err := LookupMetric("bertscore")
	if err == nil || err.Error() != `unknown metric "bertscore": use jsondiff, lynxius, uipath, galtea, exact, edit-distance, em, f1, bleu, rouge-1, rouge-2, rouge-l` {
		t.Errorf("err %v", err)
	}
}

func TestOptionsRoundTrip(t *testing.T) {
	var o MetricOptions
	for _, kv := range [][2]string{
		{"abs-tol", "0.01"}, {"rel-tol", "1e-3"}, {"normalize", "space,case"}, {"strings", "jaro-winkler"},
		{"lists", "key=id"}, {"extra-keys", "penalize"}, {"target", ".a"}, {"target", `.["b c"][0]`},
		{"strict-fields", "true"},
	} {
		if err := o.Set(kv[0], kv[1]); err != nil {
			t.Fatalf("Set(%s, %s): %v", kv[0], kv[1], err)
		}
	}
	want := []string{"abs-tol=0.01", "rel-tol=0.001", "normalize=case,space", "strings=jaro-winkler",
		"lists=key=id", "extra-keys=penalize", "target=.a", `target=.["b c"][0]`, "strict-fields"}
	got := o.Strings()
	if !slices.Equal(got, want) {
		t.Fatalf("Strings() = %q", got)
	}
	back, err := ParseMetricOptions(got)
	if err != nil {
		t.Fatal(err)
	}
	if again := back.Strings(); !slices.Equal(again, want) {
		t.Fatalf("round trip %q", again)
	}
	if (MetricOptions{}).Strings() != nil {
		t.Error("defaults are not empty")
	}
	var d MetricOptions
	for _, kv := range [][2]string{{"strings", "levenshtein"}, {"lists", "index"}, {"extra-keys", "ignore"}, {"strict-fields", "false"}} {
		if err := d.Set(kv[0], kv[1]); err != nil {
			t.Fatal(err)
		}
	}
	if d.Strings() != nil {
		t.Errorf("explicit defaults: %q", d.Strings())
	}
}

func TestOptionErrors(t *testing.T) {
	for _, c := range []struct{ name, value, want string }{
		{"abs-tol", "-1", `abs-tol "-1": want a number ≥ 0`},
		{"rel-tol", "x", `rel-tol "x": want a number ≥ 0`},
		{"abs-tol", "NaN", `abs-tol "NaN": want a number ≥ 0`},
		{"normalize", "case,width", `normalize: unknown normalization "width": use a comma-separated list of case, accents, space`},
		{"strings", "soundex", `strings "soundex": use levenshtein, damerau, jaro-winkler, exact, token-f1, bleu, rouge-l`},
		{"lists", "sorted", `lists "sorted": use index, best, key=FIELD, or PATH=MODE for the arrays at a schema path`},
		{"lists", "key=", `lists key=FIELD: the field name is missing`},
		{"extra-keys", "drop", `extra-keys "drop": use ignore or penalize`},
		{"target", "items", `target "items": a path starts with '.' (the root), as .items[0].name`},
		{"target", ".a..b", `target ".a..b": unexpected '.' at offset 3`},
		{"strict-fields", "maybe", `strict-fields "maybe": want true or false`},
		{"depth", "1", `unknown metric option "depth": options are abs-tol, rel-tol, normalize, strings, lists, extra-keys, target, strict-fields`},
	} {
		var o MetricOptions
		err := o.Set(c.name, c.value)
		if err == nil || err.Error() != c.want {
			t.Errorf("Set(%s, %s): %v, want %s", c.name, c.value, err, c.want)
		}
	}
	if _, err := ParseMetricOptions([]string{"abs-tol=1", "lists=zigzag"}); err == nil {
		t.Error("ParseMetricOptions accepted a bad value")
	}
}

func TestCheckOptions(t *testing.T) {
	m, _ := LookupMetric("lynxius")
	err := CheckOptions(m, MetricOptions{AbsTol: 0.1})
	if err == nil || err.Error() != "metric lynxius does not take abs-tol (it takes none)" {
		t.Errorf("err %v", err)
	}
	m, _ = LookupMetric("uipath")
	err = CheckOptions(m, MetricOptions{StrictFields: true})
	if err == nil || err.Error() != "metric uipath does not take strict-fields (it takes target)" {
		t.Errorf("err %v", err)
	}
	m, _ = LookupMetric("jsondiff")
	if err := CheckOptions(m, MetricOptions{AbsTol: 1, Normalize: textsim.NormCase, Lists: Lists{Mode: ListBest}}); err != nil {
		t.Error(err)
	}
	err = CheckOptions(m, MetricOptions{Targets: []string{".a"}})
	if err == nil || !strings.HasPrefix(err.Error(), "metric jsondiff does not take target (it takes abs-tol, rel-tol,") {
		t.Errorf("err %v", err)
	}
}

func TestRunRecordsOptionsAndWeightsWarning(t *testing.T) {
	res := runMetric(t, "uipath", `{"a": 1}`, `{"a": 1}`, `{"a": 0.5}`, MetricOptions{Targets: []string{".a"}})
	if !slices.Equal(res.Options, []string{"target=.a"}) {
		t.Errorf("options %q", res.Options)
	}
	ws := warningsOf(res)
	if len(ws) != 1 || ws[0].Message != "w.json: the metric uipath does not use weights; the weights file plays no part" {
		t.Errorf("warnings %v", ws)
	}
	rep := res.Report("uipath")
	if rep.Metric != "uipath" || !slices.Equal(rep.Options, []string{"target=.a"}) || len(rep.Warnings) != 1 || rep.Nodes == nil {
		t.Errorf("report %+v", rep)
	}
	one := runMetric(t, "exact", `[1]`, `[1]`, "", MetricOptions{})
	rep = one.Report("exact")
	if rep.Nodes != nil || rep.Score != 1 || !rep.HasScore || rep.Reference != "ref.json" || rep.Output != "out.json" ||
		!strings.HasPrefix(rep.Explanation, "exact: equal:") {
		t.Errorf("one-number report %+v", rep)
	}
}
