package dataset

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// Shard is a file of --format jsonl case lines.
type Shard struct {
	Name string
	R    io.Reader
}

// AggregateConfig says how to add up shards.
type AggregateConfig struct {
	// Metric names the metric the shards were scored with, when set: a
	// case line that names another is an error. The lines name it; ""
	// takes theirs, or jsondiff for lines that do not (older ones).
	Metric string
	// MatchThreshold and Pass are as in Config.
	MatchThreshold *float64
	Pass           *float64
	// Workers is how many lines are read at once; 0 is every core.
	Workers int
	// CaseLines, when set, is given every case line once it is taken (it
	// is a case line, and fits with those before it): shard by shard in
	// the order of shards, each shard's lines in their order. line is the
	// line's text without its line end, valid during the call; an error
	// stops Aggregate with it. For shards that split a dataset in order,
	// these are the lines Score gives the whole dataset (Config.Lines).
	CaseLines func(line []byte) error
}

// Aggregate reads the case lines of shards (the --format jsonl of score,
// in any number of pieces, in order) and returns the dataset's figures:
// the very ones scoring the whole dataset in one process gives (to the
// last bits of a sum). A line that is not a case line is an error with
// its file:line:col.
func Aggregate(ctx context.Context, shards []Shard, cfg AggregateConfig) (*Figures, error) {
	r := &runner{tau: 1, paths: newPathTable(), cfg: &Config{Pass: cfg.Pass}}
	var err error
	if r.tau, err = thresholds(cfg.MatchThreshold, cfg.Pass); err != nil {
		return nil, err
	}
	metric := cfg.Metric
	if metric == "" {
		metric = scoring.DefaultMetric
	}
	r.acc.setup(metric, nil, cfg.Pass, r.paths, true)
	check := &shardCheck{want: cfg.Metric}
	for _, sh := range shards {
		check.names = append(check.names, sh.Name)
	}
	n := cfg.Workers
	if n <= 0 {
		n = runtime.GOMAXPROCS(0)
	}
	readers := make([]*lineReader, n)
	for i := range readers {
		readers[i] = &lineReader{tau: r.tau, paths: pathCache{table: r.paths}}
	}
	p := newPipeline(n)
	grouped := false
	produce := shardLines(p, shards)
	work := func(ctx context.Context, w int, b *batch) {
		b.res = grow(b.res, len(b.in))
		for i := range b.in {
			readers[w].read(&b.in[i], b, &b.res[i])
		}
	}
	consume := func(b *batch) error {
		for i := range b.res {
			res := &b.res[i]
			if res.fatal != nil {
				return res.fatal
			}
			if err := check.check(&b.in[i], res, &r.acc); err != nil {
				return err
			}
			grouped = grouped || res.hasGroup
			r.acc.addCase(res)
			if cfg.CaseLines != nil {
				if err := cfg.CaseLines(b.in[i].ref.Data); err != nil {
					return err
				}
			}
		}
		r.acc.addParts(b.parts)
		return nil
	}
	if err := p.run(ctx, produce, work, consume); err != nil {
		return nil, err
	}
	if r.acc.refCases == 0 {
		return nil, errors.New("the shards hold no case")
	}
	r.acc.hasGroups = grouped
	if check.metric != "" {
		r.acc.metric, r.acc.options = metricOf(check.metric)
	}
	return r.acc.figures(nil)
}

// shardLines is the producer of Aggregate's pipeline p: the shards'
// lines, in order, in batches.
func shardLines(p *pipeline, shards []Shard) func(context.Context, func(*batch) error) error {
	return func(ctx context.Context, emit func(*batch) error) error {
		b := p.get()
		n := 0 // the lines read, in order
		for k, sh := range shards {
			rr := NewRecordReader(sh.Name, sh.R, Lines)
			for {
				rec, err := rr.Next()
				if errors.Is(err, io.EOF) {
					break
				}
				if err != nil {
					return err
				}
				b.in = append(b.in, caseInput{ref: b.addRecord(rec), name: sh.Name, idx: n, shard: int32(k)})
				n++
				if b.full() {
					if err := emit(b); err != nil {
						return err
					}
					b = p.get()
				}
			}
		}
		if len(b.in) > 0 {
			return emit(b)
		}
		return nil
	}
}

