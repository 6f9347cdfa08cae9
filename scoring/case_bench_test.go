package scoring

import (
	"strings"
	"testing"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// caseRef is one generated invoice case's reference (testdata/bench's
// first record): a dataset builds a tree this size a case.
const caseRef = `{"invoice_number": "INV-2024-00001", "date": "2024-05-15", "due_date": "2024-06-15", "currency": "CHF", "vendor": {"name": "Café Zürich", "address": {"street": "Kerkstraat 60", "city": "Paris", "zip": "8614", "country": "FR"}, "vat_id": "FR734946375"}, "customer": {"name": "Fratelli Rossi", "address": {"street": "Rua Augusta 55", "city": "Porto", "zip": "31851", "country": "PT"}}, "items": [{"sku": "O-425", "description": "printer paper A4", "qty": 16, "unit_price": 141.73, "tax_rate": 0.1, "total": 2267.68}, {"sku": "F-925", "description": "printer paper A4", "qty": 12, "unit_price": 40.24, "tax_rate": 0.077, "total": 482.88}, {"sku": "L-878", "description": "cable tie pack", "qty": 18, "unit_price": 32.43, "tax_rate": 0.077, "total": 583.74}], "subtotal": 3334.30, "tax": 633.52, "total": 3967.82, "paid": false, "notes": "net 30"}`

// BenchmarkBuildCase builds and releases one small case's tree again and
// again, as a dataset's worker does: the output is the reference with its
// date written otherwise, so most containers are written alike.
func BenchmarkBuildCase(b *testing.B) {
	ref, err := jsondoc.Parse("ref", []byte(caseRef), nil)
	if err != nil {
		b.Fatal(err)
	}
	out, err := jsondoc.Parse("out", []byte(strings.Replace(caseRef, `"2024-05-15"`, `"15/05/2024"`, 1)), nil)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		t, err := Build(ref, out, nil, Options{})
		if err != nil {
			b.Fatal(err)
		}
		t.Release()
	}
}
