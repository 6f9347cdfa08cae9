package scoring

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// PathStep is one step of a jq-style path: an object key or an array
// index. In a schema path (ParseSchemaPath) an index step is "[]", every
// index, with Index -1.
type PathStep struct {
	Key     string
	Index   int
	IsIndex bool
}

// ParsePath parses a jq-style path as docs/paths.md writes them: "." for
// the root, then steps ".key", "[3]" or `["a key"]` (a JSON string), as
// in `.fixed_menus[1].pizza` or `.["unit price"]`.
func ParsePath(s string) ([]PathStep, error) { return parsePath(s, false) }

// ParseSchemaPath parses a schema path (docs/paths.md): a jq-style path
// whose array steps are all "[]", every index, as `.fixed_menus[].pizza`.
// An index such as [1] is an error that shows the path with [].
func ParseSchemaPath(s string) ([]PathStep, error) {
	steps, err := parsePath(s, true)
	if err != nil {
		return nil, err
	}
	for _, st := range steps {
		if st.IsIndex && st.Index >= 0 {
			return nil, fmt.Errorf("a schema path writes [] for every index, not [%d]: %s", st.Index, SchemaPathString(steps))
		}
	}
	return steps, nil
}

// SchemaPathString writes steps as a schema path: every index as "[]".
func SchemaPathString(steps []PathStep) string {
	var b []byte
	for _, st := range steps {
		if st.IsIndex {
			if len(b) == 0 {
				b = append(b, '.')
			}
			b = append(b, '[', ']')
			continue
		}
		b = jsondoc.AppendKey(b, st.Key)
	}
	if len(b) == 0 {
		return "."
	}
	return string(b)
}

func parsePath(s string, schema bool) ([]PathStep, error) {
	if !strings.HasPrefix(s, ".") {
		return nil, fmt.Errorf("a path starts with '.' (the root), as .items[0].name")
	}
	if s == "." {
		return nil, nil
	}
	var steps []PathStep
	afterDot := true // a key may follow
	for i := 1; i < len(s); {
		switch c := s[i]; {
		case c == '[':
			if schema && strings.HasPrefix(s[i:], "[]") {
				steps = append(steps, PathStep{Index: -1, IsIndex: true})
				i, afterDot = i+2, false
				continue
			}
			end, step, err := parseBracket(s, i)
			if err != nil {
				return nil, err
			}
			steps = append(steps, step)
			i, afterDot = end, false
		case c == '.' && !afterDot:
			i, afterDot = i+1, true
		case !afterDot || c == '.':
			return nil, fmt.Errorf("unexpected %q at offset %d", c, i)
		default:
			j := i
			for j < len(s) && (s[j] == '_' || s[j] >= 'a' && s[j] <= 'z' || s[j] >= 'A' && s[j] <= 'Z' || j > i && s[j] >= '0' && s[j] <= '9') {
				j++
			}
			if j == i {
				return nil, fmt.Errorf("expected a key at offset %d (write other keys as [\"a key\"])", i)
			}
			steps = append(steps, PathStep{Key: s[i:j]})
			i, afterDot = j, false
		}
	}
	if afterDot {
		return nil, fmt.Errorf("the path ends with '.'")
	}
	return steps, nil
}

// parseBracket parses "[3]" or `["key"]` at s[i]; it returns the offset
// after it.
func parseBracket(s string, i int) (int, PathStep, error) {
	end := -1
	if i+1 < len(s) && s[i+1] == '"' {
		// A JSON string: find its closing quote.
		for j := i + 2; j < len(s); j++ {
			if s[j] == '\\' {
				j++
				continue
			}
			if s[j] == '"' {
				end = j + 1
				break
			}
		}
		if end < 0 || end >= len(s) || s[end] != ']' {
			return 0, PathStep{}, fmt.Errorf("unterminated [\"key\"] at offset %d", i)
		}
		var key string
		if err := json.Unmarshal([]byte(s[i+1:end]), &key); err != nil {
			return 0, PathStep{}, fmt.Errorf("bad key %s: %v", s[i+1:end], err)
		}
		return end + 1, PathStep{Key: key}, nil
	}
	end = strings.IndexByte(s[i:], ']')
	if end < 0 {
		return 0, PathStep{}, fmt.Errorf("unterminated [ at offset %d", i)
	}
	n, err := strconv.Atoi(s[i+1 : i+end])
	if err != nil || n < 0 {
		return 0, PathStep{}, fmt.Errorf("bad index %q at offset %d", s[i+1:i+end], i)
	}
	return i + end + 1, PathStep{Index: n, IsIndex: true}, nil
}

// Find returns the node at a jq-style path (as Path writes them, extra
// nodes included), or false when the tree has no node there.
func (t *Tree) Find(path string) (NodeID, bool) {
	steps, err := ParsePath(path)
	if err != nil {
		return NoNode, false
	}
	id := NodeID(0)
	for _, st := range steps {
		first, count := t.Children(id)
		next := NoNode
		switch k := t.nodes[id].kind; {
		case st.IsIndex && k == jsondoc.Array:
			if st.Index < count {
				next = first + NodeID(st.Index)
			}
		case !st.IsIndex && k == jsondoc.Object:
			for c := first; c < first+NodeID(count); c++ {
				if t.Key(c) == st.Key {
					next = c
					break
				}
			}
		}
		if next == NoNode {
			return NoNode, false
		}
		id = next
	}
	return id, true
}