// lineReader reads case lines into case results: one per worker.
type lineReader struct {
	tau   float64
	paths pathCache
	acc   caseAcc
	stack []lineNode
}

// lineNode is a node of a case line on the way down to the current one.
type lineNode struct {
	path   string // its path, such as .items[1].price
	schema int32  // its schema path
	part   int32  // its part in acc
	leaf   int    // its count, were it a leaf
	loss   float64
	kids   bool
}

// read reads one case line into res.
func (lr *lineReader) read(in *caseInput, b *batch, res *caseResult) {
	rec := &in.ref
	res.score, res.worstNode = math.NaN(), -1
	d, err := jsondoc.Parse(in.name, rec.Data, nil)
	if err != nil {
		res.fatal = shiftError(err, rec)
		return
	}
	fail := func(v jsondoc.ID, format string, args ...any) {
		line, col := d.Position(v)
		line, col = rec.Pos(line, col)
		res.fatal = fmt.Errorf("%s:%d:%d: %s", in.name, line, col, fmt.Sprintf(format, args...))
	}
	if d.Kind(0) != jsondoc.Object {
		fail(0, "a case line is an object, as score --format jsonl writes them")
		return
	}
	field := func(key string) jsondoc.ID { return d.Lookup(0, key) }
	idv, stv := field("id"), field("status")
	if idv == jsondoc.None || d.Kind(idv) != jsondoc.String || stv == jsondoc.None || d.Kind(stv) != jsondoc.String {
		fail(0, "a case line has a string \"id\" and \"status\", as score --format jsonl writes them")
		return
	}
	res.id = strings.Clone(d.Str(idv))
	st, ok := parseCaseStatus(d.Str(stv))
	if !ok {
		fail(stv, "unknown case status %q", d.Str(stv))
		return
	}
	res.status = st
	if st == CaseExtra {
		return
	}
	if v := field("score"); v != jsondoc.None && d.Kind(v) == jsondoc.Number {
		res.score = d.Float(v)
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
	if v := field("repairs"); v != jsondoc.None && d.Kind(v) == jsondoc.Array {
		for c := d.Child(v); c != jsondoc.None; c = d.Next(c) {
			if d.Kind(c) == jsondoc.String {
				res.repairs = append(res.repairs, strings.Clone(d.Str(c)))
			}
		}
	}
	nodes := field("nodes")
	if nodes == jsondoc.None || d.Kind(nodes) != jsondoc.Array {
		fail(0, "a case line has its \"nodes\", as score --format jsonl writes them")
		return
	}
	lr.acc.clear()
	lr.stack = lr.stack[:0]
	i := int32(0)
	for nv := d.Child(nodes); nv != jsondoc.None; nv = d.Next(nv) {
		if err := lr.node(d, nv, i, res); err != "" {
			fail(nv, "%s", err)
			return
		}
		i++
	}
	lr.pop(0, res)
	b.fold(lr.acc.parts, in.idx)
}

// node reads node nv, the i-th of its case, and returns what is wrong
// with it, if anything.
func (lr *lineReader) node(d *jsondoc.Doc, nv jsondoc.ID, i int32, res *caseResult) string {
	if d.Kind(nv) != jsondoc.Object {
		return "a node is an object"
	}
	var path, kind, status string
	score, weight, loss := math.NaN(), 0.0, 0.0
	ref, out := jsondoc.None, jsondoc.None
	for c := d.Child(nv); c != jsondoc.None; c = d.Next(c) {
		switch k := d.Kind(c); d.Key(c) {
		case "path":
			if k == jsondoc.String {
				path = d.Str(c)
			}
		case "kind":
			if k == jsondoc.String {
				kind = d.Str(c)
			}
		case "status":
			if k == jsondoc.String {
				status = d.Str(c)
			}
		case "score":
			if k == jsondoc.Number {
				score = d.Float(c)
			}
		case "weight":
			if k == jsondoc.Number {
				weight = d.Float(c)
			}
		case "loss":
			if k == jsondoc.Number {
				loss = d.Float(c)
			}
		case "reference":
			ref = c
		case "output":
			out = c
		}
	}
	st, ok := statusByName[status]
	if !ok {
		return fmt.Sprintf("unknown node status %q", status)
	}
	kd, ok := kindByName[kind]
	if !ok {
		return fmt.Sprintf("unknown node kind %q", kind)
	}
	// The parent is the deepest node on the way whose path this one's
	// extends by one step; the others were leaves or are done.
	schema := int32(0)
	if i == 0 {
		if path != "." {
			return fmt.Sprintf("the first node is the root \".\", not %q", path)
		}
	} else {
		for {
			if len(lr.stack) == 0 {
				return fmt.Sprintf("node %s follows no node it is below", path)
			}
			top := &lr.stack[len(lr.stack)-1]
			if key, elem, ok := childStep(top.path, path); ok {
				top.kids = true
				if elem {
					schema = lr.paths.elem(top.schema)
				} else {
					schema = lr.paths.key(top.schema, key)
				}
				break
			}
			lr.pop(len(lr.stack)-1, res)
		}
	}
	var fl uint16
	if st == scoring.Extra {
		fl = baseExtra
	}
	fl |= uint16(kd) << fKindShift
	p := lr.acc.part(schema, i, fl, weight)
	p.nodes++
	if !math.IsNaN(score) {
		p.scored++
		p.scoreSum += score
		p.lossSum += loss
	}
	p.status[st]++
	if st != scoring.Extra {
		p.kinds |= 1 << kd
		if !kd.IsContainer() {
			p.scalars++
		}
	}
	leaf := lineLeafCount(d, ref, out, score, lr.tau)
	lr.stack = append(lr.stack, lineNode{path: path, schema: schema, part: lr.acc.at[schema] - 1, leaf: leaf, loss: loss})
	return ""
}

// pop takes the nodes of the stack from k on off it: those without
// children are leaves, counted at their path and every path above.
func (lr *lineReader) pop(k int, res *caseResult) {
	for j := len(lr.stack) - 1; j >= k; j-- {
		n := &lr.stack[j]
		if !n.kids {
			lr.acc.parts[n.part].counts[n.leaf-1]++
			for a := j - 1; a >= 0; a-- {
				lr.acc.parts[lr.stack[a].part].counts[n.leaf-1]++
			}
			if n.loss > 0 && n.loss > res.worstLoss {
				res.worstPath, res.worstLoss = strings.Clone(n.path), n.loss
			}
		}
	}
	lr.stack = lr.stack[:k]
}

// lineLeafCount classifies a node as a leaf from its values in the line.
func lineLeafCount(d *jsondoc.Doc, ref, out jsondoc.ID, s, tau float64) int {
	return leafCount(d, ref, d, out, s, !math.IsNaN(s), tau)
}

// childStep returns the step by which path p extends parent by one: an
// object key or an array element.
func childStep(parent, p string) (key string, elem, ok bool) {
	var rest string
	if parent == "." {
		if len(p) < 2 || p[0] != '.' {
			return "", false, false
		}
		rest = p[1:]
		if rest[0] != '[' {
			rest = p
		}
	} else {
		if len(p) <= len(parent) || p[:len(parent)] != parent {
			return "", false, false
		}
		rest = p[len(parent):]
	}
	switch {
	case rest[0] == '.':
		key = rest[1:]
		if !isIdent(key) {
			return "", false, false
		}
		return strings.Clone(key), false, true
	case len(rest) >= 4 && rest[0] == '[' && rest[1] == '"' && rest[len(rest)-1] == ']' && rest[len(rest)-2] == '"':
		var s string
		if json.Unmarshal([]byte(rest[1:len(rest)-1]), &s) != nil {
			return "", false, false
		}
		return s, false, true
	case len(rest) >= 3 && rest[0] == '[' && rest[len(rest)-1] == ']':
		for _, c := range rest[1 : len(rest)-1] {
			if c < '0' || c > '9' {
				return "", false, false
			}
		}
		return "", true, true
	}
	return "", false, false
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

var statusByName = func() map[string]scoring.Status {
	m := map[string]scoring.Status{}
	for _, s := range scoring.Statuses {
		m[s.String()] = s
	}
	return m
}()

var kindByName = func() map[string]jsondoc.Kind {
	m := map[string]jsondoc.Kind{}
	for k := jsondoc.Null; k <= jsondoc.Array; k++ {
		m[k.String()] = k
	}
	return m
}()
