package dataset

import (
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"strings"
	"unsafe"

	"github.com/jsontui/jsontui/scoring"
	"github.com/jsontui/jsontui/scoring/setting"
)

// maxCaseWarnings is how many of the cases' warnings a dataset reports;
// the others are counted.
const maxCaseWarnings = 20

// accumulator gathers a dataset's figures case by case, in reference
// order: the runner's consumer and aggregate both feed one.
type accumulator struct {
	// hints tallies the pairing hints of the first hintSample cases.
	hints      hintTally
	hintSample int
	// paths are the figures by schema path, a row a path id (rows.go):
	// the sums of the rows of two parts or more are in sums, what their
	// counters carried past int32's range in wide.
	paths rowStore
	sums  sumTable
	// dropRows lets the rows go as the path figures are made: a run
	// whose rows serve nothing after (Score, the cases not kept).
	dropRows bool
	wide     map[int32]*pathWide
	// cases are the reference cases' figures: a few words each, whatever
	// the size of their documents (their strings interned).
	cases       []CaseFigures
	ids         idArena // the cases' ids
	worsts      map[worstKey]*Worst
	groupOfCase []int32 // each case's group (with groups)
	extra       []string
	refCases    int
	tree        bool // some case had a tree
	groups      []string
	groupOf     map[string]int32
	noGroup     int32 // the group of the cases without a value, -1 until one
	hasGroups   bool
	strs        map[string]string // interned worst paths and repairs

	fields      Fields
	otherFields [3]map[string]int // records that took a side from another field
	warnings    []scoring.Warning
	caseWarns   int // the cases' warnings, reported or not
	// noWeights says warnings[0] is that the metric does not use the
	// weights file; weightsAt are where the warnings about the weights
	// file are in warnings, [from, to): Frozen.Replay writes them again
	// for another weights file.
	noWeights bool
	weightsAt [2]int

	metric  string
	options []string
	pass    *float64
	paths0  *pathTable
}

func (a *accumulator) init(r *runner) {
	a.hintSample = r.hintSample
	a.setup(r.metric.Name(), r.opt.Strings(), r.cfg.Pass, r.paths, r.src != nil && r.src.hasGroup)
}

// setup readies an accumulator for the figures of metric (with options)
// under --pass (nil for none), its paths in table; groups says the cases
// are grouped.
func (a *accumulator) setup(metric string, options []string, pass *float64, table *pathTable, groups bool) {
	a.groupOf = make(map[string]int32)
	a.noGroup = -1
	a.hasGroups = groups
	a.strs = make(map[string]string)
	a.metric, a.options, a.pass, a.paths0 = metric, options, pass, table
}

// warn adds a dataset warning.
func (a *accumulator) warn(path, msg string) {
	a.warnings = append(a.warnings, scoring.Warning{Path: path, Message: msg})
}

// warnSetting adds the warning about a setting of the run: its message
// names the setting by its engine name, which a front end spells its own
// way (scoring.Warning.Setting).
func (a *accumulator) warnSetting(path string, w *setting.Error) {
	a.warnings = append(a.warnings, scoring.Warning{Path: path, Message: w.Error(), Setting: w})
}

// addCase adds a case's figures.
func (a *accumulator) addCase(res *caseResult) {
	if res.status == CaseExtra {
		a.extra = append(a.extra, res.id)
		return
	}
	a.refCases++
	if res.hints != nil || a.refCases <= a.hintSample {
		a.hints.add(res.hints)
	}
	c := CaseFigures{ID: a.ids.keep(res.id), Status: res.status, Score: res.score, HasScore: !math.IsNaN(res.score)}
	if res.worstPath != "" {
		c.Worst = a.worst(res.worstPath, res.worstLoss)
	}
	c.Notes = a.notes(res)
	if a.hasGroups {
		g := a.groupIndex(res.group, res.hasGroup)
		a.groupOfCase = append(a.groupOfCase, g)
		c.Group, c.HasGroup = a.groups[g], res.hasGroup
	}
	a.cases = append(a.cases, c)
	a.addFields(res.fields)
	for _, w := range res.warnings {
		a.caseWarns++
		if a.caseWarns <= maxCaseWarnings {
			a.warn(".", "case "+caseName(res.id)+": "+w)
		}
	}
}

// addParts adds a batch's per-path parts, with their exact sums.
func (a *accumulator) addParts(parts []pathPart, sums [][2]xsum) {
	if len(parts) > 0 {
		a.tree = true
	}
	for i := range parts {
		p := &parts[i]
		if p.sum == 0 {
			a.addPart(p, nil)
		} else {
			a.addPart(p, &sums[p.sum-1])
		}
	}
}

