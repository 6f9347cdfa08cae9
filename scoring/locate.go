package scoring

import (
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/textdist"
)

// maxKeysListed is how many keys Locate's error lists when none is close
// to the one asked for.
const maxKeysListed = 8

// Locate returns the node at a jq-style path, as Find does; when there is
// none, its error says where the path leaves the tree and what is there
// instead: the nearest key ("no node at .fixed_menus[1].piza:
// .fixed_menus[1] has no key "piza"; did you mean .fixed_menus[1].pizza?"),
// the keys when none is near, or the indexes an array has.
func (t *Tree) Locate(path string) (NodeID, error) {
	steps, err := ParsePath(path)
	if err != nil {
		return NoNode, fmt.Errorf("%s: %v", path, err)
	}
	id := NodeID(0)
	for _, st := range steps {
		first, count := t.Children(id)
		here := t.Path(id)
		if id == 0 {
			here = "the root"
		}
		k := t.nodes[id].kind
		switch {
		case st.IsIndex && k == jsondoc.Array:
			if st.Index < count {
				id = first + NodeID(st.Index)
				continue
			}
			switch count {
			case 0:
				return NoNode, fmt.Errorf("no node at %s: %s is an empty array", path, here)
			case 1:
				return NoNode, fmt.Errorf("no node at %s: %s has 1 element, [0]", path, here)
			}
			return NoNode, fmt.Errorf("no node at %s: %s has %d elements, [0] to [%d]", path, here, count, count-1)
		case !st.IsIndex && k == jsondoc.Object:
			next := NoNode
			for c := first; c < first+NodeID(count); c++ {
				if t.Key(c) == st.Key {
					next = c
					break
				}
			}
			if next != NoNode {
				id = next
				continue
			}
			msg := fmt.Sprintf("no node at %s: %s has no key %q", path, here, st.Key)
			if near := t.nearestChild(id, st.Key); near != NoNode {
				return NoNode, fmt.Errorf("%s; did you mean %s?", msg, t.Path(near))
			}
			if count == 0 {
				return NoNode, fmt.Errorf("%s: it is an empty object", msg)
			}
			var keys []string
			for c := first; c < first+NodeID(min(count, maxKeysListed)); c++ {
				keys = append(keys, t.Label(c))
			}
			if count > maxKeysListed {
				keys = append(keys, fmt.Sprintf("… (%d more)", count-maxKeysListed))
			}
			return NoNode, fmt.Errorf("%s; its keys: %s", msg, strings.Join(keys, ", "))
		case st.IsIndex:
			return NoNode, fmt.Errorf("no node at %s: %s is %s %s, not an array", path, here, article(k), k)
		default:
			return NoNode, fmt.Errorf("no node at %s: %s is %s %s, not an object", path, here, article(k), k)
		}
	}
	return id, nil
}

// nearestChild returns the child of object id whose key is closest to
// key (letter case aside), or NoNode when none is close: within a third
// of key's length, at least 2 edits.
func (t *Tree) nearestChild(id NodeID, key string) NodeID {
	first, count := t.Children(id)
	best, bestD := NoNode, -1
	lk := strings.ToLower(key)
	for c := first; c < first+NodeID(count); c++ {
		d := textdist.LevenshteinString(lk, strings.ToLower(t.Key(c)))
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	if bestD < 0 || bestD > max(2, len([]rune(key))/3) {
		return NoNode
	}
	return best
}
