// Package gen generates reference/output pairs of any size for benchmarks
// and for trying the explorer on big documents: an array of product
// records, the output differing from the reference here and there as an
// extraction model's would (typos, changed numbers, missing and extra keys,
// wrong types, extra elements).
package gen

import (
	"fmt"
	"math/rand/v2"
	"strconv"
)

var words = []string{"alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel",
	"india", "juliett", "kilo", "lima", "mike", "november", "oscar", "papa", "quebec", "romeo",
	"sierra", "tango", "uniform", "victor", "whiskey", "xray", "yankee", "zulu", "café", "naïve"}

// Pair returns a reference of about size bytes and an output to score
// against it, reproducibly for a seed.
func Pair(size int, seed uint64) (ref, out []byte) {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	ref = make([]byte, 0, size+4096)
	out = make([]byte, 0, size+size/8+4096)
	ref = append(ref, "{\n  \"source\": \"generated\",\n  \"version\": 3,\n  \"records\": [\n"...)
	out = append(out, "{\n  \"source\": \"generated\",\n  \"version\": 3.0,\n  \"records\": [\n"...)
	for i := 0; len(ref) < size; i++ {
		if i > 0 {
			ref = append(ref, ",\n"...)
			out = append(out, ",\n"...)
		}
		r := record(rng, i)
		ref = r.appendJSON(ref)
		out = r.mutate(rng).appendJSON(out)
	}
	ref = append(ref, "\n  ]\n}\n"...)
	out = append(out, ",\n"...)
	out = record(rng, -1).appendJSON(out)
	out = append(out, "\n  ]\n}\n"...)
	return ref, out
}

type rec struct {
	id      int
	name    string
	price   string // a number literal, or a quoted string when mutated
	qty     int
	active  string
	tags    []string
	dims    [3]float64
	comment string
	drop    int // a field index to leave out, -1 for none
	extra   bool
}

func record(rng *rand.Rand, id int) rec {
	n := 1 + rng.IntN(3)
	tags := make([]string, n)
	for k := range tags {
		tags[k] = words[rng.IntN(len(words))]
	}
	comment := ""
	for k := 0; k < 3+rng.IntN(6); k++ {
		comment += words[rng.IntN(len(words))] + " "
	}
	return rec{
		id:      id,
		name:    words[rng.IntN(len(words))] + "-" + words[rng.IntN(len(words))],
		price:   strconv.FormatFloat(float64(rng.IntN(100000))/100, 'f', 2, 64),
		qty:     rng.IntN(500),
		active:  []string{"true", "false"}[rng.IntN(2)],
		tags:    tags,
		dims:    [3]float64{float64(rng.IntN(1000)) / 10, float64(rng.IntN(1000)) / 10, float64(rng.IntN(1000)) / 10},
		comment: comment,
		drop:    -1,
	}
}

// mutate returns the record as an imperfect extraction of it.
func (r rec) mutate(rng *rand.Rand) rec {
	switch rng.IntN(10) {
	case 0:
		b := []rune(r.name)
		b[rng.IntN(len(b))] = 'z'
		r.name = string(b)
	case 1:
		r.price = strconv.Itoa(rng.IntN(1000))
	case 2:
		r.drop = rng.IntN(4)
	case 3:
		r.extra = true
	case 4:
		r.price = strconv.Quote(r.price)
	case 5:
		r.tags = r.tags[:len(r.tags)-1]
	case 6:
		r.comment = r.comment + "and more words "
	}
	return r
}

func (r rec) appendJSON(b []byte) []byte {
	b = append(b, "    {\"id\": "...)
	b = strconv.AppendInt(b, int64(r.id), 10)
	if r.drop != 0 {
		b = append(b, ", \"name\": "...)
		b = strconv.AppendQuote(b, r.name)
	}
	if r.drop != 1 {
		b = append(b, ", \"price\": "...)
		b = append(b, r.price...)
	}
	b = append(b, ", \"qty\": "...)
	b = strconv.AppendInt(b, int64(r.qty), 10)
	if r.drop != 2 {
		b = append(b, ", \"active\": "...)
		b = append(b, r.active...)
	}
	b = append(b, ", \"tags\": ["...)
	for k, t := range r.tags {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendQuote(b, t)
	}
	b = append(b, "], \"dims\": {\"w\": "...)
	b = strconv.AppendFloat(b, r.dims[0], 'f', -1, 64)
	b = append(b, ", \"h\": "...)
	b = strconv.AppendFloat(b, r.dims[1], 'f', -1, 64)
	b = append(b, ", \"d\": "...)
	b = strconv.AppendFloat(b, r.dims[2], 'f', -1, 64)
	b = append(b, "}"...)
	if r.drop != 3 {
		b = append(b, ", \"comment\": "...)
		b = strconv.AppendQuote(b, r.comment)
	}
	if r.extra {
		b = append(b, ", \"confidence\": "...)
		b = append(b, fmt.Sprintf("%.2f", 0.5)...)
	}
	return append(b, '}')
}
