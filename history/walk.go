package history

import (
	"bytes"
	"fmt"
)

// skvBucket is the bucket the store's keys are in (skv's name for it:
// the store began as an skv file).
const skvBucket = "kv"

// maxDepth bounds the height of a tree: a damaged page id can make a page
// its own descendant.
const maxDepth = 40

// bucketRef is where a bucket's tree starts: a root page, or the inline
// page of a small bucket.
type bucketRef struct {
	root   uint64
	inline *node
}

// bucketOf reads a bucket's header from its element's value.
func bucketOf(value []byte, page uint64) (bucketRef, error) {
	if len(value) < bucketHeaderSize {
		return bucketRef{}, damagef(page, "a bucket's value is %d bytes", len(value))
	}
	if root := native.Uint64(value); root != 0 {
		if len(value) != bucketHeaderSize {
			return bucketRef{}, damagef(page, "a bucket on page %d has an inline page too", root)
		}
		return bucketRef{root: root}, nil
	}
	n, err := inlinePage(value)
	if err != nil {
		return bucketRef{}, damagef(page, "an inline bucket: %v", err)
	}
	return bucketRef{inline: n}, nil
}

// walk visits every element of a bucket's tree in key order, checking
// each page it reads; a damaged page is noted and its subtree skipped.
type walk struct {
	r        *rawFile
	seen     pageSet // the pages reached, overflow included
	problems []error
	// skipped counts the subtrees left out because of damage.
	skipped int
	last    []byte // the last key visited, nil before the first
	visit   func(n *node, i int)

	// skim, when set, says which leaves the walk takes on their parent's
	// word: given the first key a branch names for a leaf, true to check
	// only that the leaf's page id is sound (in the file, in use, reached
	// once) and pass the key to skimmed, without reading the page. A read
	// of a large store so touches the pages of the index and the branch
	// pages, not every leaf.
	skim    func(first []byte) bool
	skimmed func(first []byte)
	// leafDepth is the depth of the bucket's leaves, once a leaf is read
	// (bolt's trees are balanced); -1 before.
	leafDepth int
}

func newWalk(r *rawFile) *walk {
	w := &walk{r: r, seen: newPageSet(r.meta.pgid)}
	w.seen.add(0, 1) // the meta pages
	if r.meta.freelist >= 2 {
		w.seen.add(r.meta.freelist, uint64(native.Uint32(r.bytesAt(int64(r.meta.freelist)*int64(r.pageSize)+12, 4))))
	}
	return w
}

func (w *walk) fail(err error) {
	w.problems = append(w.problems, err)
}

// bucket walks the tree of bucket b, calling visit for each element.
func (w *walk) bucket(b bucketRef, visit func(n *node, i int)) {
	last, outer, depth := w.last, w.visit, w.leafDepth
	w.last, w.visit, w.leafDepth = nil, visit, -1
	if b.inline != nil {
		w.leaf(b.inline)
	} else {
		w.tree(b.root, nil, 0)
	}
	w.last, w.visit, w.leafDepth = last, outer, depth
}

// tree walks the subtree of page id, whose first key must be first (nil:
// a root, whose first key is free).
func (w *walk) tree(id uint64, first []byte, depth int) {
	if depth > maxDepth {
		w.fail(damagef(id, "the tree is more than %d pages deep", maxDepth))
		w.skipped++
		return
	}
	if w.skim != nil && depth == w.leafDepth && first != nil && w.skim(first) {
		w.skimLeaf(id, first)
		return
	}
	n, err := w.r.page(id)
	if err == nil && w.seen.has(id) {
		err = damagef(id, "reached twice")
	}
	if err == nil && first != nil && (n.count == 0 || !bytes.Equal(n.key(0), first)) {
		err = damagef(id, "its first key is not the one its parent names for it")
	}
	if err != nil {
		w.fail(err)
		w.skipped++
		return
	}
	w.seen.add(id, n.pages-1)
	if !n.branch {
		if w.leafDepth < 0 {
			w.leafDepth = depth
		}
		w.leaf(n)
		return
	}
	for i := 0; i < n.count; i++ {
		w.child(n, i, depth+1)
	}
}

