package dataset

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// The field names looked for in a record, in order (docs/datasets.md).
var (
	RefAliases = []string{"expected", "reference", "expected_output", "ideal", "ideal_response", "ground_truth"}
	OutAliases = []string{"output", "actual_output", "response", "predicted", "prediction"}
	IDAliases  = []string{"id", "doc_id", "case_id", "name"}
)

// field is where a value sits in a record: a path given by a flag, or
// the first present of a list of keys.
type field struct {
	path    string             // as given, "" for the aliases
	steps   []scoring.PathStep // of path
	aliases []string
	paths   []string // of the aliases: "." and the alias, made once rather than for every record
}

// newField parses a field path given by a flag ("" means the aliases).
// flag names the flag in errors.
func newField(flag, path string, aliases []string) (field, error) {
	if path == "" {
		paths := make([]string, len(aliases))
		for i, a := range aliases {
			paths[i] = "." + a
		}
		return field{aliases: aliases, paths: paths}, nil
	}
	steps, err := scoring.ParsePath(path)
	if err != nil {
		return field{}, fmt.Errorf("--%s %s: %v", flag, path, err)
	}
	return field{path: path, steps: steps}, nil
}

// find returns the value of the field in the record value rec of d and
// the path it was found at, or jsondoc.None.
func (f *field) find(d *jsondoc.Doc, rec jsondoc.ID) (jsondoc.ID, string) {
	if f.path != "" {
		return lookupPath(d, rec, f.steps), f.path
	}
	if d.Kind(rec) != jsondoc.Object {
		return jsondoc.None, ""
	}
	// One pass over the record's keys; the earliest alias wins.
	best, at := len(f.aliases), jsondoc.None
	for c := d.Child(rec); c != jsondoc.None; c = d.Next(c) {
		k := d.Key(c)
		for i := 0; i < best; i++ {
			if f.aliases[i] == k {
				best, at = i, c
				break
			}
		}
	}
	if at == jsondoc.None {
		return jsondoc.None, ""
	}
	return at, f.paths[best]
}

// describe names the field for messages: its path, or its aliases.
func (f *field) describe() string {
	if f.path != "" {
		return f.path
	}
	return "." + strings.Join(f.aliases, ", .")
}

// lookupPath returns the value at steps below id, or jsondoc.None.
func lookupPath(d *jsondoc.Doc, id jsondoc.ID, steps []scoring.PathStep) jsondoc.ID {
	for _, s := range steps {
		switch k := d.Kind(id); {
		case s.IsIndex && k == jsondoc.Array:
			c := d.Child(id)
			for i := 0; i < s.Index && c != jsondoc.None; i++ {
				c = d.Next(c)
			}
			id = c
		case !s.IsIndex && k == jsondoc.Object:
			id = d.Lookup(id, s.Key)
		default:
			return jsondoc.None
		}
		if id == jsondoc.None {
			return jsondoc.None
		}
	}
	return id
}

// idText returns the case id a value names: a string's text, a number's
// literal. Other values are not ids.
func idText(d *jsondoc.Doc, id jsondoc.ID) (string, bool) {
	switch d.Kind(id) {
	case jsondoc.String:
		return strings.Clone(d.Str(id)), true
	case jsondoc.Number:
		return string(d.Raw(id)), true
	}
	return "", false
}

// groupText returns the group a value names: a string's text, the
// compact JSON of anything else.
func groupText(d *jsondoc.Doc, id jsondoc.ID) string {
	if d.Kind(id) == jsondoc.String {
		return strings.Clone(d.Str(id))
	}
	raw := d.Raw(id)
	if d.Kind(id).IsContainer() {
		var b bytes.Buffer
		if json.Compact(&b, raw) == nil {
			return b.String()
		}
	}
	return string(raw)
}
