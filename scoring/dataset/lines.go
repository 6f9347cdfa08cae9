package dataset

import (
	"crypto/sha256"
	"encoding/hex"
	"math"
	"slices"
	"strconv"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/report"
)

// A case's --format jsonl line (docs/distributed.md) is
//
//	{"id": ..., "status": ..., "score": ..., "group": ..., "repairs": [...],
//	 "error": ..., "metric": ..., "options": [...], "settings": "<16 hex>",
//	 "file": ..., "record": N, "worst": {"path": ..., "loss": ...} | null,
//	 "paths": [[parent, step, kind, scored, scoreSum, lossSum, weight,
//	            [statuses...], [tp, fd, fa, fn, tn], kinds, scalars(, pathWeight)], ...],
//	 "nodes": [{"path": ..., "status": ..., "score": ..., "loss": ...}, ...]}
//
// "options" only when the metric has some in force. "paths" are the
// case's parts of the per-schema-path figures, in the order the case
// first meets each path (breadth first): parent is the index of the
// parent path's entry (-1 for the root), step its object key (null for an
// array's elements); the status and count arrays lose their trailing
// zeros; pathWeight is there when the weights file weighs the path.
// "nodes" are the case's leaves that score below 1, in document order,
// with their raw scores and losses. An extra output's line is {"id":
// ..., "status": "extra", "file": ..., "record": N}. Aggregate and
// Partial read them back (linesread.go).

// lineSettings returns the metric and settings part of the case lines:
// the metric, its options, and a fingerprint of every setting a figure
// depends on (settingsPrint).
func lineSettings(metric string, options []string, print string) []byte {
	dst := []byte(`, "metric": `)
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
	dst = append(dst, `, "settings": "`...)
	dst = append(dst, print...)
	return append(dst, '"')
}

// settingsPrint is the fingerprint of the settings the figures of a run
// depend on: the metric and its options, the match threshold, the
// --group-by field, the weights file in use and the rules (16 hex digits
// of a SHA-256). Lines of runs whose prints differ do not add up.
func settingsPrint(metric string, options []string, tau float64, groupBy string, weights *scoring.Weights, rules *scoring.RuleSet) string {
	h := sha256.New()
	field := func(b []byte) {
		h.Write(strconv.AppendInt(nil, int64(len(b)), 10))
		h.Write([]byte{':'})
		h.Write(b)
	}
	field([]byte(metric))
	for _, o := range options {
		field([]byte(o))
	}
	field(strconv.AppendFloat(nil, tau, 'g', -1, 64))
	field([]byte(groupBy))
	if weights != nil {
		field(weights.Doc().Source())
	} else {
		field(nil)
	}
	if rules != nil {
		field(rules.Marshal())
	} else {
		field(nil)
	}
	return hex.EncodeToString(h.Sum(nil)[:8])
}

// caseKey says where a case's line puts it: its reference file and
// record number (for two directories, its place in their lexical order).
type caseKey struct {
	file   string
	record int
}

// appendLineHead appends the fields every line of a reference case
// starts with, up to "worst" (excluded).
func (w *worker) appendLineHead(dst []byte, res *caseResult, key caseKey) []byte {
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
	dst = append(dst, w.run.lineSettings...)
	return appendKey(dst, key)
}

func appendKey(dst []byte, key caseKey) []byte {
	dst = append(dst, `, "file": `...)
	dst = jsondoc.AppendQuoted(dst, key.file)
	dst = append(dst, `, "record": `...)
	return strconv.AppendInt(dst, int64(key.record), 10)
}

// appendLine appends the case's line; t is its tree (nil for a case that
// has none: a one-number metric's), whose frame and sweep are the
// worker's.
func (w *worker) appendLine(dst []byte, res *caseResult, key caseKey, t *scoring.Tree) []byte {
	dst = w.appendLineHead(dst, res, key)
	dst = append(dst, `, "worst": `...)
	if res.worstPath != "" {
		dst = append(dst, `{"path": `...)
		dst = jsondoc.AppendQuoted(dst, res.worstPath)
		dst = append(dst, `, "loss": `...)
		dst = report.AppendJSONFloat(dst, res.worstLoss)
		dst = append(dst, '}')
	} else {
		dst = append(dst, "null"...)
	}
	dst = append(dst, `, "paths": [`...)
	if t != nil {
		dst = w.appendParts(dst)
	}
	dst = append(dst, `], "nodes": [`...)
	if t != nil && res.status == CaseScored {
		dst = w.appendLosers(dst, t)
	}
	return append(dst, "]}\n"...)
}

