package history

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"iter"
	"math"
	"os"
	"reflect"
	"testing"

	"github.com/jsontui/jsontui/scoring/report"
)

func roundTrip(t *testing.T, nodes []report.Node) []report.Node {
	t.Helper()
	blob := encodeFigures(seqOf(nodes))
	n, err := checkFigures(blob)
	if err != nil {
		t.Fatal(err)
	}
	if n != len(nodes) {
		t.Fatalf("count %d, want %d", n, len(nodes))
	}
	return collect(decodeFigures(blob, "test"))
}

func stripValues(nodes []report.Node) []report.Node {
	out := append([]report.Node(nil), nodes...)
	for i := range out {
		out[i].Reference, out[i].Output = nil, nil
	}
	return out
}

func TestFiguresPizza(t *testing.T) {
	nodes := pizzaNodes(t)
	sameNodes(t, roundTrip(t, nodes), stripValues(nodes))
	t.Logf("pizza: %d nodes, figures %d bytes", len(nodes), len(encodeFigures(seqOf(nodes))))
}

func TestFiguresOddNodes(t *testing.T) {
	nodes := []report.Node{
		{Path: ".", Label: ".", Kind: "object", Status: "partial", Score: 0.5, HasScore: true, Weight: 1, Factor: 2, HasFactor: true, Share: 1, Loss: 0.25},
		{Path: `.["a key"]`, Depth: 1, Label: "a key", Kind: "string", Status: "match", Score: 1, HasScore: true, Weight: 1, Share: 0.5},
		{Path: `.["a key"][3]`, Depth: 2, Label: "[3]", Kind: "weird-kind", Status: "new-status", Weight: 1, Loss: 7},
		{Path: `.x["[\"y\"]"]`, Depth: 2, Label: `["y"]`, Kind: "null", Status: "ignored", Weight: 0},
		{Path: ".x.y", Depth: 2, Label: "not the key", Kind: "bool", Status: "type", HasScore: true, Weight: 0.3, Share: 0.1, Loss: 0.1},
		{Path: "", Depth: -4, Label: "", Kind: "", Status: ""},
		{Path: ".nan", Depth: 1, Label: "nan", Kind: "number", Status: "partial", Score: math.NaN(), HasScore: true, Weight: math.Inf(1), Share: math.Copysign(0, -1), Loss: math.NaN()},
	}
	got := roundTrip(t, nodes)
	for i := range nodes {
		g, w := got[i], nodes[i]
		if g.Path != w.Path || g.Depth != w.Depth || g.Label != w.Label || g.Kind != w.Kind || g.Status != w.Status ||
			g.HasScore != w.HasScore || g.HasFactor != w.HasFactor ||
			math.Float64bits(g.Score) != math.Float64bits(w.Score) && w.HasScore ||
			math.Float64bits(g.Weight) != math.Float64bits(w.Weight) ||
			math.Float64bits(g.Share) != math.Float64bits(w.Share) ||
			math.Float64bits(g.Loss) != math.Float64bits(w.Loss) {
			t.Errorf("node %d:\n got %+v\nwant %+v", i, g, w)
		}
	}
}

func TestFiguresBlocks(t *testing.T) {
	const n = 3*blockNodes + 17
	want := collect(genNodes(n, 1))
	sameNodes(t, roundTrip(t, want), want)

	// Stopping early is allowed.
	k := 0
	for range decodeFigures(encodeFigures(genNodes(n, 1)), "x") {
		if k++; k == 10 {
			break
		}
	}
	if k != 10 {
		t.Fatalf("stopped after %d", k)
	}
}

func TestFiguresEmpty(t *testing.T) {
	if b := encodeFigures(nil); b != nil {
		t.Fatalf("nil nodes encoded as %d bytes", len(b))
	}
	empty := func(func(*report.Node) bool) {}
	if got := roundTrip(t, nil); len(got) != 0 {
		t.Fatal(got)
	}
	if b := encodeFigures(empty); len(b) == 0 {
		t.Fatal("empty sequence not encoded")
	}
}

func TestFiguresDamage(t *testing.T) {
	blob := encodeFigures(seqOf(pizzaNodes(t)))
	for _, i := range []int{0, 3, len(blob) / 2, len(blob) - 1} {
		bad := append([]byte(nil), blob...)
		bad[i] ^= 0x40
		if _, err := checkFigures(bad); err == nil {
			t.Errorf("byte %d flipped: no error", i)
		}
	}
	if _, err := checkFigures(blob[:len(blob)-3]); err == nil {
		t.Error("truncated: no error")
	}
}

