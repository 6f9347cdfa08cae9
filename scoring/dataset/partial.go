package dataset

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/jsontui/jsontui/internal/escape"

	"github.com/jsontui/jsontui/scoring/jsondoc"
	"github.com/jsontui/jsontui/scoring/setting"
)

// Partial is a dataset's figures in the making: what any number of case
// lines (score --format jsonl) add up to, every sum kept exactly. Partials
// merge in any order and any grouping, and give the same figures, to the
// last bit, as scoring the same cases in one process: the cases are
// placed by the reference file and record number their lines carry, not
// by the order they come in. It is the reduce's accumulator: Aggregate
// adds shards into one; a distributed combiner adds the lines of a
// bundle into one (Add), merges them (Merge), ships them between workers
// (MarshalBinary) and reads the figures (Figures).
//
// Add and Merge refuse what does not add up: lines scored under other
// settings than the first (metric, options, weights, rules, match
// threshold, --group-by), a case met twice (by id, or for a case without
// one by its file and record), a line no score could have written. A
// Partial is not safe for concurrent use; its zero value is not ready
// (NewPartial).
type Partial struct {
	acc       accumulator
	table     *pathTable
	keys      []caseKey   // by case, in the order added
	where     []caseWhere // by case: where its line was, for messages
	firsts    []pathFirst // by path: the earliest entry, as lines place cases
	extraKeys []caseKey
	ids       *idSet            // the cases' ids; nil once sorted (Figures)
	noID      map[caseKey]int32 // the cases named #N, by key
	grouped   bool
	// metric and settings are the first case's, first says where it is;
	// want is the metric the user named, "" for any.
	metric, settings, want string
	first                  caseWhere
	firstAt                caseKey
	names                  []string // Aggregate: the shards' names, by place
	lr                     *lineReader
	b                      *batch // Add's scratch
}

// caseWhere is where a case's line was: a shard's line (Aggregate), or
// nothing known (shard -1: Add, Merge).
type caseWhere struct{ shard, line, col int32 }

// pathFirst is the earliest entry of a path, as the lines place their
// cases (caseKey, then the id, then the entry's place in its line).
type pathFirst struct {
	set    bool
	key    caseKey
	id     string
	pos    int32
	kind   jsondoc.Kind
	weight float64
}

func (f *pathFirst) before(g *pathFirst) bool {
	if !g.set {
		return true
	}
	if c := compareKeys(f.key, f.id, g.key, g.id); c != 0 {
		return c < 0
	}
	return f.pos < g.pos
}

func compareKeys(a caseKey, aid string, b caseKey, bid string) int {
	if c := cmp.Compare(a.file, b.file); c != 0 {
		return c
	}
	if c := cmp.Compare(a.record, b.record); c != 0 {
		return c
	}
	return cmp.Compare(aid, bid)
}

// NewPartial returns an empty Partial. metric, when not "", is the
// metric the lines must name.
func NewPartial(metric string) *Partial {
	p := &Partial{table: newPathTable(), want: metric, noID: map[caseKey]int32{}, ids: newIDSet(0)}
	p.acc.setup("", nil, nil, p.table, true)
	return p
}

// Add adds one case line (without its line end).
func (p *Partial) Add(line []byte) error {
	if p.lr == nil {
		p.lr = &lineReader{paths: pathCache{table: p.table}}
		p.b = &batch{}
	}
	b := p.b
	b.reset()
	b.in = append(b.in, caseInput{ref: Record{Data: line, N: 1, Line: 1, Col: 1}, name: "case line"})
	b.res = grow(b.res, 1)
	res := &b.res[0]
	p.lr.read(&b.in[0], b, res)
	if res.fatal != nil {
		return res.fatal
	}
	if err := p.addCase(res, b.firsts[res.firsts[0]:res.firsts[1]], caseWhere{shard: -1}); err != nil {
		return err
	}
	p.acc.addParts(b.parts, b.sums)
	return nil
}

// reserve makes room for n cases more.
func (p *Partial) reserve(n int) {
	if n <= 0 {
		return
	}
	p.keys, p.where = slices.Grow(p.keys, n), slices.Grow(p.where, n)
	p.acc.cases, p.acc.groupOfCase = slices.Grow(p.acc.cases, n), slices.Grow(p.acc.groupOfCase, n)
}

