package jsondoc

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"unsafe"
)

// TestParseWideScratch measures what parsing one object of 100,000 keys
// allocates besides the document's value table: the duplicate-key check's
// scratch. Issue 10: the members' key signatures grew by appending (about
// 10 bytes a key of garbage) and a hash table of 8-byte slots was made
// for them with a list of the members: 31 bytes a key, garbage that was
// still there when the tree was built. An open-addressed table of member
// ids (4 bytes a slot, at most 3/4 full) costs 10.5 bytes a key here.
func TestParseWideScratch(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector allocates on its own")
	}
	const n = 100_000
	src := wideObject(n)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	d, err := Parse("wide.json", src, nil)
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	table := uint64(cap(d.nodes)) * uint64(unsafe.Sizeof(node{}))
	perKey := float64(after.TotalAlloc-before.TotalAlloc-table) / n
	if perKey > 12 {
		t.Errorf("the parse allocated %.1f bytes a key besides its value table, want at most 12", perKey)
	}
	if d.Count(0) != n || len(d.Warnings()) != 0 {
		t.Fatalf("%d members, %d warnings", d.Count(0), len(d.Warnings()))
	}
}

// TestDuplicateKeysLargeOrder pins the warnings of a large object (the
// table path) whose keys repeat up to three times: one per shadowed
// member, the last member first, each at the line:col of the last
// occurrence of its key, which is the one kept.
func TestDuplicateKeysLargeOrder(t *testing.T) {
	var sb strings.Builder
	sb.WriteString("{")
	keys := []string{}
	for i := range 30 {
		keys = append(keys, fmt.Sprintf("u%d", i))
	}
	keys = append(keys, "a", "b", "a", "c", `\u0062`, "a", "d")
	for i, k := range keys {
		if i > 0 {
			sb.WriteString(",\n")
		}
		fmt.Fprintf(&sb, `"%s": %d`, k, i)
	}
	sb.WriteString("}")
	d, err := Parse("dups.json", []byte(sb.String()), nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, w := range d.Warnings() {
		got = append(got, fmt.Sprintf("%s %d:%d", w.Path, w.Line, w.Col))
	}
	want := []string{".a 36:1", ".b 35:1", ".a 36:1"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("warnings %v, want %v", got, want)
	}
	if d.Count(0) != 34 || d.Float(d.Lookup(0, "a")) != 35 || d.Float(d.Lookup(0, "b")) != 34 {
		t.Errorf("count %d, a %v, b %v", d.Count(0), d.Float(d.Lookup(0, "a")), d.Float(d.Lookup(0, "b")))
	}
}
