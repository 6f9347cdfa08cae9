package dataset

import (
	"bytes"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// TestFastLinesMutated changes one byte of a case line before its
// "nodes" (where the fast path reads everything), the line before it read
// first so that the reader's caches of that line are in play: the fast
// path either leaves the line to the general reader, or reads in it what
// the general reader reads. It never takes a line the general reader
// refuses.
func TestFastLinesMutated(t *testing.T) {
	lines := caseLines(t, Spec{Ref: genRecords(t, t.TempDir(), 40, 5), GroupBy: ".category"}, Config{})
	rng := rand.New(rand.NewPCG(22, 1))
	const alphabet = "0123456789-+.eE,[]\"nul\\ x"
	taken := 0
	for n := range 1500 {
		k := 1 + rng.IntN(len(lines)-1)
		prev := []byte(strings.TrimSuffix(lines[k-1], "\n"))
		line := []byte(strings.TrimSuffix(lines[k], "\n"))
		end := bytes.Index(line, []byte(`, "nodes": `))
		at := rng.IntN(end)
		line[at] = alphabet[rng.IntN(len(alphabet))]

		fast := &lineReader{paths: pathCache{table: newPathTable()}}
		var primed caseResult
		if !fast.fastRead(prev, &primed) {
			t.Fatalf("line %d takes the general reader", k)
		}
		var a, b caseResult
		if !fast.fastRead(line, &a) {
			continue
		}
		taken++
		slow := &lineReader{paths: pathCache{table: fast.paths.table}}
		d, err := jsondoc.Parse("s.jsonl", line, nil)
		if err != nil {
			t.Fatalf("mutation %d: the fast path takes a line that does not parse (%v):\n%s", n, err, line)
		}
		if e := slow.readLine(d, &b); e != nil {
			t.Fatalf("mutation %d: the fast path takes a line the general reader refuses (%s):\n%s", n, e.msg, line)
		}
		if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(fast.acc.parts, slow.acc.parts) {
			t.Fatalf("mutation %d: the fast path reads\n%+v\n%+v\nthe general reader\n%+v\n%+v\nin %s", n, a, fast.acc.parts, b, slow.acc.parts, line)
		}
	}
	t.Logf("%d of 1500 mutated lines taken by the fast path", taken)
	if taken < 100 {
		t.Errorf("the fast path took only %d mutated lines: the test sees little", taken)
	}
}
