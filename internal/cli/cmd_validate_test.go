package cli

import (
	"encoding/json"
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
	if code != 1 || stdout != `{"file": "<stdin>", "schema": null, "valid": false, "score": 0, "errors": [{"line": 1, "col": 4, "message": "invalid character ']' looking for beginning of value"}]}`+"\n" {
		t.Errorf("exit %d, %s", code, stdout)
	}
}
