package langchain

import (
	"fmt"
	"testing"

	"github.com/jsontui/jsontui/scoring/gen"
)

// BenchmarkRead measures reading a generated output of 1, 20 and 200 MB
// (200 skipped with -short) as LangChain does: whole (json.loads reads it
// at once), in a ```json fence (the fallback), and cut short by 100 bytes
// (parse_partial_json's repair: LangChain's loop would call json.loads
// about 100 times on the whole text; jsontui reads it twice).
func BenchmarkRead(b *testing.B) {
	for _, mb := range []int{1, 20, 200} {
		if mb > 20 && testing.Short() {
			continue
		}
		_, out := gen.Pair(mb<<20, 1)
		for _, c := range []struct {
			name string
			text []byte
		}{
			{"whole", out},
			{"fenced", append(append([]byte("Here you are:\n```json\n"), out...), "\n```\n"...)},
			{"truncated", out[:len(out)-100]},
		} {
			b.Run(fmt.Sprintf("%s/%dMB", c.name, mb), func(b *testing.B) {
				b.SetBytes(int64(len(c.text)))
				b.ReportAllocs()
				for b.Loop() {
					if _, err := Read("out.json", c.text); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
