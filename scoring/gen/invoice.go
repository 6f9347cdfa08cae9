package gen

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
)

// An invoice is one case of a generated extraction dataset: the reference
// a person would write from an invoice, and what a model extracted.
type invoice struct {
	number, date, due, currency string
	vendor, customer            party
	items                       []item
	paid                        bool
	notes                       string // "" writes null
	category                    string
}

type party struct{ name, street, city, zip, country, vat string }

type item struct {
	sku, desc        string
	qty              int
	price, tax, line float64
}

var (
	cities     = []string{"Berlin", "Zürich", "Paris", "Lyon", "Milano", "Wien", "Porto", "Gent", "Kraków", "Oslo"}
	countries  = []string{"DE", "CH", "FR", "FR", "IT", "AT", "PT", "BE", "PL", "NO"}
	streets    = []string{"Hauptstraße", "Bahnhofweg", "Rue de la Paix", "Via Roma", "Ringstraße", "Rua Augusta", "Kerkstraat", "Floriańska", "Karl Johans gate"}
	companies  = []string{"Acme GmbH", "Café Zürich", "Lever & Co", "Müller AG", "Société Générale des Eaux", "Fratelli Rossi", "Nordic Parts AS", "Kowalski Sp. z o.o.", "Pizza Roma", "東京 Books"}
	products   = []string{"steel bolt M8", "copper wire 2mm", "espresso beans 1kg", "printer paper A4", "LED panel 60x60", "oak plank", "safety gloves", "label roll", "hex key set", "cable tie pack"}
	categories = []string{"invoice", "invoice", "invoice", "receipt", "credit-note"}
	prose      = []string{"I could not find an invoice in this document.", "The document is unreadable.",
		"Sorry, I am unable to extract the requested fields from this image."}
)

func newInvoice(rng *rand.Rand, n int) invoice {
	pick := func(s []string) string { return s[rng.IntN(len(s))] }
	pty := func() party {
		k := rng.IntN(len(cities))
		return party{name: pick(companies), street: fmt.Sprintf("%s %d", pick(streets), 1+rng.IntN(120)), city: cities[k],
			zip: strconv.Itoa(1000 + rng.IntN(89000)), country: countries[k], vat: fmt.Sprintf("%s%09d", countries[k], rng.IntN(1e9))}
	}
	inv := invoice{number: fmt.Sprintf("INV-2024-%05d", n), currency: []string{"EUR", "EUR", "CHF", "USD"}[rng.IntN(4)],
		vendor: pty(), customer: pty(), paid: rng.IntN(2) == 0, category: pick(categories)}
	m, d := 1+rng.IntN(12), 1+rng.IntN(28)
	inv.date = fmt.Sprintf("2024-%02d-%02d", m, d)
	inv.due = fmt.Sprintf("2024-%02d-%02d", m%12+1, d)
	if rng.IntN(3) == 0 {
		inv.notes = pick([]string{"net 30", "back door", "paid by card", "deliver before noon"})
	}
	for range 1 + rng.IntN(5) {
		it := item{sku: fmt.Sprintf("%c-%d", 'A'+rng.IntN(26), rng.IntN(1000)), desc: pick(products),
			qty: 1 + rng.IntN(20), price: float64(rng.IntN(20000)) / 100, tax: []float64{0.19, 0.077, 0.2, 0.1}[rng.IntN(4)]}
		it.line = round2(float64(it.qty) * it.price)
		inv.items = append(inv.items, it)
	}
	return inv
}

func round2(v float64) float64 { return float64(int64(v*100+0.5)) / 100 }

