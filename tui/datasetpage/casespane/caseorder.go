package casespane

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/jsontui/jsontui/scoring/dataset"
	"github.com/jsontui/jsontui/tui/common"
	"github.com/jsontui/jsontui/tui/datasetpage/dsdata"
)

// Sort is an order of the cases pane.
type Sort int

const (
	sortScore      Sort = iota // lowest score first, no score last
	SortDelta                  // largest regression against the compared run first
	sortID                     // by id
	sortRef                    // as the references have them
	sortLoss                   // largest loss at the filter's path first
	sortOverrated              // with labels: score high and label low first
	sortUnderrated             // with labels: label high and score low first
)

// SortNames says each order, for the status line and the titles.
var SortNames = [...]string{"lowest score first", "largest regression first", "by id", "in reference order", "largest loss there first",
	"score high, label low first", "label high, score low first"}

// Order is the cases the cases pane lists, in its order: every case,
// or those that lose points at a path (the filter). The heat map takes
// its columns from it. It is made again lazily when the figures, the
// order or the filter change.
type Order struct {
	ds   *dsdata.Data
	sort Sort
	// Path is the filter's path, "" for every case; losses are each
	// case's loss there (by case), made when the filter is set and after
	// every re-weight.
	path   string
	losses []float64
	list   []int
	stale  bool
	// showUnscored lists the missing and invalid cases too; hidden (the
	// default), they are counted by status (they score 0, and would fill
	// the list's top, each with no leaf to show).
	showUnscored bool
	hidden       [2]int // missing, invalid
}

// NewOrder returns the cases of ds in the score's order, but for the
// missing and invalid, which it counts (ShowUnscored lists them).
func NewOrder(ds *dsdata.Data) *Order {
	return &Order{ds: ds, stale: true}
}

// Hidden returns how many missing and invalid cases the list leaves out
// (those the filter would list).
func (o *Order) Hidden() (missing, invalid int) {
	o.Cases()
	return o.hidden[0], o.hidden[1]
}

// hiddenText counts the cases left out: "2 missing and 1 invalid", ""
// for none.
func (o *Order) hiddenText() string {
	var parts []string
	if m, i := o.Hidden(); m > 0 || i > 0 {
		if m > 0 {
			parts = append(parts, common.Thousands(m)+" missing")
		}
		if i > 0 {
			parts = append(parts, common.Thousands(i)+" invalid")
		}
	}
	return strings.Join(parts, " and ")
}

// Cases returns the cases listed, in order.
func (o *Order) Cases() []int {
	if o.stale {
		o.make()
	}
	return o.list
}

// changed marks the list to be made again: the figures changed, so do
// the losses at the filter's path.
func (o *Order) changed() {
	if o.path != "" {
		o.losses, _ = o.ds.Scored.PathLosses(o.path, o.losses)
	}
	o.stale = true
}

// FilterPath returns the filter's path, "" for every case.
func (o *Order) FilterPath() string { return o.path }

// replaced takes the dataset scored again: the filter stays on its path
// when some case has it still (its losses made again), else every case
// is listed; an order that no longer applies goes back to the score's.
func (o *Order) replaced() {
	o.stale = true
	if o.path == "" {
		return
	}
	if o.ds.Scored.PathIndex(o.path) < 0 {
		o.setFilter("")
		return
	}
	var err error
	if o.losses, err = o.ds.Scored.PathLosses(o.path, o.losses); err != nil {
		o.setFilter("")
	}
}

// setFilter lists only the cases that lose points at path ("" lists
// every case); it returns how many do.
func (o *Order) setFilter(path string) (int, error) {
	o.path = path
	o.stale = true
	if path == "" {
		if o.sort == sortLoss {
			o.sort = sortScore
		}
		return len(o.Cases()), nil
	}
	var err error
	if o.losses, err = o.ds.Scored.PathLosses(path, o.losses); err != nil {
		o.path = ""
		return 0, err
	}
	o.sort = sortLoss
	return len(o.Cases()), nil
}

// sorts returns the orders that apply now: Δ with a compared run, the
// loss there with a filter.
func (o *Order) sorts() []Sort {
	out := []Sort{sortScore}
	if o.ds.Cmp != nil {
		out = append(out, SortDelta)
	}
	out = append(out, sortID, sortRef)
	if o.path != "" {
		out = append(out, sortLoss)
	}
	if o.ds.Cal != nil {
		out = append(out, sortOverrated, sortUnderrated)
	}
	return out
}

// next switches to the order after the one in force.
func (o *Order) next() Sort {
	s := o.sorts()
	i := slices.Index(s, o.sort)
	o.sort = s[(i+1)%len(s)]
	o.stale = true
	return o.sort
}

