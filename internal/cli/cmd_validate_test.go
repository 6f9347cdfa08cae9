package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestValidate(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"good.json":   `{"name": "ok", "n": 3}`,
		"broken.json": "{\n  \"name\": \"ok\",\n}",
		"wrong.json":  "{\n  \"name\": 5,\n  \"n\": -1\n}",
		"schema.json": `{"type": "object", "properties": {"name": {"type": "string"}, "n": {"minimum": 0}}}`,
		"bad.json":    `{"type": "objekt"}`,
		"notjson":     `{"type": `,
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	cases := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{[]string{p("good.json")}, 0, p("good.json") + ": valid JSON: score 1\n", ""},
		{[]string{p("good.json"), "--schema", p("schema.json")}, 0,
			p("good.json") + ": valid JSON, valid against " + p("schema.json") + ": score 1\n", ""},
		{[]string{p("broken.json")}, 1,
			p("broken.json") + ":2:15: Illegal trailing comma before end of object\n" +
				`invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Illegal trailing comma before end of object: line 2 column 15 (char 16)")` + "\n",
			"jsontui: " + p("broken.json") + " is not valid JSON\n"},
		{[]string{p("broken.json"), "--strict"}, 1,
			p("broken.json") + ":3:1: invalid character '}' looking for beginning of object key string\ninvalid JSON: score 0\n",
			"jsontui: " + p("broken.json") + " is not valid JSON\n"},
		{[]string{p("wrong.json"), "--schema", p("schema.json")}, 1,
			p("wrong.json") + ":2:11: .name: got number, want string (" + p("schema.json") + "#/properties/name/type)\n" +
				p("wrong.json") + ":3:8: .n: minimum: got -1, want 0 (" + p("schema.json") + "#/properties/n/minimum)\n" +
				"2 schema violation(s) of " + p("schema.json") + ": score 0\n",
			"jsontui: " + p("wrong.json") + " breaks " + p("schema.json") + ": 2 violation(s)\n"},
		{[]string{p("good.json"), "--schema", p("notjson")}, 2, "",
			"jsontui: " + p("notjson") + ":1:10: unexpected end of JSON input\n"},
		{[]string{p("good.json"), "--schema", p("missing.json")}, 2, "",
			"jsontui: " + p("missing.json") + ": no such file or directory\n"},
		{[]string{p("good.json"), "--format", "yaml"}, 2, "", "jsontui: unknown --format \"yaml\": use text or json\n"},
		{[]string{"-", "--schema", "-"}, 2, "", "jsontui: only one file argument may be - (standard input)\n"},
	}
	for _, c := range cases {
		code, stdout, stderr := runCLI(t, "", append([]string{"validate"}, c.args...)...)
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("validate %v:\nexit %d, stdout %q, stderr %q\nwant %d, %q, %q", c.args, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
	code, _, stderr := runCLI(t, "", "validate", p("good.json"), "--schema", p("bad.json"))
	if code != 2 || !strings.HasPrefix(stderr, "jsontui: "+p("bad.json")+": not a usable JSON Schema: ") {
		t.Errorf("invalid schema: exit %d, %q", code, stderr)
	}
}

func TestValidateJSON(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"schema.json": `{"type": "object", "required": ["a"]}`,
	})
	code, stdout, _ := runCLI(t, "{\"b\": 1}", "validate", "-", "--schema", filepath.Join(dir, "schema.json"), "--format", "json")
	var v struct {
		File   string  `json:"file"`
		Schema string  `json:"schema"`
		Valid  bool    `json:"valid"`
		Score  float64 `json:"score"`
		Errors []struct {
			Path    string `json:"path"`
			Line    int    `json:"line"`
			Col     int    `json:"col"`
			Message string `json:"message"`
			Keyword string `json:"keyword"`
		} `json:"errors"`
	}
	if err := json.Unmarshal([]byte(stdout), &v); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if code != 1 || v.File != "<stdin>" || v.Valid || v.Score != 0 || len(v.Errors) != 1 ||
		v.Errors[0].Path != "." || v.Errors[0].Line != 1 || v.Errors[0].Message != "missing property 'a'" ||
		!strings.HasSuffix(v.Errors[0].Keyword, "schema.json#/required") {
		t.Errorf("exit %d, %+v", code, v)
	}
	code, stdout, _ = runCLI(t, "[1,]", "validate", "-", "--format", "json")
	if code != 1 || stdout != `{"file": "<stdin>", "schema": null, "valid": false, "score": 0, "errors": [{"line": 1, "col": 3, "message": "Illegal trailing comma before end of array", "reasoning": "Illegal trailing comma before end of array: line 1 column 3 (char 2)"}]}`+"\n" {
		t.Errorf("exit %d, %s", code, stdout)
	}
	code, stdout, _ = runCLI(t, "[1,]", "validate", "-", "--format", "json", "--strict")
	if code != 1 || stdout != `{"file": "<stdin>", "schema": null, "valid": false, "score": 0, "errors": [{"line": 1, "col": 4, "message": "invalid character ']' looking for beginning of value"}]}`+"\n" {
		t.Errorf("--strict: exit %d, %s", code, stdout)
	}
}

