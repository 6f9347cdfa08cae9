package jsondoc

import (
	"encoding/json"
	"errors"
	"math"
	"reflect"
	"strings"
	"testing"
)

// toAny converts a value of d into what encoding/json produces for it.
func toAny(d *Doc, id ID) any {
	switch d.Kind(id) {
	case Null:
		return nil
	case Bool:
		return d.Bool(id)
	case Number:
		return d.Float(id)
	case String:
		return d.Str(id)
	case Array:
		out := []any{}
		for c := d.Child(id); c != None; c = d.Next(c) {
			out = append(out, toAny(d, c))
		}
		return out
	default:
		out := map[string]any{}
		for c := d.Child(id); c != None; c = d.Next(c) {
			out[d.Key(c)] = toAny(d, c)
		}
		return out
	}
}

func TestParseValues(t *testing.T) {
	inputs := []string{
		`{"b": 1, "a": [true, false, null, "x\u00e9\n\"", -0.5e2, 21.0]}`,
		`[]`, `{}`, `[[],[{}]]`, `"\ud83d\ude00 \ud800"`, ` 0 `, `-0`, `1E+2`,
		`{"a":{"a":{"a":[1,2,{"z":"\/"}]}}}`, "\ufeff{\"bom\": 1}",
		`123456789012345678901234567890`, `0.1`, `3.14159265358979323846`, `1e-400`,
		`{"dup": 1, "x": 2, "dup": 3}`, `"\u0000"`,
	}
	for _, in := range inputs {
		d, err := Parse("in.json", []byte(in), nil)
		if err != nil {
			t.Fatalf("Parse(%q): %v", in, err)
		}
		var want any
		if err := json.Unmarshal([]byte(strings.TrimPrefix(in, "\ufeff")), &want); err != nil {
			t.Fatalf("encoding/json rejects %q: %v", in, err)
		}
		if got := toAny(d, 0); !reflect.DeepEqual(got, want) {
			t.Errorf("Parse(%q) = %#v, want %#v", in, got, want)
		}
	}
}

