package langchain

import (
	"strconv"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// render writes a value compactly, keys in document order, numbers as
// written, strings quoted by Go: enough to compare values in tests.
func render(d *jsondoc.Doc, id jsondoc.ID) string {
	switch d.Kind(id) {
	case jsondoc.String:
		return strconv.Quote(d.Str(id))
	case jsondoc.Array, jsondoc.Object:
		var parts []string
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			v := render(d, c)
			if d.Kind(id) == jsondoc.Object {
				v = strconv.Quote(d.Key(c)) + ":" + v
			}
			parts = append(parts, v)
		}
		if d.Kind(id) == jsondoc.Object {
			return "{" + strings.Join(parts, ",") + "}"
		}
		return "[" + strings.Join(parts, ",") + "]"
	default:
		return string(d.Raw(id))
	}
}

var digits4301 = strings.Repeat("7", 4301)

// readCases are predictions with what LangChain makes of them, worked out
// by following langchain_core's parse_json_markdown, _parse_json,
// _custom_parser and parse_partial_json and CPython's json module by hand
// (no Python here): partial is parse_json_markdown(pred)'s value, or the
// str() of what it raises (prefixed with the exception when not
// JSONDecodeError); valid is JsonValidityEvaluator's verdict, "" for
// score 1 or its reasoning for score 0.
var readCases = []struct {
	name, pred     string
	partial, valid string
}{
	{"plain", `{"a": 1}`, `{"a":1}`, ""},
	{"fenced", "Sure:\n```json\n{\"a\": [1, 2]}\n```\n", `{"a":[1,2]}`, ""},
	// The fallback takes everything after the fence, to the end: json.loads
	// refuses the prose after it, parse_partial_json drops it.
	{"fenced and prose", "Sure:\n```json\n{\"a\": [1, 2]}\n```\nDone.", `{"a":[1,2]}`, "Extra data: line 2 column 1 (char 14)"},
	// The whole text stripped of backticks is JSON already: no fence needed.
	{"bare fence", "```\n[1, 2]\n```", `[1,2]`, ""},
	{"backticks", "`{\"a\": true}`", `{"a":true}`, ""},
	{"fence not closed", "```json\n{\"a\": 1}", `{"a":1}`, ""},
	// (json)? is case-sensitive: "JSON" stays in the text, which no parse reads.
	{"JSON fence", "```JSON\n{\"a\": 1}\n```", "Expecting value: line 1 column 1 (char 0)", "Expecting value: line 1 column 1 (char 0)"},
	{"prose", `Here is the answer: {"a": 1} hope it helps`, "Expecting value: line 1 column 1 (char 0)", "Expecting value: line 1 column 1 (char 0)"},
	// parse_partial_json drops characters from the end until "1" is left.
	{"numbered", `1. {"a": 1}`, `1`, "Extra data: line 1 column 2 (char 1)"},
	{"truncated", `{"a": 1, "b": [1, 2`, `{"a":1,"b":[1,2]}`, "Expecting ',' delimiter: line 1 column 20 (char 19)"},
	{"truncated string", `{"a": "hel`, `{"a":"hel"}`, "Unterminated string starting at: line 1 column 7 (char 6)"},
	{"truncated after comma", `[1, 2,`, `[1,2]`, "Expecting value: line 1 column 7 (char 6)"},
	{"truncated key", `{"a": 1, "b`, `{"a":1}`, "Unterminated string starting at: line 1 column 10 (char 9)"},
	{"truncated number", `[1.`, `[1]`, "Expecting ',' delimiter: line 1 column 3 (char 2)"},
	{"truncated literal", `{"a": tr`, `{}`, "Expecting value: line 1 column 7 (char 6)"},
	{"truncated escape", `["a\`, `["a"]`, "Unterminated string starting at: line 1 column 2 (char 1)"},
	{"truncated after newline", "{\"a\": \"x\ny", `{"a":"x\ny"}`, "Invalid control character at: line 1 column 9 (char 8)"},
	// The brackets are balanced: no closers, and no prefix reads alone.
	{"trailing comma", `{"a": 1,}`, "Illegal trailing comma before end of object: line 1 column 8 (char 7)", "Illegal trailing comma before end of object: line 1 column 8 (char 7)"},
	{"trailing comma array", `[1, 2, ]`, "Illegal trailing comma before end of array: line 1 column 6 (char 5)", "Illegal trailing comma before end of array: line 1 column 6 (char 5)"},
	{"stray closer", `{"a": 1}]`, `null`, "Extra data: line 1 column 9 (char 8)"},
	{"closer first", `]`, `null`, "Expecting value: line 1 column 1 (char 0)"},
	{"python constants", `{"a": NaN, "b": [Infinity, -Infinity]}`, `{"a":NaN,"b":[Infinity,-Infinity]}`, ""},
	{"action_input", "{\"action\": \"Final Answer\", \"action_input\": \"line 1\nline 2\ttab\"}",
		`{"action":"Final Answer","action_input":"line 1\nline 2\ttab"}`, ""},
	{"control character", "{\"x\": \"line 1\nline 2\"}", `{"x":"line 1\nline 2"}`, "Invalid control character at: line 1 column 14 (char 13)"},
	{"empty", "", "Expecting value: line 1 column 1 (char 0)", "Expecting value: line 1 column 1 (char 0)"},
	{"white space only", " \n`` ", "Expecting value: line 1 column 1 (char 0)", "Expecting value: line 1 column 1 (char 0)"},
	{"BOM", "\ufeff{}", "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)", "Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"},
	{"two fences", "```json\n[1]\n```\nand\n```json\n[2]\n```", `[1]`, "Extra data: line 2 column 1 (char 4)"},
	{"bad escape", `["a\x"]`, "Invalid \\escape: line 1 column 4 (char 3)", "Invalid \\escape: line 1 column 4 (char 3)"},
	{"bad unicode escape", `["\u12G4"]`, "Invalid \\uXXXX escape: line 1 column 4 (char 3)", "Invalid \\uXXXX escape: line 1 column 4 (char 3)"},
	{"surrogates", `["\ud83d\ude00", "\udc00"]`, `["😀","\xed\xb0\x80"]`, ""},
	{"leading zero", `[01]`, "Expecting ',' delimiter: line 1 column 3 (char 2)", "Expecting ',' delimiter: line 1 column 3 (char 2)"},
	{"leading zero cut", `[01`, `[0]`, "Expecting ',' delimiter: line 1 column 3 (char 2)"},
	{"exponent cut", `[1e`, `[1]`, "Expecting ',' delimiter: line 1 column 3 (char 2)"},
	{"minus cut", `[-`, `[]`, "Expecting value: line 1 column 2 (char 1)"},
	{"non-ASCII position", "{\"é\": x}", "Expecting value: line 1 column 7 (char 6)", "Expecting value: line 1 column 7 (char 6)"},
	{"multi-line position", "{\n  \"a\": 1\n  \"b\": 2\n}", "Expecting ',' delimiter: line 3 column 3 (char 13)", "Expecting ',' delimiter: line 3 column 3 (char 13)"},
	{"huge integer", "[" + digits4301 + "]", "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit",
		"ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit"},
	{"huge float", "[" + digits4301 + ".5]", "[" + digits4301 + ".5]", ""},
	// The repair loop cuts the float before its fraction: "[777….}]" holds
	// an integer of 4,301 digits, which raises before the syntax error.
	{"huge integer in a repair", "[" + digits4301 + ".5 {", "ValueError: Exceeds the limit (4300 digits) for integer string conversion: value has 4301 digits; use sys.set_int_max_str_digits() to increase the limit",
		"Expecting ',' delimiter: line 1 column 4306 (char 4305)"},
	{"deep", strings.Repeat("[", maxDepth+1), "RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string",
		"RecursionError: maximum recursion depth exceeded while decoding a JSON array from a unicode string"},
	{"deep enough", strings.Repeat("[", maxDepth), strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth), "Expecting value: line 1 column 10001 (char 10000)"},
}

func TestRead(t *testing.T) {
	for _, c := range readCases {
		rd, err := Read("out.txt", []byte(c.pred))
		got := ""
		if err != nil {
			e := err.(*Error)
			got = e.Reason
			if e.Exception != "json.decoder.JSONDecodeError" {
				got = e.Exception + ": " + got
			}
		} else {
			got = render(rd.Doc, 0)
		}
		if got != c.partial {
			t.Errorf("%s: parse_json_markdown(%.60q) = %.200s\nwant %.200s", c.name, c.pred, got, c.partial)
		}
		rd, err = ReadValid("out.txt", []byte(c.pred))
		got = ""
		if err != nil {
			e := err.(*Error)
			got = e.Reason
			if e.Exception != "json.decoder.JSONDecodeError" {
				got = e.Exception + ": " + got
			}
		} else if c.partial != "" && !strings.HasPrefix(c.partial, "ValueError") && render(rd.Doc, 0) != c.partial {
			t.Errorf("%s: valid, but read as %s", c.name, render(rd.Doc, 0))
		}
		if got != c.valid {
			t.Errorf("%s: JsonValidityEvaluator(%.60q): %q, want %q", c.name, c.pred, got, c.valid)
		}
	}
}

// TestReadSteps checks what the reading says it did, and where errors
// are placed in the prediction.
func TestReadSteps(t *testing.T) {
	for _, c := range []struct {
		pred  string
		steps []string
	}{
		{`{"a": 1}`, nil},
		{"Sure:\n```json\n{\"a\": 1}\n```", []string{
			"the text as a whole is not JSON (Expecting value: line 1 column 1 (char 0)): took what follows the ```json on line 2",
			"stripped white space and backticks: 1 character before the JSON, 4 characters after it"}},
		{"{\"action_input\": \"a\nb\rc\"}", []string{`escaped 2 raw control characters (newlines, carriage returns or tabs) in "action_input" values`}},
		{"{\"a\": [1, 2,\n \"b", []string{"parse_partial_json closed an unterminated string, closed 2 open brackets with ]}"}},
		{"{\"a\": 1, \"b", []string{"parse_partial_json closed an unterminated string, dropped 5 characters from the end (from 1:8), closed 1 open bracket with }"}},
		{"x\n{\"a\": 1}]", []string{"parse_partial_json gave None: the ']' at 2:9 closes no open bracket"}},
		{`["a\`, []string{"parse_partial_json dropped a backslash that ended the text, closed an unterminated string, closed 1 open bracket with ]"}},
	} {
		rd, err := Read("out.txt", []byte(c.pred))
		if err != nil {
			t.Errorf("%q: %v", c.pred, err)
			continue
		}
		if strings.Join(rd.Steps, "\n") != strings.Join(c.steps, "\n") {
			t.Errorf("%q: steps\n%s\nwant\n%s", c.pred, strings.Join(rd.Steps, "\n"), strings.Join(c.steps, "\n"))
		}
	}
	for _, c := range []struct{ pred, err, exc string }{
		{"```JSON\n{\"a\": 1}\n```", "out.txt:1:4: Expecting value", "json.decoder.JSONDecodeError"},
		{"Answer:\n\n  {\"a\": 1,\n   \"b\" 2}", "out.txt:1:1: Expecting value", "json.decoder.JSONDecodeError"},
		{"```json\n{\"a\": 1,\n \"b\" 2}\n```", "out.txt:3:6: Expecting ':' delimiter", "json.decoder.JSONDecodeError"},
		{"{\"a\": \"\xff\"}", "out.txt:1:8: 'utf-8' codec can't decode byte 0xff in position 7: invalid start byte", "UnicodeDecodeError"},
		{"[\"\xe2\x82", "out.txt:1:3: 'utf-8' codec can't decode byte 0xe2 in position 2: unexpected end of data", "UnicodeDecodeError"},
		{"[\"\xe2\x28\"]", "out.txt:1:3: 'utf-8' codec can't decode byte 0xe2 in position 2: invalid continuation byte", "UnicodeDecodeError"},
	} {
		_, err := ReadValid("out.txt", []byte(c.pred))
		e, ok := err.(*Error)
		if !ok || e.Error() != c.err || e.Exception != c.exc {
			t.Errorf("%q: error %v (%T), want %s (%s)", c.pred, err, err, c.err, c.exc)
		}
	}
	// Positions of a document read as it stands are the prediction's.
	rd, err := Read("out.txt", []byte("```json\n{\"a\":\n  [1, 2]}\n```"))
	if err != nil {
		t.Fatal(err)
	}
	two := rd.Doc.Next(rd.Doc.Child(rd.Doc.Child(0)))
	if line, col := rd.Doc.Position(two); line != 3 || col != 7 {
		t.Errorf("position %d:%d, want 3:7", line, col)
	}
}

// TestEscapeActionInput checks _custom_parser's rewriting against the
// regular expression's semantics.
func TestEscapeActionInput(t *testing.T) {
	for in, want := range map[string]string{
		"no key\n":                                        "no key\n",
		"\"action_input\": \"a\nb\"":                      `"action_input": "a\nb"`,
		"\"action_input\":\u00a0\u2003\"a\tb\"":           "\"action_input\":\u00a0\u2003\"a\\tb\"",
		"\"action_input\":\x1c\"a\rb\"":                   "\"action_input\":\x1c\"a\\rb\"",
		"\"action_input\" : \"a\nb\"":                     "\"action_input\" : \"a\nb\"", // no \s before the colon
		"\"action_input\": x \"a\nb\"":                    "\"action_input\": x \"a\nb\"",
		"\"action_input\": \"a\\\"b\nc\"":                 "\"action_input\": \"a\\\"b\nc\"", // the match ends at the escaped quote
		"\"action_input\":\"\n\",\"action_input\":\"\n\"": `"action_input":"\n","action_input":"\n"`,
		"\"action_input\": \"a\nb":                        "\"action_input\": \"a\nb",
	} {
		got, ins := escapeActionInput([]byte(in))
		if string(got) != want {
			t.Errorf("escapeActionInput(%q) = %q, want %q", in, got, want)
		}
		if len(got)-len(in) != len(ins) {
			t.Errorf("escapeActionInput(%q): %d bytes longer, %d insertions", in, len(got)-len(in), len(ins))
		}
	}
}
