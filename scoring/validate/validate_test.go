package validate

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
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
	s, err := Compile(path, []byte(src), nil)
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
	_, err := Compile("s.json", []byte("{\n  \"type\": \"object\",\n}"), nil)
	if err == nil || err.Error() != "s.json:3:1: invalid character '}' looking for beginning of object key string" {
		t.Errorf("parse error %v", err)
	}
	_, err = Compile("s.json", []byte(`{"type": "objekt"}`), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "s.json: not a usable JSON Schema: ") || strings.Contains(err.Error(), "file://") {
		t.Errorf("invalid schema %v", err)
	}
	_, err = Compile("s.json", []byte(`{"$ref": "other.json"}`), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "s.json: not a usable JSON Schema: ") {
		t.Errorf("missing $ref %v", err)
	}
}

// TestFileRefs checks that a schema's "$ref"s read files only in its own
// folder or below it, unless AllowFileRefs: a schema from an LLM pipeline
// must not make validate open any local file.
func TestFileRefs(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "schemas")
	for name, content := range map[string]string{
		"schemas/defs.json":     `{"type": "integer"}`,
		"schemas/sub/more.json": `{"minimum": 0}`,
		"secret.json":           `{"type": "string"}`,
	} {
		path := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(root, "secret.json"), filepath.Join(dir, "link.json")); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(root, "secret.json")
	main := filepath.Join(dir, "main.json")
	for _, c := range []struct {
		ref  string
		want string // "" when the schema compiles
	}{
		{"defs.json", ""},
		{"sub/more.json", ""},
		{"./sub/../defs.json", ""},
		{"../secret.json", secret + " is outside " + dir},
		{"file://" + secret, secret + " is outside " + dir},
		{"link.json", filepath.Join(dir, "link.json") + " leads to " + secret + ", outside " + dir},
		{"file:///etc/passwd", "/etc/passwd is outside " + dir},
	} {
		src := []byte(`{"properties": {"a": {"$ref": "` + c.ref + `"}}}`)
		_, err := Compile(main, src, nil)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("$ref %s: %v", c.ref, err)
		case c.want != "" && (err == nil || !strings.Contains(flagged(err), c.want+", the schema's folder: pass --schema-allow-file-refs to let the schema read it")):
			t.Errorf("$ref %s: err %v, want it to say %q", c.ref, err, c.want)
		}
	}
	// A link in the folder that leads nowhere is refused as such.
	for _, link := range []struct{ name, to string }{{"dangling.json", "missing.json"}, {"loop.json", "loop.json"}} {
		if err := os.Symlink(link.to, filepath.Join(dir, link.name)); err != nil {
			t.Fatal(err)
		}
		_, err := Compile(main, []byte(`{"$ref": "`+link.name+`"}`), nil)
		want := filepath.Join(dir, link.name) + " is a link that leads nowhere (a loop, or a link to a missing file): pass --schema-allow-file-refs to let the schema read it"
		if err == nil || !strings.Contains(flagged(err), want) {
			t.Errorf("$ref %s: err %v, want it to say %q", link.name, err, want)
		}
	}
	// With AllowFileRefs, a file outside loads (and is used).
	s, err := Compile(main, []byte(`{"properties": {"a": {"$ref": "../secret.json"}}}`), &Options{AllowFileRefs: true})
	if err != nil {
		t.Fatal(err)
	}
	if v := s.Validate(parseDoc(t, `{"a": 1}`)); len(v) != 1 || v[0].Message != "got number, want string" {
		t.Errorf("violations %+v", v)
	}
	// A schema from standard input has no folder: it may read no file.
	_, err = Compile("-", []byte(`{"$ref": "`+secret+`"}`), nil)
	if err == nil || !strings.Contains(flagged(err), "a schema read from standard input may not read "+secret+": pass --schema-allow-file-refs to let it") {
		t.Errorf("stdin: %v", err)
	}
}

// TestLongValuesCut checks that a violation quotes at most 60 characters
// of a long string, with its length, not the whole value.
func TestLongValuesCut(t *testing.T) {
	long := strings.Repeat("x", 50_000) + "END"
	s := mustCompile(t, `{"properties": {"id": {"pattern": "^[0-9]+$"}}, "propertyNames": {"maxLength": 100000}, "additionalProperties": {"type": "string"}}`)
	v := s.Validate(parseDoc(t, `{"id": "`+long+`"}`))
	want := "'" + strings.Repeat("x", 40) + "…" + strings.Repeat("x", 17) + "END' (50,003 characters) does not match pattern '^[0-9]+$'"
	if len(v) != 1 || v[0].Message != want {
		t.Errorf("violations %+v", v)
	}
	s = mustCompile(t, `{"additionalProperties": false}`)
	v = s.Validate(parseDoc(t, `{"`+long+`": 1}`))
	want = "additional properties '" + strings.Repeat("x", 40) + "…" + strings.Repeat("x", 17) + "END' (50,003 characters) not allowed"
	if len(v) != 1 || v[0].Message != want {
		t.Errorf("violations %+v", v)
	}
	if got := quoteCut("it's \"short\"\n"); got != `'it\'s "short"\n'` {
		t.Errorf("quoteCut = %s", got)
	}
}

func parseDoc(t *testing.T, src string) *jsondoc.Doc {
	t.Helper()
	d, err := jsondoc.Parse("out.json", []byte(src), nil)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestNonFiniteNumbers checks a document read as Python reads JSON (NaN,
// Infinity, a number past float64's range): such a number is reported,
// not handed to the validator, which would crash on it.
func TestNonFiniteNumbers(t *testing.T) {
	d, err := jsondoc.Parse("out.json", []byte(`{"n": NaN, "m": [Infinity, 1e400, 2], "s": 1}`), &jsondoc.Options{Python: true})
	if err != nil {
		t.Fatal(err)
	}
	s := mustCompile(t, `{"properties": {"n": {"type": "number", "minimum": 0}, "m": {"uniqueItems": true, "items": {"maximum": 5}}, "s": {"type": "string"}}}`)
	var got []string
	for _, v := range s.Validate(d) {
		got = append(got, v.String())
	}
	want := []string{
		"1:7: .n: NaN is nan to Python's json.loads, a number JSON Schema does not have: jsontui does not check it against the schema",
		"1:18: .m[0]: Infinity is inf to Python's json.loads, a number JSON Schema does not have: jsontui does not check it against the schema",
		"1:28: .m[1]: 1e400 is inf to Python's json.loads, a number JSON Schema does not have: jsontui does not check it against the schema",
		"1:44: .s: got number, want string",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("violations:\n%s", strings.Join(got, "\n"))
	}
}

// flagged is err's message with the setting it names spelled as the
// command line's flag, as the command line prints it: the setting's error
// must come through the schema compiler's wrapping.
func flagged(err error) string {
	var se *setting.Error
	if !errors.As(err, &se) {
		return err.Error()
	}
	return strings.Replace(err.Error(), se.Error(), se.Text(func(n string) string { return "--" + n }), 1)
}
