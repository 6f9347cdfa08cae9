package dataset

import (
	"fmt"
	"math"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// lineReader reads case lines (lines.go) into case results and the
// batch's parts: one per worker.
type lineReader struct {
	paths  pathCache
	acc    caseAcc
	schema []int32 // each path entry's schema path, in the line being read
	// prev are the metric, settings and file of the line before, shared
	// by the lines that have the same (fastRead).
	prev    [3]string
	entries []entryCache // by entry: the line before's (linesentry.go)
	strs    map[string]string
}

// partFirst is where a case line meets a path first, for the order of
// the paths (a path's children in the order the earliest case meets
// them, whatever order the lines come in).
type partFirst struct {
	path   int32
	pos    int32 // the entry's place in the case's "paths"
	kind   jsondoc.Kind
	weight float64
}

// lineError is a fault of a case line, at a value of it.
type lineError struct {
	at  jsondoc.ID
	msg string
}

// read reads one case line into res, folding its parts into b and noting
// where it meets each path in b.firsts.
func (lr *lineReader) read(in *caseInput, b *batch, res *caseResult) {
	rec := &in.ref
	res.score, res.worstNode = math.NaN(), -1
	if !lr.fastRead(rec.Data, res) {
		*res = caseResult{score: math.NaN(), worstNode: -1}
		d, err := jsondoc.Parse(in.name, rec.Data, nil)
		if err != nil {
			res.fatal = shiftError(err, rec)
			return
		}
		if e := lr.readLine(d, res); e != nil {
			line, col := d.Position(e.at)
			line, col = rec.Pos(line, col)
			res.fatal = fmt.Errorf("%s:%d:%d: %s", escape.Name(in.name), line, col, e.msg)
			return
		}
	}
	if res.status != CaseExtra {
		start := len(b.firsts)
		for j := range lr.acc.parts {
			p := &lr.acc.parts[j]
			b.firsts = append(b.firsts, partFirst{path: p.path, pos: int32(j), kind: p.kind, weight: p.weight})
		}
		res.firsts = [2]int{start, len(b.firsts)}
		b.fold(lr.acc.parts, in.idx)
	}
}

func fault(at jsondoc.ID, format string, args ...any) *lineError {
	return &lineError{at: at, msg: fmt.Sprintf(format, args...)}
}

// readLine reads the fields of a case line.
func (lr *lineReader) readLine(d *jsondoc.Doc, res *caseResult) *lineError {
	if d.Kind(0) != jsondoc.Object {
		return fault(0, "a case line is an object, as score --format jsonl writes them")
	}
	field := func(key string) jsondoc.ID { return d.Lookup(0, key) }
	str := func(key string) (string, jsondoc.ID, bool) {
		v := field(key)
		if v == jsondoc.None || d.Kind(v) != jsondoc.String {
			return "", v, false
		}
		return strings.Clone(d.Str(v)), v, true
	}
	if v := field("unfinished"); v != jsondoc.None {
		msg := "the run that wrote this shard stopped on an error"
		if e, _, ok := str("error"); ok {
			msg += ": " + escape.Text(e)
		}
		return fault(0, "%s; score the shard again", msg)
	}
	id, _, okID := str("id")
	st, stv, okSt := str("status")
	if !okID || !okSt {
		return fault(0, "a case line has a string \"id\" and \"status\", as score --format jsonl writes them")
	}
	res.id = id
	status, ok := parseCaseStatus(st)
	if !ok {
		return fault(stv, "unknown case status %q", st)
	}
	res.status = status
	if file, _, ok := str("file"); ok {
		res.key.file = file
	}
	if v := field("record"); v != jsondoc.None {
		n, ok := wholeNumber(d, v)
		if !ok || n < 0 || status != CaseExtra && n < 1 {
			return fault(v, "\"record\" is a record number (1 and up)")
		}
		res.key.record = int(n)
	} else if status != CaseExtra {
		return fault(0, "a case line has its \"file\" and \"record\", as score --format jsonl writes them")
	}
	if status == CaseExtra {
		return nil
	}
	if e := lr.readCase(d, res, field); e != nil {
		return e
	}
	paths := field("paths")
	if paths == jsondoc.None || d.Kind(paths) != jsondoc.Array {
		return fault(0, "a case line has its \"paths\", as score --format jsonl writes them")
	}
	if v := field("nodes"); v == jsondoc.None || d.Kind(v) != jsondoc.Array {
		return fault(0, "a case line has its \"nodes\", as score --format jsonl writes them")
	}
	lr.acc.clear()
	lr.schema = lr.schema[:0]
	for e := d.Child(paths); e != jsondoc.None; e = d.Next(e) {
		if err := lr.part(d, e); err != nil {
			return err
		}
	}
	return nil
}

// readCase reads a reference case's own fields: score, group, error,
// repairs, metric and settings, worst.
func (lr *lineReader) readCase(d *jsondoc.Doc, res *caseResult, field func(string) jsondoc.ID) *lineError {
	v := field("score")
	switch {
	case v == jsondoc.None:
		return fault(0, "a case line has its \"score\" (null for none)")
	case d.Kind(v) == jsondoc.Number:
		res.score = d.Float(v)
		if !(res.score >= 0 && res.score <= 1) {
			return fault(v, "the case score %s is outside [0, 1]: no score writes it", d.Raw(v))
		}
	case d.Kind(v) != jsondoc.Null:
		return fault(v, "a case score is a number or null")
	}
	if msg := caseProblem(res); msg != "" {
		return fault(v, "%s", msg)
	}
	if v := field("group"); v != jsondoc.None && d.Kind(v) != jsondoc.Null {
		res.group, res.hasGroup = groupText(d, v), true
	}
	if v := field("error"); v != jsondoc.None && d.Kind(v) == jsondoc.String {
		res.err = strings.Clone(d.Str(v))
	}
	if v := field("metric"); v != jsondoc.None && d.Kind(v) == jsondoc.String {
		m := d.Str(v)
		if o := field("options"); o != jsondoc.None && d.Kind(o) == jsondoc.Array {
			for c := d.Child(o); c != jsondoc.None; c = d.Next(c) {
				if d.Kind(c) == jsondoc.String {
					m += " " + d.Str(c)
				}
			}
		}
		res.metric = strings.Clone(m)
	}
	if v := field("settings"); v != jsondoc.None && d.Kind(v) == jsondoc.String {
		res.settings = strings.Clone(d.Str(v))
	}
	if v := field("repairs"); v != jsondoc.None && d.Kind(v) == jsondoc.Array {
		for c := d.Child(v); c != jsondoc.None; c = d.Next(c) {
			if d.Kind(c) == jsondoc.String {
				res.repairs = append(res.repairs, strings.Clone(d.Str(c)))
			}
		}
	}
	if v := field("worst"); v != jsondoc.None && d.Kind(v) == jsondoc.Object {
		p, l := d.Lookup(v, "path"), d.Lookup(v, "loss")
		if p == jsondoc.None || d.Kind(p) != jsondoc.String || l == jsondoc.None || d.Kind(l) != jsondoc.Number {
			return fault(v, "a case's \"worst\" has a string \"path\" and a number \"loss\"")
		}
		res.worstPath, res.worstLoss = strings.Clone(d.Str(p)), d.Float(l)
		if !(res.worstLoss > 0 && res.worstLoss <= 1) {
			return fault(l, "a costliest leaf's loss %s is outside (0, 1]", d.Raw(l))
		}
	}
	return nil
}

// part reads entry e of a case's "paths" into lr.acc.
func (lr *lineReader) part(d *jsondoc.Doc, e jsondoc.ID) *lineError {
	j := int32(len(lr.schema))
	if d.Kind(e) != jsondoc.Array {
		return fault(e, "a \"paths\" entry is an array, as score --format jsonl writes them")
	}
	var item [12]jsondoc.ID
	n := 0
	for c := d.Child(e); c != jsondoc.None; c = d.Next(c) {
		if n == len(item) {
			return fault(c, "a \"paths\" entry has at most %d items", len(item))
		}
		item[n] = c
		n++
	}
	if n < 11 {
		return fault(e, "a \"paths\" entry has 11 or 12 items (parent, step, kind, scored, score sum, loss sum, weight, statuses, counts, kinds, scalars[, path weight])")
	}
	ints := [5]int{0, 2, 3, 9, 10} // parent, kind, scored, kinds, scalars
	var iv [11]int64
	for _, k := range ints {
		v, ok := wholeNumber(d, item[k])
		if !ok || v < 0 && k != 0 {
			return fault(item[k], "a count below 0, or not a whole number: no score writes it")
		}
		iv[k] = v
	}
	schema, err := lr.entryPath(d, e, j, iv[0], item[0], item[1])
	if err != nil {
		return err
	}
	if iv[2] > int64(jsondoc.Array) || iv[9] > 255 {
		return fault(item[2], "unknown kind")
	}
	var fl [3]float64 // score sum, loss sum, weight
	for k := range fl {
		v := item[4+k]
		if d.Kind(v) != jsondoc.Number {
			return fault(v, "a path's score sum, loss sum and weight are numbers")
		}
		fl[k] = d.Float(v)
	}
	for int(schema) >= len(lr.acc.at) {
		lr.acc.at = append(lr.acc.at, 0)
	}
	if lr.acc.at[schema] != 0 {
		return fault(e, "the path of this entry has an entry before it")
	}
	lr.schema = append(lr.schema, schema)
	p := lr.acc.part(schema, j, uint16(iv[2])<<fKindShift, fl[2])
	p.scored, p.scoreSum, p.lossSum = int32(iv[3]), fl[0], fl[1]
	p.kinds, p.scalars = uint8(iv[9]), int32(iv[10])
	if e := readCounts(d, item[7], p.status[:]); e != nil {
		return e
	}
	if e := readCounts(d, item[8], p.counts[:]); e != nil {
		return e
	}
	for _, c := range p.status {
		p.nodes += c
	}
	if k, msg := partProblem(p); msg != "" {
		return fault(item[k], "%s", msg)
	}
	if n == 12 {
		w := item[11]
		if d.Kind(w) != jsondoc.Number || !(d.Float(w) >= 0) {
			return fault(w, "a path weight is a number, 0 or more")
		}
		p.pathWeight, p.hasPathWeight = d.Float(w), true
	}
	return nil
}

// caseProblem says what no score writes in a case's score and status, if
// anything.
func caseProblem(res *caseResult) string {
	switch hasScore := !math.IsNaN(res.score); {
	case hasScore && !(res.score >= 0 && res.score <= 1):
		return fmt.Sprintf("the case score %v is outside [0, 1]: no score writes it", res.score)
	case res.status == CaseScored && !hasScore:
		return "a scored case has a score"
	case res.status == CaseIgnored && hasScore:
		return "an ignored case has no score"
	case (res.status == CaseMissing || res.status == CaseInvalid) && res.score != 0:
		return fmt.Sprintf("a %s case scores 0", res.status)
	}
	return ""
}

// partOK reports whether partProblem finds nothing wrong in p (without
// saying what), for the fast path.
func partOK(p *pathPart) bool {
	return p.scored <= p.nodes && p.scoreSum >= 0 && p.scoreSum <= float64(p.scored) &&
		p.lossSum >= 0 && p.lossSum <= 1+1e-9 && p.weight >= 0 && !math.IsInf(p.weight, 0)
}

// partProblem says what no score writes in a path entry read into p, if
// anything, and at which item of the entry.
func partProblem(p *pathPart) (item int, msg string) {
	switch {
	case p.scored > p.nodes:
		return 3, fmt.Sprintf("%d scores among %d nodes: no score writes it", p.scored, p.nodes)
	case !(p.scoreSum >= 0 && p.scoreSum <= float64(p.scored)):
		return 4, fmt.Sprintf("a score sum outside [0, %d] over %d scores: no score writes it", p.scored, p.scored)
	case !(p.lossSum >= 0 && p.lossSum <= 1+1e-9):
		return 5, "a loss sum outside [0, 1]: no score writes it"
	case !(p.weight >= 0) || math.IsInf(p.weight, 0):
		return 6, "a weight below 0: no score writes it"
	}
	return 0, ""
}

// entryPath returns the schema path of entry e, the j-th of its line,
// from its parent's index and its step.
func (lr *lineReader) entryPath(d *jsondoc.Doc, e jsondoc.ID, j int32, parent int64, pv, step jsondoc.ID) (int32, *lineError) {
	switch {
	case j == 0:
		if parent != -1 || d.Kind(step) != jsondoc.Null {
			return 0, fault(e, "the first \"paths\" entry is the root's: [-1,null,...]")
		}
		return 0, nil
	case parent < 0 || parent >= int64(j):
		return 0, fault(pv, "a path's parent is an entry before it")
	case d.Kind(step) == jsondoc.Null:
		return lr.paths.elem(lr.schema[parent]), nil
	case d.Kind(step) == jsondoc.String:
		return lr.paths.key(lr.schema[parent], d.Str(step)), nil
	}
	return 0, fault(step, "a path's step is an object key or null (an array's elements)")
}

// readCounts reads an array of counts (trailing zeros left out) into dst.
func readCounts(d *jsondoc.Doc, v jsondoc.ID, dst []int32) *lineError {
	if d.Kind(v) != jsondoc.Array {
		return fault(v, "a path's statuses and counts are arrays of counts")
	}
	k := 0
	for c := d.Child(v); c != jsondoc.None; c = d.Next(c) {
		n, ok := wholeNumber(d, c)
		switch {
		case k == len(dst):
			return fault(c, "at most %d counts", len(dst))
		case !ok || n < 0 || n > math.MaxInt32:
			return fault(c, "a count below 0, or not a whole number: no score writes it")
		}
		dst[k] = int32(n)
		k++
	}
	return nil
}

// wholeNumber reads v as a whole number.
func wholeNumber(d *jsondoc.Doc, v jsondoc.ID) (int64, bool) {
	if d.Kind(v) != jsondoc.Number {
		return 0, false
	}
	f := d.Float(v)
	if f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int64(f), true
}
