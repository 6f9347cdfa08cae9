package history

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"
)

// damageTable, set by -damage-table, makes TestDamageTable measure, on
// every damaged store the damage tests make, what bbolt's own checks find
// and what only the store's reader finds (docs/history-store.md tables
// it). It starts a process a store, so it is left out of the suite.
var damageTable = flag.Bool("damage-table", false, "measure bbolt's checks against the store's on damaged stores")

// envProbe names the store file a probe process reads (see
// TestHelperBboltProbe).
const envProbe = "JSONTUI_HISTORY_TEST_PROBE"

// probeResult is what a probe process found reading a store with bbolt
// alone: Open, Tx.Check, then every key of the store's bucket.
type probeResult struct {
	Open        string // "ok", or bbolt.Open's error, or "panic: ..."
	CheckErrors int    // what Tx.Check reported, panics included
	CheckPanics int    // of those, the panics Tx.Check recovered
	CheckFirst  string
	Read        string // "ok", or the panic reading the bucket
	Records     int    // run records read
	BadRecords  int    // of those, the ones that do not decode
}

// TestHelperBboltProbe is not a test: in a process started by probeStore
// it reads the store named by envProbe with bbolt alone and prints a
// probeResult. A fault bbolt does not recover from ends the process: the
// parent counts it.
func TestHelperBboltProbe(t *testing.T) {
	path := os.Getenv(envProbe)
	if path == "" {
		t.Skip("runs only as a probe process")
	}
	debug.SetPanicOnFault(true)
	// A damaged page can send bbolt round a loop, taking memory as it goes.
	syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30})
	var res probeResult
	func() {
		defer func() {
			if r := recover(); r != nil {
				res.Open = fmt.Sprintf("panic: %v", r)
			}
		}()
		db, err := bolt.Open(path, 0o600, &bolt.Options{ReadOnly: true, Timeout: time.Second, PreLoadFreelist: true})
		if err != nil {
			res.Open = err.Error()
			return
		}
		res.Open = "ok"
		db.View(func(tx *bolt.Tx) error {
			for err := range tx.Check() {
				res.CheckErrors++
				if strings.Contains(fmt.Sprintf("%T", err), "panicked") {
					res.CheckPanics++
				}
				if res.CheckFirst == "" {
					res.CheckFirst = err.Error()
				}
			}
			res.Read = "ok"
			defer func() {
				if r := recover(); r != nil {
					res.Read = fmt.Sprintf("panic: %v", r)
				}
			}()
			b := tx.Bucket([]byte(skvBucket))
			if b == nil {
				return nil
			}
			return b.ForEach(func(k, v []byte) error {
				if _, _, isPiece := pieceOf(k); isPiece || !bytes.HasPrefix(k, []byte(runPrefix)) {
					return nil
				}
				res.Records++
				if rec, err := decodeRecord(v); err != nil || rec.ID != string(k[len(runPrefix):]) {
					res.BadRecords++
				}
				return nil
			})
		})
	}()
	out, _ := json.Marshal(res)
	fmt.Printf("probe %s\n", out)
}

// probeStore reads the store at path in a probe process; died says how
// the process ended when it did not print its result: a fault bbolt did
// not turn into a panic, or a loop that ran out of time or memory.
func probeStore(path string) (res probeResult, died string) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperBboltProbe$")
	cmd.Env = append(os.Environ(), envProbe+"="+path)
	out, err := cmd.Output()
	for _, line := range strings.Split(string(out), "\n") {
		if j, ok := strings.CutPrefix(line, "probe "); ok {
			if json.Unmarshal([]byte(j), &res) == nil && err == nil {
				return res, ""
			}
		}
	}
	switch {
	case ctx.Err() != nil:
		return res, "loops"
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) && (bytes.Contains(exit.Stderr, []byte("out of memory")) || bytes.Contains(exit.Stderr, []byte("stack exceeds"))) {
		return res, "loops"
	}
	return res, "faults"
}

// damageCase is one damaged store file, of a kind, with the runs the
// sound store held.
type damageCase struct {
	kind, what string
	data       []byte
	runs       int
}

// damageCases makes the damaged stores of the damage tests.
func damageCases(t *testing.T) []damageCase {
	var cases []damageCase
	add := func(kind, what string, data []byte, runs int) {
		cases = append(cases, damageCase{kind, what, data, runs})
	}
	// TestFlippedBranchByte: each byte bolt uses of the kv bucket's root,
	// a branch page, of a store of 20 runs.
	data, branch, ids := damagedStore(t, 20)
	used := branchUsed(rawPage{data: data[branch*4096 : (branch+1)*4096], count: binary.NativeEndian.Uint16(data[branch*4096+10:])})
	for off := 0; off < used; off++ {
		d := slices.Clone(data)
		d[int(branch)*4096+off] ^= 0x5a
		add("branch page byte", fmt.Sprintf("byte %d", off), d, len(ids))
	}
	// TestFlippedIndexByte: the leaf page of the index.
	page, root := testPages(t, data)
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
	for off := 0; off < end; off++ {
		if off >= 16+16*int(p.count) && off%13 != 0 {
			continue
		}
		d := slices.Clone(data)
		d[int(p.id)*4096+off] ^= 0x5a
		add("index leaf byte", fmt.Sprintf("byte %d", off), d, len(ids))
	}
	// Each page of the same store zeroed, and the file cut at each page.
	for pg := 2; pg < len(data)/4096; pg++ {
		d := slices.Clone(data)
		clear(d[pg*4096 : (pg+1)*4096])
		add("zeroed page", fmt.Sprintf("page %d", pg), d, len(ids))
		add("truncated", fmt.Sprintf("at page %d of %d", pg, len(data)/4096), slices.Clone(data[:pg*4096]), len(ids))
	}
	cases = append(cases, randomFlipCases(t)...)
	return append(cases, randomPageCases(t)...)
}

