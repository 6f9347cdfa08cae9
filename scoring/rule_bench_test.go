package scoring

import (
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring/textdist"
)

// benchRules compare the generated records' fields by rules: a name by
// damerau, a price within a cent, a comment by its words, tags exactly.
const benchRules = `{
  ".records[].name": "damerau",
  ".records[].price": {"abs_tol": 0.01},
  ".records[].comment": "token-f1",
  ".records[].tags[]": "exact"
}`

// BenchmarkBuildRules scores generated pairs of 1, 20 and 200 MB without
// rules and with benchRules, and checks the rules' paths (RulesUsage), as
// score does: the rules' cost is the difference.
func BenchmarkBuildRules(b *testing.B) {
	rs, err := ParseRules("rules.json", []byte(benchRules))
	if err != nil {
		b.Fatal(err)
	}
	for _, mb := range benchSizes() {
		ref, out := benchDocs(b, mb)
		for _, c := range []struct {
			name  string
			rules *RuleSet
		}{{"none", nil}, {"rules", rs}} {
			b.Run(fmt.Sprintf("%dMB/%s", mb, c.name), func(b *testing.B) {
				b.SetBytes(int64(ref.Size() + out.Size()))
				b.ReportAllocs()
				for b.Loop() {
					t, err := Build(ref, out, nil, Options{KeyRules: c.rules})
					if err != nil {
						b.Fatal(err)
					}
					if err := t.CheckRules(); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkDateRule compares two dates written differently.
func BenchmarkDateRule(b *testing.B) {
	r := Rule{Kind: RuleDate}
	b.ReportAllocs()
	for b.Loop() {
		if o, err := r.strings("2024-05-15", "15.05.2024", textdist.Limits{}); err != nil || o.Score != 1 {
			b.Fatal("not the same date")
		}
	}
}