// appendParts appends the case's per-path parts (the sweep's).
func (w *worker) appendParts(dst []byte) []byte {
	parts := w.sw.acc.parts
	for len(w.linePos) < len(w.sw.acc.at) {
		w.linePos = append(w.linePos, -1)
	}
	for j := range parts {
		p := &parts[j]
		w.linePos[p.path] = int32(j)
		if j > 0 {
			dst = append(dst, ',')
		}
		node := w.pathNode(p.path)
		dst = append(dst, '[')
		if node.parent < 0 {
			dst = append(dst, "-1,null"...)
		} else {
			dst = strconv.AppendInt(dst, int64(w.linePos[node.parent]), 10)
			dst = append(dst, ',')
			if node.elem {
				dst = append(dst, "null"...)
			} else {
				dst = jsondoc.AppendQuoted(dst, node.key)
			}
		}
		dst = appendInts(dst, int64(p.kind), int64(p.scored))
		dst = append(dst, ',')
		dst = report.AppendJSONFloat(dst, p.scoreSum)
		dst = append(dst, ',')
		dst = report.AppendJSONFloat(dst, p.lossSum)
		dst = append(dst, ',')
		dst = report.AppendJSONFloat(dst, p.weight)
		dst = append(dst, ',')
		dst = appendTrimmed(dst, p.status[:])
		dst = append(dst, ',')
		dst = appendTrimmed(dst, p.counts[:])
		dst = appendInts(dst, int64(p.kinds), int64(p.scalars))
		if p.hasPathWeight {
			dst = append(dst, ',')
			dst = report.AppendJSONFloat(dst, p.pathWeight)
		}
		dst = append(dst, ']')
	}
	for j := range parts {
		w.linePos[parts[j].path] = -1
	}
	return dst
}

// pathNode returns path id's node of the path table, through the
// worker's copy of those it has looked up.
func (w *worker) pathNode(id int32) *pathNode {
	for int(id) >= len(w.nodes) {
		w.nodes = append(w.nodes, pathNode{parent: -2})
	}
	if w.nodes[id].parent == -2 {
		w.nodes[id] = w.run.paths.snapshotNode(id)
	}
	return &w.nodes[id]
}

// appendLosers appends the case's leaves that score below 1, in
// document order, with their raw scores and losses.
func (w *worker) appendLosers(dst []byte, t *scoring.Tree) []byte {
	f, s := &w.f, &w.sw
	w.losers = w.losers[:0]
	for i, fl := range f.flags {
		if sc := f.score[i]; fl&fContainer == 0 && sc == sc && sc < 1 {
			w.losers = append(w.losers, int32(i))
		}
	}
	slices.SortFunc(w.losers, func(a, b int32) int {
		if s.before(a, b) {
			return -1
		}
		return 1
	})
	for k, i := range w.losers {
		if k > 0 {
			dst = append(dst, ", "...)
		}
		sc := f.score[i]
		dst = append(dst, `{"path": `...)
		dst = jsondoc.AppendQuoted(dst, t.Path(scoring.NodeID(i)))
		dst = append(dst, `, "status": "`...)
		dst = append(dst, statusOf(f.flags[i]&fBase, sc).String()...)
		dst = append(dst, `", "score": `...)
		dst = report.AppendJSONFloat(dst, sc)
		dst = append(dst, `, "loss": `...)
		dst = report.AppendJSONFloat(dst, s.share[i]*(1-sc))
		dst = append(dst, '}')
	}
	return dst
}

// appendInts appends ",a,b".
func appendInts(dst []byte, a, b int64) []byte {
	dst = append(dst, ',')
	dst = strconv.AppendInt(dst, a, 10)
	dst = append(dst, ',')
	return strconv.AppendInt(dst, b, 10)
}

// appendTrimmed appends counts as a JSON array without its trailing
// zeros.
func appendTrimmed(dst []byte, counts []int32) []byte {
	n := len(counts)
	for n > 0 && counts[n-1] == 0 {
		n--
	}
	dst = append(dst, '[')
	for i, c := range counts[:n] {
		if i > 0 {
			dst = append(dst, ',')
		}
		dst = strconv.AppendInt(dst, int64(c), 10)
	}
	return append(dst, ']')
}

// appendExtraLine appends the line of an output with no reference.
func appendExtraLine(dst []byte, id string, key caseKey) []byte {
	dst = append(dst, `{"id": `...)
	dst = jsondoc.AppendQuoted(dst, id)
	dst = append(dst, `, "status": "extra"`...)
	dst = appendKey(dst, key)
	return append(dst, "}\n"...)
}

// AppendUnfinished appends the line that ends the case lines of a run
// that stopped on err: {"unfinished": true, "error": "..."}. Aggregate
// refuses a shard that holds one.
func AppendUnfinished(dst []byte, err error) []byte {
	dst = append(dst, `{"unfinished": true, "error": `...)
	dst = jsondoc.AppendQuoted(dst, err.Error())
	return append(dst, "}\n"...)
}

func appendFloatOrNull(dst []byte, v float64) []byte {
	if math.IsNaN(v) {
		return append(dst, "null"...)
	}
	return report.AppendJSONFloat(dst, v)
}
