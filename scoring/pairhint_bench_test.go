package scoring

import (
	"fmt"
	"strings"
	"testing"
)

// hintLists returns k lists of n records with strings of size letters,
// each output list missing its first record: every list wants a hint.
func hintLists(k, n, size int) (string, string) {
	var ref, out strings.Builder
	ref.WriteString("[")
	out.WriteString("[")
	for l := range k {
		if l > 0 {
			ref.WriteString(",")
			out.WriteString(",")
		}
		r, o := recordStrings(n, size)
		ref.WriteString(r)
		out.WriteString(o)
	}
	ref.WriteString("]")
	out.WriteString("]")
	return ref.String(), out.String()
}

// BenchmarkPairingHints times a build with and without the pairing
// hints: on the invoice (one hint); on k lists of 60 records of
// 500-character strings that all want one, k = 4, 40 (past MaxHintWork)
// and 400 (the hints' work bounded, the build's own ten times more); and
// on a list of 150 and of 1,500 shuffled records (best past the bound).
func BenchmarkPairingHints(b *testing.B) {
	inv := invoice(b)
	type input struct {
		name string
		in   *Input
	}
	ins := []input{{"invoice", inv}}
	for _, k := range []int{4, 40, 400} {
		r, o := hintLists(k, 60, 500)
		ins = append(ins, input{fmt.Sprintf("lists-%d", k), docs(b, r, o)})
	}
	// One list of records shuffled: best is tried up to its work.
	for _, n := range []int{150, 1500} {
		r, o := recordList(n, 1)
		ins = append(ins, input{fmt.Sprintf("records-%d", n), docs(b, `{"l": `+r+`}`, `{"l": `+o+`}`)})
	}
	for _, c := range ins {
		for _, hints := range []bool{false, true} {
			b.Run(fmt.Sprintf("%s/hints=%v", c.name, hints), func(b *testing.B) {
				if testing.Short() && strings.HasSuffix(c.name, "-400") {
					b.Skip("short")
				}
				for b.Loop() {
					if _, err := Build(c.in.Ref, c.in.Out, nil, Options{PairingHints: hints}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkPairingHintsGenerated times a build of the generated pairs
// (1, 20 and 200 MB each) with and without the pairing hints: the walk
// for candidate arrays and the hints, within MaxHintWork.
func BenchmarkPairingHintsGenerated(b *testing.B) {
	for _, mb := range benchSizes() {
		r, o := benchDocs(b, mb)
		for _, hints := range []bool{false, true} {
			b.Run(fmt.Sprintf("%dMB/hints=%v", mb, hints), func(b *testing.B) {
				var tree *Tree
				for b.Loop() {
					tree, _ = Build(r, o, nil, Options{PairingHints: hints})
				}
				b.ReportMetric(float64(len(tree.PairingHints())), "hints")
			})
		}
	}
}