// notes returns the case's rarer figures, nil when it has none.
func (a *accumulator) notes(res *caseResult) *CaseNotes {
	if len(res.repairs) == 0 && res.err == "" && res.label.text == "" && res.label.line == 0 && !res.label.out {
		return nil
	}
	n := &CaseNotes{Error: res.err, Label: res.label.text, LabelLine: int32(min(res.label.line, math.MaxInt32)), LabelInOutput: res.label.out}
	if len(res.repairs) > 0 {
		n.Repairs = make([]string, len(res.repairs))
		for i, r := range res.repairs {
			n.Repairs[i] = a.intern(r)
		}
	}
	return n
}

// worstKey is a costliest leaf's path and loss.
type worstKey struct {
	path string
	loss uint64 // the loss's bits
}

// maxWorsts bounds the table of costliest leaves shared between cases.
const maxWorsts = 1 << 12

// worst returns the case's costliest leaf: the one an earlier case had,
// when it failed at the same path by the same loss (cases often do),
// else a new one. Nothing changes a Worst once made.
func (a *accumulator) worst(path string, loss float64) *Worst {
	k := worstKey{path, math.Float64bits(loss)}
	if w, ok := a.worsts[k]; ok {
		return w
	}
	w := &Worst{Path: a.intern(path), Loss: loss}
	if a.worsts == nil || len(a.worsts) >= maxWorsts {
		a.worsts = make(map[worstKey]*Worst)
	}
	a.worsts[worstKey{w.Path, k.loss}] = w
	return w
}

// idArena keeps the cases' ids packed, one after the other, in chunks
// that never move: an id of a few bytes costs those bytes, not the 16 of
// a string of its own.
type idArena struct {
	chunk []byte
}

// idChunk is the size of the arena's chunks; a longer id is kept apart.
const idChunk = 64 << 10

// keep returns a copy of id that lives in the arena.
func (a *idArena) keep(id string) string {
	if len(id) == 0 || len(id) > idChunk/16 {
		return id
	}
	if cap(a.chunk)-len(a.chunk) < len(id) {
		a.chunk = make([]byte, 0, idChunk)
	}
	start := len(a.chunk)
	a.chunk = append(a.chunk, id...)
	return unsafe.String(&a.chunk[start], len(id))
}

// intern returns s, or the same text kept before: the repairs and worst
// paths of many cases are alike.
func (a *accumulator) intern(s string) string {
	if t, ok := a.strs[s]; ok {
		return t
	}
	a.strs[s] = s
	return s
}

// groupIndex returns the index of a group, adding it.
func (a *accumulator) groupIndex(g string, has bool) int32 {
	if !has {
		if a.noGroup < 0 {
			a.noGroup = int32(len(a.groups))
			a.groups = append(a.groups, "")
		}
		return a.noGroup
	}
	if k, ok := a.groupOf[g]; ok {
		return k
	}
	k := int32(len(a.groups))
	a.groups = append(a.groups, g)
	a.groupOf[g] = k
	return k
}

// addFields notes the fields a case was read from: the first case's are
// the dataset's; others are counted for a warning.
func (a *accumulator) addFields(f Fields) {
	cur := [3]*string{&a.fields.Reference, &a.fields.Output, &a.fields.ID}
	for i, v := range [3]string{f.Reference, f.Output, f.ID} {
		switch {
		case v == "":
		case *cur[i] == "":
			*cur[i] = v
		case *cur[i] != v:
			if a.otherFields[i] == nil {
				a.otherFields[i] = make(map[string]int)
			}
			a.otherFields[i][v]++
		}
	}
}

// caseOf returns row k as a Case (for Config.Cases).
func (a *accumulator) caseOf(k int, res *caseResult) *Case {
	c := &Case{ID: res.id, Status: res.status, Repairs: res.repairs, Error: res.err, Warnings: res.warnings,
		Group: res.group, HasGroup: res.hasGroup}
	c.Score, c.HasScore = res.score, !math.IsNaN(res.score)
	if res.worstPath != "" {
		c.Worst = &Worst{Path: res.worstPath, Loss: res.worstLoss}
	}
	if res.status == CaseExtra {
		c.Index = a.refCases + len(a.extra) - 1
	} else {
		c.Index = k
	}
	return c
}

// figures computes the dataset's figures from what was added.
func (a *accumulator) figures(r *runner) (*Figures, error) {
	a.weightsAt[0] = len(a.warnings)
	if err := a.checkWeights(r); err != nil { // before the rows may go (dropRows)
		return nil, err
	}
	a.weightsAt[1] = len(a.warnings)
	f := a.refigure(&Figures{Metric: a.metric, Options: a.options, Extra: a.extra})
	f.Cases = a.cases
	a.fieldWarnings()
	if r != nil && a.hasGroups && len(a.groups) == 1 && a.noGroup == 0 {
		a.warnSetting(".", setting.New("group-by", r.src.spec.GroupBy,
			"no record has this field (on either side): every case is in the group of the cases without a value"+didYouMean(r.src.group, r.src.groupKeys)))
	}
	if n := a.caseWarns - maxCaseWarnings; n > 0 {
		a.warn(".", fmt.Sprintf("... and %d more warnings about the cases", n))
	}
	f.Warnings = a.warnings
	return f, nil
}

