package dataset

import (
	"encoding/binary"
	"math"
	"slices"

	"github.com/jsontui/jsontui/scoring/report"
)

// A case's head is what a Scored keeps of it beside its frame for
// Frozen.Replay: what its report and row say that weights do not change
// (its documents' names, a metric's Extra figures and Explanation, the
// case's warnings), laid out as
//
//	flags (1 byte: headReport, headOutName, headExplanation, headExtra,
//	headWarnings) | reference's name | [output's name] | [explanation]
//	| [uvarint count, (key, 8 bytes of float64 bits) each]
//	| [uvarint count, warning each]
//
// each string a uvarint length and its bytes. A case of one file of
// records names both documents alike, so the output's name is kept only
// when it differs.
const (
	headReport      = 1 << iota // the case has a result (a report)
	headOutName                 // the output's name differs from the reference's
	headExplanation             // the report has an Explanation
	headExtra                   // the report has Extra figures
	headWarnings                // the case has warnings
)

// appendHead appends the head of a case whose report is rep (nil for a
// case with no result) and whose warnings are warnings to dst.
func appendHead(dst []byte, rep *report.Report, warnings []string) []byte {
	var flags byte
	if rep != nil {
		flags |= headReport
		if rep.Output != rep.Reference {
			flags |= headOutName
		}
		if rep.Explanation != "" {
			flags |= headExplanation
		}
		if len(rep.Extra) > 0 {
			flags |= headExtra
		}
	}
	if len(warnings) > 0 {
		flags |= headWarnings
	}
	dst = append(dst, flags)
	if rep != nil {
		dst = appendHeadString(dst, rep.Reference)
		if flags&headOutName != 0 {
			dst = appendHeadString(dst, rep.Output)
		}
		if flags&headExplanation != 0 {
			dst = appendHeadString(dst, rep.Explanation)
		}
		if flags&headExtra != 0 {
			keys := make([]string, 0, len(rep.Extra))
			for k := range rep.Extra {
				keys = append(keys, k)
			}
			slices.Sort(keys)
			dst = binary.AppendUvarint(dst, uint64(len(keys)))
			for _, k := range keys {
				dst = appendHeadString(dst, k)
				dst = binary.LittleEndian.AppendUint64(dst, math.Float64bits(rep.Extra[k]))
			}
		}
	}
	if flags&headWarnings != 0 {
		dst = binary.AppendUvarint(dst, uint64(len(warnings)))
		for _, w := range warnings {
			dst = appendHeadString(dst, w)
		}
	}
	return dst
}

func appendHeadString(dst []byte, s string) []byte {
	return append(binary.AppendUvarint(dst, uint64(len(s))), s...)
}

// caseHead is a case's head, read.
type caseHead struct {
	report            bool // the case has a result
	reference, output string
	explanation       string
	extra             map[string]float64
	warnings          []string
}

// readHead reads a head that appendHead laid out (the Scored's own
// bytes: they read, or the Scored is broken).
func readHead(b []byte) caseHead {
	var h caseHead
	flags := b[0]
	b = b[1:]
	str := func() string {
		n, k := binary.Uvarint(b)
		s := string(b[k : k+int(n)])
		b = b[k+int(n):]
		return s
	}
	count := func() int {
		n, k := binary.Uvarint(b)
		b = b[k:]
		return int(n)
	}
	if flags&headReport != 0 {
		h.report = true
		h.reference = str()
		h.output = h.reference
		if flags&headOutName != 0 {
			h.output = str()
		}
		if flags&headExplanation != 0 {
			h.explanation = str()
		}
		if flags&headExtra != 0 {
			n := count()
			h.extra = make(map[string]float64, n)
			for range n {
				k := str()
				h.extra[k] = math.Float64frombits(binary.LittleEndian.Uint64(b))
				b = b[8:]
			}
		}
	}
	if flags&headWarnings != 0 {
		n := count()
		h.warnings = make([]string, n)
		for i := range h.warnings {
			h.warnings[i] = str()
		}
	}
	return h
}