// TestValidateLangChain checks validate on the outputs issue 10 lists:
// LangChain's JsonValidityEvaluator reads them with parse_json_markdown and
// json.loads, so fenced, bare-fenced and backticked JSON is valid (it used
// to be called invalid), and the others get LangChain's reasoning. The
// verdicts were worked out from LangChain's code and checked by running it.
func TestValidateLangChain(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"fenced.md":     "Here:\n```json\n{\"name\": \"ok\"}\n```",
		"bare.md":       "```\n{\"name\": \"ok\"}\n```",
		"ticks.txt":     "`{\"name\": \"ok\"}`",
		"nan.json":      `{"name": "ok", "n": NaN}`,
		"prose.txt":     `Here is the answer: {"name": "ok"} hope it helps`,
		"JSON.md":       "```JSON\n{\"name\": \"ok\"}\n```",
		"numbered.txt":  `1. {"name": "ok"}`,
		"truncated.txt": `{"name": "o`,
		"schema.json":   `{"type": "object", "properties": {"name": {"type": "string"}}, "required": ["name"]}`,
	})
	p := func(name string) string { return filepath.Join(dir, name) }
	for _, c := range []struct {
		file           string
		code           int
		stdout, stderr string
	}{
		{"fenced.md", 0, p("fenced.md") + ": valid JSON, valid against " + p("schema.json") + ": score 1\n",
			"jsontui: " + p("fenced.md") + ": LangChain's parse_json_markdown: the text as a whole is not JSON (Expecting value: line 1 column 1 (char 0)): took what follows the ```json on line 2\n" +
				"jsontui: " + p("fenced.md") + ": LangChain's parse_json_markdown: stripped white space and backticks: 1 character before the JSON, 4 characters after it\n"},
		{"bare.md", 0, p("bare.md") + ": valid JSON, valid against " + p("schema.json") + ": score 1\n",
			"jsontui: " + p("bare.md") + ": LangChain's parse_json_markdown: stripped white space and backticks: 4 characters before the JSON, 4 characters after it\n"},
		{"ticks.txt", 0, p("ticks.txt") + ": valid JSON, valid against " + p("schema.json") + ": score 1\n",
			"jsontui: " + p("ticks.txt") + ": LangChain's parse_json_markdown: stripped white space and backticks: 1 character before the JSON, 1 character after it\n"},
		{"prose.txt", 1, p("prose.txt") + ":1:1: Expecting value\n" + `invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Expecting value: line 1 column 1 (char 0)")` + "\n",
			"jsontui: " + p("prose.txt") + " is not valid JSON\n"},
		{"JSON.md", 1, p("JSON.md") + ":1:4: Expecting value\n" + `invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Expecting value: line 1 column 1 (char 0)")` + "\n",
			"jsontui: " + p("JSON.md") + " is not valid JSON\n"},
		{"numbered.txt", 1, p("numbered.txt") + ":1:2: Extra data\n" + `invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Extra data: line 1 column 2 (char 1)")` + "\n",
			"jsontui: " + p("numbered.txt") + " is not valid JSON\n"},
		{"truncated.txt", 1, p("truncated.txt") + ":1:10: Unterminated string starting at\n" + `invalid JSON: score 0 (JsonValidityEvaluator's reasoning: "Unterminated string starting at: line 1 column 10 (char 9)")` + "\n",
			"jsontui: " + p("truncated.txt") + " is not valid JSON\n"},
	} {
		code, stdout, stderr := runCLI(t, "", "validate", p(c.file), "--schema", p("schema.json"))
		if code != c.code || stdout != c.stdout || stderr != c.stderr {
			t.Errorf("validate %s:\nexit %d, stdout %q, stderr %q\nwant %d, %q, %q", c.file, code, stdout, stderr, c.code, c.stdout, c.stderr)
		}
	}
	// NaN is a number to json.loads; without a schema it is valid JSON.
	if code, stdout, _ := runCLI(t, "", "validate", p("nan.json")); code != 0 || stdout != p("nan.json")+": valid JSON: score 1\n" {
		t.Errorf("NaN: exit %d, %q", code, stdout)
	}
	// --strict wants RFC 8259 as it stands.
	if code, stdout, _ := runCLI(t, "", "validate", p("fenced.md"), "--strict"); code != 1 || !strings.HasPrefix(stdout, p("fenced.md")+":1:1: invalid character 'H'") {
		t.Errorf("--strict: exit %d, %q", code, stdout)
	}
}

// TestValidateSchemaFileRefs checks that a schema's "$ref" may not read a
// file outside the schema's folder unless --schema-allow-file-refs.
func TestValidateSchemaFileRefs(t *testing.T) {
	dir := writeFiles(t, map[string]string{"secret.json": `{"type": "string"}`, "out.json": `{"a": 1}`})
	sub := filepath.Join(dir, "schemas")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	schema := filepath.Join(sub, "schema.json")
	if err := os.WriteFile(schema, []byte(`{"properties": {"a": {"$ref": "../secret.json"}}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.json")
	code, _, stderr := runCLI(t, "", "validate", out, "--schema", schema)
	if want := filepath.Join(dir, "secret.json") + " is outside " + sub + ", the schema's folder: pass --schema-allow-file-refs to let the schema read it"; code != 2 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
	code, stdout, _ := runCLI(t, "", "validate", out, "--schema", schema, "--schema-allow-file-refs")
	if code != 1 || !strings.Contains(stdout, ".a: got number, want string") {
		t.Errorf("--schema-allow-file-refs: exit %d, stdout %q", code, stdout)
	}
}
