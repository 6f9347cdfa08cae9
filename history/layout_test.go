package history

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	bolt "go.etcd.io/bbolt"
)

// TestWalkFullPages: bbolt writes a branch page whose bytes fill one page
// exactly and leaves that fill 3 and 4 pages exactly, each on as many
// pages (bolt 1.3 took one more). A walk of the whole bucket (what every
// read and 'history check' do, the path of "page 2: element 0: page N:
// 12288 bytes of data on 3 pages"), a descent to each key and the check
// of a branch page's children all read them as sound.
func TestWalkFullPages(t *testing.T) {
	pad := func(c byte, n int) []byte { return append([]byte{c}, bytes.Repeat([]byte{'.'}, n-1)...) }
	// The branch page: a header, 2 elements and the first keys of its
	// two leaves, a and c: 16 + 2*16 + 2024 + 2024 = 4096. The first leaf
	// holds a and b (bbolt splits 6 elements after the second, as they
	// pass half a page): 16 + 2*16 + 2024+5000 + 1+5215 = 12288. The
	// second holds c to f: 16 + 4*16 + 2024+3000 + 3*1 + 3000+3000+5277 =
	// 16384.
	keys := [][]byte{pad('a', 2024), []byte("b"), pad('c', 2024), []byte("d"), []byte("e"), []byte("f")}
	sizes := []int{5000, 5215, 3000, 3000, 3000, 5277}
	path := filepath.Join(t.TempDir(), "full.db")
	r, kv := boltKV(t, path, func(b *bolt.Bucket) (err error) {
		for i := 0; err == nil && i < len(keys); i++ {
			err = b.Put(keys[i], bytes.Repeat([]byte{byte(i)}, sizes[i]))
		}
		return err
	})

	// The layout this test is about, as bbolt wrote it.
	root, err := r.page(kv.root)
	if err != nil || !root.branch || root.count != 2 || root.pages != 1 || len(root.b) != 4096 {
		t.Fatalf("bbolt's root page: %v", err)
	}
	if _, end, _ := root.pos(1); end != 4096 {
		t.Fatalf("the branch page's data ends at %d", end)
	}
	for i, want := range []uint64{3, 4} {
		leaf, err := r.page(root.child(i))
		if err != nil {
			t.Fatalf("leaf %d: %v", i, err)
		}
		if _, _, end := leaf.pos(leaf.count - 1); leaf.pages != want || end != int(want)*4096 {
			t.Fatalf("leaf %d: %d bytes on %d pages, want %d full pages", i, end, leaf.pages, want)
		}
	}

	w := newWalk(r)
	var got [][]byte
	w.bucket(bucketRef{root: r.meta.root}, func(n *node, i int) {
		b, err := bucketOf(n.value(i), n.id)
		if err != nil {
			t.Fatal(err)
		}
		w.bucket(b, func(n *node, i int) { got = append(got, n.key(i)) })
	})
	if len(w.problems) != 0 || w.skipped != 0 || len(w.unreached()) != 0 {
		t.Fatalf("walk: %v, %d skipped, unreached %v", w.problems, w.skipped, w.unreached())
	}
	if len(got) != len(keys) {
		t.Fatalf("walk visited %d keys, want %d", len(got), len(keys))
	}
	for i, k := range keys {
		v, err := r.get(kv, k)
		if err != nil || !bytes.Equal(v, bytes.Repeat([]byte{byte(i)}, sizes[i])) {
			t.Fatalf("key %d: %d bytes, %v", i, len(v), err)
		}
	}
}

// boltKV writes with bbolt (pages of 4096 bytes) a store whose kv bucket
// fill fills, and opens it as the store reads it: the kv bucket must be
// on pages of its own, not inline.
func boltKV(t *testing.T, path string, fill func(b *bolt.Bucket) error) (*rawFile, bucketRef) {
	t.Helper()
	db, err := bolt.Open(path, 0o600, &bolt.Options{PageSize: 4096})
	if err != nil {
		t.Fatal(err)
	}
	err = db.Update(func(tx *bolt.Tx) error {
		b, err := tx.CreateBucket([]byte(skvBucket))
		if err == nil {
			err = fill(b)
		}
		return err
	})
	if err != nil || db.Close() != nil {
		t.Fatal(err)
	}
	r := openRawTest(t, path)
	kv, found, err := r.kvBucket()
	if err != nil || !found || kv.inline != nil {
		t.Fatalf("the kv bucket: %+v, %v, %v", kv, found, err)
	}
	return r, kv
}

// openRawTest opens the store file at path as the store reads it, closed
// when the test ends.
func openRawTest(t testing.TB, path string) *rawFile {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	r, err := openRaw(f)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.close)
	return r
}
