package gen

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
)

// DatasetOptions tune a generated extraction dataset: invoice-like cases
// (nested vendor and customer, line items) with a model's answers.
type DatasetOptions struct {
	// Size is the approximate size in bytes of what is written (all the
	// files together); when 0, Cases cases are written.
	Size  int64
	Cases int
	Seed  uint64
	// Fenced is the share of answers written as model text with the JSON
	// in a ```json fence (default 0.2).
	Fenced float64
	// Broken is the share of answers that hold no JSON (prose) or cut
	// JSON (default 0.01).
	Broken float64
	// Missing is the share of cases with no answer (default 0.005).
	Missing float64
	// Model, when not 0, draws the answers from a stream of their own,
	// seeded by Model, and the references from Seed's alone: datasets of
	// one Seed and two Models are two models' answers to the same cases
	// (for comparing runs). Model 0 draws both from Seed's stream.
	Model uint64
	// Mistakes bounds the mistakes of an answer: each makes 0 to
	// Mistakes−1 of them, evenly (default 4). A better model makes fewer.
	Mistakes int
}

func (o *DatasetOptions) defaults() {
	if o.Fenced == 0 {
		o.Fenced = 0.2
	}
	if o.Broken == 0 {
		o.Broken = 0.01
	}
	if o.Missing == 0 {
		o.Missing = 0.005
	}
	if o.Size == 0 && o.Cases == 0 {
		o.Cases = 100
	}
	if o.Mistakes <= 0 {
		o.Mistakes = 4
	}
}

// answer is one generated case: the reference and the model's answer as
// it is written in a record (a JSON value: an object, or a string of
// model text); a cut answer is JSON cut short (out is then not a value:
// a record holds raw as model text, a file raw itself).
type answer struct {
	id, category string
	ref          []byte
	out          []byte // the answer as a JSON value; nil for none
	raw          []byte // the answer's own text, for a file of its own
	cut          bool   // out is cut JSON: not a value
}

type generator struct {
	opt DatasetOptions
	rng *rand.Rand // the references
	ans *rand.Rand // the answers: rng itself for Model 0
	n   int
}

func newGenerator(opt DatasetOptions) *generator {
	opt.defaults()
	g := &generator{opt: opt, rng: rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x51ed2701))}
	g.ans = g.rng
	if opt.Model != 0 {
		g.ans = rand.New(rand.NewPCG(opt.Seed^opt.Model<<32, opt.Model^0x2545f491))
	}
	return g
}

// next returns the next case.
func (g *generator) next() answer {
	g.n++
	inv := newInvoice(g.rng, g.n)
	a := answer{id: fmt.Sprintf("inv-%06d", g.n), category: inv.category}
	a.ref = inv.appendJSON(nil, "", false)
	rng := g.ans
	r := rng.Float64()
	switch {
	case r < g.opt.Missing:
		return a
	case r < g.opt.Missing+g.opt.Broken:
		if rng.IntN(2) == 0 {
			a.raw = []byte(prose[rng.IntN(len(prose))])
			a.out = appendQuoted(nil, string(a.raw))
		} else {
			out, _, _ := inv.extract(rng, g.opt.Mistakes)
			js := out.appendJSON(nil, "", false)
			a.raw = js[:cutAt(js)]
			a.out, a.cut = a.raw, true
		}
		return a
	}
	out, drop, extra := inv.extract(rng, g.opt.Mistakes)
	js := out.appendJSON(nil, drop, extra)
	if rng.Float64() < g.opt.Fenced {
		a.raw = append(append([]byte("Here is the extracted invoice:\n```json\n"), js...), "\n```"...)
		a.out = appendQuoted(nil, string(a.raw))
	} else {
		a.raw, a.out = js, js
	}
	return a
}

// done reports whether enough has been written.
func (g *generator) done(written int64) bool {
	if g.opt.Size > 0 {
		return written >= g.opt.Size
	}
	return g.n >= g.opt.Cases
}

