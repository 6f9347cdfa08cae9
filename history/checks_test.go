package history

import (
	"bytes"
	"errors"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// storeFile is a store file's bytes, to damage one field at a time: the
// layout is bolt's, as rawfile.go describes it (page size 4096).
type storeFile struct {
	t    *testing.T
	data []byte
	meta int // the meta page in force
}

func (f *storeFile) u16(off int) uint16 { return native.Uint16(f.data[off:]) }
func (f *storeFile) u32(off int) uint32 { return native.Uint32(f.data[off:]) }
func (f *storeFile) u64(off int) uint64 { return native.Uint64(f.data[off:]) }

func (f *storeFile) put16(off int, v uint16) { native.PutUint16(f.data[off:], v) }
func (f *storeFile) put32(off int, v uint32) { native.PutUint32(f.data[off:], v) }
func (f *storeFile) put64(off int, v uint64) { native.PutUint64(f.data[off:], v) }

// metaAt is where field off of the meta page in force is.
func (f *storeFile) metaAt(off int) int { return f.meta*4096 + 16 + off }

// setMeta sets field off of the meta page in force, and its checksum.
func (f *storeFile) setMeta(off int, v uint64) {
	f.put64(f.metaAt(off), v)
	h := fnv.New64a()
	h.Write(f.data[f.metaAt(0):f.metaAt(56)])
	f.put64(f.metaAt(56), h.Sum64())
}

func (f *storeFile) pgid() uint64      { return f.u64(f.metaAt(40)) }
func (f *storeFile) freelist() int     { return int(f.u64(f.metaAt(32))) * 4096 }
func (f *storeFile) rootBucket() int   { return int(f.u64(f.metaAt(16))) * 4096 }
func (f *storeFile) elem(p, i int) int { return p + 16 + 16*i }

// child is the page of element i of the branch page at p.
func (f *storeFile) child(p, i int) int { return int(f.u64(f.elem(p, i)+8)) * 4096 }

// leafKey returns the offset and size of the key of element i of the leaf
// page at p.
func (f *storeFile) leafKey(p, i int) (off, n int) {
	e := f.elem(p, i)
	return e + int(f.u32(e+4)), int(f.u32(e + 8))
}

// checksStore is a store of 20 runs and its file, damaged by each case of
// TestEachCheck in turn: the kv bucket's root is a branch page over leaves.
func checksStore(t *testing.T) (data []byte, kvRoot int, runLeaves []int) {
	data, branch, _ := damagedStore(t, 20)
	f := storeBytes(t, data)
	kvRoot = int(branch) * 4096
	for i := 0; i < int(f.u16(kvRoot+10)); i++ {
		c := f.child(kvRoot, i)
		if k, n := f.leafKey(c, 0); f.u16(c+8) == leafPageFlag && f.u16(c+10) >= 2 && bytes.HasPrefix(data[k:k+n], []byte(runPrefix)) {
			runLeaves = append(runLeaves, c)
		}
	}
	if len(runLeaves) < 3 {
		t.Fatalf("%d leaves of runs under the kv bucket's root", len(runLeaves))
	}
	return data, kvRoot, runLeaves
}

// checkCase is a damage and what an operation says of it.
type checkCase struct {
	name, op, want string
	damage         func(f *storeFile)
}

// TestEachCheck damages a store so that each of the page checks the store
// keeps (rawfile.go, walk.go) is the one that finds it, and reads the
// store as the operation named: the damage is reported, in the words of
// that check. docs/history-store.md says, for each, what bbolt does with
// the same damage (with -damage-table, this test measures it).
func TestEachCheck(t *testing.T) {
	data, kvRoot, leaves := checksStore(t)
	// A store whose kv bucket is small enough to be kept inline, in its
	// element of the root bucket's leaf: its page is checked too.
	inline := filepath.Join(t.TempDir(), "inline.db")
	putRaw(t, inline, indexKey, []byte("x"))
	small, err := os.ReadFile(inline)
	if err != nil {
		t.Fatal(err)
	}
	if root := kvRootOf(storeBytes(t, small)); root != 0 {
		t.Fatalf("the kv bucket of %s is on page %d, not inline", inline, root/4096)
	}
	dir := t.TempDir()
	for i, c := range inlineCheckCases() {
		runCheckCase(t, filepath.Join(dir, "inline", fmt.Sprint(i)), small, c)
	}
	for i, c := range pageCheckCases(t, data, kvRoot, leaves) {
		runCheckCase(t, filepath.Join(dir, fmt.Sprint(i)), data, c)
	}
}

// TestMetaChecksumZero: a meta page whose checksum is 0 is invalid, as
// bbolt judges it (bolt 1.3 let a checksum of 0 pass, and so did this
// reader): the store is read through the other meta page, an older
// transaction's, as bbolt reads it, whatever the refused page names.
func TestMetaChecksumZero(t *testing.T) {
	data, _, ids := damagedStore(t, 20)
	f := storeBytes(t, data)
	f.setMeta(16, 1) // the root bucket on a meta page: refused if read
	f.put64(f.metaAt(56), 0)
	if _, ok := parseMeta(f.data[f.meta*4096:]); ok {
		t.Fatal("parseMeta takes a meta page whose checksum is 0")
	}
	path := filepath.Join(t.TempDir(), "history.db")
	if err := os.WriteFile(path, f.data, 0o600); err != nil {
		t.Fatal(err)
	}
	runs, err := Open(path).List(ListOptions{})
	if err != nil {
		t.Fatalf("list: %v", err)
	}
	var got []string
	for _, r := range runs {
		got = append(got, r.ID)
	}
	slices.Sort(got)
	want := slices.Sorted(slices.Values(ids[:19])) // the last record's meta page is refused
	if !slices.Equal(got, want) {
		t.Errorf("list gives %d runs %v, want the 19 before the last %v", len(got), got, want)
	}
}

// runCheckCase writes data, damaged as c says, as a store in dir, and
// checks what c.op says of it.
func runCheckCase(t *testing.T, dir string, data []byte, c checkCase) {
	t.Helper()
	f := storeBytes(t, slices.Clone(data))
	c.damage(f)
	path := filepath.Join(dir, "history.db")
	os.MkdirAll(dir, 0o700)
	if err := os.WriteFile(path, f.data, 0o600); err != nil {
		t.Fatal(err)
	}
	if got := readDamaged(t, path, c.op); !strings.Contains(got, c.want) {
		t.Errorf("%s: %s says %q, want %q", c.name, c.op, got, c.want)
	}
	if *damageTable {
		t.Logf("| %s | %s |", c.name, bboltSays(path))
	}
}

// inlineCheckCases damage the page of a bucket kept inline.
func inlineCheckCases() []checkCase {
	return []checkCase{
		{"inline page cut short", "list", "an inline bucket's page is cut short", func(f *storeFile) {
			f.put32(f.elem(f.rootBucket(), 0)+12, 20)
		}},
		{"inline page's size", "list", "an inline bucket: an inline bucket's page is", func(f *storeFile) {
			e := f.elem(f.rootBucket(), 0)
			f.put32(e+12, f.u32(e+12)+1)
		}},
		{"inline page's elements", "list", "an inline bucket: 9 elements do not fit in the page", func(f *storeFile) {
			k, n := f.leafKey(f.rootBucket(), 0)
			f.put16(k+n+16+10, 9)
		}},
	}
}

// pageCheckCases damage the store of checksStore: leaf and next are its
// first two leaves of runs.
func pageCheckCases(t *testing.T, data []byte, kvRoot int, leaves []int) []checkCase {
	return append(fileCheckCases(t, data, leaves[0]), treeCheckCases(kvRoot, leaves)...)
}

// fileCheckCases damage the meta pages and the freelist of checksStore;
// leaf is its first leaf of runs.
func fileCheckCases(t *testing.T, data []byte, leaf int) []checkCase {
	return []checkCase{
		{"no valid meta page", "list", "not a bolt database: no valid meta page", func(f *storeFile) {
			f.put32(16, 0)
			f.put32(4096+16, 0)
		}},
		{"page size", "list", "the meta page gives a page size of 1000", func(f *storeFile) { f.setMeta(8, 1000) }},
		{"truncated", "list", fmt.Sprintf("the file is truncated: it holds 20 pages of %d", storeBytes(t, data).pgid()), func(f *storeFile) {
			f.data = f.data[:20*4096]
		}},
		{"root page", "list", "the meta page names root page 1 of", func(f *storeFile) { f.setMeta(16, 1) }},
		{"freelist page id", "list", "the meta page names freelist page 1 of", func(f *storeFile) { f.setMeta(32, 1) }},
		{"freelist page type", "list", "not the freelist page the meta page names", func(f *storeFile) { f.setMeta(32, uint64(leaf/4096)) }},
		{"freelist count", "list", "the freelist lists 100000 pages, more than its page holds", func(f *storeFile) {
			f.put16(f.freelist()+10, 0xFFFF)
			f.put64(f.freelist()+16, 100000)
		}},
		{"freelist id out of the file", "list", "the freelist lists page 500, out of the file's", func(f *storeFile) { f.put64(f.freelist()+16, 500) }},
		{"freelist id twice", "list", "twice, or its own page", func(f *storeFile) { f.put64(f.freelist()+24, f.u64(f.freelist()+16)) }},
		{"page in use and free", "list", fmt.Sprintf("page %d: in use, and listed as free", leaf/4096), func(f *storeFile) {
			f.put64(f.freelist()+16, uint64(leaf/4096))
		}},
	}
}

// treeCheckCases damage the pages and the tree of checksStore: leaf and
// next are its first two leaves of runs.
func treeCheckCases(kvRoot int, leaves []int) []checkCase {
	leaf, next := leaves[0], leaves[1]
	return []checkCase{
		{"page id", "check", "the page says it is page 99", func(f *storeFile) { f.put64(leaf, 99) }},
		{"overflow past the file", "check", "its 1000 overflow pages run past the file's", func(f *storeFile) { f.put32(leaf+12, 1000) }},
		{"page type", "check", "not a branch or leaf page (flags 0x10)", func(f *storeFile) { f.put16(leaf+8, 0x10) }},
		{"branch without elements", "list", "a branch page without elements", func(f *storeFile) { f.put16(kvRoot+10, 0) }},
		{"elements past the page", "check", "300 elements do not fit in the page", func(f *storeFile) { f.put16(leaf+10, 300) }},
		{"element flags", "check", "element 0 has flags 0x100", func(f *storeFile) { f.put32(f.elem(leaf, 0), 0x100) }},
		{"element position", "check", "element 1 is not where bolt puts it", func(f *storeFile) {
			f.put32(f.elem(leaf, 1)+4, f.u32(f.elem(leaf, 1)+4)+1)
		}},
		{"keys out of order in a page", "check", "element 1: its key is empty or out of order", func(f *storeFile) {
			k0, n := f.leafKey(leaf, 0)
			k1, _ := f.leafKey(leaf, 1)
			copy(f.data[k1:k1+n], f.data[k0:k0+n])
		}},
		{"data on too many pages", "check", "bytes of data on 2 pages", func(f *storeFile) { f.put32(leaf+12, 1) }},
		{"bucket value size", "list", "a bucket's value is 8 bytes", func(f *storeFile) {
			f.put32(f.elem(f.rootBucket(), 0)+12, 8)
		}},
		{"bucket with an inline page too", "list", "has an inline page too", func(f *storeFile) {
			f.put32(f.elem(f.rootBucket(), 0)+12, 24)
		}},
		{"child out of the file", "list", "page 500: out of the file's", func(f *storeFile) { f.put64(f.elem(kvRoot, 2)+8, 500) }},
		{"child's first key", "list", "its first key is not the one its parent names for it", func(f *storeFile) {
			e := f.elem(kvRoot, 2)
			f.data[e+int(f.u32(e))+int(f.u32(e+4))-1]--
		}},
		{"tree too deep", "check", "the tree is more than 40 pages deep", deepTree},
		{"tree too deep (a write's path, no loop)", "record", "the tree is more than 40 pages deep", deepTree},
		{"page reached twice", "list", "reached twice", selfLoop},
		{"tree too deep (a write's path)", "record", "the tree is more than 40 pages deep", selfLoop},
		{"keys out of order across pages", "check", "comes after", func(f *storeFile) { lastKeyIsNextFirst(f, leaf, next) }},
		{"last key past the parent's next (a write's path)", "record", "its last key is past its parent's next key", func(f *storeFile) {
			lastKeyIsNextFirst(f, leaf, next)
		}},
		{"child without elements (a write's path)", "record", "a page without elements under a branch", func(f *storeFile) {
			f.put16(f.child(kvRoot, int(f.u16(kvRoot+10))-1)+10, 0)
		}},
		{"child out of the file (a write's path)", "record", "page 500: out of the file's", func(f *storeFile) { f.put64(f.elem(kvRoot, 2)+8, 500) }},
		{"child in use and free (a write's path)", "record", fmt.Sprintf("page %d: in use, and listed as free", leaf/4096), func(f *storeFile) {
			f.put64(f.freelist()+16, uint64(leaf/4096))
		}},
		{"child's element position (a write's path)", "record", "element 0 is not where bolt puts it", func(f *storeFile) {
			f.put32(f.elem(leaf, 0)+4, 1<<20)
		}},
		{"a key read is a bucket (a write's path)", "record", fmt.Sprintf("key %q is a bucket", headKey), func(f *storeFile) {
			p := f.child(kvRoot, 0)
			for i := 0; i < int(f.u16(p+10)); i++ {
				if k, n := f.leafKey(p, i); string(f.data[k:k+n]) == headKey {
					f.put32(f.elem(p, i), bucketLeafFlag)
				}
			}
		}},
		{"a skimmed leaf reached twice", "list", "reached twice", func(f *storeFile) {
			// Two elements of leaves of runs, which a list does not read.
			for j := 0; j+1 < int(f.u16(kvRoot+10)); j++ {
				if slices.Contains(leaves, f.child(kvRoot, j)) && slices.Contains(leaves, f.child(kvRoot, j+1)) {
					f.put64(f.elem(kvRoot, j+1)+8, f.u64(f.elem(kvRoot, j)+8))
					return
				}
			}
			f.t.Fatal("no two leaves of runs side by side")
		}},
		{"a skimmed leaf's first key before the last key read", "list", "comes after", func(f *storeFile) {
			p := f.child(kvRoot, 0)
			k, _ := f.leafKey(p, int(f.u16(p+10))-1)
			f.data[k] = 's'
		}},
		{"kv is not a bucket", "list", "it holds no jsontui history", func(f *storeFile) { f.put32(f.elem(f.rootBucket(), 0), 0) }},
	}
}

// bboltSays describes what bbolt alone does with the store at path.
func bboltSays(path string) string {
	res, died := probeStore(path)
	switch {
	case died != "":
		return "the process " + died
	case res.Open != "ok":
		return "Open: " + res.Open
	case res.CheckErrors > 0 && res.CheckPanics > 0:
		return "Check panics: " + res.CheckFirst
	case res.CheckErrors > 0:
		return "Check: " + res.CheckFirst
	case res.Read != "ok":
		return "read " + res.Read
	}
	return fmt.Sprintf("nothing: reads %d records, %d bad", res.Records, res.BadRecords)
}

// storeBytes wraps the bytes of a store file, whose meta page in force is
// the one of the higher transaction id.
func storeBytes(t *testing.T, data []byte) *storeFile {
	f := &storeFile{t: t, data: data}
	if f.u64(4096+16+48) > f.u64(16+48) {
		f.meta = 1
	}
	return f
}

// readDamaged runs op on the store at path and returns what it says of
// the damage: every problem a check finds, or the error of a list or a
// record (which must be one, and must keep the run pending).
func readDamaged(t *testing.T, path, op string) string {
	t.Helper()
	s := Open(path)
	s.Wait = time.Second
	var err error
	switch op {
	case "check":
		rep, err := s.Check()
		if err != nil {
			return err.Error()
		}
		return strings.Join(rep.Problems, "\n")
	case "list":
		_, err = s.List(ListOptions{})
	case "record":
		_, err = s.Record(testRun(t.TempDir(), 0.5), nil)
		if !errors.As(err, new(*PendingError)) {
			return fmt.Sprintf("not kept pending: %v", err)
		}
	}
	var de *DamagedError
	switch {
	case errors.As(err, &de):
		return strings.Join(de.Problems, "\n")
	case !refused(err):
		return fmt.Sprintf("not refused: %v", err)
	}
	return err.Error()
}

// selfLoop makes the kv bucket's root a branch page of one element that
// leads to itself.
func selfLoop(f *storeFile) {
	e := f.elem(kvRootOf(f), 0)
	k, n := e+int(f.u32(e)), int(f.u32(e+4))
	key := slices.Clone(f.data[k : k+n])
	p := kvRootOf(f)
	f.put16(p+10, 1)
	f.put32(e, 16)
	f.put64(e+8, uint64(p/4096))
	copy(f.data[e+16:], key)
}

// deepTree puts 42 branch pages above the kv bucket's first leaf, each of
// one element leading to the next, past the end of the tree's pages.
func deepTree(f *storeFile) {
	root := kvRootOf(f)
	e := f.elem(root, 0)
	k, n := e+int(f.u32(e)), int(f.u32(e+4))
	key, leaf := slices.Clone(f.data[k:k+n]), f.u64(e+8)
	const depth = 42
	top := f.pgid()
	f.data = append(f.data[:top*4096], make([]byte, depth*4096)...)
	for d := uint64(0); d < depth; d++ {
		p := int(top+d) * 4096
		f.put64(p, top+d)
		f.put16(p+8, branchPageFlag)
		f.put16(p+10, 1)
		f.put32(p+16, 16)
		f.put32(p+20, uint32(n))
		f.put64(p+24, top+d+1)
		if d == depth-1 {
			f.put64(p+24, leaf)
		}
		copy(f.data[p+32:], key)
	}
	f.setMeta(40, top+depth)
	rk, rn := f.leafKey(f.rootBucket(), 0)
	f.put64(rk+rn, top)
}

// kvRootOf finds the kv bucket's root page in the root bucket's leaf.
func kvRootOf(f *storeFile) int {
	r := f.rootBucket()
	k, n := f.leafKey(r, 0)
	return int(f.u64(k+n)) * 4096
}

// lastKeyIsNextFirst gives the last key of the leaf at p the first key of
// the leaf at q, the one after it: each page is in order, the tree is not.
func lastKeyIsNextFirst(f *storeFile, p, q int) {
	last, n := f.leafKey(p, int(f.u16(p+10))-1)
	first, m := f.leafKey(q, 0)
	if n != m {
		f.t.Fatalf("keys of %d and %d bytes", n, m)
	}
	copy(f.data[last:last+n], f.data[first:first+m])
}

// TestNodeFillsItsPages: a node whose bytes fill its pages exactly is
// written by bbolt on as many pages, by bolt 1.3 on one more; the store
// reads both as sound, and a node on yet one more page as damaged (a
// store of 100,000 runs written by bbolt was reported damaged before).
func TestNodeFillsItsPages(t *testing.T) {
	path := filepath.Join(t.TempDir(), "exact.db")
	key := []byte(runKey("exact"))
	value := bytes.Repeat([]byte{7}, 2*4096-pageHeaderSize-elementSize-len(key))
	r, kv := boltKV(t, path, func(b *bolt.Bucket) error { return b.Put(key, value) })
	if got, err := r.get(kv, key); err != nil || !bytes.Equal(got, value) {
		t.Fatalf("bbolt's node of 2 full pages: %d bytes read, %v", len(got), err)
	}
	page := r.bytesAt(int64(kv.root)*4096, 2*4096)
	if o := native.Uint32(page[12:]); o != 1 {
		t.Fatalf("bbolt wrote the node with %d overflow pages", o)
	}
	for overflow, want := range []string{"", "", "", "8192 bytes of data on 4 pages"} {
		if overflow == 0 {
			continue
		}
		b := append(slices.Clone(page), make([]byte, (overflow-1)*4096)...)
		native.PutUint32(b[12:], uint32(overflow))
		_, err := parseNode(kv.root, b, 4096)
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && !strings.Contains(got, want) {
			t.Errorf("%d overflow pages: %v, want %q", overflow, err, want)
		}
	}
}
