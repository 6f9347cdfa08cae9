package scoring

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

func parseDoc(t testing.TB, src string) *jsondoc.Doc {
	t.Helper()
	d, err := jsondoc.Parse("x.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestCanonicalJSON(t *testing.T) {
	for in, want := range map[string]string{
		`{"b": 3, "a": 1}`:                     `{"a":1,"b":3}`,
		`{"a": [1, 2], "é": "ü", "B": null}`:   `{"B":null,"a":[1,2],"\u00e9":"\u00fc"}`,
		`["😀", "a\"b\\c\n\t\u0001\u007f\b\f"]`: `["\ud83d\ude00","a\"b\\c\n\t\u0001\u007f\b\f"]`,
		`[1.0, 1e2, 1E16, 1e15, 0.0001, 1e-5, -0.0, -0, 0, 1.5e300, 123456789012345678901234567890]`: `[1.0,100.0,1e+16,1000000000000000.0,0.0001,1e-05,-0.0,0,0,1.5e+300,123456789012345678901234567890]`,
		`[true, false, {}, []]`:    `[true,false,{},[]]`,
		`{"a": 1, "a": 2}`:         `{"a":2}`,
		`"\u2028 <&>"`:             `"\u2028 <&>"`,
		`[0.1, 2.5e-7, 123.456e3]`: `[0.1,2.5e-07,123456.0]`,
	} {
		if got := CanonicalJSON(parseDoc(t, in)); got != want {
			t.Errorf("CanonicalJSON(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestPyStr(t *testing.T) {
	for in, want := range map[string]string{
		`{"b": [1, 2.0, "x"], "a": null}`:                  `{'b': [1, 2.0, 'x'], 'a': None}`,
		`[true, false, 1e16, 0.5]`:                         `[True, False, 1e+16, 0.5]`,
		`["it's", "say \"hi\"", "both ' \""]`:              `["it's", 'say "hi"', 'both \' "']`,
		`["tab\there", "é", "\u00a0", "\u0085", "\u200b"]`: `['tab\there', 'é', '\xa0', '\x85', '\u200b']`,
	} {
		if got := string(appendPyStr(nil, parseDoc(t, in), 0)); got != want {
			t.Errorf("str(%s) = %s, want %s", in, got, want)
		}
	}
}

func TestPyEqual(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{`1`, `1.0`, true}, {`true`, `1`, true}, {`false`, `0.0`, true}, {`true`, `2`, false},
		{`12345678901234567890`, `12345678901234567891`, false},
		{`12345678901234567890`, `1.2345678901234567e19`, false}, // the float is 12345678901234567168
		{`12345678901234567168`, `1.2345678901234567e19`, true},
		{`0.1`, `0.10`, true}, {`{"a": [1]}`, `{"a": [1.0]}`, true}, {`{"a": 1}`, `{"a": 1, "b": 2}`, false},
		{`"1"`, `1`, false}, {`null`, `false`, false}, {`[]`, `{}`, false},
		// Ints in 64 bits compare directly; larger ones exactly.
		{`-0`, `0`, true}, {`9223372036854775807`, `9223372036854775807`, true},
		{`9223372036854775807`, `9223372036854775806`, false}, {`-9223372036854775808`, `-9223372036854775808`, true},
		{`9223372036854775808`, `9223372036854775807`, false}, {`9223372036854775808`, `9223372036854775808`, true},
		{`9007199254740992`, `9007199254740992.0`, true}, {`9007199254740993`, `9007199254740992.0`, false},
		{`9007199254740992.0`, `9007199254740993`, false}, {`-9007199254740992`, `-9.007199254740992e15`, true},
		{`3`, `3.0000000000000001`, true}, {`0.5`, `0`, false}, {`-0.0`, `0`, true},
	} {
		ad, bd := parseDoc(t, c.a), parseDoc(t, c.b)
		if got := pyEqual(ad, 0, bd, 0); got != c.want {
			t.Errorf("%s == %s: %v, want %v", c.a, c.b, got, c.want)
		}
	}
}

func TestEditDistanceReport(t *testing.T) {
	res := runMetric(t, "edit-distance", `{"a":1,"b":2}`, `{"a":1,"b":3}`, "", MetricOptions{})
	if d := res.Extra["distance"]; math.Abs(d-1.0/13) > 1e-12 || math.Abs(res.Score-12.0/13) > 1e-12 {
		t.Errorf("distance %v score %v", d, res.Score)
	}
	want := `edit-distance: Damerau–Levenshtein distance 1 between the canonical texts (13 and 13 characters; ` +
		`json.dumps(sort_keys=True, separators=(",", ":"))), / 13 = distance 0.07692307692307693; score = 1 − distance (LangChain JsonEditDistanceEvaluator)`
	if res.Explanation != want {
		t.Errorf("explanation %s", res.Explanation)
	}
}

func TestNeMoMetrics(t *testing.T) {
	// SQuAD tokens: [pet cat place mat] and [pet dog place mat];
	// rouge-score tokens: [pet the cat place mat] and [pet dog place the mat].
	ref, out := `{"pet": "the cat", "place": "mat"}`, `{"pet": "dog", "place": "the mat"}`
	for metric, want := range map[string]float64{
		"em":      0,
		"f1":      0.75,
		"rouge-1": 0.8,
		"rouge-2": 0, // no bigram in common
		"rouge-l": 0.6,
	} {
		res := runMetric(t, metric, ref, out, "", MetricOptions{})
		if res.Tree != nil || !res.HasScore || math.Abs(res.Score-want) > 1e-12 || !strings.HasPrefix(res.Explanation, metric+": ") {
			t.Errorf("%s: %v (%s), want %v", metric, res.Score, res.Explanation, want)
		}
	}
	for _, metric := range []string{"em", "f1", "bleu", "rouge-1", "rouge-2", "rouge-l"} {
		if same := runMetric(t, metric, ref, ref, "", MetricOptions{}); same.Score != 1 {
			t.Errorf("%s of a text with itself: %v", metric, same.Score)
		}
	}
}

// FuzzCanonicalJSON checks that the canonical text is JSON, ASCII, and
// its own canonical form.
func FuzzCanonicalJSON(f *testing.F) {
	for _, s := range []string{`{"b": 3, "a": [1.5e300, -0.0, "é😀"]}`, `[1e16, 0.0001, 1e-5]`, `"\u0000"`, `null`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		d, err := jsondoc.Parse("f.json", []byte(src), nil)
		if err != nil {
			return
		}
		c := CanonicalJSON(d)
		for i := 0; i < len(c); i++ {
			if c[i] >= 0x80 {
				t.Fatalf("non-ASCII canonical text %q", c)
			}
		}
		d2, err := jsondoc.Parse("c.json", []byte(c), nil)
		if err != nil {
			t.Fatalf("canonical text %q of %q does not parse: %v", c, src, err)
		}
		if c2 := CanonicalJSON(d2); c2 != c {
			t.Fatalf("not idempotent: %q then %q", c, c2)
		}
		if !pyEqual(d, 0, d2, 0) {
			t.Fatalf("canonical text %q differs from %q", c, src)
		}
	})
}

// TestPyEqualLinear reproduces issue 10's quadratic --metric exact: each
// reference key was looked up by scanning the output object's members,
// n²/2 for two equal objects of n keys. Now the output's object is
// indexed once.
func TestPyEqualLinear(t *testing.T) {
	for _, n := range []int{1_000, 20_000} {
		rd, od := wideDocs(t, n)
		e := pyEq{rd: rd, od: od}
		if !e.equal(0, 0, 0) {
			t.Fatalf("n=%d: not equal", n)
		}
		if e.work > 3*n {
			t.Errorf("n=%d: %d output members looked at, want at most %d", n, e.work, 3*n)
		}
	}
}

// reversedWide returns wideRef(n) with its keys in reverse order and its
// values written as floats (1.0 for 1): equal to it by Python's ==.
func reversedWide(n int) []byte {
	var b strings.Builder
	b.WriteByte('{')
	for i := n - 1; i >= 0; i-- {
		fmt.Fprintf(&b, `"key_%07d":%d.0`, i, i%1000)
		if i > 0 {
			b.WriteByte(',')
		}
	}
	b.WriteByte('}')
	return []byte(b.String())
}

// wideDocs returns the documents of wideRef(n) and reversedWide(n).
func wideDocs(t testing.TB, n int) (ref, out *jsondoc.Doc) {
	t.Helper()
	ref, err := jsondoc.Parse("ref.json", wideRef(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err = jsondoc.Parse("out.json", reversedWide(n), nil)
	if err != nil {
		t.Fatal(err)
	}
	return ref, out
}

// TestCanonicalJSONPython checks json.dumps(sort_keys=True,
// separators=(",", ":")) on values only Python's json.loads reads (the
// output as LangChain reads it) and on floats whose repr is delicate. The
// expected texts are Python 3.11's.
func TestCanonicalJSONPython(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[1e22, 5e-324, 1.7976931348623157e308, 0.30000000000000004, 123456789.123456789, 1e-7, 9999999999999998.0, 1e15, 123456789012345678, 0.0001, 0.00001, 1.5E+3, 2e-1, 100.0e-2, 12345678901234567890.0, 1e400, -1e400, NaN]`,
			`[1e+22,5e-324,1.7976931348623157e+308,0.30000000000000004,123456789.12345679,1e-07,9999999999999998.0,1000000000000000.0,123456789012345678,0.0001,1e-05,1500.0,0.2,1.0,1.2345678901234567e+19,Infinity,-Infinity,NaN]`},
		{`{"\u00e9": 1, "z": 2, "a": {"\ud83d\ude00": 3, "\uffff": 4, "\ud800": 5, "B": 6, "\udc00x": 7}}`,
			`{"a":{"B":6,"\ud800":5,"\udc00x":7,"\uffff":4,"\ud83d\ude00":3},"z":2,"\u00e9":1}`},
		{"[\"tab\tand\u0001raw\", -Infinity, -0, -0.0]", `["tab\tand\u0001raw",-Infinity,0,-0.0]`},
	} {
		in, want := c.in, c.want
		d, err := jsondoc.Parse("out.json", []byte(in), &jsondoc.Options{Python: true})
		if err != nil {
			t.Fatal(err)
		}
		if got := CanonicalJSON(d); got != want {
			t.Errorf("CanonicalJSON(%s)\n = %s\nwant %s", in, got, want)
		}
	}
	d, _ := jsondoc.Parse("out.json", []byte(`[NaN, Infinity, -Infinity, "\ud800"]`), &jsondoc.Options{Python: true})
	if got := string(appendPyStr(nil, d, 0)); got != `[nan, inf, -inf, '\ud800']` {
		t.Errorf("str() = %s", got)
	}
}
