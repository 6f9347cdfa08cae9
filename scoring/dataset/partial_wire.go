package dataset

import (
	"encoding/json"
	"fmt"

	"github.com/jsontui/jsontui/scoring/exactsum"
	"github.com/jsontui/jsontui/scoring/jsondoc"
)

// partialVersion is the version of a Partial's binary form.
const partialVersion = 1

// partialWire is a Partial's binary form: JSON, every sum exact (an
// exactsum.Sum's canonical bytes), every float64 written so that it reads
// back to the same bits.
type partialWire struct {
	V        int         `json:"v"`
	Metric   string      `json:"metric"`
	Settings string      `json:"settings"`
	Grouped  bool        `json:"grouped,omitempty"`
	Tree     bool        `json:"tree,omitempty"`
	Cases    []wireCase  `json:"cases"`
	Extra    []wireExtra `json:"extra,omitempty"`
	Paths    []wirePath  `json:"paths"` // by path id: a parent before its children
}

type wireCase struct {
	ID      string     `json:"id"`
	Status  CaseStatus `json:"status"`
	Score   *float64   `json:"score"`
	Group   *string    `json:"group,omitempty"`
	Worst   *Worst     `json:"worst,omitempty"`
	Repairs []string   `json:"repairs,omitempty"`
	Error   string     `json:"error,omitempty"`
	File    string     `json:"file"`
	Record  int        `json:"record"`
}

type wireExtra struct {
	ID     string `json:"id"`
	File   string `json:"file"`
	Record int    `json:"record"`
}

type wirePath struct {
	Parent     int32      `json:"parent"`
	Key        string     `json:"key,omitempty"`
	Elem       bool       `json:"elem,omitempty"`
	Seen       bool       `json:"seen,omitempty"`
	Cases      int        `json:"cases,omitempty"`
	Nodes      int        `json:"nodes,omitempty"`
	Scored     int        `json:"scored,omitempty"`
	ScoreSum   []byte     `json:"score_sum,omitempty"`
	LossSum    []byte     `json:"loss_sum,omitempty"`
	Status     [7]int     `json:"status"`
	Counts     [5]int     `json:"counts"`
	Kinds      uint8      `json:"kinds,omitempty"`
	Scalars    int        `json:"scalars,omitempty"`
	PathWeight *float64   `json:"path_weight,omitempty"`
	First      *wireFirst `json:"first,omitempty"`
}

type wireFirst struct {
	File   string       `json:"file"`
	Record int          `json:"record"`
	ID     string       `json:"id"`
	Pos    int32        `json:"pos"`
	Kind   jsondoc.Kind `json:"kind"`
	Weight float64      `json:"weight"`
}

// MarshalBinary returns the Partial in a form UnmarshalBinary reads back
// to a Partial that adds up, merges and figures as this one does, bit for
// bit: for a combiner that ships accumulators between workers.
func (p *Partial) MarshalBinary() ([]byte, error) {
	a := &p.acc
	w := partialWire{V: partialVersion, Metric: p.metric, Settings: p.settings, Grouped: p.grouped, Tree: a.tree}
	w.Cases = make([]wireCase, len(a.cases))
	for k := range a.cases {
		c := &a.cases[k]
		wc := wireCase{ID: c.ID, Status: c.Status, Worst: c.Worst, Repairs: c.Repairs(), Error: c.ParseError(),
			File: p.keys[k].file, Record: p.keys[k].record}
		if c.HasScore {
			wc.Score = &c.Score
		}
		if g := a.groupOfCase[k]; g != a.noGroup {
			wc.Group = &a.groups[g]
		}
		w.Cases[k] = wc
	}
	for k, id := range a.extra {
		w.Extra = append(w.Extra, wireExtra{ID: id, File: p.extraKeys[k].file, Record: p.extraKeys[k].record})
	}
	nodes := p.table.snapshot()
	w.Paths = make([]wirePath, len(nodes))
	for id := range nodes {
		wp, err := p.wirePath(id, &nodes[id])
		if err != nil {
			return nil, err
		}
		w.Paths[id] = wp
	}
	return json.Marshal(&w)
}

// wirePath returns path id's binary form.
func (p *Partial) wirePath(id int, n *pathNode) (wirePath, error) {
	wp := wirePath{Parent: n.parent, Key: n.key, Elem: n.elem}
	if id < len(p.firsts) && p.firsts[id].set {
		f := &p.firsts[id]
		wp.First = &wireFirst{File: f.key.file, Record: f.key.record, ID: f.id, Pos: f.pos, Kind: f.kind, Weight: f.weight}
	}
	if id >= p.acc.paths.len() || !p.acc.paths.at(int32(id)).seen {
		return wp, nil
	}
	pa := p.acc.paths.at(int32(id))
	t := p.acc.totals(int32(id))
	wp.Seen, wp.Cases, wp.Nodes, wp.Scored = true, t.cases, t.nodes, t.scored
	wp.Status, wp.Counts, wp.Kinds, wp.Scalars = t.status, t.counts, pa.kinds, t.scalars
	if pa.hasPathWeight {
		wp.PathWeight = &pa.pathWeight
	}
	sums := p.acc.sums.view(pa)
	var err error
	if wp.ScoreSum, err = sums[0].MarshalBinary(); err != nil {
		return wp, err
	}
	wp.LossSum, err = sums[1].MarshalBinary()
	return wp, err
}