// child walks the subtree of element i of the branch page n, saying
// where a damaged child page is named.
func (w *walk) child(n *node, i, depth int) {
	problems := len(w.problems)
	w.tree(n.child(i), n.key(i), depth)
	if len(w.problems) > problems {
		if d, ok := w.problems[problems].(*damage); ok && d.page == n.child(i) {
			w.problems[problems] = damagef(n.id, "element %d: page %d: %s", i, d.page, d.what)
		}
	}
}

// skimLeaf takes the leaf page id, whose first key its parent names, on
// its parent's word (see walk.skim).
func (w *walk) skimLeaf(id uint64, first []byte) {
	var err error
	switch {
	case id < 2 || id >= w.r.meta.pgid:
		err = damagef(id, "out of the file's %d pages", w.r.meta.pgid)
	case w.r.free.has(id):
		err = damagef(id, "in use, and listed as free")
	case w.seen.has(id):
		err = damagef(id, "reached twice")
	case w.last != nil && bytes.Compare(first, w.last) <= 0:
		err = damagef(id, "key %q comes after %q in the tree", first, w.last)
	}
	if err != nil {
		w.fail(err)
		w.skipped++
		return
	}
	w.seen.add(id, 0)
	w.last = first
	w.skimmed(first)
}

func (w *walk) leaf(n *node) {
	for i := 0; i < n.count; i++ {
		k := n.key(i)
		if w.last != nil && bytes.Compare(k, w.last) <= 0 {
			w.fail(damagef(n.id, "key %q comes after %q in the tree", k, w.last))
			continue
		}
		w.last = k
		w.visit(n, i)
	}
}

// unreached returns the pages below the high-water mark that are neither
// reached nor free, after a walk of every bucket.
func (w *walk) unreached() []uint64 {
	var ids []uint64
	for id := uint64(2); id < w.r.meta.pgid; id++ {
		if !w.seen.has(id) && !w.r.free.has(id) {
			ids = append(ids, id)
		}
	}
	return ids
}

// descend follows the path from the root of b down to the leaf where key
// is or would be, checking each page on the way as a walk would. The
// bounds a branch page sets its children (their first and last keys) are
// checked by checkChildren before any child is read.
func (r *rawFile) descend(b bucketRef, key []byte) (*node, error) {
	if b.inline != nil {
		return b.inline, nil
	}
	id := b.root
	for depth := 0; ; depth++ {
		if depth > maxDepth {
			return nil, damagef(id, "the tree is more than %d pages deep", maxDepth)
		}
		n, err := r.page(id)
		if err != nil {
			return nil, err
		}
		if !n.branch {
			return n, nil
		}
		if err := r.checkChildren(n); err != nil {
			return nil, err
		}
		id = n.child(max(n.search(key), 0))
	}
}

// checkChildren checks each child of the branch page n (once a session):
// its page id and header, and that its first key is the one n names for
// it and its last before the next, so that a write, which reads only the
// pages on its path, still sees a damaged element of a branch page it
// changes. It reads a child's header and two keys, not the whole page.
func (r *rawFile) checkChildren(n *node) error {
	if r.checked == nil {
		r.checked = newPageSet(r.meta.pgid)
	}
	if r.checked.has(n.id) {
		return nil
	}
	// n's keys ascend (parseNode) and each child's first key is its
	// element's: no two elements can lead to one page.
	for i := 0; i < n.count; i++ {
		id := n.child(i)
		first, last, err := r.bounds(id)
		if err != nil {
			return damagef(n.id, "element %d: %v", i, err)
		}
		if !bytes.Equal(first, n.key(i)) {
			return damagef(id, "its first key is not the one its parent names for it")
		}
		if i+1 < n.count && bytes.Compare(last, n.key(i+1)) >= 0 {
			return damagef(id, "its last key is past its parent's next key")
		}
	}
	r.checked.add(n.id, 0)
	return nil
}

