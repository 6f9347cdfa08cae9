package dataset

import (
	"cmp"
	"hash/maphash"
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
//
// A path costs about 50 bytes: its node, its key's bytes packed in an
// arena, and two slots of one open-addressing table that finds a key's
// path from its parent's (a map a parent would take about twice that,
// and a dataset may have as many paths as nodes: one flat object of a
// million keys).
type pathTable struct {
	mu    sync.Mutex
	nodes []pathNode
	slots []int32 // the paths of keys by hash of parent and key; 0 for none (the root is no key)
	seed  maphash.Seed
	keys  idArena // the keys' bytes
}

type pathNode struct {
	parent int32
	elemOf int32 // the path of this path's array elements, -1 if none
	depth  int32
	elem   bool   // the elements of an array
	key    string // the object key; "" for the root and elements
}

func newPathTable() *pathTable {
	return &pathTable{nodes: []pathNode{{parent: -1, elemOf: -1}}, seed: maphash.MakeSeed()}
}

// child returns the path below parent for an object key, or for array
// elements when elem is set, adding it if new.
func (p *pathTable) child(parent int32, key string, elem bool) int32 {
	p.mu.Lock()
	defer p.mu.Unlock()
	if elem {
		if n := &p.nodes[parent]; n.elemOf >= 0 {
			return n.elemOf
		}
	} else if id := p.lookup(parent, key); id > 0 {
		return id
	}
	if !elem {
		key = p.keep(key) // it may share a record's buffer
	}
	id := int32(len(p.nodes))
	p.nodes = append(p.nodes, pathNode{parent: parent, key: key, elem: elem, elemOf: -1, depth: p.nodes[parent].depth + 1})
	if elem {
		p.nodes[parent].elemOf = id
	} else {
		p.insert(id)
	}
	return id
}

// keep returns a copy of key that the table owns: packed in its arena,
// or a string of its own when long.
func (p *pathTable) keep(key string) string {
	if len(key) > idChunk/16 {
		return strings.Clone(key)
	}
	return p.keys.keep(key)
}

// slotOf returns where the key's path is or would be in p.slots, which
// must have a free slot.
func (p *pathTable) slotOf(parent int32, key string) int {
	h := maphash.String(p.seed, key) ^ uint64(uint32(parent))*0x9e3779b97f4a7c15
	mask := len(p.slots) - 1
	for i := int(h>>7) & mask; ; i = (i + 1) & mask {
		id := p.slots[i]
		if id == 0 {
			return i
		}
		if n := &p.nodes[id]; n.parent == parent && !n.elem && n.key == key {
			return i
		}
	}
}

// lookup returns the path of key below parent, 0 when there is none
// (the lock held).
func (p *pathTable) lookup(parent int32, key string) int32 {
	if p.slots == nil {
		p.index()
	}
	return p.slots[p.slotOf(parent, key)]
}

// insert adds the key path id to the slots, which it grows to keep
// them at most half full.
func (p *pathTable) insert(id int32) {
	if p.slots == nil || 2*(len(p.nodes)+1) > len(p.slots) {
		p.index()
	}
	n := &p.nodes[id]
	p.slots[p.slotOf(n.parent, n.key)] = id
}

// index makes the slots again from the nodes: a power of two more than
// twice as many.
func (p *pathTable) index() {
	size := 64
	for size <= 2*(len(p.nodes)+1) {
		size *= 2
	}
	p.slots = make([]int32, size)
	for k := 1; k < len(p.nodes); k++ {
		if n := &p.nodes[k]; !n.elem {
			p.slots[p.slotOf(n.parent, n.key)] = int32(k)
		}
	}
}

// dropIndex lets the slots go (about 14 bytes a path) while the
// figures are made; the next look-up makes them again.
func (p *pathTable) dropIndex() {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.slots = nil
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
	start, flat := p.childLists(first)
	kids := make([][]int32, len(start)-1)
	for id := range kids {
		kids[id] = flat[start[id]:start[id+1]:start[id+1]]
	}
	return kids
}

// childLists returns the children of every path in one list, those of
// path id at flat[start[id]:start[id+1]], ordered as children orders
// them: 8 bytes a path (a dataset may have a million).
func (p *pathTable) childLists(first []firstSeen) (start, flat []int32) {
	p.mu.Lock()
	defer p.mu.Unlock()
	n := len(p.nodes)
	start = make([]int32, n+1)
	for id := 1; id < n; id++ {
		start[p.nodes[id].parent+1]++
	}
	for id := 1; id <= n; id++ {
		start[id] += start[id-1]
	}
	flat = make([]int32, max(n-1, 0))
	next := slices.Clone(start[:n])
	for id := 1; id < n; id++ {
		par := p.nodes[id].parent
		flat[next[par]] = int32(id)
		next[par]++
	}
	at := func(id int32) firstSeen {
		if int(id) < len(first) {
			return first[id]
		}
		return firstSeen{caseIdx: -1}
	}
	for id := range n {
		k := flat[start[id]:start[id+1]]
		slices.SortStableFunc(k, func(a, b int32) int { return at(a).compare(at(b)) })
	}
	return start, flat
}

// order returns every path in tree order: depth first, the children of a
// path in the order of their first appearance. The root comes first.
func (p *pathTable) order(first []firstSeen) []int32 {
	start, flat := p.childLists(first)
	out := make([]int32, 0, len(start)-1)
	var walk func(id int32)
	walk = func(id int32) {
		out = append(out, id)
		for _, c := range flat[start[id]:start[id+1]] {
			walk(c)
		}
	}
	walk(0)
	return out
}

// names calls each with every path of ids in turn, its depth and its
// schema path as String has it, the lock held: the paths' bytes are
// packed in chunks rather than a string each.
func (p *pathTable) names(ids []int32, each func(id int32, depth int, name string)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	var arena idArena
	var buf []byte
	for _, id := range ids {
		buf = p.appendPath(buf[:0], id)
		name := ""
		if len(buf) > idChunk/16 {
			name = string(buf)
		} else {
			name = arena.keep(unsafeText(buf))
		}
		each(id, int(p.nodes[id].depth), name)
	}
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

// len returns the number of paths.
func (p *pathTable) len() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return len(p.nodes)
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
