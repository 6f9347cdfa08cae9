package scoring

import (
	"math"
	"strings"
	"testing"
)

func TestGaltea(t *testing.T) {
	cases := []struct {
		name, ref, out string
		strict         bool
		want           float64
	}{
		{"Sí, SI and si are equal", `{"a": "Sí", "b": "SI", "c": "si"}`, `{"a": "si", "b": "sí", "c": "SÍ"}`, false, 1},
		{"30 is not \"30\"", `{"n": 30, "s": "30"}`, `{"n": "30", "s": 30}`, false, 0},
		{"30 is 30.0", `{"n": 30}`, `{"n": 30.0}`, false, 1},
		{"true is not 1", `{"b": true}`, `{"b": 1}`, false, 0},
		{"null is null", `{"z": null}`, `{"z": null}`, false, 1},
		{"missing key", `{"a": 1, "b": 2}`, `{"a": 1}`, false, 0.5},
		{"absent is not null", `{"z": null}`, `{}`, false, 0},
		{"nested normalized", `{"o": {"name": "José", "tags": ["Ñu", "b"]}}`, `{"o": {"tags": ["nu", "B"], "name": "JOSE"}}`, false, 1},
		{"array order matters", `{"l": ["a", "b"]}`, `{"l": ["b", "a"]}`, false, 0},
		{"nested extra key", `{"o": {"a": 1}}`, `{"o": {"a": 1, "b": 2}}`, false, 0},
		{"empty reference", `{}`, `{"x": 1}`, false, 1},
		{"empty reference, strict", `{}`, `{"x": 1}`, true, 0},
		{"both empty, strict", `{}`, `{}`, true, 1},
		{"extra fields ignored", `{"a": 1}`, `{"a": 1, "b": 2, "c": 3}`, false, 1},
		{"extra fields count, strict", `{"a": 1}`, `{"a": 1, "b": 2, "c": 3}`, true, 1.0 / 3},
		{"strict, one wrong", `{"a": 1, "b": "x"}`, `{"a": 1, "b": "y", "c": null}`, true, 1.0 / 3},
		{"whitespace is kept", `{"a": "New York"}`, `{"a": "new  york"}`, false, 0},
		{"output not an object", `{"a": 1}`, `[1]`, false, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := runMetric(t, "galtea", c.ref, c.out, "", MetricOptions{StrictFields: c.strict})
			if !res.HasScore || math.Abs(res.Score-c.want) > 1e-12 {
				t.Errorf("score %v (has %v), want %v", res.Score, res.HasScore, c.want)
			}
			checkTreeFigures(t, res.Tree)
		})
	}
}

func TestGalteaTree(t *testing.T) {
	res := runMetric(t, "galtea", `{"a": "Sí", "n": 30, "o": {"x": [1]}}`, `{"a": "si", "n": "30", "o": {"x": [2]}, "e": 1}`, "", MetricOptions{StrictFields: true})
	tr := res.Tree
	for path, want := range map[string]string{
		".a": "match 1 1", ".n": "type 0 1", ".o": "mismatch 0 1", ".e": "extra 0 1",
	} {
		if got := nodeFigures(t, tr, path); got != want {
			t.Errorf("%s: %s, want %s", path, got, want)
		}
	}
	o, _ := tr.Find(".o")
	if _, count := tr.Children(o); count != 0 {
		t.Errorf(".o has %d children: fields are compared whole", count)
	}
	if res.Score != 0.25 {
		t.Errorf("score %v", res.Score)
	}
}

func TestGalteaRefusals(t *testing.T) {
	m, _ := LookupMetric("galtea")
	_, err := Run(m, docs(t, `[1]`, `[1]`))
	if err == nil || err.Error() != "metric galtea compares the fields of an object: ref.json holds an array" {
		t.Errorf("err %v", err)
	}
	res := runMetric(t, "galtea", `{"a": 1}`, `"text"`, "", MetricOptions{})
	ws := warningsOf(res)
	if len(ws) != 1 || !strings.HasPrefix(ws[0].Message, "galtea: out.json holds a string, not an object") {
		t.Errorf("warnings %v", ws)
	}
}
