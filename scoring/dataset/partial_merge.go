package dataset

import (
	"errors"
	"slices"

	"github.com/jsontui/jsontui/scoring"
)

// Merge adds the cases of o to p; o is unchanged. The result is the
// same, to the last bit of every figure, whatever the order and grouping
// of the merges. An error (o's cases scored under other settings, or met
// in p already) leaves p holding part of o: drop it.
func (p *Partial) Merge(o *Partial) error {
	if o == p {
		return errors.New("a Partial cannot be merged with itself: its cases would count twice")
	}
	nodes := o.table.snapshot()
	ids := make([]int32, len(nodes)) // o's paths in p's table
	for id := 1; id < len(nodes); id++ {
		n := &nodes[id]
		ids[id] = p.table.child(ids[n.parent], n.key, n.elem)
	}
	for k := range o.acc.cases {
		c := &o.acc.cases[k]
		at := caseWhere{shard: -1}
		if o.acc.refCases > 0 {
			if err := p.checkSettings(o.metric, o.settings, at, o.keys[k]); err != nil {
				return err
			}
		}
		if err := p.checkDuplicate(c.ID, o.keys[k], at); err != nil {
			return err
		}
		g := o.acc.groupOfCase[k]
		p.acc.groupOfCase = append(p.acc.groupOfCase, p.acc.groupIndex(o.acc.groups[g], g != o.acc.noGroup))
		p.acc.cases = append(p.acc.cases, *c)
		p.acc.refCases++
		p.keys = append(p.keys, o.keys[k])
		p.where = append(p.where, at)
	}
	p.acc.extra = append(p.acc.extra, o.acc.extra...)
	p.extraKeys = append(p.extraKeys, o.extraKeys...)
	p.grouped = p.grouped || o.grouped
	p.acc.tree = p.acc.tree || o.acc.tree
	for id := range o.acc.paths.len() {
		oa := o.acc.paths.at(int32(id))
		if !oa.seen {
			continue
		}
		to := ids[id]
		p.acc.mergeRow(to, &o.acc, int32(id))
		if id < len(o.firsts) && o.firsts[id].set {
			for int(to) >= len(p.firsts) {
				p.firsts = append(p.firsts, pathFirst{})
			}
			if f := o.firsts[id]; f.before(&p.firsts[to]) {
				p.firsts[to] = f
			}
		}
	}
	return nil
}

// mergeRow adds row id of o (another Partial's) to row to.
func (a *accumulator) mergeRow(to int32, o *accumulator, id int32) {
	r, or := a.row(to), o.paths.at(id)
	if !r.seen {
		r.kind, r.weight = or.kind, or.weight
	}
	if or.hasPathWeight && !r.hasPathWeight {
		r.pathWeight, r.hasPathWeight = or.pathWeight, true
	}
	r.kinds |= or.kinds
	sums := o.sums.view(or)
	a.addSums(r, or, &sums)
	v := countersOf(or, o.wide[id])
	a.addCounters(to, &v)
}

// Figures returns the dataset's figures from the cases added, under
// --pass (nil for none). The cases go in the order of their reference
// file's name and record number, the paths in the order the earliest
// case meets them, as one-process score orders them.
func (p *Partial) Figures(pass *float64) (*Figures, error) {
	a := &p.acc
	if a.refCases == 0 {
		return nil, errors.New("the shards hold no case")
	}
	p.sortCases()
	p.sortExtras()
	for id := range a.paths.len() {
		pa := a.paths.at(int32(id))
		if !pa.seen || id >= len(p.firsts) || !p.firsts[id].set {
			continue
		}
		f := &p.firsts[id]
		k, _ := slices.BinarySearchFunc(p.keys, f, func(key caseKey, f *pathFirst) int {
			return compareKeys(key, "", f.key, "")
		})
		for k < len(a.cases) && a.cases[k].ID != f.id {
			k++ // cases of one key, by id
		}
		pa.firstCase, pa.first = int32(k), f.pos
		pa.kind, pa.weight = f.kind, f.weight
		if pa.hasPathWeight {
			pa.weight = pa.pathWeight
		}
	}
	a.pass = pass
	a.hasGroups = p.grouped
	defer func() { a.hasGroups = true }() // cases added later keep their group
	a.metric, a.options = metricOf(p.metric)
	if a.metric == "" {
		a.metric = scoring.DefaultMetric
	}
	return a.figures(nil)
}

// sortCases puts the cases in the order of their keys (then ids), and
// the groups in the order of their first case.
func (p *Partial) sortCases() {
	a := &p.acc
	if p.inOrder() {
		return // the shards came in order: the groups are numbered so too
	}
	perm := make([]int32, len(a.cases))
	for i := range perm {
		perm[i] = int32(i)
	}
	slices.SortStableFunc(perm, func(i, j int32) int {
		return compareKeys(p.keys[i], a.cases[i].ID, p.keys[j], a.cases[j].ID)
	})
	cases := make([]CaseFigures, len(perm))
	keys := make([]caseKey, len(perm))
	where := make([]caseWhere, len(perm))
	groupOf := make([]int32, len(perm))
	for i, k := range perm {
		cases[i], keys[i], where[i], groupOf[i] = a.cases[k], p.keys[k], p.where[k], a.groupOfCase[k]
	}
	a.cases, p.keys, p.where = cases, keys, where
	// The groups, renumbered in the order of their first case.
	renum := make([]int32, len(a.groups))
	for i := range renum {
		renum[i] = -1
	}
	groups := make([]string, 0, len(a.groups))
	for i, g := range groupOf {
		if renum[g] < 0 {
			renum[g] = int32(len(groups))
			groups = append(groups, a.groups[g])
		}
		groupOf[i] = renum[g]
	}
	if a.noGroup >= 0 {
		a.noGroup = renum[a.noGroup]
	}
	a.groups, a.groupOfCase = groups, groupOf
	for g, k := range a.groupOf {
		a.groupOf[g] = renum[k]
	}
	p.ids = nil // the indices moved: index builds the checks again
}

// inOrder reports whether the cases were added in the order of their
// keys (no two are alike: a duplicate is refused).
func (p *Partial) inOrder() bool {
	for i := 1; i < len(p.keys); i++ {
		if compareKeys(p.keys[i-1], p.acc.cases[i-1].ID, p.keys[i], p.acc.cases[i].ID) > 0 {
			return false
		}
	}
	return true
}

// sortExtras puts the extra outputs in the order of their keys.
func (p *Partial) sortExtras() {
	a := &p.acc
	if len(a.extra) == 0 {
		return
	}
	perm := make([]int, len(a.extra))
	for i := range perm {
		perm[i] = i
	}
	slices.SortStableFunc(perm, func(i, j int) int {
		return compareKeys(p.extraKeys[i], a.extra[i], p.extraKeys[j], a.extra[j])
	})
	extra := make([]string, len(perm))
	keys := make([]caseKey, len(perm))
	for i, k := range perm {
		extra[i], keys[i] = a.extra[k], p.extraKeys[k]
	}
	a.extra, p.extraKeys = extra, keys
}
