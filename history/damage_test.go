package history

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// rawPage is a page of a bolt file as the tests read it, without the
// package's own reader: its id, flags, count and the page's bytes.
type rawPage struct {
	id           uint64
	flags, count uint16
	data         []byte
}

// testPages returns the pages of the bolt file data, by id (page size 4096
// as every store of these tests has), and the root page of the "kv"
// bucket (0 when it is inline).
func testPages(t testing.TB, data []byte) (page func(id uint64) rawPage, kvRoot uint64) {
	t.Helper()
	const ps = 4096
	e := binary.NativeEndian
	page = func(id uint64) rawPage {
		b := data[id*ps : (id+1)*ps]
		return rawPage{id: id, flags: e.Uint16(b[8:]), count: e.Uint16(b[10:]), data: b}
	}
	meta := func(id uint64) (root, txid uint64) {
		b := page(id).data[16:]
		return e.Uint64(b[16:]), e.Uint64(b[48:])
	}
	root, tx0 := meta(0)
	if r1, tx1 := meta(1); tx1 > tx0 {
		root = r1
	}
	p := page(root)
	for i := 0; i < int(p.count); i++ {
		el := p.data[16+16*i:]
		pos, ksize := int(e.Uint32(el[4:])), int(e.Uint32(el[8:]))
		if string(el[pos:pos+ksize]) == "kv" {
			return page, e.Uint64(el[pos+ksize:])
		}
	}
	t.Fatal("no kv bucket")
	return nil, 0
}

// branchUsed returns how many bytes of branch page p bolt uses: the
// header, the elements and the keys.
func branchUsed(p rawPage) int {
	e := binary.NativeEndian
	end := 16 + 16*int(p.count)
	for i := 0; i < int(p.count); i++ {
		el := p.data[16+16*i:]
		end = max(end, 16+16*i+int(e.Uint32(el[0:]))+int(e.Uint32(el[4:])))
	}
	return end
}

