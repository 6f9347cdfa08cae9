package dataset

import (
	"math"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// A case's --format jsonl line (docs/datasets.md) is
//
//	{"id": ..., "status": ..., "score": ..., "group": ..., "repairs": [...],
//	 "error": ..., "metric": ..., "options": [...], "nodes": [...]}
//
// with nodes as a single pair's JSON prints them ("options" only when the
// metric has some in force), and an extra output's {"id": ...,
// "status": "extra"}. Aggregate reads them back; the metric lets it
// refuse shards that were scored differently.

// appendLineMetric appends the metric part of a case line.
func appendLineMetric(dst []byte, metric string, options []string) []byte {
	dst = append(dst, `, "metric": `...)
	dst = jsondoc.AppendQuoted(dst, metric)
	if len(options) > 0 {
		dst = append(dst, `, "options": [`...)
		for i, o := range options {
			if i > 0 {
				dst = append(dst, ", "...)
			}
			dst = jsondoc.AppendQuoted(dst, o)
		}
		dst = append(dst, ']')
	}
	return dst
}

// appendLine appends the case's line; rep is its report (nil for a case
// that has none: a one-number metric's missing case).
func (w *worker) appendLine(dst []byte, res *caseResult, rep *report.Report) []byte {
	dst = append(dst, `{"id": `...)
	dst = jsondoc.AppendQuoted(dst, res.id)
	dst = append(dst, `, "status": "`...)
	dst = append(dst, res.status.String()...)
	dst = append(dst, `", "score": `...)
	dst = appendFloatOrNull(dst, res.score)
	dst = append(dst, `, "group": `...)
	if res.hasGroup {
		dst = jsondoc.AppendQuoted(dst, res.group)
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `, "repairs": [`...)
	for i, r := range res.repairs {
		if i > 0 {
			dst = append(dst, ", "...)
		}
		dst = jsondoc.AppendQuoted(dst, r)
	}
	dst = append(dst, `], "error": `...)
	if res.err != "" {
		dst = jsondoc.AppendQuoted(dst, res.err)
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, w.run.lineMetric...)
	dst = append(dst, `, "nodes": [`...)
	if rep != nil && rep.Nodes != nil {
		first := true
		for n := range rep.Nodes {
			if !first {
				dst = append(dst, ", "...)
			}
			first = false
			dst = report.AppendNodeJSON(dst, n)
		}
	}
	return append(dst, "]}\n"...)
}

// appendExtraLine appends the line of an output with no reference.
func appendExtraLine(dst []byte, id string) []byte {
	dst = append(dst, `{"id": `...)
	dst = jsondoc.AppendQuoted(dst, id)
	return append(dst, `, "status": "extra"}`+"\n"...)
}

func appendFloatOrNull(dst []byte, v float64) []byte {
	if math.IsNaN(v) {
		return append(dst, "null"...)
	}
	return report.AppendJSONFloat(dst, v)
}
