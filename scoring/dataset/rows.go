package dataset

import "math"

// The dataset's figures by schema path are rows of the same shape as a
// case's parts (pathPart): the accumulator's paths, by path id. A row
// costs about 120 bytes whatever the number of cases it adds up: its
// counters are int32, carried past their range into a pathWide of the
// accumulator (a path of more than two billion nodes), and its exact
// sums are in a sumTable from its second part on, its first part's
// scoreSum and lossSum till then. A dataset of one case of a million
// paths (one flat object) keeps a million rows, made of the case's parts
// without a copy (adoptParts).

// pathWide is what a row's counters carried past int32's range, in the
// order of pathPart.counters.
type pathWide [16]int

// counters returns the addresses of a part's counters: its cases, nodes,
// scored nodes, scalars, nodes by status and leaves by count.
func (p *pathPart) counters() [16]*int32 {
	return [16]*int32{&p.cases, &p.nodes, &p.scored, &p.scalars,
		&p.status[0], &p.status[1], &p.status[2], &p.status[3], &p.status[4], &p.status[5], &p.status[6],
		&p.counts[0], &p.counts[1], &p.counts[2], &p.counts[3], &p.counts[4]}
}

// pathTotals are a path's counters over the dataset.
type pathTotals struct {
	cases, nodes, scored, scalars int
	status                        [7]int
	counts                        [5]int
}

// totalsOf returns the counters of part p, with what they carried (w,
// nil for none).
func totalsOf(p *pathPart, w *pathWide) pathTotals {
	v := countersOf(p, w)
	t := pathTotals{cases: v[0], nodes: v[1], scored: v[2], scalars: v[3]}
	copy(t.status[:], v[4:11])
	copy(t.counts[:], v[11:16])
	return t
}

// sumTable holds the exact sums of the parts or rows of two cases or
// more, each part's at its sum - 1.
type sumTable [][2]xsum

// of returns the exact sums of p, made of its one part's on first use.
func (t *sumTable) of(p *pathPart) *[2]xsum {
	if p.sum == 0 {
		if len(*t) < cap(*t) {
			*t = (*t)[:len(*t)+1]
			s := &(*t)[len(*t)-1]
			s[0].reset() // the full sums' storage is kept from a use before
			s[1].reset()
		} else {
			*t = append(*t, [2]xsum{})
		}
		p.sum = int32(len(*t))
		s := &(*t)[p.sum-1]
		s[0].add(p.scoreSum)
		s[1].add(p.lossSum)
	}
	return &(*t)[p.sum-1]
}

// view returns p's sums to read (the table's, or its one part's), not to
// add to.
func (t sumTable) view(p *pathPart) [2]xsum {
	if p.sum > 0 {
		return t[p.sum-1]
	}
	return [2]xsum{{one: p.scoreSum, has: true}, {one: p.lossSum, has: true}}
}

// set sets p's sums to score and loss, which it takes.
func (t *sumTable) set(p *pathPart, score, loss xsum) {
	if p.sum == 0 && score.s == nil && loss.s == nil {
		p.scoreSum, p.lossSum = score.one, loss.one // an empty xsum's one is 0
		return
	}
	s := t.of(p)
	s[0], s[1] = score, loss
}

// row returns path id's row, adding rows up to it.
func (a *accumulator) row(id int32) *pathPart {
	for int(id) >= a.paths.len() {
		a.paths.add()
	}
	return a.paths.at(id)
}

// seen reports whether some case has a node at path id.
func (a *accumulator) seen(id int32) bool {
	return int(id) < a.paths.len() && a.paths.at(id).seen
}

// totals returns path id's counters over the dataset.
func (a *accumulator) totals(id int32) pathTotals {
	return totalsOf(a.paths.at(id), a.wide[id])
}

// addCounters adds counters v to row id's, carrying into a.wide what
// passes int32's range.
func (a *accumulator) addCounters(id int32, v *pathWide) {
	for i, c := range a.paths.at(id).counters() {
		s := int(*c) + v[i]
		if s <= math.MaxInt32 {
			*c = int32(s)
			continue
		}
		if a.wide == nil {
			a.wide = make(map[int32]*pathWide)
		}
		w := a.wide[id]
		if w == nil {
			w = new(pathWide)
			a.wide[id] = w
		}
		w[i] += s
		*c = 0
	}
}

