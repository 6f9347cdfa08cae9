// Package validate checks a JSON document the way LangChain's JSON
// evaluators do: JsonValidityEvaluator (does it parse?) and
// JsonSchemaEvaluator (is it valid against a JSON Schema?), reporting
// every problem with its place: file:line:col for a parse error, the
// jq-style path (and line:col) of each schema violation.
//
// Schemas are compiled by santhosh-tekuri/jsonschema/v6, which supports
// drafts 4, 6, 7, 2019-09 and 2020-12 (chosen by "$schema"; 2020-12 when
// absent).
package validate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Schema is a compiled JSON Schema.
type Schema struct {
	name string // the file's name, as given
	loc  string // the URL it was compiled at
	sch  *jsonschema.Schema
}

// Name returns the schema file's name.
func (s *Schema) Name() string { return s.name }

// Violation is one place where a document breaks its schema.
type Violation struct {
	// Path is the jq-style path of the offending value (docs/paths.md).
	Path string
	// Line and Col locate the value in the document (1-based; col in
	// characters).
	Line, Col int
	// Message says what is wrong, as the validator words it.
	Message string
	// Keyword locates the schema keyword that failed, such as
	// "schema.json#/properties/price/minimum".
	Keyword string
}

// String formats the violation as "line:col: path: message".
func (v Violation) String() string {
	return fmt.Sprintf("%d:%d: %s: %s", v.Line, v.Col, jsondoc.MessagePath(v.Path), v.Message)
}

// noFormat passes every value: LangChain's JsonSchemaEvaluator calls
// jsonschema.validate without a FormatChecker, so "format" never fails
// there; jsontui does the same.
func noFormat(any) error { return nil }

// formatNames are the formats jsonschema/v6 asserts by default for drafts
// before 2019-09 ("regex" cannot be overridden and stays asserted).
var formatNames = []string{
	"json-pointer", "relative-json-pointer", "uuid", "duration", "period", "ipv4", "ipv6",
	"hostname", "email", "date", "time", "date-time", "uri", "iri", "uri-reference",
	"iri-reference", "uri-template", "semver",
}

// Options tune Compile. The zero value is the safe default.
type Options struct {
	// AllowFileRefs lets the schema's "$ref"s load any local file. By
	// default they may load only files in the schema file's folder or
	// below it (symbolic links followed), and none for a schema read from
	// standard input.
	AllowFileRefs bool
}

// Compile parses (strictly, errors naming name:line:col) and compiles the
// schema in src, named name (a file path, or "-" for standard input:
// relative "$ref"s resolve against the file's directory). opt may be nil.
func Compile(name string, src []byte, opt *Options) (*Schema, error) {
	if opt == nil {
		opt = &Options{}
	}
	display := name
	if name == "-" {
		display = "<stdin>"
	}
	if _, err := jsondoc.Parse(display, src, nil); err != nil {
		return nil, err
	}
	quoted := escape.Name(display) // in messages
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", quoted, err)
	}
	loc := "file:///stdin.schema.json"
	loader := &refLoader{all: opt.AllowFileRefs}
	if name != "-" {
		abs, err := filepath.Abs(name)
		if err != nil {
			return nil, err
		}
		loc = (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
		loader.dir = filepath.Dir(abs)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(loader)
	for _, f := range formatNames {
		c.RegisterFormat(&jsonschema.Format{Name: f, Validate: noFormat})
	}
	if err := c.AddResource(loc, doc); err != nil {
		return nil, fmt.Errorf("%s: %v", quoted, err)
	}
	sch, err := c.Compile(loc)
	if err != nil {
		msg := fmt.Sprintf("%s: not a usable JSON Schema: %s", quoted, strings.ReplaceAll(err.Error(), loc, quoted))
		return nil, &compileError{msg: msg, refused: loader.refused}
	}
	return &Schema{name: display, loc: loc, sch: sch}, nil
}

var printer = message.NewPrinter(language.English)

// Validate returns every violation of the schema by doc, in document
// order (nil when doc is valid). A number that is not finite (NaN,
// Infinity, or one past float64's range, which a document read as Python
// reads JSON may hold) is one violation of its own: JSON Schema has no
// such number, and the validator does not see it.
func (s *Schema) Validate(doc *jsondoc.Doc) []Violation {
	var odd []oddNumber
	var out []Violation
	err := s.sch.Validate(toValue(doc, 0, nil, &odd))
	var ve *jsonschema.ValidationError
	switch {
	case err == nil:
	case errors.As(err, &ve):
		s.collect(doc, ve, &out)
	default:
		out = append(out, Violation{Path: ".", Line: 1, Col: 1, Message: err.Error()})
	}
	if len(odd) > 0 {
		at := map[string]bool{}
		for _, o := range odd {
			at[o.path] = true
		}
		kept := out[:0]
		for _, v := range out { // those are about what stood in for it
			if !at[v.Path] {
				kept = append(kept, v)
			}
		}
		out = kept
		for _, o := range odd {
			line, col := doc.Position(o.id)
			py := "nan"
			if f := doc.Float(o.id); math.IsInf(f, 1) {
				py = "inf"
			} else if math.IsInf(f, -1) {
				py = "-inf"
			}
			out = append(out, Violation{Path: o.path, Line: line, Col: col, Keyword: s.name, Message: fmt.Sprintf(
				"%s is %s to Python's json.loads, a number JSON Schema does not have: jsontui does not check it against the schema",
				doc.Raw(o.id), py)})
		}
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Col < b.Col
	})
	return out
}