// refigure returns a copy of old with the stats, groups and paths
// computed again from the rows and path sums; its Cases are nil.
func (a *accumulator) refigure(old *Figures) *Figures {
	f := &Figures{Metric: old.Metric, Options: old.Options, Extra: old.Extra, Warnings: old.Warnings}
	scores := make([]float64, 0, len(a.cases))
	st := &f.Stats
	st.Cases, st.Extra = len(a.cases), len(a.extra)
	for i := range a.cases {
		c := &a.cases[i]
		switch c.Status {
		case CaseScored:
			st.Scored++
		case CaseIgnored:
			st.Ignored++
		case CaseMissing:
			st.Missing++
		case CaseInvalid:
			st.Invalid++
		}
		if c.HasScore {
			scores = append(scores, c.Score)
		}
	}
	scoreStats(st, scores, a.pass)
	f.Score, f.HasScore = st.Mean, st.N > 0
	if a.hasGroups {
		f.Groups = a.groupFigures()
	}
	if a.tree {
		f.Paths = a.pathFigures(st.N)
	}
	return f
}

// groupFigures returns the figures of each group, in order of first
// appearance.
func (a *accumulator) groupFigures() []GroupFigures {
	scores := make([][]float64, len(a.groups))
	out := make([]GroupFigures, len(a.groups))
	for i := range a.cases {
		g := a.groupOfCase[i]
		out[g].Cases++
		if c := &a.cases[i]; c.HasScore {
			scores[g] = append(scores[g], c.Score)
		}
	}
	for g := range out {
		var st Stats
		scoreStats(&st, scores[g], a.pass)
		out[g].Group, out[g].HasGroup = a.groups[g], int32(g) != a.noGroup
		out[g].N, out[g].Mean, out[g].Median = st.N, st.Mean, st.Median
		out[g].Pass, out[g].HasPass = st.Pass, st.HasPass && st.N > 0
	}
	return out
}

// pathFigures returns every path's figures in tree order; n is the
// number of cases that have a score.
func (a *accumulator) pathFigures(n int) []PathFigures {
	order := slices.DeleteFunc(a.paths0.order(a.firsts()), func(id int32) bool { return !a.seen(id) })
	// Exactly the room they take: a wide dataset has a million paths of
	// about 220 bytes each, which an append would copy as it grows.
	if len(order) >= bigParts {
		// What finding the order left, and the index of the paths' keys,
		// go back before the figures of a million paths take their room.
		a.paths0.dropIndex()
		debug.FreeOSMemory()
	}
	out := make([]PathFigures, 0, len(order))
	left := a.rowsLeft(order)
	a.paths0.names(order, func(id int32, depth int, p string) {
		if p == "" {
			p = "."
		}
		out = append(out, a.pathFiguresOf(id, p, depth, n))
		if left != nil {
			left.done(&a.paths, id)
		}
	})
	if left != nil {
		a.paths = rowStore{} // gone: a run's last use of them
	}
	return out
}

// fieldWarnings warns of records that took a side from another field
// than the first record did.
func (a *accumulator) fieldWarnings() {
	names := [3]string{"reference", "output", "id"}
	cur := [3]string{a.fields.Reference, a.fields.Output, a.fields.ID}
	for i, m := range a.otherFields {
		for field, n := range m {
			a.warn(field, fmt.Sprintf("%d record(s) take the %s from %s, not %s as the first does", n, names[i], field, cur[i]))
		}
	}
}

// DescribeFields says which fields and pairing a dataset was read with,
// as the summary and `score` print it: "reference .expected, output
// .output, id .id; pairing by record". A side read whole (a record or file
// that is the document itself) is said so.
func DescribeFields(f Fields, p Pairing) string {
	var parts []string
	whole := func(side, v string) {
		switch v {
		case "":
		case ".":
			if p == PairPath {
				parts = append(parts, side+" the file")
			} else {
				parts = append(parts, side+" the record")
			}
		default:
			parts = append(parts, side+" "+v)
		}
	}
	whole("reference", f.Reference)
	whole("output", f.Output)
	whole("id", f.ID)
	if p == PairPath {
		parts = append(parts, "id the file's path")
	}
	s := "pairing by " + string(p)
	if len(parts) > 0 {
		s = strings.Join(parts, ", ") + "; " + s
	}
	return s
}