// addCase adds a case read from a line, after the checks; firsts are
// where it meets each path.
func (p *Partial) addCase(res *caseResult, firsts []partFirst, at caseWhere) error {
	if res.status != CaseExtra {
		if err := p.checkSettings(res.metric, res.settings, at, res.key); err != nil {
			return err
		}
		if err := p.checkDuplicate(res.id, res.key, at); err != nil {
			return err
		}
		p.grouped = p.grouped || res.hasGroup
		for _, f := range firsts {
			for int(f.path) >= len(p.firsts) {
				p.firsts = append(p.firsts, pathFirst{})
			}
			cur := &p.firsts[f.path]
			if cur.set && compareKeys(cur.key, cur.id, res.key, res.id) < 0 {
				continue // an earlier case has the path (the common case)
			}
			if pf := (pathFirst{set: true, key: res.key, id: res.id, pos: f.pos, kind: f.kind, weight: f.weight}); pf.before(cur) {
				*cur = pf
			}
		}
		p.keys = append(p.keys, res.key)
		p.where = append(p.where, at)
	} else {
		p.extraKeys = append(p.extraKeys, res.key)
	}
	p.acc.addCase(res)
	return nil
}

// describe says where a case's line was, for a message.
func (p *Partial) describe(at caseWhere, key caseKey) string {
	if at.shard >= 0 && int(at.shard) < len(p.names) {
		return fmt.Sprintf("%s:%d", escape.Name(p.names[at.shard]), at.line)
	}
	return fmt.Sprintf("the line of %s record %d", strconv.Quote(key.file), key.record)
}

// checkSettings refuses a case scored under other settings than the
// first case.
func (p *Partial) checkSettings(metric, settings string, at caseWhere, key caseKey) error {
	here := func() string {
		if at.shard >= 0 {
			return p.describe(at, key) + ":" + strconv.Itoa(int(at.col))
		}
		return p.describe(at, key)
	}
	switch {
	case p.want != "" && metric != p.want && !strings.HasPrefix(metric, p.want+" "):
		return setting.Errorf(setting.Esc(fmt.Sprintf("%s: the case was scored by %s, not by ", here(), escape.Name(metric)))+"%[1]s "+setting.Esc(p.want), "metric")
	case p.acc.refCases == 0:
		p.metric, p.settings, p.first, p.firstAt = metric, settings, at, key
		return nil
	case metric != p.metric:
		return fmt.Errorf("%s: the case was scored by %s, the first case (%s) by %s: aggregate the shards of one run",
			here(), escape.Name(metric), p.describe(p.first, p.firstAt), escape.Name(p.metric))
	case settings != p.settings:
		return fmt.Errorf("%s: the case was scored under other settings (%s) than the first case (%s: %s): the weights, the rules, the metric's options, the match threshold or the group-by field differ; aggregate the shards of one run",
			here(), escape.Name(settings), p.describe(p.first, p.firstAt), escape.Name(p.settings))
	}
	return nil
}

// checkDuplicate refuses a case met before: by its id, or for a case
// without one (#N) by its file and record.
func (p *Partial) checkDuplicate(id string, key caseKey, at caseWhere) error {
	p.index()
	k := len(p.acc.cases)
	if positional(id) {
		if prev, dup := p.noID[key]; dup {
			return fmt.Errorf("%s: case %s (%s record %d) is also at %s; aggregate each case once",
				p.describe(at, key), id, strconv.Quote(key.file), key.record, p.describe(p.where[prev], key))
		}
		p.noID[key] = int32(k)
		return nil
	}
	if prev, dup := p.ids.add(id, k, [2]int32{int32(k), 0}, p.acc.cases); dup {
		return fmt.Errorf("%s: duplicate case id %q: also at %s; aggregate each case once",
			p.describe(at, key), id, p.describe(p.where[prev[0]], p.keys[prev[0]]))
	}
	return nil
}

// index builds the duplicate checks again after Figures sorted the cases.
func (p *Partial) index() {
	if p.ids != nil {
		return
	}
	p.ids, p.noID = newIDSet(len(p.acc.cases)), make(map[caseKey]int32)
	for k := range p.acc.cases {
		if id := p.acc.cases[k].ID; positional(id) {
			p.noID[p.keys[k]] = int32(k)
		} else {
			p.ids.add(id, k, [2]int32{int32(k), 0}, p.acc.cases)
		}
	}
}