// oddNumber is a number of the document that is not finite.
type oddNumber struct {
	id   jsondoc.ID
	path string
}

// collect appends the leaf errors below e: the ones that say what is
// wrong, not which subschema they came through.
func (s *Schema) collect(doc *jsondoc.Doc, e *jsonschema.ValidationError, out *[]Violation) {
	if len(e.Causes) > 0 {
		for _, c := range e.Causes {
			s.collect(doc, c, out)
		}
		return
	}
	id, path := locate(doc, e.InstanceLocation)
	line, col := doc.Position(id)
	kw := e.SchemaURL
	if p := e.ErrorKind.KeywordPath(); len(p) > 0 {
		if !strings.Contains(kw, "#") {
			kw += "#"
		}
		kw += "/" + strings.Join(p, "/")
	}
	kw = strings.Replace(kw, s.loc, s.name, 1)
	*out = append(*out, Violation{
		Path: path, Line: line, Col: col,
		Message: describe(e.ErrorKind), Keyword: kw,
	})
}

// locate follows a JSON Pointer's tokens through doc, returning the value
// reached and its jq-style path.
func locate(doc *jsondoc.Doc, tokens []string) (jsondoc.ID, string) {
	id := jsondoc.ID(0)
	var path []byte
	for _, tok := range tokens {
		next := jsondoc.None
		switch doc.Kind(id) {
		case jsondoc.Object:
			next = doc.Lookup(id, tok)
			if next != jsondoc.None {
				path = jsondoc.AppendKey(path, tok)
			}
		case jsondoc.Array:
			want, err := strconv.Atoi(tok)
			if err != nil {
				break
			}
			i := 0
			for c := doc.Child(id); c != jsondoc.None; c = doc.Next(c) {
				if i == want {
					next = c
					path = jsondoc.AppendIndex(path, i)
					break
				}
				i++
			}
		}
		if next == jsondoc.None {
			break
		}
		id = next
	}
	if len(path) == 0 {
		return id, jsondoc.RootPath
	}
	return id, string(path)
}

// toValue converts a parsed value to the form the validator takes:
// map[string]any, []any, json.Number, string, bool, nil. path is the
// value's jq-style path (nil for the root); a number that is not finite
// is added to odd, and a string no other value equals stands in for it.
func toValue(d *jsondoc.Doc, id jsondoc.ID, path []byte, odd *[]oddNumber) any {
	switch d.Kind(id) {
	case jsondoc.Null:
		return nil
	case jsondoc.Bool:
		return d.Bool(id)
	case jsondoc.Number:
		if f := d.Float(id); math.IsNaN(f) || math.IsInf(f, 0) {
			p := jsondoc.RootPath
			if len(path) > 0 {
				p = string(path)
			}
			*odd = append(*odd, oddNumber{id, p})
			return fmt.Sprintf("\x00non-finite number %d", len(*odd))
		}
		return json.Number(d.Raw(id))
	case jsondoc.String:
		return d.Str(id)
	case jsondoc.Array:
		vs := []any{}
		i := 0
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			vs = append(vs, toValue(d, c, jsondoc.AppendIndex(path[:len(path):len(path)], i), odd))
			i++
		}
		return vs
	default:
		m := map[string]any{}
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			m[d.Key(c)] = toValue(d, c, jsondoc.AppendKey(path[:len(path):len(path)], d.Key(c)), odd)
		}
		return m
	}
}