// damagedStore records runs small runs into a new store and returns the
// store file's bytes and the id of the kv bucket's root page, a branch
// page.
func damagedStore(t *testing.T, runs int) (data []byte, branch uint64, ids []string) {
	t.Helper()
	s := tempStore(t)
	for i := 0; i < runs; i++ {
		id, err := s.Record(testRun(t.TempDir(), float64(i)/100), seqOf(pizzaNodes(t)))
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	page, root := testPages(t, data)
	if root == 0 || page(root).flags != 0x01 {
		t.Fatalf("the kv bucket's root %d is not a branch page", root)
	}
	return data, root, ids
}

// TestFlippedBranchByte changes, one at a time, each byte bolt uses of a
// branch page of a store of 20 runs. Before, some of these made the store
// read as empty. Every read must now say that the store is damaged, name
// it, and still give the 20 runs (their records are intact); a record
// must not go into the damaged file; a repair must give back a sound
// store of the 20 runs, keeping the damaged file as it was.
func TestFlippedBranchByte(t *testing.T) {
	data, branch, ids := damagedStore(t, 20)
	used := branchUsed(rawPage{data: data[branch*4096 : (branch+1)*4096],
		count: binary.NativeEndian.Uint16(data[branch*4096+10:])})
	dir := t.TempDir()
	for off := 0; off < used; off++ {
		damaged := append([]byte(nil), data...)
		damaged[int(branch)*4096+off] ^= 0x5a
		path := filepath.Join(dir, "history.db")
		os.RemoveAll(dir)
		os.MkdirAll(dir, 0o700)
		if err := os.WriteFile(path, damaged, 0o600); err != nil {
			t.Fatal(err)
		}
		s := Open(path)
		runs, err := s.List(ListOptions{})
		var de *DamagedError
		if !errors.As(err, &de) || !strings.HasPrefix(err.Error(), path+": the store is damaged: ") {
			t.Errorf("byte %d of branch page %d: %d runs listed of %d, and %v", off, branch, len(runs), len(ids), err)
			continue
		}
		if len(runs) != len(ids) {
			t.Errorf("byte %d: %d runs read of %d (%v)", off, len(runs), len(ids), err)
		}
		if off%16 != 0 {
			continue
		}
		if r, err := s.Get(ids[3]); !errors.As(err, &de) || r == nil || r.ID != ids[3] || r.NodeCount != 15 {
			t.Errorf("byte %d: get: %+v, %v", off, r, err)
		}
		if _, err := s.Remove(ids[3]); !errors.As(err, &de) {
			t.Errorf("byte %d: remove: %v", off, err)
		}
		_, err = s.Record(testRun(t.TempDir(), 0.5), nil)
		var pe *PendingError
		if !errors.As(err, &pe) || !errors.As(err, &de) {
			t.Errorf("byte %d: record: %v", off, err)
		}
		if got, _ := os.ReadFile(path); !bytes.Equal(got, damaged) {
			t.Errorf("byte %d: the damaged file was written to", off)
		}
		if rep, err := s.Check(); err != nil || len(rep.Problems) == 0 || rep.Recoverable != len(ids) {
			t.Errorf("byte %d: check: %+v, %v", off, rep, err)
		}
		rep, err := s.Repair()
		if err != nil || rep.Kept == "" || rep.Runs != len(ids) || len(rep.Lost) != 0 {
			t.Errorf("byte %d: repair: %+v, %v", off, rep, err)
			continue
		}
		if kept, _ := os.ReadFile(rep.Kept); !bytes.Equal(kept, damaged) {
			t.Errorf("byte %d: the damaged file was not kept as it was", off)
		}
		runs, err = s.List(ListOptions{})
		if err != nil || len(runs) != len(ids)+1 {
			t.Errorf("byte %d: after the repair: %d runs, %v", off, len(runs), err)
		}
		if rep, err := s.Check(); err != nil || len(rep.Problems) != 0 || rep.Runs != len(ids)+1 {
			t.Errorf("byte %d: check after the repair: %+v, %v", off, rep, err)
		}
	}
}

// TestFlippedIndexByte changes, one at a time, each byte bolt uses of the
// leaf page that holds the index's head and chunks: every read must say
// the store is damaged (the chunks and the head carry checksums of their
// keys and values; the page's layout is checked), and still list the
// runs, from their records.
func TestFlippedIndexByte(t *testing.T) {
	data, _, ids := damagedStore(t, 20)
	page, root := testPages(t, data)
	// Down the first children to the leftmost leaf, which holds "index".
	p := page(root)
	for p.flags == 0x01 {
		p = page(binary.NativeEndian.Uint64(p.data[16+8:]))
	}
	e := binary.NativeEndian
	end := 16 + 16*int(p.count)
	for i := 0; i < int(p.count); i++ {
		el := p.data[16+16*i:]
		end = max(end, 16+16*i+int(e.Uint32(el[4:]))+int(e.Uint32(el[8:]))+int(e.Uint32(el[12:])))
	}
	if !bytes.Contains(data[int(p.id)*4096:int(p.id)*4096+end], []byte(headKey)) {
		t.Fatalf("page %d (%d bytes used) does not hold the index", p.id, end)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "history.db")
	// Every byte of the page header and the elements; of the keys and
	// values, which the checksums cover whole, every 13th.
	for off := 0; off < end; off++ {
		if off >= 16+16*int(p.count) && off%13 != 0 {
			continue
		}
		damaged := append([]byte(nil), data...)
		damaged[int(p.id)*4096+off] ^= 0x5a
		if err := os.WriteFile(path, damaged, 0o600); err != nil {
			t.Fatal(err)
		}
		runs, err := Open(path).List(ListOptions{})
		if !errors.As(err, new(*DamagedError)) || len(runs) != len(ids) {
			t.Errorf("byte %d of index page %d: %d runs of %d, %v", off, p.id, len(runs), len(ids), err)
		}
	}
}

// TestRandomFlips changes one byte anywhere in a store of runs, many
// times: no operation panics or hangs, a list never shows a run that is
// not recorded or with other figures, a run read is the run recorded, and
// where a read of every run fails, a check finds the damage.
func TestRandomFlips(t *testing.T) {
	trials := 60
	if testing.Short() {
		trials = 10
	}
	s := tempStore(t)
	want := map[string]float64{}
	for i := 0; i < 12; i++ {
		id, err := s.Record(testRun(t.TempDir(), float64(i)/16), genNodes(40+i*30, uint64(i)))
		if err != nil {
			t.Fatal(err)
		}
		want[id] = float64(i) / 16
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(5, 6))
	dir := t.TempDir()
	for trial := 0; trial < trials; trial++ {
		off := 2*4096 + rng.IntN(len(data)-2*4096) // not the meta pages
		damaged := append([]byte(nil), data...)
		damaged[off] ^= byte(1 + rng.IntN(255))
		path := filepath.Join(dir, fmt.Sprint(trial), "history.db")
		os.MkdirAll(filepath.Dir(path), 0o700)
		if err := os.WriteFile(path, damaged, 0o600); err != nil {
			t.Fatal(err)
		}
		d := Open(path)
		d.Wait = time.Second
		runs, listErr := d.List(ListOptions{})
		if listErr != nil && !refused(listErr) {
			t.Errorf("byte %d: list: %v", off, listErr)
		}
		readErr := false
		for _, r := range runs {
			score, ok := want[r.ID]
			if !ok || r.Score != score {
				t.Errorf("byte %d: list shows %s with %v", off, r.ID, r.Score)
			}
			run, err := d.Get(r.ID)
			if err != nil && !refused(err) {
				t.Errorf("byte %d: get: %v", off, err)
			}
			if run != nil && (run.Score != score || len(collect(run.Nodes())) != run.NodeCount) {
				t.Errorf("byte %d: run %s read wrong", off, r.ID)
			}
			readErr = readErr || err != nil
		}
		rep, err := d.Check()
		if err != nil && !refused(err) {
			t.Errorf("byte %d: check: %v", off, err)
		}
		if (readErr || listErr != nil) && err == nil && len(rep.Problems) == 0 {
			t.Errorf("byte %d: reads fail (%v), check finds nothing", off, listErr)
		}
		if _, err := d.Repair(); err != nil && !refused(err) {
			t.Errorf("byte %d: repair: %v", off, err)
		}
		if runs, err := d.List(ListOptions{}); err != nil && !refused(err) || len(runs) > len(want) {
			t.Errorf("byte %d: after repair: %d runs, %v", off, len(runs), err)
		}
	}
}
