package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

const schema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["name", "items"],
  "properties": {
    "name": {"type": "string", "minLength": 2},
    "email": {"type": "string", "format": "email"},
    "items": {
      "type": "array",
      "items": {
        "type": "object",
        "properties": {"price": {"type": "number", "minimum": 0}, "unit price": {"type": "integer"}},
        "additionalProperties": false
      }
    }
  }
}`

func mustCompile(t *testing.T, src string) *Schema {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "schema.json")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := Compile(path, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func parse(t *testing.T, src string) *jsondoc.Doc {
	t.Helper()
	d, err := jsondoc.Parse("out.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestValid(t *testing.T) {
	s := mustCompile(t, schema)
	doc := parse(t, `{"name": "ok", "email": "not an email", "items": [{"price": 1.5, "unit price": 2}]}`)
	if v := s.Validate(doc); v != nil {
		t.Fatalf("violations %v", v)
	}
}

func TestViolations(t *testing.T) {
	s := mustCompile(t, schema)
	doc := parse(t, `{
  "name": "x",
  "items": [
    {"price": -1},
    {"price": 2, "unit price": 1.5, "extra": true}
  ]
}`)
	got := s.Validate(doc)
	want := []string{
		`2:11: .name: minLength: got 1, want 2`,
		`4:15: .items[0].price: minimum: got -1, want 0`,
		`5:5: .items[1]: additional properties 'extra' not allowed`,
		`5:32: .items[1]["unit price"]: got number, want integer`,
	}
	if len(got) != len(want) {
		t.Fatalf("%d violations: %v", len(got), got)
	}
	for i, v := range got {
		if v.String() != want[i] {
			t.Errorf("violation %d: %s, want %s", i, v, want[i])
		}
	}
	if !strings.HasSuffix(got[1].Keyword, "schema.json#/properties/items/items/properties/price/minimum") {
		t.Errorf("keyword %q", got[1].Keyword)
	}
	root := s.Validate(parse(t, `[1]`))
	if len(root) != 1 || root[0].Path != "." || root[0].Line != 1 || root[0].Col != 1 || root[0].Message != "got array, want object" {
		t.Errorf("root violation %v", root)
	}
	missing := s.Validate(parse(t, `{"name": "ok"}`))
	if len(missing) != 1 || missing[0].String() != "1:1: .: missing property 'items'" {
		t.Errorf("missing %v", missing)
	}
}

func TestDrafts(t *testing.T) {
	for _, draft := range []string{
		"http://json-schema.org/draft-04/schema#", "http://json-schema.org/draft-06/schema#",
		"http://json-schema.org/draft-07/schema#", "https://json-schema.org/draft/2019-09/schema",
		"https://json-schema.org/draft/2020-12/schema",
	} {
		s := mustCompile(t, `{"$schema": "`+draft+`", "type": "object", "properties": {"a": {"type": "integer"}, "d": {"format": "date"}}}`)
		if v := s.Validate(parse(t, `{"a": 1, "d": "not a date"}`)); v != nil {
			t.Errorf("%s: %v", draft, v)
		}
		if v := s.Validate(parse(t, `{"a": "x"}`)); len(v) != 1 || v[0].Path != ".a" {
			t.Errorf("%s: %v", draft, v)
		}
	}
}

func TestCompileErrors(t *testing.T) {
	_, err := Compile("s.json", []byte("{\n  \"type\": \"object\",\n}"))
	if err == nil || err.Error() != "s.json:3:1: invalid character '}' looking for beginning of object key string" {
		t.Errorf("parse error %v", err)
	}
	_, err = Compile("s.json", []byte(`{"type": "objekt"}`))
	if err == nil || !strings.HasPrefix(err.Error(), "s.json: not a usable JSON Schema: ") || strings.Contains(err.Error(), "file://") {
		t.Errorf("invalid schema %v", err)
	}
	_, err = Compile("s.json", []byte(`{"$ref": "other.json"}`))
	if err == nil || !strings.HasPrefix(err.Error(), "s.json: not a usable JSON Schema: ") {
		t.Errorf("missing $ref %v", err)
	}
}
