package schemacheck

import (
	"fmt"
	"testing"
)

// BenchmarkSchemaPlace times placing a violation at every member of an
// object and every element of a list, of 5,000, 50,000 and 500,000 each
// (TestSchemaPlaceIsLinear holds it to its work).
func BenchmarkSchemaPlace(b *testing.B) {
	for _, n := range []int{5_000, 50_000, 500_000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 5_000 && testing.Short() {
				b.Skip("short")
			}
			tr, vs := wideCase(b, n)
			b.ReportAllocs()
			for b.Loop() {
				sc := &Check{name: "schema.json", violations: vs}
				sc.Place(tr)
			}
		})
	}
}
