package dataset

import (
	"cmp"
	"slices"
	"strings"
	"sync"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// pathTable holds the dataset's schema paths (docs/paths.md: every array
// index written "[]"): a trie of object keys and array elements, shared by
// every worker. Path 0 is the root. Workers look paths up through a
// pathCache of their own and take the lock only for a path they have not
// seen yet.
type pathTable struct {
	mu    sync.Mutex
	nodes []pathNode
}

type pathNode struct {
	parent int32
	key    string // the object key; "" for the root and elements
	elem   bool   // the elements of an array
	keys   map[string]int32
	elemOf int32 // the path of this path's array elements, -1 if none
	depth  int32
}

func newPathTable() *pathTable {
	return &pathTable{nodes: []pathNode{{parent: -1, elemOf: -1}}}
}

// child returns the path below parent for an object key, or for array
// elements when elem is set, adding it if new.
func (p *pathTable) child(parent int32, key string, elem bool) int32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := &p.nodes[parent]
	if elem {
		if n.elemOf >= 0 {
			return n.elemOf
		}
	} else if id, ok := n.keys[key]; ok {
		return id
	}
	key = strings.Clone(key) // it may share a record's buffer
	id := int32(len(p.nodes))
	p.nodes = append(p.nodes, pathNode{parent: parent, key: key, elem: elem, elemOf: -1, depth: p.nodes[parent].depth + 1})
	n = &p.nodes[parent]
	if elem {
		n.elemOf = id
	} else {
		if n.keys == nil {
			n.keys = make(map[string]int32)
		}
		n.keys[key] = id
	}
	return id
}

// String returns the schema path of id, such as `.items[].price`.
func (p *pathTable) String(id int32) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return string(p.appendPath(nil, id))
}

func (p *pathTable) appendPath(dst []byte, id int32) []byte {
	n := &p.nodes[id]
	if n.parent < 0 {
		return dst
	}
	dst = p.appendPath(dst, n.parent)
	if n.elem {
		if len(dst) == 0 {
			dst = append(dst, '.')
		}
		return append(dst, '[', ']')
	}
	return jsondoc.AppendKey(dst, n.key)
}

// children returns the children of every path, each list in the order
// of first appearance (first[id], lower first; a path never seen last).
func (p *pathTable) children(first []firstSeen) [][]int32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	kids := make([][]int32, len(p.nodes))
	for id := 1; id < len(p.nodes); id++ {
		par := p.nodes[id].parent
		kids[par] = append(kids[par], int32(id))
	}
	at := func(id int32) firstSeen {
		if int(id) < len(first) {
			return first[id]
		}
		return firstSeen{caseIdx: -1}
	}
	for _, k := range kids {
		slices.SortStableFunc(k, func(a, b int32) int { return at(a).compare(at(b)) })
	}
	return kids
}

// order returns every path in tree order: depth first, the children of a
// path in the order of their first appearance. The root comes first.
func (p *pathTable) order(first []firstSeen) []int32 {
	kids := p.children(first)
	out := make([]int32, 0, len(kids))
	var walk func(id int32)
	walk = func(id int32) {
		out = append(out, id)
		for _, c := range kids[id] {
			walk(c)
		}
	}
	walk(0)
	return out
}

// snapshot returns a copy of the table's nodes (once no worker adds any).
func (p *pathTable) snapshot() []pathNode {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.nodes)
}

// snapshotNode returns a copy of path id's node.
func (p *pathTable) snapshotNode(id int32) pathNode {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.nodes[id]
}

// depth returns the depth of path id below the root.
func (p *pathTable) depth(id int32) int32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.nodes[id].depth
}

// firstSeen is where a path first appears: the case (in reference order)
// and the node (breadth first, which is document order among the nodes
// of one depth). A path never seen has caseIdx -1 and sorts last.
type firstSeen struct {
	caseIdx int
	node    int32
}

func (f firstSeen) compare(g firstSeen) int {
	switch {
	case f.caseIdx < 0 && g.caseIdx < 0:
		return 0
	case f.caseIdx < 0:
		return 1
	case g.caseIdx < 0:
		return -1
	}
	if c := cmp.Compare(f.caseIdx, g.caseIdx); c != 0 {
		return c
	}
	return cmp.Compare(f.node, g.node)
}

// pathCache is one worker's view of the pathTable: the children it has
// already looked up, so that it takes the table's lock only for new ones.
type pathCache struct {
	table *pathTable
	nodes []cacheNode // by path
	// direct looks paths up in the table without keeping them: for a
	// big case, whose paths a cache of their own would hold a second
	// time (a flat object of a million keys: a million paths).
	direct bool
}

type cacheNode struct {
	keys map[string]int32
	elem int32 // the elements' path + 1; 0 when not looked up yet
}

func (c *pathCache) at(id int32) *cacheNode {
	for int(id) >= len(c.nodes) {
		c.nodes = append(c.nodes, cacheNode{})
	}
	return &c.nodes[id]
}

// key returns the path of key below parent.
func (c *pathCache) key(parent int32, key string) int32 {
	if c.direct {
		if int(parent) < len(c.nodes) {
			if id, ok := c.nodes[parent].keys[key]; ok {
				return id
			}
		}
		return c.table.child(parent, key, false)
	}
	n := c.at(parent)
	if id, ok := n.keys[key]; ok {
		return id
	}
	id := c.table.child(parent, key, false)
	n = c.at(parent)
	if n.keys == nil {
		n.keys = make(map[string]int32)
	}
	n.keys[strings.Clone(key)] = id // key may share a record's buffer
	return id
}

// elem returns the path of the elements of the array at parent.
func (c *pathCache) elem(parent int32) int32 {
	if c.direct {
		if int(parent) < len(c.nodes) && c.nodes[parent].elem > 0 {
			return c.nodes[parent].elem - 1
		}
		return c.table.child(parent, "", true)
	}
	n := c.at(parent)
	if n.elem > 0 {
		return n.elem - 1
	}
	id := c.table.child(parent, "", true)
	c.at(parent).elem = id + 1
	return id
}