// bounds reads the header of the tree page id, checks it as page does
// (but for the layout of the elements between the first and the last),
// and returns the page's first and last keys.
func (r *rawFile) bounds(id uint64) (first, last []byte, err error) {
	if id < 2 || id >= r.meta.pgid {
		return nil, nil, damagef(id, "out of the file's %d pages", r.meta.pgid)
	}
	if r.free.has(id) {
		return nil, nil, damagef(id, "in use, and listed as free")
	}
	off := int64(id) * int64(r.pageSize)
	b := r.bytesAt(off, r.pageSize)
	flags, count, overflow := native.Uint16(b[8:]), int(native.Uint16(b[10:])), uint64(native.Uint32(b[12:]))
	switch {
	case native.Uint64(b) != id:
		return nil, nil, damagef(id, "the page says it is page %d", native.Uint64(b))
	case flags != branchPageFlag && flags != leafPageFlag:
		return nil, nil, damagef(id, "not a branch or leaf page (flags %#x)", flags)
	case count == 0:
		return nil, nil, damagef(id, "a page without elements under a branch")
	case id+overflow >= r.meta.pgid:
		return nil, nil, damagef(id, "its %d overflow pages run past the file's %d pages", overflow, r.meta.pgid)
	}
	n := &node{id: id, b: r.bytesAt(off, int(overflow+1)*r.pageSize), branch: flags == branchPageFlag, count: count}
	if pageHeaderSize+elementSize*count > len(n.b) {
		return nil, nil, damagef(id, "%d elements do not fit in the page", count)
	}
	for _, i := range []int{0, count - 1} {
		k0, k1, v1 := n.pos(i)
		if k0 < pageHeaderSize+elementSize*count || k1 <= k0 || k1 > len(n.b) || (!n.branch && v1 > len(n.b)) {
			return nil, nil, damagef(id, "element %d is not where bolt puts it", i)
		}
	}
	return n.key(0), n.key(count - 1), nil
}

// search returns the position of the last key of n at or before key; -1
// when every key is after it.
func (n *node) search(key []byte) int {
	lo, hi := 0, n.count // the first key after key is in [lo, hi]
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if bytes.Compare(n.key(m), key) <= 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo - 1
}

// get returns the value of key in bucket b; nil when there is none.
func (r *rawFile) get(b bucketRef, key []byte) ([]byte, error) {
	n, err := r.descend(b, key)
	if err != nil {
		return nil, err
	}
	if i := n.search(key); i >= 0 && bytes.Equal(n.key(i), key) {
		if n.flags(i) != 0 {
			return nil, damagef(n.id, "key %q is a bucket", key)
		}
		return n.value(i), nil
	}
	return nil, nil
}

// floor returns the last key at or before key in bucket b, and its value;
// k is nil when every key is after it.
func (r *rawFile) floor(b bucketRef, key []byte) (k, v []byte, err error) {
	n, err := r.descend(b, key)
	if err != nil {
		return nil, nil, err
	}
	i := n.search(key)
	if i < 0 {
		// descend chose the first child at every level: nothing is at or
		// before key.
		return nil, nil, nil
	}
	return n.key(i), n.value(i), nil
}

// kvBucket finds the store's bucket in the root bucket. found is false
// in a new file, whose root bucket is empty; a file whose root bucket
// holds other buckets but not ours is not a store.
func (r *rawFile) kvBucket() (b bucketRef, found bool, err error) {
	root := bucketRef{root: r.meta.root}
	n, err := r.descend(root, []byte(skvBucket))
	if err != nil {
		return b, false, err
	}
	i := n.search([]byte(skvBucket))
	if i < 0 || string(n.key(i)) != skvBucket {
		if n.count > 0 || n.id != r.meta.root {
			return b, false, errForeign
		}
		return b, false, nil
	}
	if n.flags(i) != bucketLeafFlag {
		return b, false, errForeign
	}
	b, err = bucketOf(n.value(i), n.id)
	return b, err == nil, err
}

// errForeign reports a bolt file that holds other things than a store.
var errForeign = fmt.Errorf("it holds no jsontui history")
