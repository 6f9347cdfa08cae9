package dataset

import (
	"errors"
	"fmt"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// SwapHint is what an error adds when REF and OUT look given in the wrong
// order.
const SwapHint = "look swapped (the order is REF, then OUT)"

// checkSwapped returns an error when two files of records look given in
// the wrong order: the first reference record holds only output field
// names and the first output record only reference field names
// (docs/datasets.md). Fields given by flags are the user's word: no check.
func (s *Source) checkSwapped() error {
	if s.ref.path != "" || s.out.path != "" {
		return nil
	}
	refKeys, ok := firstRecordKeys(s.refRecs)
	if !ok {
		return nil
	}
	outKeys, ok := firstRecordKeys(s.outRecs)
	if !ok {
		return nil
	}
	refOut, refRef := aliasesIn(refKeys, OutAliases), aliasesIn(refKeys, RefAliases)
	outRef, outOut := aliasesIn(outKeys, RefAliases), aliasesIn(outKeys, OutAliases)
	if len(refOut) == 0 || len(refRef) > 0 || len(outRef) == 0 || len(outOut) > 0 {
		return nil
	}
	return fmt.Errorf("%s and %s %s: the records of %s hold an output field (%s) and no reference field, those of %s a reference field (%s) and no output field",
		escape.Name(displayName(s.spec.Ref)), escape.Name(displayName(s.spec.Out)), SwapHint,
		escape.Name(displayName(s.spec.Ref)), strings.Join(refOut, ", "),
		escape.Name(displayName(s.spec.Out)), strings.Join(outRef, ", "))
}

// firstRecordKeys returns the keys of the first record of rr (peeked, so
// that Next returns it again) when it is an object that parses.
func firstRecordKeys(rr *RecordReader) ([]string, bool) {
	rec, err := rr.peekAt(0)
	if err != nil {
		return nil, false
	}
	d, err := jsondoc.Parse(rr.name, rec.Data, nil)
	if err != nil || d.Kind(0) != jsondoc.Object {
		return nil, false
	}
	var keys []string
	for c := d.Child(0); c != jsondoc.None; c = d.Next(c) {
		keys = append(keys, d.Key(c))
	}
	return keys, true
}

// aliasesIn returns the names of aliases among keys, as paths.
func aliasesIn(keys, aliases []string) []string {
	var out []string
	for _, k := range keys {
		for _, a := range aliases {
			if k == a {
				out = append(out, "."+a)
				break
			}
		}
	}
	return out
}

// swapHint adds to the parse error of a reference file of a directory
// that REF and OUT look swapped, when the output file paired with it
// (outPath, "" for none) passes the strict parse the reference fails.
func swapHint(refErr error, outPath string) error {
	var se *jsondoc.SyntaxError
	if outPath == "" || !errors.As(refErr, &se) {
		return refErr
	}
	data, err := readFile(outPath)
	if err != nil {
		return refErr
	}
	if _, err := jsondoc.Parse(outPath, data, nil); err != nil {
		return refErr
	}
	return fmt.Errorf("%w; REF and OUT %s: %s is strict JSON", refErr, SwapHint, escape.Name(outPath))
}
