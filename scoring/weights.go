package scoring

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Weights is a parsed weights file (docs/weights-and-rules.md): an object mirroring the
// reference's shape, a number in [0, 1] per key, or an object holding the
// weights of the level below and the key's own weight as the loopback entry
// "__<key>".
type Weights struct {
	doc *jsondoc.Doc
	// cases marks weights that serve many cases (ForCases).
	cases bool
}

// WeightsError is a weights file entry that cannot be used.
type WeightsError struct {
	File      string // the weights file
	Line, Col int    // where the entry's value starts
	Path      string // the entry's path in the weights file
	Msg       string
}

func (e *WeightsError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s: %s", escape.Name(e.File), e.Line, e.Col, jsondoc.MessagePath(e.Path), e.Msg)
}

// ParseWeights parses and checks a weights file named name. Every value
// must be a number in [0, 1] or an object of such entries.
func ParseWeights(name string, src []byte) (*Weights, error) {
	doc, err := jsondoc.Parse(name, src, nil)
	if err != nil {
		return nil, err
	}
	w := &Weights{doc: doc}
	if k := doc.Kind(0); k != jsondoc.Object {
		return nil, w.errorAt(0, ".", "the weights file must hold an object of weights, not %s %s", article(k), k)
	}
	if err := w.check(0, nil); err != nil {
		return nil, err
	}
	return w, nil
}

// ForCases returns w for scoring each case of a dataset (docs/datasets.md):
// an entry for a key that one case lacks is no mistake when others
// have it, so a tree built with these weights makes no warning about
// entries that apply to nothing; the dataset checks the entries against
// every case's keys at once.
func (w *Weights) ForCases() *Weights {
	c := *w
	c.cases = true
	return &c
}

// Name returns the weights file's name.
func (w *Weights) Name() string { return w.doc.Name() }

// Doc returns the parsed weights file.
func (w *Weights) Doc() *jsondoc.Doc { return w.doc }

func (w *Weights) errorAt(id jsondoc.ID, path, format string, args ...any) error {
	line, col := w.doc.Position(id)
	return &WeightsError{File: w.doc.Name(), Line: line, Col: col, Path: path, Msg: fmt.Sprintf(format, args...)}
}

// check validates every entry below object id, whose path is path.
func (w *Weights) check(id jsondoc.ID, path []byte) error {
	d := w.doc
	for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
		p := jsondoc.AppendKey(path, d.Key(c))
		switch k := d.Kind(c); k {
		case jsondoc.Object:
			if err := w.check(c, p); err != nil {
				return err
			}
		case jsondoc.Number:
			if v := d.Float(c); !(v >= 0 && v <= 1) {
				return w.errorAt(c, string(p), "weight %s is outside [0, 1]", d.Raw(c))
			}
		case jsondoc.Null:
			return w.errorAt(c, string(p), "a weight must be a number in [0, 1] or an object of weights, not null")
		default:
			return w.errorAt(c, string(p), "a weight must be a number in [0, 1] or an object of weights, not %s %s (%s)",
				article(k), k, abbreviate(string(d.Raw(c)), 30))
		}
	}
	return nil
}

func article(k jsondoc.Kind) string {
	if k == jsondoc.Object || k == jsondoc.Array {
		return "an"
	}
	return "a"
}

func abbreviate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

func posPrefix(file string, line, col int) string {
	return escape.Name(file) + ":" + strconv.Itoa(line) + ":" + strconv.Itoa(col) + ": "
}

func kindList(mask uint16) string {
	var names []string
	for k := jsondoc.Null; k <= jsondoc.Array; k++ {
		if mask&(1<<k) != 0 {
			names = append(names, article(k)+" "+k.String())
		}
	}
	return strings.Join(names, " or ")
}

// EntryPath returns the path of entry e of the weights file, as jq would
// write it: `.fixed_menus.__fixed_menus`.
func (w *Weights) EntryPath(e jsondoc.ID) string { return weightsPath(w.doc, e) }

// weightsPath finds the path of entry e of the weights document d by
// descending from the root (weights files are small).
func weightsPath(d *jsondoc.Doc, e jsondoc.ID) string {
	var path []byte
	id := jsondoc.ID(0)
	for id != e {
		next := jsondoc.None
		for c := d.Child(id); c != jsondoc.None; c = d.Next(c) {
			if c <= e && (d.Next(c) == jsondoc.None || d.Next(c) > e) {
				next = c
				break
			}
		}
		if next == jsondoc.None {
			break
		}
		path = jsondoc.AppendKey(path, d.Key(next))
		id = next
	}
	if len(path) == 0 {
		return "."
	}
	return string(path)
}