// extract returns the invoice as a model would extract it: mostly right,
// with a typo here, a wrong number, a dropped or hallucinated item there.
func (inv invoice) extract(rng *rand.Rand, mistakes int) (out invoice, drop string, extraKey bool) {
	out = inv
	out.items = append([]item(nil), inv.items...)
	for range rng.IntN(mistakes) {
		switch rng.IntN(10) {
		case 0:
			out.vendor.name = typo(rng, out.vendor.name)
		case 1:
			out.date = out.date[8:] + "/" + out.date[5:7] + "/" + out.date[:4]
		case 2:
			if len(out.items) > 1 {
				k := rng.IntN(len(out.items))
				out.items = append(out.items[:k], out.items[k+1:]...)
			}
		case 3:
			k := rng.IntN(len(out.items))
			out.items[k].price = round2(out.items[k].price * 1.1)
		case 4:
			out.items = append(out.items, item{sku: "X-0", desc: "shipping", qty: 1, price: 4.9, tax: 0.19, line: 4.9})
		case 5:
			drop = []string{"due_date", "notes", "customer"}[rng.IntN(3)]
		case 6:
			extraKey = true
		case 7:
			out.customer.city = strings.ToUpper(out.customer.city)
		case 8:
			out.paid = !out.paid
		case 9:
			k := rng.IntN(len(out.items))
			out.items[k].desc = typo(rng, out.items[k].desc)
		}
	}
	return out, drop, extraKey
}

func typo(rng *rand.Rand, s string) string {
	r := []rune(s)
	if len(r) < 2 {
		return s + "x"
	}
	k := rng.IntN(len(r) - 1)
	r[k], r[k+1] = r[k+1], r[k]
	return string(r)
}

// appendJSON writes the invoice as one line of JSON; drop leaves a key
// out, extraKey adds one the reference does not have.
func (inv *invoice) appendJSON(b []byte, drop string, extraKey bool) []byte {
	b = append(b, `{"invoice_number": `...)
	b = appendQuoted(b, inv.number)
	b = append(b, `, "date": `...)
	b = appendQuoted(b, inv.date)
	if drop != "due_date" {
		b = append(b, `, "due_date": `...)
		b = appendQuoted(b, inv.due)
	}
	b = append(b, `, "currency": `...)
	b = appendQuoted(b, inv.currency)
	b = append(b, `, "vendor": `...)
	b = inv.vendor.appendJSON(b, true)
	if drop != "customer" {
		b = append(b, `, "customer": `...)
		b = inv.customer.appendJSON(b, false)
	}
	b = append(b, `, "items": [`...)
	var sub float64
	for k, it := range inv.items {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"sku": `...)
		b = appendQuoted(b, it.sku)
		b = append(b, `, "description": `...)
		b = appendQuoted(b, it.desc)
		b = append(b, `, "qty": `...)
		b = strconv.AppendInt(b, int64(it.qty), 10)
		b = append(b, `, "unit_price": `...)
		b = strconv.AppendFloat(b, it.price, 'f', 2, 64)
		b = append(b, `, "tax_rate": `...)
		b = strconv.AppendFloat(b, it.tax, 'f', -1, 64)
		b = append(b, `, "total": `...)
		b = strconv.AppendFloat(b, it.line, 'f', 2, 64)
		b = append(b, '}')
		sub += it.line
	}
	sub = round2(sub)
	b = append(b, `], "subtotal": `...)
	b = strconv.AppendFloat(b, sub, 'f', 2, 64)
	b = append(b, `, "tax": `...)
	b = strconv.AppendFloat(b, round2(sub*0.19), 'f', 2, 64)
	b = append(b, `, "total": `...)
	b = strconv.AppendFloat(b, round2(sub*1.19), 'f', 2, 64)
	b = append(b, `, "paid": `...)
	b = strconv.AppendBool(b, inv.paid)
	if drop != "notes" {
		b = append(b, `, "notes": `...)
		if inv.notes == "" {
			b = append(b, "null"...)
		} else {
			b = appendQuoted(b, inv.notes)
		}
	}
	if extraKey {
		b = append(b, `, "confidence": 0.87`...)
	}
	return append(b, '}')
}

func (p *party) appendJSON(b []byte, vat bool) []byte {
	b = append(b, `{"name": `...)
	b = appendQuoted(b, p.name)
	b = append(b, `, "address": {"street": `...)
	b = appendQuoted(b, p.street)
	b = append(b, `, "city": `...)
	b = appendQuoted(b, p.city)
	b = append(b, `, "zip": `...)
	b = appendQuoted(b, p.zip)
	b = append(b, `, "country": `...)
	b = appendQuoted(b, p.country)
	b = append(b, '}')
	if vat {
		b = append(b, `, "vat_id": `...)
		b = appendQuoted(b, p.vat)
	}
	return append(b, '}')
}