// randomFlipCases: TestRandomFlips's 60 bytes changed anywhere.
func randomFlipCases(t *testing.T) []damageCase {
	s := tempStore(t)
	for i := 0; i < 12; i++ {
		if _, err := s.Record(testRun(t.TempDir(), float64(i)/16), genNodes(40+i*30, uint64(i))); err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	var cases []damageCase
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 60; trial++ {
		off := 2*4096 + rng.IntN(len(data)-2*4096)
		d := slices.Clone(data)
		d[off] ^= byte(1 + rng.IntN(255))
		cases = append(cases, damageCase{"random byte", fmt.Sprintf("byte %d", off), d, 12})
	}
	return cases
}

// randomPageCases: TestDamagedPages's 40 pages of random bytes.
func randomPageCases(t *testing.T) []damageCase {
	var cases []damageCase
	for trial := 0; trial < 40; trial++ {
		s := tempStore(t)
		for i := 0; i < 3; i++ {
			if _, err := s.Record(testRun(t.TempDir(), 0.5), genNodes(3000, 1)); err != nil {
				t.Fatal(err)
			}
		}
		data, err := os.ReadFile(s.Path())
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(trial), 2))
		page := 2 + rng.IntN(len(data)/4096-2)
		for i := page * 4096; i < (page+1)*4096; i++ {
			data[i] = byte(rng.Uint32())
		}
		cases = append(cases, damageCase{"random page", fmt.Sprintf("page %d", page), data, 3})
	}
	return cases
}

// damageRow counts, for a kind of damage, what bbolt and the store found.
type damageRow struct {
	cases, openFails, crashes, loops, checkFinds, checkPanics, readPanics int
	silent, short, ours, oursOnly, bboltOnly, neither                     int
}

// TestDamageTable measures (with -damage-table) bbolt's checks against
// the store's on each damaged store: bbolt.Open, Tx.Check and a read of
// every record in a process of their own, then the store's Check. The
// store must find whatever bbolt finds, and any damage that makes bbolt
// read fewer records, or bad ones; damage that neither sees (a byte of a
// free page, or of a page's unused end) is counted.
func TestDamageTable(t *testing.T) {
	if !*damageTable {
		t.Skip("measures with -damage-table")
	}
	rows := map[string]*damageRow{}
	var kinds []string
	dir := t.TempDir()
	for i, c := range damageCases(t) {
		row := rows[c.kind]
		if row == nil {
			row = &damageRow{}
			rows[c.kind] = row
			kinds = append(kinds, c.kind)
		}
		row.cases++
		path := filepath.Join(dir, fmt.Sprint(i), "history.db")
		os.MkdirAll(filepath.Dir(path), 0o700)
		if err := os.WriteFile(path, c.data, 0o600); err != nil {
			t.Fatal(err)
		}
		res, died := probeStore(path)
		bboltFinds := true
		switch {
		case died == "loops":
			row.loops++
			t.Logf("%s, %s: bbolt loops", c.kind, c.what)
		case died != "":
			row.crashes++
			t.Logf("%s, %s: bbolt faults", c.kind, c.what)
		case res.Open != "ok":
			row.openFails++
		case res.CheckErrors > 0:
			row.checkFinds++
			if res.CheckPanics > 0 {
				row.checkPanics++
			}
		case strings.HasPrefix(res.Read, "panic"):
			row.readPanics++
		default:
			bboltFinds = false
			row.silent++
			if res.Records < c.runs || res.BadRecords > 0 {
				row.short++
			}
		}
		s := Open(path)
		s.Wait = time.Second
		rep, err := s.Check()
		found := err != nil || len(rep.Problems) > 0
		if found {
			row.ours++
		}
		if found && !bboltFinds {
			row.oursOnly++
			first := fmt.Sprint(err)
			if err == nil {
				first = rep.Problems[0]
			}
			t.Logf("%s, %s: bbolt sees %d of %d records (%d bad); the store: %s", c.kind, c.what, res.Records, c.runs, res.BadRecords, first)
		}
		switch {
		case !found && bboltFinds:
			row.bboltOnly++
			t.Errorf("%s, %s: bbolt alone finds it: open %q, check %q, read %q", c.kind, c.what, res.Open, res.CheckFirst, res.Read)
		case !found && (res.Records < c.runs || res.BadRecords > 0):
			row.neither++
			t.Errorf("%s, %s: bbolt reads %d of %d records (%d bad), and the store finds nothing", c.kind, c.what, res.Records, c.runs, res.BadRecords)
		case !found:
			row.neither++
			t.Logf("%s, %s: neither finds anything; bbolt reads %d of %d records (%d bad)", c.kind, c.what, res.Records, c.runs, res.BadRecords)
		}
	}
	t.Logf("\n%s", damageTableText(rows, kinds))
}

// damageTableText renders the damage table, one row per kind in first-seen order.
func damageTableText(rows map[string]*damageRow, kinds []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "| damage | cases | bbolt.Open fails | process faults | loops (time, memory) | Tx.Check reports (of which panics) | read panics | bbolt silent (records short or bad) | store finds | store alone | bbolt alone | neither |\n")
	for _, k := range kinds {
		r := rows[k]
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %d (%d) | %d | %d (%d) | %d | %d | %d | %d |\n",
			k, r.cases, r.openFails, r.crashes, r.loops, r.checkFinds, r.checkPanics, r.readPanics, r.silent, r.short, r.ours, r.oursOnly, r.bboltOnly, r.neither)
	}
	return b.String()
}