func TestPathLabel(t *testing.T) {
	for path, want := range map[string]string{
		".": ".", ".a": "a", ".a.b_c": "b_c", ".a[12]": "[12]", `.["unit price"]`: "unit price",
		`.a["x\"]"]`: `x"]`, `.a[""]`: "",
	} {
		if got, ok := pathLabel(path); !ok || got != want {
			t.Errorf("pathLabel(%q) = %q, %v; want %q", path, got, ok, want)
		}
	}
	if _, ok := pathLabel("nodots"); ok {
		t.Error("nodots: ok")
	}
}

func TestImpliedLabel(t *testing.T) {
	cases := []struct {
		path, label string
		want        bool
	}{
		{".", ".", true}, {".a", "a", true}, {".a.b_2", "b_2", true}, {".a[12]", "[12]", true},
		{".[0]", "[0]", true}, {`.["a b"]`, "a b", false}, {".a", "b", false}, {".ab", "b", false},
		{".a[1]", "1]", false}, {".x[]", "[]", false}, {".a", "", false},
	}
	for _, c := range cases {
		if got := impliedLabel(c.path, c.label); got != c.want {
			t.Errorf("impliedLabel(%q, %q) = %v", c.path, c.label, got)
		}
		if l, ok := pathLabel(c.path); c.want && (!ok || l != c.label) {
			t.Errorf("pathLabel(%q) = %q, %v: the decoder would not read back %q", c.path, l, ok, c.label)
		}
	}
}

// TestFiguresInParts checks that figures encoded in parts decode to the
// parts' nodes one after the other, and that a version 1 blob (one stream
// with no part length) still decodes.
func TestFiguresInParts(t *testing.T) {
	all := collect(genNodes(70_000, 3))
	cut := 41_234
	seq := func(nodes []report.Node) iter.Seq[*report.Node] {
		return func(yield func(*report.Node) bool) {
			for i := range nodes {
				if !yield(&nodes[i]) {
					return
				}
			}
		}
	}
	blob := encodeFigures(seq(all[:cut]), seq(all[cut:]))
	if n, err := checkFigures(blob); err != nil || n != len(all) {
		t.Fatalf("checkFigures: %d, %v", n, err)
	}
	got := collect(decodeFigures(blob, "parts"))
	if !reflect.DeepEqual(got, all) {
		t.Fatalf("parts decode to %d nodes, differing from the %d encoded", len(got), len(all))
	}
	part, count := encodePart(seq(all))
	stream := bytes.Join(part.list, nil)
	if len(stream) != part.n {
		t.Fatalf("encodePart wrote %d bytes, counted %d", len(stream), part.n)
	}
	v1 := append([]byte(figuresMagic), 1)
	v1 = binary.AppendUvarint(v1, uint64(count))
	v1 = binary.LittleEndian.AppendUint32(v1, crc32.ChecksumIEEE(stream))
	v1 = append(v1, stream...)
	if n, err := checkFigures(v1); err != nil || n != len(all) {
		t.Fatalf("version 1: %d, %v", n, err)
	}
	if got := collect(decodeFigures(v1, "v1")); !reflect.DeepEqual(got, all) {
		t.Fatalf("version 1 blob decodes differently")
	}
}

func TestCodesFollowTables(t *testing.T) {
	for i, k := range kinds {
		if got := kindCode(k); got != byte(i+1) {
			t.Errorf("kindCode(%q) = %d, want %d", k, got, i+1)
		}
	}
	for i, s := range statuses {
		if got := statusCode(s); got != byte(i+1) {
			t.Errorf("statusCode(%q) = %d, want %d", s, got, i+1)
		}
	}
	if kindCode("set") != 0 || statusCode("") != 0 {
		t.Error("an unknown name has a code")
	}
}

func TestCommonPrefix(t *testing.T) {
	cases := []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "abd", 2}, {".records[12].name", ".records[12].price", 13},
		{".records[1234567].x", ".records[1234567].x", 19}, {"abcdefgh", "abcdefghi", 8},
		{"abcdefghijklmnop", "abcdefghijklmnoX", 15}, {"x", "", 0},
	}
	for _, c := range cases {
		if got := commonPrefix([]byte(c.a), c.b); got != c.want {
			t.Errorf("commonPrefix(%q, %q) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// TestDecodeEarlierBlocks decodes figures written with 32K-node blocks,
// as jsontui wrote them before it went to 16K: stored runs must stay
// readable. The blob holds genNodes(40000, 9).
func TestDecodeEarlierBlocks(t *testing.T) {
	blob, err := os.ReadFile("testdata/figures-v2-32k.bin")
	if err != nil {
		t.Fatal(err)
	}
	want := collect(genNodes(40000, 9))
	if n, err := checkFigures(blob); err != nil || n != len(want) {
		t.Fatalf("checkFigures: %d, %v", n, err)
	}
	got := collect(decodeFigures(blob, "old"))
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("decoded %d nodes, differing from the %d written", len(got), len(want))
	}
}