// UnmarshalBinary sets the Partial, which must be new (NewPartial), to
// one that MarshalBinary wrote.
func (p *Partial) UnmarshalBinary(data []byte) error {
	if p.acc.refCases > 0 || len(p.acc.extra) > 0 {
		return fmt.Errorf("dataset: UnmarshalBinary into a Partial that holds cases")
	}
	var w partialWire
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("dataset: a Partial's binary form: %w", err)
	}
	if w.V != partialVersion {
		return fmt.Errorf("dataset: a Partial's binary form of version %d; this jsontui reads version %d", w.V, partialVersion)
	}
	if err := p.readPaths(w.Paths); err != nil {
		return err
	}
	a := &p.acc
	p.metric, p.settings, p.grouped, a.tree = w.Metric, w.Settings, w.Grouped, w.Tree
	for _, c := range w.Cases {
		cf := CaseFigures{ID: c.ID, Status: c.Status, Worst: c.Worst, Notes: (&CaseNotes{Repairs: c.Repairs, Error: c.Error}).orNil()}
		if c.Score != nil {
			cf.Score, cf.HasScore = *c.Score, true
		}
		if c.Group != nil {
			cf.Group, cf.HasGroup = *c.Group, true
		}
		a.groupOfCase = append(a.groupOfCase, a.groupIndex(cf.Group, cf.HasGroup))
		if cf.HasGroup {
			cf.Group = a.groups[a.groupOfCase[len(a.groupOfCase)-1]]
		}
		a.cases = append(a.cases, cf)
		a.refCases++
		p.keys = append(p.keys, caseKey{file: c.File, record: c.Record})
		p.where = append(p.where, caseWhere{shard: -1})
	}
	if len(p.keys) > 0 {
		p.first, p.firstAt = caseWhere{shard: -1}, p.keys[0]
	}
	for _, e := range w.Extra {
		a.extra = append(a.extra, e.ID)
		p.extraKeys = append(p.extraKeys, caseKey{file: e.File, record: e.Record})
	}
	p.ids = nil // index builds the duplicate checks when a case comes
	return nil
}

// readPaths sets the Partial's paths from their binary form.
func (p *Partial) readPaths(paths []wirePath) error {
	ids := make([]int32, len(paths))
	for id, wp := range paths {
		if id > 0 {
			if wp.Parent < 0 || int(wp.Parent) >= id {
				return fmt.Errorf("dataset: a Partial's binary form: path %d's parent %d is not before it", id, wp.Parent)
			}
			ids[id] = p.table.child(ids[wp.Parent], wp.Key, wp.Elem)
		}
		to := ids[id]
		for int(to) >= len(p.firsts) {
			p.firsts = append(p.firsts, pathFirst{})
		}
		if f := wp.First; f != nil {
			p.firsts[to] = pathFirst{set: true, key: caseKey{file: f.File, record: f.Record}, id: f.ID, pos: f.Pos, kind: f.Kind, weight: f.Weight}
		}
		if !wp.Seen {
			continue
		}
		if err := p.acc.readRow(to, &wp); err != nil {
			return fmt.Errorf("dataset: a Partial's binary form, path %d: %w", id, err)
		}
	}
	return nil
}

// readRow sets row id from its binary form wp.
func (a *accumulator) readRow(id int32, wp *wirePath) error {
	pa := a.row(id)
	*pa = pathPart{path: id, seen: true, kinds: wp.Kinds, firstCase: pa.firstCase, first: pa.first}
	if wp.PathWeight != nil {
		pa.pathWeight, pa.hasPathWeight = *wp.PathWeight, true
	}
	var sums [2]xsum
	for i, b := range [2][]byte{wp.ScoreSum, wp.LossSum} {
		if len(b) == 0 {
			continue
		}
		s := new(exactsum.Sum)
		if err := s.UnmarshalBinary(b); err != nil {
			return err
		}
		sums[i] = xsum{s: s}
	}
	a.sums.set(pa, sums[0], sums[1])
	v := pathWide{wp.Cases, wp.Nodes, wp.Scored, wp.Scalars}
	copy(v[4:11], wp.Status[:])
	copy(v[11:16], wp.Counts[:])
	a.setCounters(id, &v)
	return nil
}