// WriteRecords writes a dataset as one JSON Lines file of records holding
// both sides: {"id", "category", "expected", "output"} (no "output" for
// a case with no answer; cut answers are written as model text, since a
// record must parse). It returns the number of cases.
func WriteRecords(w io.Writer, opt DatasetOptions) (int, error) {
	g := newGenerator(opt)
	bw := bufio.NewWriterSize(w, 1<<20)
	var written int64
	line := make([]byte, 0, 8192)
	for !g.done(written) {
		a := g.next()
		line = a.appendReference(line[:0])
		if a.out != nil {
			line = a.appendOutput(line)
		}
		line = append(line, "}\n"...)
		n, err := bw.Write(line)
		if err != nil {
			return g.n, err
		}
		written += int64(n)
	}
	return g.n, bw.Flush()
}

// appendReference appends the start of the case's record, up to its
// reference: {"id": ..., "category": ..., "expected": ...
func (a *answer) appendReference(line []byte) []byte {
	line = append(line, `{"id": "`...)
	line = append(line, a.id...)
	line = append(line, `", "category": "`...)
	line = append(line, a.category...)
	line = append(line, `", "expected": `...)
	return append(line, a.ref...)
}

// appendOutput appends the answer's field: , "output": ... (a cut answer
// as model text, for the record to parse).
func (a *answer) appendOutput(line []byte) []byte {
	line = append(line, `, "output": `...)
	if a.cut {
		return appendQuoted(line, string(a.raw))
	}
	return append(line, a.out...)
}

// WriteFiles writes a dataset as two JSON Lines files: the references
// {"id", "category", "expected"} and the answers {"id", "output"} (a
// case with no answer has no line). Every line is a record with its id,
// so that the two files pair by id with no warning: a cut answer is
// written as model text, as WriteRecords writes it (a line cut short
// would not parse, and pair with nothing). It returns the number of
// cases.
func WriteFiles(ref, out io.Writer, opt DatasetOptions) (int, error) {
	g := newGenerator(opt)
	rw, ow := bufio.NewWriterSize(ref, 1<<20), bufio.NewWriterSize(out, 1<<20)
	var written int64
	line := make([]byte, 0, 8192)
	for !g.done(written) {
		a := g.next()
		line = a.appendReference(line[:0])
		line = append(line, "}\n"...)
		n, err := rw.Write(line)
		if err != nil {
			return g.n, err
		}
		written += int64(n)
		if a.out == nil {
			continue
		}
		line = append(line[:0], `{"id": "`...)
		line = append(line, a.id...)
		line = append(line, '"')
		line = a.appendOutput(line)
		line = append(line, "}\n"...)
		n, err = ow.Write(line)
		if err != nil {
			return g.n, err
		}
		written += int64(n)
	}
	if err := rw.Flush(); err != nil {
		return g.n, err
	}
	return g.n, ow.Flush()
}

// WriteDirs writes a dataset as two directories of JSON files, the
// reference and the answer of a case at the same relative path
// (<category>/<id>.json); an answer file holds the model's text as it
// came (fenced, prose or cut). It returns the number of cases.
func WriteDirs(refDir, outDir string, opt DatasetOptions) (int, error) {
	g := newGenerator(opt)
	var written int64
	for !g.done(written) {
		a := g.next()
		rel := filepath.Join(a.category, a.id+".json")
		if err := writeFile(filepath.Join(refDir, rel), a.ref); err != nil {
			return g.n, err
		}
		written += int64(len(a.ref))
		if a.out == nil {
			continue
		}
		if err := writeFile(filepath.Join(outDir, rel), a.raw); err != nil {
			return g.n, err
		}
		written += int64(len(a.raw))
	}
	return g.n, nil
}

func writeFile(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

// cutAt returns where to cut JSON text in two: about its middle, at the
// start of a character.
func cutAt(js []byte) int {
	k := len(js) / 2
	for k > 0 && js[k]&0xC0 == 0x80 {
		k--
	}
	return k
}

// appendQuoted appends s as a JSON string (s is valid UTF-8).
func appendQuoted(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '"' || c == '\\':
			b = append(b, '\\', c)
		case c == '\n':
			b = append(b, '\\', 'n')
		case c < 0x20:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		default:
			b = append(b, c)
		}
	}
	return append(b, '"')
}
