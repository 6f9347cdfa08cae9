package scoring

import (
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// editDistancePair returns a generated reference and an output text whose
// canonical texts have about chars characters each: the output is the
// pair's own (close to the reference) or another seed's (unrelated).
func editDistancePair(b *testing.B, chars int, unrelated bool) (*jsondoc.Doc, []byte) {
	size := chars * 11 / 10 // canonical text drops the generator's white space
	ref, out := gen.Pair(size, 1)
	if unrelated {
		out, _ = gen.Pair(size, 2)
	}
	rd, err := jsondoc.Parse("ref.json", ref, nil)
	if err != nil {
		b.Fatal(err)
	}
	return rd, out
}

// BenchmarkEditDistance measures --metric edit-distance end to end (the
// output read as LangChain reads it, both canonical texts, the distance)
// on generated documents whose canonical texts have about 20,000,
// 200,000 and 600,000 characters (the last two skipped with -short): an
// output close to its reference, and an unrelated one. The work is the
// band of the matrix the texts' Levenshtein distance leaves: most of it
// for unrelated texts, a sliver for close ones. The limit,
// MaxEditDistanceWork, is two unrelated texts of 200,000 characters; at
// 600,000 only the close pair is within it.
func BenchmarkEditDistance(b *testing.B) {
	m, _ := LookupMetric("edit-distance")
	for _, chars := range []int{20_000, 200_000, 600_000} {
		if chars > 20_000 && testing.Short() {
			continue
		}
		for _, unrelated := range []bool{false, true} {
			if unrelated && chars > 200_000 {
				continue
			}
			ref, out := editDistancePair(b, chars, unrelated)
			name := "close"
			if unrelated {
				name = "unrelated"
			}
			b.Run(fmt.Sprintf("%s/%d", name, chars), func(b *testing.B) {
				var res *Result
				for b.Loop() {
					var err error
					if res, err = Run(m, &Input{Ref: ref, OutName: "out.json", OutText: out}); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(CanonicalJSON(ref))), "ref-chars")
				b.ReportMetric(res.Extra["distance"], "distance")
			})
		}
	}
}