// InForce returns the order in force.
func (o *Order) InForce() Sort { return o.sort }

// SetSort switches to order s.
func (o *Order) SetSort(s Sort) {
	o.sort = s
	o.stale = true
}

// Delta returns case k's change against the compared run.
func (o *Order) Delta(k int) (float64, bool) {
	v, has := o.ds.Score(k)
	return o.ds.Cmp.CaseDelta(o.ds.Scored.CaseID(k), v, has)
}

// make lists the cases in order.
func (o *Order) make() {
	o.stale = false
	n := o.ds.Scored.Len()
	o.list = o.list[:0]
	o.hidden = [2]int{}
	for k := range n {
		if o.path != "" && o.losses[k] <= 0 {
			continue
		}
		if st := o.ds.Scored.CaseStatus(k); !o.showUnscored && unscored(st) {
			o.hidden[map[bool]int{true: 0, false: 1}[st == dataset.CaseMissing]]++
			continue
		}
		o.list = append(o.list, k)
	}
	if o.sort == SortDelta && o.ds.Cmp == nil || o.sort == sortLoss && o.path == "" ||
		(o.sort == sortOverrated || o.sort == sortUnderrated) && o.ds.Cal == nil {
		o.sort = sortScore
	}
	switch o.sort {
	case sortScore:
		sc := o.ds.Scores
		o.sortByKey(func(k int) float64 {
			if math.IsNaN(sc[k]) {
				return math.Inf(1)
			}
			return sc[k]
		})
	case SortDelta:
		o.sortByKey(func(k int) float64 {
			if d, ok := o.Delta(k); ok {
				return d
			}
			return math.Inf(1)
		})
	case sortID:
		ids := make([]string, n)
		for _, k := range o.list {
			ids[k] = o.ds.Scored.CaseID(k)
		}
		sortBy(o.list, func(a, b int) int { return strings.Compare(ids[a], ids[b]) })
	case sortLoss:
		o.sortByKey(func(k int) float64 { return -o.losses[k] })
	case sortOverrated, sortUnderrated:
		o.sortByGap(o.sort == sortOverrated)
	}
}

// sortByKey sorts the list by key (lowest first, no NaN), in reference
// order among equals. The list is in reference order before it is
// sorted (make lists it so), and a radix sort keeps that order among
// equal keys: eight passes over the cases, where a comparison sort of
// 100,000 cases takes several times longer.
func (o *Order) sortByKey(key func(k int) float64) {
	n := len(o.list)
	keys := make([]uint64, n)
	for i, k := range o.list {
		keys[i] = sortableBits(key(k))
	}
	radixSort(keys, o.list)
}

// sortableBits maps a float64 to a uint64 in the same order.
func sortableBits(f float64) uint64 {
	b := math.Float64bits(f)
	if b>>63 == 0 {
		return b | 1<<63
	}
	return ^b
}

// radixSort sorts vals by keys, stably: a least significant digit radix
// sort, a byte a pass, that skips the passes whose byte is the same in
// every key.
func radixSort(keys []uint64, vals []int) {
	n := len(keys)
	if n < 2 {
		return
	}
	out := vals
	k2, v2 := make([]uint64, n), make([]int, n)
	var count [256]int
	for shift := uint(0); shift < 64; shift += 8 {
		clear(count[:])
		for _, k := range keys {
			count[k>>shift&0xff]++
		}
		if count[keys[0]>>shift&0xff] == n {
			continue // one digit: the pass changes nothing
		}
		pos := 0
		for d := range count {
			c := count[d]
			count[d] = pos
			pos += c
		}
		for i, k := range keys {
			d := k >> shift & 0xff
			k2[count[d]], v2[count[d]] = k, vals[i]
			count[d]++
		}
		keys, k2 = k2, keys
		vals, v2 = v2, vals
	}
	if &vals[0] != &out[0] {
		copy(out, vals)
	}
}

// sortBy sorts cases by by, in reference order among equals: as a stable
// sort would, at the cost of an unstable one (the cases are distinct).
func sortBy(cases []int, by func(a, b int) int) {
	slices.SortFunc(cases, func(a, b int) int {
		if c := by(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}

// sortByGap orders the cases by how far their score and label rank them
// apart (calibrate.Paired.GapsOf): those the score ranks above people
// first when over is set, else those people rank above the score; the
// cases without a label last.
func (o *Order) sortByGap(over bool) {
	gaps, labelled := o.ds.Cal.Paired.GapsOf(o.ds.Scores)
	o.sortByKey(func(k int) float64 {
		switch {
		case !labelled[k]:
			return math.Inf(1)
		case over:
			return -gaps[k]
		}
		return gaps[k]
	})
}