func TestOrderAndLiterals(t *testing.T) {
	d, err := Parse("r.json", []byte(`{"z": 21.0, "a": 1e2, "m": "s"}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var keys, raws []string
	for c := d.Child(0); c != None; c = d.Next(c) {
		keys = append(keys, d.Key(c))
		raws = append(raws, string(d.Raw(c)))
	}
	if want := []string{"z", "a", "m"}; !reflect.DeepEqual(keys, want) {
		t.Errorf("keys %v, want %v", keys, want)
	}
	if want := []string{"21.0", "1e2", `"s"`}; !reflect.DeepEqual(raws, want) {
		t.Errorf("literals %v, want %v", raws, want)
	}
	if d.Count(0) != 3 || d.Len() != 4 {
		t.Errorf("Count %d Len %d", d.Count(0), d.Len())
	}
}

func TestDuplicateKeys(t *testing.T) {
	d, err := Parse("o.json", []byte("{\"a\": {\"k\": 1,\n \"k\": 2}, \"b\": 0}"), nil)
	if err != nil {
		t.Fatal(err)
	}
	w := d.Warnings()
	if len(w) != 1 {
		t.Fatalf("warnings %v", w)
	}
	if w[0].Path != ".a.k" || w[0].Line != 2 || w[0].Col != 2 || w[0].Message != `duplicate key "k": the last one wins` {
		t.Errorf("warning %+v", w[0])
	}
	a := d.Child(0)
	if d.Count(a) != 1 || d.Float(d.Child(a)) != 2 {
		t.Errorf("the last duplicate should win")
	}
	// Many members: the map path.
	var sb strings.Builder
	sb.WriteString("{")
	for i := 0; i < 40; i++ {
		sb.WriteString(`"k` + string(rune('a'+i%20)) + `": 1,`)
	}
	sb.WriteString(`"end": 0}`)
	d, err = Parse("big.json", []byte(sb.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings()) != 20 || d.Count(0) != 21 {
		t.Errorf("warnings %d, count %d", len(d.Warnings()), d.Count(0))
	}
}

func TestSyntaxErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{"{\n  \"a\" }", "f.json:2:7: invalid character '}' after object key"},
		{`{"a": 1,}`, "f.json:1:9: invalid character '}' looking for beginning of object key string"},
		{`[1, 2,]`, "f.json:1:7: invalid character ']' looking for beginning of value"},
		{`[1 2]`, "f.json:1:4: invalid character '2' after array element"},
		{`{"a": 1 "b": 2}`, "f.json:1:9: invalid character '\"' after object key:value pair"},
		{`{"a": NaN}`, "f.json:1:7: invalid character 'N' looking for beginning of value"},
		{`[Infinity]`, "f.json:1:2: invalid character 'I' looking for beginning of value"},
		{`[-Infinity]`, "f.json:1:3: invalid character 'I' in numeric literal"},
		{`{"a": tru}`, "f.json:1:10: invalid character '}' in literal true (expecting 'e')"},
		{`[01]`, "f.json:1:3: invalid character '1' after array element"},
		{`[1.]`, "f.json:1:4: invalid character ']' after decimal point in numeric literal"},
		{`[1e]`, "f.json:1:4: invalid character ']' in exponent of numeric literal"},
		{`"a\qb"`, "f.json:1:4: invalid character 'q' in string escape code"},
		{`"\u12x4"`, "f.json:1:6: invalid character 'x' in \\u hexadecimal character escape"},
		{"\"a\tb\"", "f.json:1:3: invalid character '\\t' in string literal"},
		{"[\"caf\xe9\"]", "f.json:1:6: invalid UTF-8 in string literal (byte 0xe9)"},
		{`{"a": [1, 2`, "f.json:1:12: unexpected end of JSON input"},
		{``, "f.json:1:1: unexpected end of JSON input"},
		{`{} x`, "f.json:1:4: invalid character 'x' after top-level value"},
		{`[1e400]`, "f.json:1:2: number 1e400 is outside the range of a 64-bit float"},
		{`{"é": ☃}`, "f.json:1:7: invalid character '☃' looking for beginning of value"},
		{"[\xff]", "f.json:1:2: invalid UTF-8 byte 0xff looking for beginning of value"},
		{"\n\n   ]", "f.json:3:4: invalid character ']' looking for beginning of value"},
	}
	for _, c := range cases {
		_, err := Parse("f.json", []byte(c.in), nil)
		if err == nil {
			t.Errorf("Parse(%q) succeeded, want %s", c.in, c.want)
			continue
		}
		if err.Error() != c.want {
			t.Errorf("Parse(%q)\n got %s\nwant %s", c.in, err, c.want)
		}
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Errorf("Parse(%q): error is %T, not *SyntaxError", c.in, err)
		}
	}
}

func TestDepth(t *testing.T) {
	ok := strings.Repeat("[", MaxDepth) + strings.Repeat("]", MaxDepth)
	if _, err := Parse("deep.json", []byte(ok), nil); err != nil {
		t.Fatalf("depth %d: %v", MaxDepth, err)
	}
	deep := strings.Repeat("[", MaxDepth+1) + strings.Repeat("]", MaxDepth+1)
	_, err := Parse("deep.json", []byte(deep), nil)
	if err == nil || err.Error() != "deep.json:1:10001: nesting deeper than 10000 levels" {
		t.Fatalf("depth %d: %v", MaxDepth+1, err)
	}
	// Far deeper must still be an error, not a crash.
	if _, err := Parse("deeper.json", []byte(strings.Repeat(`{"a":`, 1_000_000)), nil); err == nil {
		t.Fatal("1,000,000 levels accepted")
	}
}

func TestNumbers(t *testing.T) {
	cases := map[string]float64{
		"0": 0, "-0": math.Copysign(0, -1), "19.0": 19, "0.1": 0.1, "1e2": 100, "-2.5E-3": -0.0025,
		"123456789012345": 123456789012345, "1234567890123456789": 1234567890123456789,
		"0.000001": 0.000001, "1.7976931348623157e308": math.MaxFloat64, "5e-324": 5e-324,
	}
	for in, want := range cases {
		d, err := Parse("n.json", []byte(in), nil)
		if err != nil {
			t.Fatal(err)
		}
		if got := d.Float(0); got != want || math.Signbit(got) != math.Signbit(want) {
			t.Errorf("%s = %v, want %v", in, got, want)
		}
	}
}

func TestLenient(t *testing.T) {
	cases := []struct{ in, repair, key string }{
		{"Here you go:\n```json\n{\"a\": 1}\n```\nDone.", "took the JSON from the ```json code fence at line 2", "a"},
		{"```\n[{\"b\": 2}]\n```", "took the JSON from the ``` code fence at line 1", ""},
		{"The answer is {\"c\": \"{not}\"} as requested.", "took the JSON object at 1:15 out of the surrounding text (14 bytes before it, 14 after)", "c"},
		{"{broken} then [1, 2]", "took the JSON array at 1:15 out of the surrounding text (14 bytes before it, 0 after)", ""},
	}
	for _, c := range cases {
		d, err := ParseLenient("out.json", []byte(c.in), nil)
		if err != nil {
			t.Fatalf("ParseLenient(%q): %v", c.in, err)
		}
		if d.Repair() != c.repair {
			t.Errorf("ParseLenient(%q) repair\n got %q\nwant %q", c.in, d.Repair(), c.repair)
		}
		if c.key != "" && d.Key(d.Child(0)) != c.key {
			t.Errorf("ParseLenient(%q): first key %q", c.in, d.Key(d.Child(0)))
		}
	}
	// A trailing comma is never repaired; the strict error is reported.
	_, err := ParseLenient("out.json", []byte("Sure: {\"a\": 1,}"), nil)
	if err == nil || err.Error() != "out.json:1:1: invalid character 'S' looking for beginning of value; no JSON found in it either: tried 1 opening bracket" {
		t.Errorf("got %v", err)
	}
	// Offsets stay those of the file.
	d, _ := ParseLenient("out.json", []byte("x\n```json\n{\"a\": 1}\n```"), nil)
	if l, c := d.Position(d.Child(0)); l != 3 || c != 7 {
		t.Errorf("position %d:%d", l, c)
	}
}

func TestProgressAndCancel(t *testing.T) {
	src := []byte("[" + strings.Repeat(`"abcdefghijklmnop",`, 1<<20) + "0]")
	var calls, last int
	if _, err := Parse("p.json", src, &Options{Progress: func(done, total int) { calls++; last = done }}); err != nil {
		t.Fatal(err)
	}
	if calls < 4 || last != len(src) {
		t.Errorf("progress calls %d, last %d of %d", calls, last, len(src))
	}
	stop := make(chan struct{})
	close(stop)
	if _, err := Parse("p.json", src, &Options{Cancel: stop}); !errors.Is(err, ErrCanceled) {
		t.Errorf("canceled parse: %v", err)
	}
}

func TestPathSteps(t *testing.T) {
	var p []byte
	p = AppendKey(p, "fixed_menus")
	p = AppendIndex(p, 1)
	p = AppendKey(p, "unit price")
	p = AppendKey(p, "a\"b")
	if got := string(p); got != `.fixed_menus[1]["unit price"]["a\"b"]` {
		t.Errorf("path %s", got)
	}
	if got := string(AppendKey(nil, "2x")); got != `.["2x"]` {
		t.Errorf("path %s", got)
	}
	if got := string(AppendIndex(nil, 0)); got != `.[0]` {
		t.Errorf("path %s", got)
	}
}

func TestLenientNeverTakesAFragment(t *testing.T) {
	// Broken JSON (an invalid escape deep inside) must not yield its first
	// inner object: the strict error is reported instead.
	in := "{\n  \"records\": [\n    {\"a\": 1},\n    {\"b\": \"\\x\"}\n  ]\n}"
	_, err := ParseLenient("out.json", []byte(in), nil)
	if err == nil || err.Error() != `out.json:4:13: invalid character 'x' in string escape code; no JSON found in it either: tried 1 opening bracket` {
		t.Errorf("got %v", err)
	}
	// A stray unbalanced bracket in prose is passed over.
	d, err := ParseLenient("out.json", []byte(`Note [1: the answer is {"a": 1}`), nil)
	if err != nil || d.Key(d.Child(0)) != "a" {
		t.Errorf("got %v", err)
	}
}

func TestDuplicateEscapedKey(t *testing.T) {
	d, err := Parse("e.json", []byte(`{"a": 1, "b": 0, "\u0061": 2}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings()) != 1 || d.Count(0) != 2 || d.Float(d.Lookup(0, "a")) != 2 || d.Warnings()[0].Path != ".a" {
		t.Errorf("warnings %v, count %d", d.Warnings(), d.Count(0))
	}
}

func TestLongKeyGap(t *testing.T) {
	// A key more than 64 KiB before its value (long key, much white space).
	long := strings.Repeat("k", 70000)
	src := `{"a": 1, "` + long + `":` + strings.Repeat(" ", 1000) + `2, "b\"c": 3}`
	d, err := Parse("long.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	c := d.Next(d.Child(0))
	if d.Key(c) != long || d.Float(c) != 2 || string(d.KeyRaw(d.Next(c))) != `b\"c` || d.Key(d.Next(c)) != `b"c` {
		t.Errorf("keys %q...", d.Key(c)[:10])
	}
	if l, col := d.KeyPosition(c); l != 1 || col != 10 {
		t.Errorf("key position %d:%d", l, col)
	}
}

// TestEstimateFallsShort parses a long document whose sampled stretches
// hold no brackets, so that the estimate of its values is short and the
// parse must grow its table, once, to an exact count.
func TestEstimateFallsShort(t *testing.T) {
	const block = 300 << 10
	filler := `"` + strings.Repeat("f", 80<<10) + `",`
	elems := strings.Repeat("[[1]],", (block-len(filler))/6)
	var b strings.Builder
	b.WriteString("[")
	for range samples {
		b.WriteString(filler)
		b.WriteString(elems)
	}
	b.WriteString("0]")
	src := []byte(b.String())
	if est := estimateNodes(src); est >= strings.Count(b.String(), "[[1]]")*3 {
		t.Fatalf("estimate %d is not short: the test proves nothing", est)
	}
	d, err := Parse("long.json", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	elemsN := strings.Count(b.String(), "[[1]]")
	// The root's children: a filler string, then its elements, in turn.
	kids, strs := 0, 0
	last := None
	for c := d.Child(0); c != None; c = d.Next(c) {
		kids++
		last = c
		switch d.Kind(c) {
		case String:
			strs++
		case Array:
			if in := d.Child(c); d.Kind(in) != Array || d.Kind(d.Child(in)) != Number || d.Next(in) != None {
				t.Fatalf("element %d is not [[1]]", kids-1)
			}
		}
	}
	if kids != samples+elemsN+1 || strs != samples || d.Kind(last) != Number {
		t.Errorf("%d children, %d strings, the last a %v; want %d, %d, a number", kids, strs, d.Kind(last), samples+elemsN+1, samples)
	}
	if want := 1 + samples + 3*elemsN + 1; d.Len() != want {
		t.Errorf("%d values, want %d", d.Len(), want)
	}
	// No string holds a comma or a bracket, and no container is empty:
	// counted from where the estimate ran out, the room is exact.
	if c := cap(d.nodes); c != d.Len() {
		t.Errorf("room for %d values after growing, want exactly the %d there are", c, d.Len())
	}
}

// TestLenientSaysWhatItSearched reproduces issue 10's silent give-up: past
// 64 unbalanced opening brackets the lenient parse stopped and showed the
// strict error alone, as if it had looked through everything. Its error
// now says what it tried, and where it stopped.
func TestLenientSaysWhatItSearched(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{strings.Repeat("{ ", 70) + `{"a": 1}`,
			"out.json:1:3: invalid character '{' looking for beginning of object key string; " +
				"no JSON found in it either, after trying 64 opening brackets, up to 1:128: the search stops there"},
		{"Sorry, I cannot answer that.",
			"out.json:1:1: invalid character 'S' looking for beginning of value; it holds no code fence, { or [ to take JSON from"},
		{"Here:\n```json\n{\"a\": }\n```\nand [1, 2,] or {\"b\"}",
			"out.json:1:1: invalid character 'H' looking for beginning of value; no JSON found in it either: tried 1 code fence and 3 opening brackets"},
	} {
		_, err := ParseLenient("out.json", []byte(c.in), nil)
		var se *SyntaxError
		if !errors.As(err, &se) || err.Error() != c.want {
			t.Errorf("ParseLenient(%.30q):\n got %v\nwant %s", c.in, err, c.want)
		}
	}
}

// TestLenientStrictErrorWhenProse: a text that begins with prose is
// parsed strictly only when nothing is found in it, and the error is
// still the strict parse's, at the same place, whatever comes first.
func TestLenientStrictErrorWhenProse(t *testing.T) {
	for _, c := range []struct {
		in, want string
		python   bool
	}{
		{"", "out.json:1:1: unexpected end of JSON input; it holds no code fence, { or [ to take JSON from", false},
		{" \n\t", "out.json:2:2: unexpected end of JSON input; it holds no code fence, { or [ to take JSON from", false},
		{"\ufeff  Sorry", "out.json:1:4: invalid character 'S' looking for beginning of value; it holds no code fence, { or [ to take JSON from", false},
		{"\ufeffSorry", "out.json:1:1: invalid character '\\ufeff' looking for beginning of value; it holds no code fence, { or [ to take JSON from", true},
		{"\n  Nope {", "out.json:2:3: invalid character 'N' looking for beginning of value; no JSON found in it either: tried 1 opening bracket", false},
		{"nul", "out.json:1:4: unexpected end of JSON input; it holds no code fence, { or [ to take JSON from", false},
	} {
		_, err := ParseLenient("out.json", []byte(c.in), &Options{Python: c.python})
		if err == nil || err.Error() != c.want {
			t.Errorf("ParseLenient(%q, python %v):\n got %v\nwant %s", c.in, c.python, err, c.want)
		}
	}
	for in, want := range map[string]bool{"NaN": true, "Infinity": true, "-Infinity": true} {
		d, err := ParseLenient("out.json", []byte(in), &Options{Python: true})
		if (err == nil) != want || err == nil && d.Kind(0) != Number {
			t.Errorf("ParseLenient(%q, python): %v", in, err)
		}
	}
}

// TestStrUnescapes: a string's escapes decode as encoding/json decodes
// them, between runs of plain text of every length.
func TestStrUnescapes(t *testing.T) {
	for _, body := range []string{
		`plain`, `\"`, `a\"b`, `Here is:\n` + "```json" + `\n{\"a\": \"Zürich\"}\n` + "```",
		`\\\\\/\b\f\n\r\t`, `x\u00e9y\ud83d\ude00z`, `\u0041bcdefghijklmnop\u0042`, `tail\\`,
	} {
		src := []byte(`"` + body + `"`)
		d, err := Parse("s.json", src, nil)
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		var want string
		if err := json.Unmarshal(src, &want); err != nil {
			t.Fatal(err)
		}
		if got := d.Str(0); got != want {
			t.Errorf("Str(%s) = %q, want %q", src, got, want)
		}
	}
}

// TestSmallDenseBodyGrows: a short body is not counted but guessed, and
// one denser than the guess (a value every 2 bytes) grows its table and
// keeps every value.
func TestSmallDenseBodyGrows(t *testing.T) {
	n := smallBody/2 - 1 // the body, 2n+1 bytes, is just small
	src := []byte("[" + strings.Repeat("1,", n-1) + "1]")
	if est := estimateNodes(src); est > n {
		t.Fatalf("estimate %d of %d values is not short: the test proves nothing", est, n+1)
	}
	d, err := Parse("dense.json", src, nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Len() != n+1 {
		t.Fatalf("%d values, want %d", d.Len(), n+1)
	}
	k := 0
	for c := d.Child(0); c != None; c = d.Next(c) {
		if d.Kind(c) != Number || d.Float(c) != 1 {
			t.Fatalf("element %d: %s %s", k, d.Kind(c), d.Raw(c))
		}
		k++
	}
	if k != n {
		t.Fatalf("%d elements, want %d", k, n)
	}
}
