package jsondoc

import (
	"testing"
	"unsafe"
)

// TestSubRoot: the sub-document of a document's root is that document
// under another name, without its warnings and repair (as any Sub), and
// shares its records instead of copying them (a folder's case holds its
// files' whole documents: the copy of a 20 MB document's records doubled
// them).
func TestSubRoot(t *testing.T) {
	d, err := ParseLenient("out.json", []byte("```json\n{\"a\": [1, 2], \"a\": {\"k\": \"x\"}, \"b\": null}\n```"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if d.Repair() == "" || len(d.Warnings()) != 1 {
		t.Fatalf("the document: repair %q, warnings %v", d.Repair(), d.Warnings())
	}
	s := d.Sub(0, "case a")
	if s.Name() != "case a" || s.Repair() != "" || len(s.Warnings()) != 0 || s.Len() != d.Len() || s.Containers() != d.Containers() {
		t.Errorf("Sub(0): name %q, repair %q, warnings %v, %d values and %d containers of %d and %d",
			s.Name(), s.Repair(), s.Warnings(), s.Len(), s.Containers(), d.Len(), d.Containers())
	}
	if string(s.Raw(0)) != string(d.Raw(0)) || s.Str(s.Lookup(s.Lookup(0, "a"), "k")) != "x" {
		t.Errorf("Sub(0) reads %s, want %s", s.Raw(0), d.Raw(0))
	}
	if unsafe.SliceData(s.nodes) != unsafe.SliceData(d.nodes) {
		t.Error("Sub(0) copied the records")
	}
	inner := d.Sub(d.Lookup(0, "a"), "a")
	if unsafe.SliceData(inner.nodes) == unsafe.SliceData(d.nodes) || string(inner.Raw(0)) != `{"k": "x"}` {
		t.Errorf("Sub of .a: %s", inner.Raw(0))
	}
}