// setCounters sets row id's counters to v.
func (a *accumulator) setCounters(id int32, v *pathWide) {
	for _, c := range a.paths.at(id).counters() {
		*c = 0
	}
	delete(a.wide, id)
	a.addCounters(id, v)
}

// countersOf returns p's counters, with what they carried (w, nil for
// none), as a pathWide.
func countersOf(p *pathPart, w *pathWide) pathWide {
	var v pathWide
	for i, c := range p.counters() {
		v[i] = int(*c)
		if w != nil {
			v[i] += w[i]
		}
	}
	return v
}

// addPart adds a batch's part p at its path: its sums are sums, or its
// own scoreSum and lossSum when nil (a part of one case).
func (a *accumulator) addPart(p *pathPart, sums *[2]xsum) {
	r := a.row(p.path)
	caseIdx := int(p.firstCase)
	first := !r.seen || caseIdx < int(r.firstCase) || caseIdx == int(r.firstCase) && p.first < r.first
	if first {
		r.firstCase, r.first, r.kind, r.weight = p.firstCase, p.first, p.kind, p.weight
	}
	if p.hasPathWeight && (!r.hasPathWeight || first) {
		r.pathWeight, r.hasPathWeight = p.pathWeight, true
	}
	if r.hasPathWeight {
		r.weight = r.pathWeight // the weights file's, whatever node came first
	}
	r.kinds |= p.kinds
	a.addSums(r, p, sums)
	v := countersOf(p, nil)
	a.addCounters(p.path, &v)
}

// addSums adds to row r the sums of p (sums, or p's own when nil).
func (a *accumulator) addSums(r, p *pathPart, sums *[2]xsum) {
	if !r.seen {
		r.seen = true
		if sums == nil {
			r.scoreSum, r.lossSum, r.sum = p.scoreSum, p.lossSum, 0
			return
		}
		r.sum = 0
		s := a.sums.of(r)
		s[0].reset()
		s[1].reset()
		s[0].merge(&sums[0])
		s[1].merge(&sums[1])
		return
	}
	s := a.sums.of(r)
	if sums == nil {
		s[0].add(p.scoreSum)
		s[1].add(p.lossSum)
	} else {
		s[0].merge(&sums[0])
		s[1].merge(&sums[1])
	}
}

// firsts returns where each path first appears (caseIdx -1 for a path
// no case has), for pathTable.order.
func (a *accumulator) firsts() []firstSeen {
	first := make([]firstSeen, a.paths.len())
	for i := range a.paths.len() {
		if p := a.paths.at(int32(i)); p.seen {
			first[i] = firstSeen{caseIdx: int(p.firstCase), node: p.first}
		} else {
			first[i] = firstSeen{caseIdx: -1}
		}
	}
	return first
}

// pathFiguresOf returns the figures of path id, named path at depth; n is
// the number of cases that have a score.
func (a *accumulator) pathFiguresOf(id int32, path string, depth, n int) PathFigures {
	r := a.paths.at(id)
	t := a.totals(id)
	f := PathFigures{Path: path, Depth: int32(depth), Kind: r.kind.String(), Cases: t.cases, Nodes: t.nodes,
		Weight: r.weight}
	f.SetCounts(t.status, t.counts)
	sums := a.sums.view(r)
	if t.scored > 0 {
		f.Score, f.HasScore = sums[0].value()/float64(t.scored), true
	}
	if n > 0 {
		f.Loss = sums[1].value() / float64(n)
	}
	c := t.counts
	if d := c[TP] + c[FD] + c[FA]; d > 0 {
		f.Precision, f.HasPrecision = float64(c[TP])/float64(d), true
	}
	if d := c[TP] + c[FN]; d > 0 {
		f.Recall, f.HasRecall = float64(c[TP])/float64(d), true
	}
	if f.HasPrecision && f.HasRecall {
		f.HasF1 = true
		if s := f.Precision + f.Recall; s > 0 {
			f.F1 = 2 * f.Precision * f.Recall / s
		}
	}
	return f
}

// cloneWide returns a copy of what rows carried, for a Frozen's rows.
func cloneWide(m map[int32]*pathWide) map[int32]*pathWide {
	if m == nil {
		return nil
	}
	c := make(map[int32]*pathWide, len(m))
	for id, w := range m {
		v := *w
		c[id] = &v
	}
	return c
}
