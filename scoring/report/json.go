package report

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"sort"
	"strconv"

	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// WriteJSON writes the report as the one JSON object of docs/cli.md:
// score, metric, files, repairs, warnings and every node with full float64
// figures. "warnings" lists the report's first MaxWarnings warnings, as
// every rendering does, and "more_warnings", present only when some were
// left out, the number of the others. It streams the nodes, so a large report is
// never built in memory.
func WriteJSON(w io.Writer, r *Report) error {
	bw := bufio.NewWriterSize(w, 64<<10)
	b := make([]byte, 0, 4096)
	b = append(b, `{"score": `...)
	b = appendScore(b, r.Score, r.HasScore)
	b = appendApprox(b, r.Approx && r.HasScore, r.Score, r.High)
	b = append(b, `, "metric": `...)
	b = jsondoc.AppendQuoted(b, r.Metric)
	for _, k := range sortedKeys(r.Extra) {
		b = append(b, ", "...)
		b = jsondoc.AppendQuoted(b, k)
		b = append(b, ": "...)
		b = AppendJSONFloat(b, r.Extra[k])
	}
	if len(r.Options) > 0 {
		b = append(b, `, "options": `...)
		b = appendStrings(b, r.Options)
	}
	b = appendFilesJSON(b, r)
	b = append(b, `, "repairs": `...)
	b = appendStrings(b, r.Repairs)
	b = appendWarningsJSON(b, r.Warnings)
	if r.MoreWarnings > 0 {
		b = append(b, `, "more_warnings": `...)
		b = strconv.AppendInt(b, int64(r.MoreWarnings), 10)
	}
	if r.Selection != "" {
		b = append(b, `, "selection": `...)
		b = jsondoc.AppendQuoted(b, r.Selection)
	}
	b = append(b, `, "nodes": [`...)
	first := true
	if r.Nodes != nil {
		for n := range r.Nodes {
			if !first {
				b = append(b, ',')
			}
			first = false
			b = append(b, "\n  "...)
			b = AppendNodeJSON(b, n)
			if len(b) > 32<<10 {
				if _, err := bw.Write(b); err != nil {
					return err
				}
				b = b[:0]
			}
		}
	}
	b = append(b, "]}\n"...)
	if _, err := bw.Write(b); err != nil {
		return err
	}
	return bw.Flush()
}

// appendFilesJSON appends the members that name the files (reference,
// output, weights, rules) and the explanation, each after a comma.
func appendFilesJSON(b []byte, r *Report) []byte {
	b = append(b, `, "reference": `...)
	b = jsondoc.AppendQuoted(b, r.Reference)
	b = append(b, `, "output": `...)
	b = jsondoc.AppendQuoted(b, r.Output)
	b = append(b, `, "weights": `...)
	if r.Weights == "" {
		b = append(b, "null"...)
	} else {
		b = jsondoc.AppendQuoted(b, r.Weights)
	}
	if r.Rules != "" {
		b = append(b, `, "rules": `...)
		b = jsondoc.AppendQuoted(b, r.Rules)
	}
	if r.Explanation != "" {
		b = append(b, `, "explanation": `...)
		b = jsondoc.AppendQuoted(b, r.Explanation)
	}
	return b
}

// appendWarningsJSON appends the "warnings" member after a comma.
func appendWarningsJSON(b []byte, ws []Warning) []byte {
	b = append(b, `, "warnings": [`...)
	for i, wn := range ws {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"path": `...)
		b = jsondoc.AppendQuoted(b, wn.Path)
		b = append(b, `, "message": `...)
		b = jsondoc.AppendQuoted(b, wn.Message)
		b = append(b, '}')
	}
	return append(b, ']')
}

// AppendNodeJSON appends the JSON object of one node.
func AppendNodeJSON(b []byte, n *Node) []byte {
	b = append(b, `{"path": `...)
	b = jsondoc.AppendQuoted(b, n.Path)
	b = append(b, `, "kind": "`...)
	b = append(b, n.Kind...)
	b = append(b, `", "status": "`...)
	b = append(b, n.Status...)
	b = append(b, `", "score": `...)
	b = appendScore(b, n.Score, n.HasScore)
	b = appendApprox(b, n.Approx && n.HasScore, n.Score, n.High)
	b = append(b, `, "weight": `...)
	b = AppendJSONFloat(b, n.Weight)
	if n.HasFactor {
		b = append(b, `, "factor": `...)
		b = AppendJSONFloat(b, n.Factor)
	}
	b = append(b, `, "share": `...)
	b = AppendJSONFloat(b, n.Share)
	b = append(b, `, "loss": `...)
	b = AppendJSONFloat(b, n.Loss)
	if n.Reference != nil {
		b = append(b, `, "reference": `...)
		b = appendCompact(b, n.Reference)
	}
	if n.Output != nil {
		b = append(b, `, "output": `...)
		b = appendCompact(b, n.Output)
	}
	if n.Rule != "" {
		b = append(b, `, "rule": `...)
		b = jsondoc.AppendQuoted(b, n.Rule)
	}
	return append(b, '}')
}

func appendScore(b []byte, v float64, ok bool) []byte {
	if !ok {
		return append(b, "null"...)
	}
	return AppendJSONFloat(b, v)
}

// appendApprox appends, for an approximate score, the interval that holds
// the exact one: `, "approx": {"low": …, "high": …}`.
func appendApprox(b []byte, approx bool, low, high float64) []byte {
	if !approx {
		return b
	}
	b = append(b, `, "approx": {"low": `...)
	b = AppendJSONFloat(b, low)
	b = append(b, `, "high": `...)
	b = AppendJSONFloat(b, high)
	return append(b, '}')
}

func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = jsondoc.AppendQuoted(b, s)
	}
	return append(b, ']')
}

// appendCompact appends a JSON value without insignificant whitespace,
// its DEL and C1 control characters (which JSON allows raw in a string)
// escaped as \u00XX: a terminal showing the line acts on none of them.
func appendCompact(b []byte, raw json.RawMessage) []byte {
	start := len(b)
	if len(raw) > 0 && (raw[0] == '{' || raw[0] == '[') {
		buf := bytes.NewBuffer(b)
		if json.Compact(buf, raw) == nil {
			return escapeC1(buf.Bytes(), start)
		}
	}
	return escapeC1(append(b, raw...), start)
}

// escapeC1 escapes the DEL and C1 control characters of b[start:], a
// JSON value, as \u00XX (they can only be inside its strings).
func escapeC1(b []byte, start int) []byte {
	i := start
	for i < len(b) && b[i] != 0x7f && !(b[i] == 0xc2 && i+1 < len(b) && b[i+1] >= 0x80 && b[i+1] <= 0x9f) {
		i++
	}
	if i == len(b) {
		return b // nothing to escape: no allocation
	}
	tail := append([]byte(nil), b[i:]...)
	b = b[:i]
	for j := 0; j < len(tail); j++ {
		c := tail[j]
		switch {
		case c == 0x7f:
			b = append(b, `\u007f`...)
		case c == 0xc2 && j+1 < len(tail) && tail[j+1] >= 0x80 && tail[j+1] <= 0x9f:
			b = append(b, '\\', 'u', '0', '0', hexDigit[tail[j+1]>>4], hexDigit[tail[j+1]&0xf])
			j++
		default:
			b = append(b, c)
		}
	}
	return b
}

const hexDigit = "0123456789abcdef"

func sortedKeys(m map[string]float64) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
